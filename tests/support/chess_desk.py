"""The chess desk's tests: the installed ``mipair`` command, run as an arbiter runs it.

``mipair(...)`` runs the venv's console script in a process of its own (no
resident, no debug tracebacks); ``ok`` wants exit 0 and gives stdout,
``refused`` wants the exit code and exactly one line on stderr.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(sys.executable).parent / "mipair"

SURNAMES = [
    "Aalto", "Berger", "Castro", "Dumas", "Eriksen", "Fischer", "Greco", "Horvat",
    "Ivanov", "Jansen", "Kowalski", "Lopez", "Moreau", "Novak", "Olsen", "Petrov",
    "Quinn", "Rossi", "Silva", "Tanaka", "Ueda", "Varga", "Weber", "Young",
]  # fmt: skip
FIRST = ["Ana", "Ben", "Clara", "Dan", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon"]
TITLES = ["", "", "", "FM", "IM", "GM", "WFM", "CM"]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("MIPAIR_RESIDENT", "MIPAIR_DEBUG"):
        env.pop(name, None)
    return env


def mipair(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``mipair ARGS`` by the installed script."""
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        env=env or environment(),
        timeout=300,
        check=False,
    )


def ok(*args: object) -> str:
    done = mipair(*args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def ok_json(*args: object) -> Any:
    return json.loads(ok(*args, "--json"))


def refused(code: int, *args: object) -> str:
    """The one line on stderr of a command that must fail with ``code``."""
    done = mipair(*args)
    assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.strip()


def register_players(file: Path, count: int, rng: random.Random) -> list[str]:
    """Register ``count`` players in a random order; their names."""
    names = []
    for k in range(count):
        name = f"{SURNAMES[k % len(SURNAMES)]}, {FIRST[k // len(SURNAMES) % len(FIRST)]}"
        rating = rng.choice([0, 1450, 1620, 1800, 1950, 2100, 2250, 2380, 2500])
        extra = ["--rating", rating] if rating else []
        title = rng.choice(TITLES) if rating >= 2100 else ""
        extra += ["--title", title] if title else []
        extra += ["--federation", rng.choice(["FRA", "GER", "NED", "ESP"])]
        extra += ["--fide-id", 100000 + k] if rating else []
        ok("chess", "register", file, name, *extra)
        names.append(name)
    return names


def boards_of(view: dict[str, Any]) -> list[tuple[int, int]]:
    """The boards of a ``chess pair/pairing --json`` view as (White, Black) numbers."""
    return [(b["white"]["id"], b["black"]["id"]) for b in view["boards"]]


def solved(file: Path, *options: object) -> tuple[list[tuple[int, int]], int | None]:
    """``mipair solve --json`` of ``file``: its boards and PAB."""
    data = ok_json("solve", file, *options)
    return [(b["white"], b["black"]) for b in data["boards"]], data["bye"]


def ranked(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Standings rows (``chess standings`` or ``mipair standings``) as comparable tuples."""
    return [(r["id"], r["rank"], r["points"], r["tiebreaks"]) for r in rows]
