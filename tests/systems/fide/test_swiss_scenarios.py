"""The hand-worked rounds of scenarios/dubov, burstein, lim, double-swiss and team.

Each file states its expected pairing (boards as white-black, then the PAB) in a
``### expected:`` line, with the derivation from the text in the comments above
and below it. The brute forces written from the text (tests/support/swiss_brute) must
give exactly that pairing, colours included, and so must the engine of every
system the registry holds, read and paired through the common interface.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.systems.registry import get_system, system_names
from tests.support import paths
from tests.support.swiss_brute.burstein import pair_burstein
from tests.support.swiss_brute.double_swiss import pair_double_swiss
from tests.support.swiss_brute.dubov import pair_dubov
from tests.support.swiss_brute.history import RoundPairing, parse_pairing
from tests.support.swiss_brute.lim import pair_lim
from tests.support.swiss_brute.team import pair_team

ROOT = paths.ROOT / "scenarios"
PAIRERS = {
    "dubov": pair_dubov,
    "burstein": pair_burstein,
    "lim": pair_lim,
    "double-swiss": pair_double_swiss,
    "team": pair_team,
}
FILES = sorted(p for system in PAIRERS for p in (ROOT / system).glob("*.trf*"))
ENGINES = [p for p in FILES if p.parent.name in system_names()]


def expected(path: Path) -> str:
    lines = [line for line in path.read_text().splitlines() if line.startswith("### expected:")]
    assert len(lines) == 1, f"{path.name}: one '### expected:' line"
    return lines[0].split(":", 1)[1].strip()


def test_every_system_has_scenarios() -> None:
    assert {p.parent.name for p in FILES} == set(PAIRERS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_text_gives_the_hand_worked_pairing(path: Path) -> None:
    got = PAIRERS[path.parent.name](str(path))
    assert got == parse_pairing(expected(path)), f"got {got}"


@pytest.mark.parametrize("path", ENGINES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_engine_gives_the_hand_worked_pairing(path: Path) -> None:
    system = get_system(path.parent.name)
    got = system.pair(system.read(str(path)))
    boards = frozenset((b.white, b.black) for b in got.boards)
    assert RoundPairing(boards, got.bye) == parse_pairing(expected(path))
