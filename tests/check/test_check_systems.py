"""``check``, ``why`` and ``info`` for every system's files, through the one interface.

A published round with the engine's pairs but other colours is told as such
for a TRF, an OpenGotha and a PAPP file (never an internal error); a folder of
OpenGotha files is checked on two processes as a folder of TRF files is;
``why`` takes players as the file names them; ``info`` reads every system's
files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair.cli.group import cli
from tests.support.paths import ROOT
from tests.support.planted import swapped_game

CLUB = ROOT / "scenarios" / "mcmahon" / "club.xml"
SAMPLE = ROOT / "scenarios" / "papp" / "sample.papp"
SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_an_opengotha_round_with_other_colours(tmp_path: Path) -> None:
    agreed = json.loads(invoke("check", str(CLUB), "--json").output)["files"][0]
    assert agreed["differing"] == 0  # the scenario's rounds are OpenGotha's optimum
    event = tmp_path / "colours.xml"
    event.write_text(swapped_game(CLUB.read_text(), "AUBERTCLAIRE", "KELLERANNA"))
    result = invoke("check", str(event), "--json")
    assert result.exit_code == 6
    rounds = json.loads(result.output)["files"][0]["checks"]
    assert [r["verdict"] for r in rounds] == ["same", "colours"]
    assert "KELLERANNA" in rounds[1]["names"].values()  # players as the file names them
    assert "internal error" not in result.output


def test_a_papp_round_with_other_colours(tmp_path: Path) -> None:
    event = tmp_path / "sample.papp"
    shutil.copy(SAMPLE, event)
    (tmp_path / "papp.cfg").write_text("")  # PAPP's defaults, whatever the environment
    (tmp_path / "joueurs").write_text("")
    paired = invoke("papp", "pair", str(event))
    assert paired.exit_code == 0, paired.output
    text = event.read_text()
    last = text.rindex("round 4")
    games = [ln for ln in text[last:].splitlines() if ln.startswith("game ")]
    black, white = games[0].split()[1], games[0].split()[-1]
    flipped = text[:last] + text[last:].replace(games[0], f"game {white} {black}", 1)
    event.write_text(flipped)
    result = invoke("check", str(event), "--json")
    assert result.exit_code in (6, 7)
    by_round = {r["round"]: r for r in json.loads(result.output)["files"][0]["checks"]}
    assert by_round[4]["verdict"] == "colours"


def test_a_trf_round_with_other_colours(tmp_path: Path) -> None:
    from mipair.check.config import GeneratorConfig
    from mipair.check.replay import COLOURS
    from mipair.formats.trf import write_tournament
    from mipair.rounds import published_pairing
    from tests.support.dutch_tools import check_round, generate

    t = generate(GeneratorConfig(players=10, rounds=3), 7)
    board = published_pairing(t, 3).boards[0]
    path = tmp_path / "flipped.trfx"
    text = write_tournament(t, "trfx")
    path.write_text(text)
    assert check_round(t, 3).verdict == "same"
    from tests.support.planted import flip_colours

    flipped = flip_colours(t, 3, board)
    assert check_round(flipped, 3).verdict == COLOURS


def test_a_folder_of_opengotha_files_on_two_processes(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_text(CLUB.read_text())
    (tmp_path / "b.xml").write_text(swapped_game(CLUB.read_text(), "AUBERTCLAIRE", "KELLERANNA"))
    (tmp_path / "notes.txt").write_text("not a tournament")
    result = invoke("check", str(tmp_path), "--system", "mcmahon", "-j", "2", "--json")
    files = json.loads(result.output)["files"]
    assert result.exit_code == 6
    assert [(Path(f["file"]).name, f["differing"]) for f in files] == [("a.xml", 0), ("b.xml", 1)]


def test_why_takes_opengotha_keys() -> None:
    plain = invoke("solve", str(CLUB), "--json")
    boards = json.loads(plain.output)["boards"]
    text = invoke("info", str(CLUB), "--json")
    assert json.loads(text.output)["pairing_system"] == "mcmahon"
    from mipair.systems.registry import get_system

    system = get_system("mcmahon")
    labels = system.labels(system.read(str(CLUB)))
    keyed = [f"{labels.label(b['white'])}-{labels.label(b['black'])}" for b in boards]
    assert any("-" in labels.label(b["white"]) for b in boards)  # a key with a hyphen
    args = [arg for pair in keyed for arg in ("--pair", pair)]
    result = invoke("why", str(CLUB), *args, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["same_pairs"] is True
    missing = invoke("why", str(CLUB), "--pair", keyed[0], "--json")
    violations = json.loads(missing.output)["violations"]
    assert missing.exit_code == 1
    assert violations[0]["criterion"] == "pairing" and "C4" not in missing.output
    assert labels.label(boards[1]["white"]) in violations[0]["text"]


def test_why_refuses_a_name_that_is_no_player(capsys: pytest.CaptureFixture[str]) -> None:
    from mipair.cli.main import main

    code = main(["why", str(CLUB), "--pair", "NOBODY-SOMEONE"])
    err = capsys.readouterr().err.strip()
    assert code == 3 and len(err.splitlines()) == 1
    assert err.startswith(f"{CLUB}: --pair: 'NOBODY-SOMEONE' names no two players")


@pytest.mark.parametrize(
    ("path", "system", "players", "played"),
    [(SMALL, "dutch", 9, 3), (CLUB, "mcmahon", 11, 2), (SAMPLE, "papp", 5, 3)],
)
def test_info_reads_every_systems_files(path: Path, system: str, players: int, played: int) -> None:
    data = json.loads(invoke("info", str(path), "--json").output)
    assert data["pairing_system"] == system
    assert (data["players"], data["rounds_played"]) == (players, played)
    assert data["next_round"] == played + 1
    text = invoke("info", str(path)).output
    assert f"players:        {players}" in text
