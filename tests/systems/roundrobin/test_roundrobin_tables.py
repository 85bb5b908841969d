"""The round-robin schedule against the Handbook's Berger tables (C.05 Annex 1).

Nothing here shares code with ``mipair.systems.roundrobin``: the expected
schedules come from the tables as printed (``tests/support/data/berger-handbook.txt``,
3/4 up to 15/16 players, all the Annex prints) and, for 17-24 players, from a
construction written here from the classical way of drawing a Berger table by
hand (:func:`hand_drawn_table`), itself held against every printed table first.
The double round robin is built here from Annex 1's rule: the table twice, the
second time with the colours reversed, the first cycle's last two rounds
exchanged (FIDE_DOUBLEROUNDROBIN) or not (BERGER_DOUBLEROUNDROBIN).
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from mipair.model import Colour
from mipair.systems.roundrobin.schedule import colour_of, opponent_of, schedule
from mipair.systems.roundrobin.settings import Cycles
from tests.support.berger_tables import (
    expected_rounds,
    hand_drawn_table,
    printed_tables,
    table_for,
)
from tests.support.paths import SHARED

REFERENCE = SHARED / "reference" / "berger.md"


def actual_rounds(players: int, cycles: Cycles):
    return [([(g.white, g.black) for g in r.games], r.bye) for r in schedule(players, cycles)]


def test_the_data_file_holds_every_printed_table() -> None:
    assert sorted(printed_tables()) == [4, 6, 8, 10, 12, 14, 16]
    for size, table in printed_tables().items():
        assert len(table) == size - 1 and all(len(r) == size // 2 for r in table)


@pytest.mark.skipif(not REFERENCE.is_file(), reason="../shared/reference is not next to the clone")
def test_the_transcription_agrees_with_the_projects_restatement() -> None:
    """berger.md quotes the same tables as 'Rd r: a-b, c-d.' lines."""
    text = REFERENCE.read_text(encoding="utf-8")
    for size, table in printed_tables().items():
        block = text.split(f"## {size - 1} or {size} players", 1)[1].split("```")[1]
        rounds = re.findall(r"Rd \d+: (.*)\.", block)
        assert [[tuple(map(int, p.split("-"))) for p in r.split(", ")] for r in rounds] == table


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14, 16])
def test_the_hand_drawn_construction_gives_every_printed_table(size: int) -> None:
    assert hand_drawn_table(size) == printed_tables()[size]


@pytest.mark.parametrize("players", range(3, 17))
def test_single_round_robins_equal_the_printed_tables(players: int) -> None:
    table = printed_tables()[players + players % 2]
    assert actual_rounds(players, Cycles(1, False)) == expected_rounds(players, table)


@pytest.mark.parametrize("players", range(17, 25))
def test_single_round_robins_beyond_the_printed_tables(players: int) -> None:
    table = hand_drawn_table(players + players % 2)
    assert actual_rounds(players, Cycles(1, False)) == expected_rounds(players, table)


@pytest.mark.parametrize("players", range(3, 25))
def test_fide_double_round_robins_swap_the_first_cycles_last_two_rounds(players: int) -> None:
    expected = expected_rounds(players, table_for(players), cycles=2, swap=True)
    assert actual_rounds(players, Cycles(2, True)) == expected


@pytest.mark.parametrize("players", range(3, 25))
def test_berger_double_round_robins_repeat_the_table_reversed(players: int) -> None:
    expected = expected_rounds(players, table_for(players), cycles=2, swap=False)
    assert actual_rounds(players, Cycles(2, False)) == expected


@pytest.mark.parametrize("players", [2, 3, 7, 25, 40, 61])
@pytest.mark.parametrize("cycles", [1, 2, 3])
def test_every_pair_meets_once_a_cycle_and_everyone_plays_or_sits_out(
    players: int, cycles: int
) -> None:
    rounds = schedule(players, Cycles(cycles, cycles == 2))
    met = [frozenset((g.white, g.black)) for r in rounds for g in r.games]
    assert sorted(met, key=sorted) == sorted(
        [frozenset(p) for p in combinations(range(1, players + 1), 2)] * cycles, key=sorted
    )
    for r in rounds:
        seen = [p for g in r.games for p in (g.white, g.black)] + ([r.bye] if r.bye else [])
        assert sorted(seen) == list(range(1, players + 1))
        assert [g.board for g in r.games] == list(range(1, len(r.games) + 1))
        for g in r.games:
            assert (opponent_of(r, g.white), opponent_of(r, g.black)) == (g.black, g.white)
            assert (colour_of(r, g.white), colour_of(r, g.black)) == (Colour.WHITE, Colour.BLACK)
        if r.bye:
            assert opponent_of(r, r.bye) is None and colour_of(r, r.bye) is None


@pytest.mark.parametrize("players", range(3, 25))
def test_nobody_has_one_colour_three_times_running_in_a_fide_double(players: int) -> None:
    """What Annex 1's exchange of the last two rounds is for."""
    rounds = schedule(players, Cycles(2, True))
    for player in range(1, players + 1):
        colours = "".join(
            "W" if c is Colour.WHITE else "B"
            for c in (colour_of(r, player) for r in rounds)
            if c is not None
        )
        assert "WWW" not in colours and "BBB" not in colours, (player, colours)


def test_without_the_exchange_some_player_has_three_in_a_row() -> None:
    """Why Annex 1 recommends it (here 6 players: number 1 at the change of cycle)."""
    rounds = schedule(6, Cycles(2, False))
    colours = "".join("W" if colour_of(r, 1) is Colour.WHITE else "B" for r in rounds)
    assert "BBB" in colours or "WWW" in colours
