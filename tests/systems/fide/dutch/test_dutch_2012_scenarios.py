"""The hand-worked 2012 scenarios (scenarios/dutch-2012): each file's ``### expect:``
comment is the pairing worked out by hand from the articles it cites."""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.systems.registry import get_system
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch-2012").glob("*.trfx"))


def expected(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    """The (White, Black) boards and the bye of the file's ``### expect:`` line."""
    line = next(
        x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("### expect:")
    )
    words = line.split(":", 1)[1].split()
    bye = int(words[words.index("bye") + 1]) if "bye" in words else None
    boards = {tuple(int(p) for p in w.split("-")) for w in words if "-" in w}
    return boards, bye  # type: ignore[return-value]


def test_at_least_twelve_scenarios() -> None:
    assert len(SCENARIOS) >= 12


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_pairs_as_worked_by_hand(path: Path) -> None:
    system = get_system("dutch")
    pairing = system.pair(system.read(str(path), "2012"))
    assert ({(b.white, b.black) for b in pairing.boards}, pairing.bye) == expected(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_cites_articles(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(f"### {path.stem}: FIDE Dutch 2012, ")


def test_e2_leaves_two_absolute_preferences_to_e3_and_e4() -> None:
    """2012 E2 grants the stronger preference but, unlike 2017/2026, does not
    compare two absolute ones by |CD|: E3 (no round with different colours)
    and E4 (the higher-ranked player's preference) decide."""
    from mipair.model import Colour, Tournament
    from mipair.systems.fide.dutch.colours import allocate
    from mipair.systems.fide.dutch.procedure2012 import allocate_2012
    from mipair.systems.fide.edition import load_edition
    from mipair.systems.fide.state import PlayerState, Snapshot

    white, black = Colour.WHITE, Colour.BLACK

    def player(pid: int, colours: tuple[Colour, ...]) -> PlayerState:
        return PlayerState(
            pid, 20, 20, colours, (None,) * len(colours), frozenset(), False, (), False,
            tpn=pid, played_games=len(colours),
        )  # fmt: skip

    snap = Snapshot(Tournament({}, {}), 4, load_edition("dutch", "2012"), {})
    higher = player(1, (None, white, white))  # |CD| 2, Black: absolute
    lower = player(2, (white, black, white, white, white))  # |CD| 3, Black: absolute
    assert allocate(snap, higher, lower) == (1, 2)  # 2026 5.2.2: the wider |CD| gets Black
    assert allocate_2012(snap, higher, lower) == (2, 1)  # 2012: E3 finds no difference, E4
