"""``check``, ``why``, ``explain`` and ``info`` for the Dubov and Lim systems, through the
command line and the common interface, in each system's own rule numbers.

Dubov names its criteria C1-C10 and the articles of its procedure; Lim, which has
no quality criteria, names the first of the text's choices a pairing does not make
(models/lim-2026.md section 7).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair.check.config import GeneratorConfig
from mipair.check.generate import generate
from mipair.cli.group import cli
from mipair.formats.trf import write_tournament
from mipair.model import Tournament
from mipair.pairing import Board, RoundPairing
from mipair.systems.registry import get_system
from tests.support.swiss_brute.build import build

ROUND_1 = ["1-4:1", "5-2:=", "3-6:="]  # scenarios/dubov/round2-upfloater.trfx
LIM_ROUND_1 = ["1-4:1", "5-2:=", "3-6:0"]  # scenarios/lim/round2-median.trfx


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def written(tmp_path: Path, t: Tournament, name: str = "event.trfx") -> str:
    path = tmp_path / name
    path.write_text(write_tournament(t, "trfx"))
    return str(path)


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_check_agrees_with_a_tournament_the_engine_paired(tmp_path: Path, system: str) -> None:
    config = GeneratorConfig(players=17, rounds=6, forfeit_rate=15, half_point_bye_rate=10)
    t = generate(config, 5, get_system(system))
    result = invoke("check", written(tmp_path, t), "--system", system, "--json")
    assert result.exit_code == 0, result.output
    rounds = json.loads(result.output)["files"][0]["checks"]
    assert [r["verdict"] for r in rounds] == ["same"] * 6


def test_check_names_the_dubov_criterion_a_published_round_loses_on(tmp_path: Path) -> None:
    """Round 2 published with 1-3 instead of 2-1 (scenarios/dubov/round2-upfloater):
    3 seeks Black as 1 does, where the text's upfloater 2 seeks White."""
    t = build(6, [ROUND_1, ["3-1:=", "2-6:=", "4-5:="]])
    result = invoke("check", written(tmp_path, t), "--system", "dubov", "--json")
    assert result.exit_code == 6, result.output
    first, second = json.loads(result.output)["files"][0]["checks"]
    assert first["verdict"] == "same" and second["verdict"] == "pairs"
    assert second["difference"]["criterion"] == "C7"
    assert second["difference"]["where"] == "bracket of score 1.0"
    assert (second["difference"]["engine"], second["difference"]["proposal"]) == (0, 1)


def test_check_names_the_first_lim_choice_a_published_round_does_not_make(
    tmp_path: Path,
) -> None:
    """Round 2 of scenarios/lim/round2-median published without cracking the median: it
    does not pair 4 with 3 in the group below the median, as 4.2 asks."""
    t = build(6, [LIM_ROUND_1, ["1-6:=", "3-2:=", "4-5:="]])
    result = invoke("check", written(tmp_path, t), "--system", "lim", "--json")
    assert result.exit_code == 6, result.output
    second = json.loads(result.output)["files"][0]["checks"][1]
    assert second["verdict"] == "pairs"
    assert second["difference"]["criterion"] == "4.2"
    assert (
        second["difference"]["where"] == "group of score 0.0 (paired upward), opponent of player 4"
    )
    assert second["difference"]["engine"] == 1 < second["difference"]["proposal"]


def test_why_names_c3_for_two_absolute_preferences(tmp_path: Path) -> None:
    """1 and 3 have both had Black twice (absolute White), 2 and 4 White twice: Dubov never
    pairs them (C3), and the boards give 1 and 4 a third colour in a row."""
    t = build(4, [["2-1:1", "4-3:1"], ["4-1:=", "2-3:="]])
    path = written(tmp_path, t)
    result = invoke("why", path, "--system", "dubov", "--pair", "1-3", "--pair", "2-4", "--json")
    assert result.exit_code == 1
    violations = json.loads(result.output)["violations"]
    assert [(v["criterion"], v["players"]) for v in violations[:2]] == [
        ("C3", [1, 3]),
        ("C3", [2, 4]),
    ]
    assert all("C.04.1 Art. 7" in v["criterion"] for v in violations[2:])  # and Art. 6 for |CD| 3


def test_why_names_the_colour_limits_of_lim(tmp_path: Path) -> None:
    """A pairing giving 1 a third White in a row breaks 2.1 (and C.04.1 Art. 7)."""
    t = build(4, [["1-2:=", "3-4:="], ["1-3:=", "4-2:="]], total=4)
    path = written(tmp_path, t)
    result = invoke("why", path, "--system", "lim", "--pair", "1-4", "--pair", "3-2", "--json")
    assert result.exit_code == 1
    criteria = {v["criterion"] for v in json.loads(result.output)["violations"]}
    assert "C.04.1 Art. 7" in " ".join(criteria)


def test_explain_gives_the_dubov_reason_with_c3(tmp_path: Path) -> None:
    t = build(4, [["2-1:1", "4-3:1"], ["4-1:=", "2-3:="]])
    result = invoke("explain", written(tmp_path, t), "--system", "dubov", "--json")
    assert result.exit_code == 1
    facts = json.loads(result.output)["reason"]["facts"]
    assert sorted(f["kind"] for f in facts) == ["colour", "rematch", "rematch"]


def test_info_names_each_system(tmp_path: Path) -> None:
    path = written(tmp_path, build(6, [ROUND_1]))
    for system, title in (("dubov", "FIDE Dubov system"), ("lim", "FIDE Lim system")):
        summary = json.loads(invoke("info", path, "--system", system, "--json").output)
        assert (summary["title"], summary["rounds_played"]) == (title, 1)


@pytest.mark.parametrize(
    ("system", "line", "setting", "key"),
    [
        ("lim", "maxi_tournament = false", "maxi_tournament = true", "maxi_tournament"),
        (
            "dubov",
            'numbering = "middle-out"',
            'numbering = "top-down"',
            "shifter_order.numbering",
        ),
        ("lim", '"colour-balance", ', "", "floater_order"),
    ],
)
def test_a_model_file_asking_another_order_is_refused_at_load(
    tmp_path: Path, system: str, line: str, setting: str, key: str
) -> None:
    """The orders a model file states are those its procedure implements; another value
    fails when the edition is loaded, never silently, naming the file, line and key
    (exit 3)."""
    from mipair.errors import EXIT_BAD_INPUT
    from mipair.resources import model_file
    from mipair.systems.fide.edition import read_edition
    from mipair.systems.swiss_settings import SettingsError

    text = (model_file() / f"{system}-2026.toml").read_text()
    assert line in text
    path = tmp_path / f"{system}-2026.toml"
    path.write_text(text.replace(line, setting))
    number = next(k for k, row in enumerate(text.splitlines(), 1) if line in row)
    with pytest.raises(SettingsError, match="its procedure knows no other") as refused:
        read_edition(system, path)
    assert refused.value.exit_code == EXIT_BAD_INPUT
    assert refused.value.located().startswith(f"{path}:{number}: {key}: ")


@pytest.mark.parametrize(
    ("system", "line", "setting", "key", "what"),
    [
        (
            "burstein",
            'bye_order = ["lowest-score", "most-games-played", "lowest-index-rank"]',
            'bye_order = ["lowest-score", "largest-score"]',
            "bye_order[1]",
            "must be one of",
        ),
        ("burstein", "at_most = 4", "at_most = -1", "seeding_rounds.at_most", "at least 0"),
        ("dubov", 'upfloat = "pairing"', "upfloat = 1", "upfloat", "must be one of"),
        ("dubov", "max_upfloats = { base = 2, per = 5 }", "", "max_upfloats", "missing"),
        (
            "lim",
            "max_difference = 2",
            'max_difference = "2"',
            "colour_limits.max_difference",
            "whole number",
        ),
        ("dutch", 'title = "', 'seeding = 1\ntitle = "', "seeding", "unknown setting"),
    ],
)
def test_a_bad_setting_is_refused_at_load_with_its_file_line_and_key(
    tmp_path: Path, system: str, line: str, setting: str, key: str, what: str
) -> None:
    """Every setting is checked by its type when the model file loads (a PAB order by the
    names its system knows, a number by its bound, a key no system reads), not when a
    round first reads it."""
    from mipair.resources import model_file
    from mipair.systems.fide.edition import read_edition
    from mipair.systems.swiss_settings import SettingsError

    text = (model_file() / f"{system}-2026.toml").read_text()
    assert line in text
    path = tmp_path / f"{system}-2026.toml"
    path.write_text(text.replace(line, setting, 1))
    with pytest.raises(SettingsError, match=what) as refused:
        read_edition(system, path)
    assert refused.value.field == key
    assert refused.value.located().startswith(f"{path}:")


def bye_to_a_high_score(seed: int) -> tuple[Tournament, RoundPairing] | None:
    """A generated Dubov tournament before its round 12 and a legal proposal for that round
    that differs from the engine's in one thing: its PAB goes to a player of 10 points or
    more where the engine's goes to one of fewer (None: the seed gives no such round)."""
    system = get_system("dubov")
    played = generate(GeneratorConfig(players=21, rounds=11, draw_percentage=10), seed, system)
    t = replace(played, total_rounds=12)
    state = system.state_of(t)
    engine = system.pair(state)
    if engine.bye is None or state.players[engine.bye].score >= 100:
        return None
    proposals = (
        RoundPairing(12, (*engine.boards[:k], board, *engine.boards[k + 1 :]), bye=high)
        for k, b in enumerate(engine.boards)
        for high, other in ((b.white, b.black), (b.black, b.white))
        if state.players[high].score >= 100
        for board in (Board(engine.bye, other), Board(other, engine.bye))
    )
    legal = next((p for p in proposals if not system.violations(state, p)), None)
    return None if legal is None else (t, legal)


def test_why_compares_dubov_bye_scores_as_numbers(tmp_path: Path) -> None:
    """3.1.3 gives the PAB to the lowest score: a proposal giving it to a player of ten
    points or more, where the engine gives it to one of fewer, loses there (scores are
    numbers: 5.5 is lower than 11.0, whatever their text says)."""
    t, proposal = next(found for seed in range(20) if (found := bye_to_a_high_score(seed)))
    pairs = [f"{b.white}-{b.black}" for b in proposal.boards] + [f"{proposal.bye}-0"]
    args = [arg for pair in pairs for arg in ("--pair", pair)]
    result = invoke("why", written(tmp_path, t), "--system", "dubov", *args, "--json")
    difference = json.loads(result.output)["difference"]
    assert (difference["criterion"], difference["better"]) == ("3.1.3", "engine")
    assert difference["engine"] < 10 <= difference["proposal"]


def test_every_order_a_settings_type_allows_is_one_its_procedure_implements() -> None:
    """The names a settings type lets a model file give (its ``Literal``s) are keys of the
    tables that implement them: a name the type allows never fails when a round reads it."""
    from typing import get_args, get_type_hints

    from mipair.systems.fide.burstein.index import ORDER
    from mipair.systems.fide.burstein.settings import BursteinSettings, IndexSettings
    from mipair.systems.fide.dubov.settings import DubovSettings
    from mipair.systems.fide.lim.settings import LimSettings
    from mipair.systems.swiss_bye import BYE_KEYS

    def names(cls: type, key: str) -> set[str]:
        kind = get_type_hints(cls, include_extras=True)[key]
        while not hasattr(kind, "__origin__") or kind.__origin__ is not tuple:
            kind = get_args(kind)[0]  # Annotated[tuple[Literal[...], ...], ...]
        return set(get_args(get_args(kind)[0]))

    for cls in (BursteinSettings, DubovSettings, LimSettings):
        assert names(cls, "bye_order") <= set(BYE_KEYS), cls
    assert names(LimSettings, "round_one_bye_order") <= set(BYE_KEYS)
    assert names(IndexSettings, "order") == set(ORDER)
