"""Tournament files for the ``chess card`` tests, written by the installed command: an
individual Swiss, a Double-Swiss and a Team Swiss, each with a completed round and the
next round paired (part of its results in)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.chess_desk import ok, ok_json, register_players

RESULTS = ["1-0", "0-1", "1/2"]


def _results(view: dict[str, Any], rng: random.Random, games: int) -> list[str]:
    """Every board of a paired round with random results (``BOARD R`` or ``BOARD R R``)."""
    typed: list[str] = []
    for board in view["boards"]:
        typed += [str(board["board"]), *(rng.choice(RESULTS) for _ in range(games))]
    return typed


def _rounds(file: Path, games: int) -> None:
    rng = random.Random(games)
    view = ok_json("chess", "pair", file, "--save", "--date", "2026-06-01")
    ok("chess", "result", file, *_results(view, rng, games))
    view = ok_json("chess", "pair", file, "--save", "--date", "2026-06-02")
    ok("chess", "result", file, *_results(view, rng, games)[: games + 1])  # board 1 only


def individual(folder: Path) -> Path:
    """A Dutch Swiss of 7 players: round 1 played, round 2 being played (one bye each)."""
    file = folder / "open.trf"
    ok("chess", "new", file, "--name", "Open", "--rounds", 4)
    register_players(file, 7, random.Random(1))
    _rounds(file, 1)
    return file


def double(folder: Path) -> Path:
    """A Double-Swiss of 5 players: match 1 played, match 2 being played."""
    file = folder / "double.trf"
    ok("chess", "new", file, "--name", "Double", "--rounds", 3, "--system", "double-swiss")
    register_players(file, 5, random.Random(2))
    _rounds(file, 2)
    return file


TEAMS = ["Arles", "Brest", "Caen"]


def team(folder: Path) -> Path:
    """A Team Swiss of 3 teams of 2 boards: round 1 played, round 2 paired."""
    file = folder / "cup.trf"
    ok("chess", "new", file, "--name", "Cup", "--rounds", 3, "--system", "team", "--boards", 2)
    for k, name in enumerate(TEAMS):
        ok("chess", "team", file, name)
        for board in (1, 2):
            rating = 2300 - 100 * k - 10 * board
            ok("chess", "register", file, f"{name} Player{board}, X", "--in", name,
               "--rating", rating)  # fmt: skip
    rng = random.Random(3)
    for date in ("2026-06-01", "2026-06-02"):
        view = ok_json("chess", "pair", file, "--save", "--date", date)
        keys = [b["key"] for m in view["matches"] for b in m["boards"]]
        if date == "2026-06-02":
            keys = keys[:1]
        ok("chess", "result", file, *[x for key in keys for x in (key, rng.choice(RESULTS))])
    return file


EVENTS: dict[str, Callable[[Path], Path]] = {
    "individual": individual,
    "double": double,
    "team": team,
}
