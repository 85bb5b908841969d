"""Every FIDE system and edition mipair pairs, at the chess desk; point systems and the Baku
acceleration. The commands run in this process (``main``), the file read as users read it."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from mipair.desk.chess import engine
from mipair.formats.trf import read_tournament
from tests.support.cli_process import in_process
from tests.support.paths import ROOT

mipair = in_process


def ok(*args: object) -> str:
    code, out, err = mipair(*args)
    assert code == 0, (args, err)
    return out


def new_day(folder: Path, players: int, rounds: int, *options: object) -> Path:
    file = folder / "day.trf"
    ok("chess", "new", file, "--name", "Club", "--rounds", rounds, *options)
    rng = random.Random(players)
    for k in range(players):
        ok("chess", "register", file, f"Player {k:02d}, X", "--rating", rng.randint(1200, 2400))
    return file


def play(file: Path, rounds: int, solve_options: list[str], seed: int = 1) -> None:
    """Pair every round (checked against ``mipair solve`` on the file cut before it) and
    enter random results."""
    rng = random.Random(seed)
    for rnd in range(1, rounds + 1):
        cut = file.with_name(f"cut{rnd}.trf")
        shutil.copy(file, cut)
        expected = json.loads(ok("solve", cut, "--json", *solve_options))
        view = json.loads(ok("chess", "pair", file, "--save", "--json", "--date", "2026-05-01"))
        assert [(b["white"]["id"], b["black"]["id"]) for b in view["boards"]] == [
            (b["white"], b["black"]) for b in expected["boards"]
        ]
        assert (view["bye"] or {}).get("id") == expected["bye"]
        entries = [x for b in view["boards"] for x in (b["board"], rng.choice(["1-0", "0-1", "="]))]
        ok("chess", "result", file, *entries)


@pytest.mark.parametrize(
    ("system", "rules"),
    [("dubov", None), ("burstein", None), ("lim", None), ("dutch", "2017"), ("dutch", "2012")],
)
def test_each_system_and_edition_pairs_as_solve(
    tmp_path: Path, system: str, rules: str | None
) -> None:
    options = ["--system", system] + (["--rules", rules] if rules else [])
    file = new_day(tmp_path, 9, 4, *options)
    edition = rules or engine.editions(system)[0]
    assert read_tournament(file).system == engine.type_code(system, edition, False)
    assert engine.read_type(read_tournament(file).system) == (system, edition, False)
    solve_options = ["--rules", edition]  # solve takes the system from 192, the edition asked
    play(file, 4, solve_options)
    code, out, err = mipair("check", file, "--rules", edition)
    assert code == 0 and "4 rounds checked, all agree" in out, (out, err)


def test_a_point_system_and_the_pab_points(tmp_path: Path) -> None:
    file = new_day(tmp_path, 7, 2, "--points", "3,1,0", "--pab", "1")
    play(file, 2, [])
    t = read_tournament(file)
    assert (t.point_system.win, t.point_system.draw, t.point_system.pab) == (30, 10, 10)
    mine = json.loads(ok("chess", "standings", file, "--json"))["standings"]
    theirs = json.loads(ok("standings", file, "--json"))
    assert [(r["id"], r["points"]) for r in mine] == [(r["id"], r["points"]) for r in theirs]
    assert sum(r["points"] for r in mine) > 7 * 2  # wins worth 3


def test_the_baku_acceleration_is_written_as_250_records(tmp_path: Path) -> None:
    file = new_day(tmp_path, 10, 9, "--acceleration", "baku")
    t = read_tournament(file)
    assert t.system == "FIDE_DUTCH_BAKU"
    values = {(a.player, a.round): a.points for a in t.accelerations}
    group_a = {pid for pid, _ in values}
    assert group_a == set(range(1, 7))  # 2 * ceil(10 / 4) players
    assert {r: values[(1, r)] for r in range(1, 6)} == {1: 10, 2: 10, 3: 10, 4: 5, 5: 5}
    play(file, 1, [])
    code, _, err = mipair("chess", "register", file, "Late, Strong", "--rating", 2500)
    assert code == 0, err
    after = read_tournament(file)
    joined = {a.round for a in after.accelerations if a.player == 1}
    assert after.players[1].name == "Late, Strong" and joined == set(range(1, 6))
    assert max(a.player for a in after.accelerations) == 7  # the last of group A moved down
    code, _, err = mipair("chess", "new", tmp_path / "x.trf", "--name", "X", "--rounds", 5,
                          "--points", "3,1,0", "--acceleration", "baku")  # fmt: skip
    assert code == 3 and "acceleration" in err


def test_the_shipped_example_is_what_its_build_script_writes() -> None:
    """The same changes give the same bytes (scenarios/chess/build.py, the guide's example file)."""
    import runpy

    from mipair.desk.chess.trf_file import event_text

    folder = ROOT / "scenarios" / "chess"
    spring_open = runpy.run_path(str(folder / "build.py"))["spring_open"]
    assert event_text(spring_open()).encode("utf-8") == (folder / "spring-open.trf").read_bytes()
    cut = (folder / "spring-open-round2.trf").read_bytes()
    assert event_text(spring_open(2)).encode("utf-8") == cut
    code, out, _ = mipair("check", folder / "spring-open.trf")
    assert code == 0 and "2 rounds checked, all agree" in out


def test_a_file_paired_by_another_program(tmp_path: Path) -> None:
    """A TRF without the desk's records: its rounds in the system's board order, its next
    round paired as solve pairs it, its byes of the next round kept (as 240)."""
    source = ROOT / "scenarios" / "dutch" / "small.trfx"
    file = tmp_path / "small.trfx"
    shutil.copy(source, file)
    played = json.loads(ok("chess", "pairing", file, "--round", 2, "--json"))
    assert [b["board"] for b in played["boards"]] == [1, 2, 3, 4] and played["complete"]
    assert played["bye"]["id"] == 8
    expected = json.loads(ok("solve", file, "--json"))
    view = json.loads(ok("chess", "pair", file, "--save", "--json"))
    assert [(b["white"]["id"], b["black"]["id"]) for b in view["boards"]] == [
        (b["white"], b["black"]) for b in expected["boards"]
    ]
    assert {p["id"] for p in view["absent"] + view["byes"]} == {4, 8}
    assert json.loads(ok("solve", file, "--json")) == expected  # the round being played
    text = file.read_text(encoding="utf-8")
    assert "240 H 004    8" in text and "MPB 002    4    7    6" in text


def test_standings_count_no_bye_of_a_round_not_yet_paired(tmp_path: Path) -> None:
    """A full-point bye asked for round 3 (a 240 record) is no point after round 1, for
    ``mipair standings`` (and its tie-breaks) as for the desk."""
    file = new_day(tmp_path, 6, 4)
    ok("chess", "bye", file, 6, "--round", 3, "--points", "full")
    ok("chess", "pair", file, "--save", "--date", "2026-05-01")
    ok("chess", "result", file, 1, "1-0", 2, "1-0", 3, "1-0")
    theirs = {r["id"]: r for r in json.loads(ok("standings", file, "--json"))}
    mine = json.loads(ok("chess", "standings", file, "--json"))["standings"]
    assert theirs[6]["points"] == 0.0 and "240 F 003    6" in file.read_text(encoding="utf-8")
    assert [(r["id"], r["points"], r["tiebreaks"]) for r in mine] == [
        (theirs[r["id"]]["id"], theirs[r["id"]]["points"], theirs[r["id"]]["tiebreaks"])
        for r in mine
    ]
