"""Helpers for the PAPP tournament-day tests: run ``mipair`` in-process, make player files."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from mipair.cli.main import main
from mipair.formats.papp.event_file import read_event

COUNTRIES = ("F", "GB", "NL", "DK", "B")


@dataclass(frozen=True)
class Run:
    """One command's exit code, standard output and standard error."""

    code: int
    out: str
    err: str


def run(*args: object) -> Run:
    """``mipair ARGS`` in this process, its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return Run(code, out.getvalue(), err.getvalue())


def player_file(folder: Path, count: int) -> Path:
    """A JECH/PAPP player file of ``count`` players numbered 101.. from five countries."""
    rows = []
    for k in range(count):
        country = COUNTRIES[k % len(COUNTRIES)]
        rows.append(f"{101 + k} NAME{k:02d}, Player {{{country}}} %_<{1500 + 10 * k}>")
    path = folder / "joueurs.txt"
    path.write_text("\n".join(rows) + "\n__eof__\n", encoding="utf-8")
    return path


def new_event(folder: Path, count: int, rounds: int) -> Path:
    """A new event of ``count`` players from a fresh player file."""
    players = player_file(folder, count)
    event = folder / "open.papp"
    got = run("papp", "new", event, "--players", players, "--rounds", rounds, "--seed", 3)
    assert got.code == 0, got.err
    return event


def results_of_round(event_file: Path, discs: int = 40) -> list[str]:
    """Coupons giving Black ``discs`` (then decreasing by 3) in every game without a result."""
    event = read_event(event_file)
    games = event.round(event.paired_round).games
    return [f"{g.black} {(discs - 3 * k) % 65}" for k, g in enumerate(games) if not g.played]


def play_round(event_file: Path, *options: str) -> Run:
    """Pair the next round (saved) and enter a result for every game."""
    paired = run("papp", "pair", event_file, "--save", *options)
    assert paired.code == 0, paired.err
    coupons = results_of_round(event_file)
    if coupons:
        entered = run("papp", "result", event_file, *coupons)
        assert entered.code == 0, entered.err
    return paired
