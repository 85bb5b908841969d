"""A Team Swiss day at the chess desk through the installed command: what its tests check
after each step (the matches ``mipair solve`` gives, laid on boards; random results; the team
standings equal to ``mipair standings``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from mipair.formats.trf import read_tournament
from tests.support.chess_desk import ok, ok_json


def matches_of(view: dict[str, Any]) -> list[tuple[int, int]]:
    return [(m["white"]["id"], m["black"]["id"]) for m in view["matches"]]


def pair_as_solve(file: Path, rnd: int) -> dict[str, Any]:
    """``chess pair --save`` gives the matches and the PAB ``mipair solve`` gives on the file
    as it stood; every match laid on the boards in 310 order with 352's colours."""
    cut = file.with_name(f"cut{rnd}.trf")
    shutil.copy(file, cut)
    expected = ok_json("solve", cut)
    view = ok_json("chess", "pair", file, "--save", "--date", "2026-06-02")
    assert view["round"] == rnd
    assert matches_of(view) == [(b["white"], b["black"]) for b in expected["boards"]]
    assert (view["pab"] or {}).get("id") == expected["bye"]
    teams = read_tournament(file).teams
    assert teams is not None and teams.boards == "WBWB"
    for m in view["matches"]:
        white, black = teams.teams[m["white"]["id"]], teams.teams[m["black"]["id"]]
        for k, board in enumerate(m["boards"]):
            ours, theirs = white.players[k], black.players[k]
            expected_board = (ours, theirs) if k % 2 == 0 else (theirs, ours)
            assert (board["white"]["id"], board["black"]["id"]) == expected_board
            assert board["key"] == f"{m['match']}.{k + 1}"
    return view


def play(file: Path, keys: list[str], rng: random.Random) -> None:
    """A random result on each board named (``MATCH.BOARD``)."""
    typed = [x for key in keys for x in (key, rng.choice(["1-0", "0-1", "="]))]
    ok("chess", "result", file, *typed)


def standings_agree(file: Path) -> list[dict[str, Any]]:
    mine = ok_json("chess", "standings", file)["standings"]
    assert mine == ok_json("standings", file)
    return mine
