"""The Burstein system through the interface: its scenarios, ``why``, ``check``, ``explain``,
the command line and the service, in Burstein's own ids.

The scenarios of scenarios/burstein are hand-worked from the text (the derivation is in
each file); the brute force agrees with them (tests/systems/fide/test_swiss_scenarios.py), and so
must the engine, colours included. Every legal proposal other than the engine's is
worse by the evaluation ``why`` uses (the engine's pairing is the best by the very
functions it optimises), and the first criterion that says so is one of Burstein's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mipair.check.config import GeneratorConfig
from mipair.check.generate import finish, generate
from mipair.formats.trf import read_tournament, write_tournament
from mipair.operations.files import open_document
from mipair.pairing import Board, RoundPairing
from mipair.rounds import cut_before
from mipair.systems.registry import get_system
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.history import parse_pairing

SCENARIOS = sorted((ROOT / "scenarios" / "burstein").glob("*.trf*"))
SYSTEM = get_system("burstein")
IDS = {"3.1.3", "3.1.4", "3.1.5", "C5", "C6", "C7", "C8", "Art. 4"}


def expected(path: Path) -> str:
    (line,) = [ln for ln in path.read_text().splitlines() if ln.startswith("### expected:")]
    return line.split(":", 1)[1].strip()


def as_brute(pairing: RoundPairing):
    """A pairing as the brute forces write it (boards as a set)."""
    return parse_pairing(
        " ".join(f"{b.white}-{b.black}" for b in pairing.boards)
        + (f" bye {pairing.bye}" if pairing.bye else "")
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_the_engine_gives_the_hand_worked_pairing(path: Path) -> None:
    state = SYSTEM.read(str(path))
    assert as_brute(SYSTEM.pair(state)) == parse_pairing(expected(path))


def matchings(ids: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not ids:
        yield []
        return
    for k in range(1, len(ids)):
        for rest in matchings(ids[1:k] + ids[k + 1 :]):
            yield [(ids[0], ids[k]), *rest]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_other_legal_pairing_is_worse_by_a_burstein_criterion(path: Path) -> None:
    state = SYSTEM.read(str(path))
    engine = SYSTEM.pair(state)
    ids = state.to_pair
    compared = 0
    for bye in [None] if len(ids) % 2 == 0 else ids:
        for pairs in matchings([p for p in ids if p != bye]):
            proposal = RoundPairing(state.round, tuple(Board(a, b) for a, b in pairs), bye)
            verdict = SYSTEM.compare_with(state, engine, proposal)
            if verdict.violations or verdict.same_pairs:
                continue
            compared += 1
            assert verdict.difference is not None, verdict.text()
            assert verdict.difference.better == "engine", verdict.text()
            assert verdict.difference.criterion in IDS
    assert compared


def test_why_names_c7_where_the_following_bracket_decides() -> None:
    path = ROOT / "scenarios" / "burstein" / "round4-following-bracket.trfx"
    proc = run_cli(
        "why", str(path), "--pair", "6-5", "--pair", "7-4", "--pair", "1-3", "--pair", "2-0"
    )
    assert proc.returncode == 0, proc.stderr
    assert "First difference: C7 in the bracket of score 2.0" in proc.stdout
    assert "engine 1, proposal 0 (higher is better); the engine is better" in proc.stdout
    illegal = run_cli("why", str(path), "--pair", "6-4", "--pair", "4-1", "--json")
    body = json.loads(illegal.stdout)
    assert not body["legal"] and {v["criterion"] for v in body["violations"]} >= {"C1", "C4"}


def tournament(tmp_path: Path, players: int, rounds: int, seed: int) -> Path:
    """A random Burstein tournament generated and written (TRF-2026, its 192 record)."""
    t = generate(GeneratorConfig(players=players, rounds=rounds), seed, SYSTEM)
    path = tmp_path / f"burstein-{seed}.trf"
    path.write_text(write_tournament(t, "trf26"))
    return path


def test_a_generated_tournament_checks_and_says_it_is_burstein(tmp_path: Path) -> None:
    path = tournament(tmp_path, 11, 7, 4)
    assert open_document(str(path))[0] is SYSTEM
    report = run_cli("check", str(path), "--json")
    assert report.returncode == 0, report.stdout + report.stderr
    checked = json.loads(report.stdout)["files"][0]
    assert checked["rounds"] == 7 and checked["differing"] == 0
    assert [c["verdict"] for c in checked["checks"]] == ["same"] * 7
    dropin = run_cli("--burstein", str(path), "-c")
    assert dropin.returncode == 0 and str(path.name) in dropin.stdout


def test_check_names_a_burstein_criterion_for_a_changed_round(tmp_path: Path) -> None:
    path = tournament(tmp_path, 9, 7, 8)
    t = read_tournament(path)
    rnd = 6  # after the three seeding rounds of seven
    state = SYSTEM.state_before(cut_before(t, rnd), rnd)
    engine = SYSTEM.pair(state)
    ids = state.to_pair
    others = (
        RoundPairing(rnd, tuple(Board(a, b) for a, b in pairs), engine.bye)
        for pairs in matchings([p for p in ids if p != engine.bye])
    )
    worse = next(
        p for p in others if not SYSTEM.violations(state, p) and p.pairs() != engine.pairs()
    )
    verdict = SYSTEM.compare_with(state, engine, worse)
    assert verdict.difference is not None and verdict.difference.criterion in IDS
    assert verdict.difference.better == "engine"


def test_explain_names_the_burstein_rules_of_an_impossible_round(tmp_path: Path) -> None:
    """Four players after three rounds have met everyone: no round 4 (C1)."""
    text = "\n".join(
        [
            "012 Exhausted",
            "142 6",
            "152 W",
            "192 FIDE_BURSTEIN",
            "001    1      Player 1                          2400                             3.0          2 w 1     3 b 1     4 w 1",
            "001    2      Player 2                          2350                             2.0          1 b 0     4 w 1     3 b 1",
            "001    3      Player 3                          2300                             1.0          4 w 1     1 w 0     2 w 0",
            "001    4      Player 4                          2250                             0.0          3 b 0     2 b 0     1 b 0",
            "",
        ]
    )
    path = tmp_path / "exhausted.trf"
    path.write_text(text)
    pair = run_cli("solve", str(path))
    assert pair.returncode == 1 and "round 4 cannot be paired" in pair.stderr
    explained = json.loads(run_cli("explain", str(path), "--json").stdout)
    assert not explained["pairable"]
    assert {f["kind"] for f in explained["reason"]["facts"]} == {"rematch"}
    state = SYSTEM.read(str(path))
    assert {f.criterion for f in SYSTEM.problem(state).facts} == {"C1"}


def test_c3_keeps_equal_absolute_preferences_apart_without_exception() -> None:
    """The last round: 1 and 2 (two wins with White) both must have Black; they are
    topscorers, whom the Dutch C3 lets meet, Burstein's (2.1.3) not."""
    t = build(4, [["1-3:1", "2-4:1"], ["1-4:1", "2-3:1"]], total=3)
    burstein = {
        f.players for f in SYSTEM.problem(SYSTEM.state_before(t, 3)).facts if f.kind == "colour"
    }
    dutch = get_system("dutch")
    clashes = {
        f.players for f in dutch.problem(dutch.state_before(t, 3)).facts if f.kind == "colour"
    }
    assert burstein == {(1, 2), (3, 4)} and clashes == {(3, 4)}
    state = SYSTEM.state_before(t, 3)
    assert {f.criterion for f in SYSTEM.problem(state).facts if f.kind == "colour"} == {"C3"}
    verdict = SYSTEM.compare(state, RoundPairing(3, (Board(1, 2), Board(3, 4))))
    broken = [v.criterion for v in verdict.violations]
    assert broken[:2] == ["C3", "C3"]  # then the colours the proposal gives: |CD| 3, WWW
    assert set(broken[2:]) == {"C.04.1 Art. 6 and C.04.1 Art. 7"}


def test_a_round_after_the_seeding_rounds_through_the_dropin_forms(tmp_path: Path) -> None:
    path = ROOT / "scenarios" / "burstein" / "round4-bye-index.trfx"
    out = tmp_path / "out.txt"
    done = run_cli("--burstein", str(path), "-p", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "3\n1 4\n5 3\n2 0\n"
    generated = tmp_path / "g.trf"
    made = run_cli("--burstein", "-g", "-o", str(generated), "-s", "5")
    assert made.returncode == 0, made.stderr
    assert "192 FIDE_BURSTEIN" in generated.read_text()
    assert run_cli("check", str(generated)).returncode == 0


def test_the_file_without_the_number_of_rounds_is_refused_located(tmp_path: Path) -> None:
    path = ROOT / "scenarios" / "burstein" / "round3-index-colours.trfx"
    bare = tmp_path / "bare.trfx"
    bare.write_text(
        "\n".join(ln for ln in path.read_text().splitlines() if not ln.startswith("XXR"))
    )
    done = run_cli("--burstein", str(bare), "-p")
    assert done.returncode == 3 and "bare.trfx" in done.stderr and "XXR/142" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_cut_tournament_reads_as_its_file_says(tmp_path: Path) -> None:
    """The state of a round from a finished file (``check``) is the state of the file cut
    before it (``solve``): the same pairing."""
    path = tournament(tmp_path, 10, 5, 2)
    t = read_tournament(path)
    cut = tmp_path / "cut.trf"
    cut.write_text(write_tournament(finish(cut_before(t, 4)), "trf26"))
    published = SYSTEM.published_round(t, 4)
    assert SYSTEM.pair(SYSTEM.read(str(cut))).pairs() == published.pairing.pairs()


def test_the_service_pairs_and_judges_a_burstein_round() -> None:
    """/version lists the system and its edition; /v1/pair with system=burstein answers the
    drop-in output, /v1/why the first Burstein criterion that decides."""
    pytest.importorskip("fastapi", reason="the service extra is not installed")
    from tests.support.service_server import running_server

    path = ROOT / "scenarios" / "burstein" / "round4-following-bracket.trfx"
    with running_server(workers=1, queue=4) as server, server.client() as client:
        assert client.get("/version").json()["systems"]["burstein"] == ["2026"]
        answer = client.post("/v1/pair", params={"system": "burstein"}, content=path.read_bytes())
        assert answer.status_code == 200, answer.text
        assert answer.json()["text"] == "4\n6 4\n5 1\n3 7\n2 0\n"
        why = client.post(
            "/v1/why",
            params={"system": "burstein", "pair": ["6-5", "7-4", "1-3", "2-0"]},
            content=path.read_bytes(),
        )
        assert why.json()["difference"]["criterion"] == "C7"
