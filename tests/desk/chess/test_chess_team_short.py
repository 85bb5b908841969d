"""A team short of a player at the chess desk, through the installed ``mipair`` command.

The desk lays a match on all of its boards, so it refuses to pair a team with fewer
players than boards, in one line that names the way round: register a player for the
board nobody can play and enter that board's forfeit (C.04.6: an empty board is lost).
Done so, the team loses that board by forfeit and the match is played on the others: the
standings equal ``mipair standings`` (the forfeit counted as ``162`` counts it) and the
next round's matches those of ``mipair solve``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.model import Result
from tests.support.chess_desk import SCRIPT, ok, refused
from tests.support.team_desk import pair_as_solve, play, standings_agree

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")

TEAMS = ["Arles", "Brest", "Caen", "Dijon"]
BOARDS = 4
SHORT = "Dijon"  # three players for four boards


def short_cup(folder: Path, rng: random.Random) -> Path:
    file = folder / "short.trf"
    ok("chess", "new", file, "--name", "Short Cup", "--rounds", 3, "--system", "team",
       "--boards", BOARDS, "--date", "2026-06-01")  # fmt: skip
    for k, name in enumerate(TEAMS, 1):
        ok("chess", "team", file, name)
        for board in range(1, BOARDS + 1 - (name == SHORT)):
            rating = 2300 - 60 * k - 20 * board + rng.randint(0, 10)
            ok("chess", "register", file, f"{name} Player{board}, X", "--in", name,
               "--rating", rating)  # fmt: skip
    return file


def test_a_short_team_forfeits_its_empty_board(tmp_path: Path) -> None:
    rng = random.Random(11)
    file = short_cup(tmp_path, rng)
    before = file.read_bytes()
    line = refused(3, "chess", "pair", file, "--save")
    assert "team 4 (Dijon) has 3 players for 4 boards" in line, line
    assert "register a reserve" in line and "MATCH.BOARD +- or -+" in line, line
    assert file.read_bytes() == before

    ok("chess", "register", file, "Dijon Reserve, X", "--in", SHORT, "--rating", 1500)
    reserve = read_tournament(file).teams.teams[4].players[-1]  # type: ignore[union-attr]
    view = pair_as_solve(file, 1)
    short = next(m for m in view["matches"] if 4 in (m["white"]["id"], m["black"]["id"]))
    empty = short["boards"][-1]
    reserve_white = empty["white"]["id"] == reserve
    assert reserve in (empty["white"]["id"], empty["black"]["id"])
    ok("chess", "result", file, empty["key"], "-+" if reserve_white else "+-")
    rest = [b["key"] for m in view["matches"] for b in m["boards"] if b["key"] != empty["key"]]
    play(file, rest, rng)

    played = read_tournament(file)
    assert played.cell(reserve, 1).result == Result.FORFEIT_LOSS  # type: ignore[union-attr]
    rows = {r["id"]: r for r in standings_agree(file)}
    opponent = short["black"]["id"] if short["white"]["id"] == 4 else short["white"]["id"]
    assert rows[4]["game_points"] + rows[opponent]["game_points"] == BOARDS  # 1 a board
    assert rows[opponent]["game_points"] >= 1  # the forfeited board counts for it
    pair_as_solve(file, 2)
    ok("check", file)
