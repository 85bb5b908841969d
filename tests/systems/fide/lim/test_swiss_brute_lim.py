"""The Lim brute force (tests/support/swiss_brute/lim.py) against the text's worked examples and rules."""

from __future__ import annotations

import pytest

from mipair.model import Colour
from tests.support.paths import ROOT
from tests.support.swiss_brute import lim, simulate
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.handbook import LIM_EXCHANGE_4_2, LIM_EXCHANGE_4_3
from tests.support.swiss_brute.history import field_of, parse_pairing
from tests.support.swiss_brute.rules import check_round


class Table(lim.LimRound):
    """A scoregroup of players 1..n with no colours, who have met the pairs ``met`` only."""

    def __init__(self, n: int, met: dict[int, list[int]]) -> None:
        self.met = {frozenset((a, b)) for a, bs in met.items() for b in bs}
        self.due = {p: None for p in range(1, n + 10)}

    def compatible(self, a: int, b: int) -> bool:
        return frozenset((a, b)) not in self.met

    def floated_last_round(self, pid: int) -> bool:
        return False

    def score(self, pid: int) -> int:
        return 0


def scrutiny(n: int, met: dict[int, list[int]]) -> list[tuple[int, int]]:
    return sorted(
        tuple(sorted(p))
        for p in Table(n, met).pair_members(list(range(1, n + 1)), [], [], lim.DOWN)
    )


@pytest.mark.parametrize(("met_by_1", "pairs"), LIM_EXCHANGE_4_2)
def test_the_exchange_table_of_4_2(met_by_1: list[int], pairs: list[tuple[int, int]]) -> None:
    """4.2: six players; #1 tries 4, 5, 6, 3, 2, and the others are proposed afresh."""
    assert scrutiny(6, {1: met_by_1}) == pairs


@pytest.mark.parametrize(("met_by_2", "pairs"), LIM_EXCHANGE_4_3)
def test_the_exchange_table_of_4_3(met_by_2: list[int], pairs: list[tuple[int, int]]) -> None:
    """4.3: #1 has met 4 and 5 and takes 6; #2 tries 4, 5, 3, then 6 (sending #1 to 3), then 1."""
    assert scrutiny(6, {1: [4, 5], 2: met_by_2}) == pairs


def test_4_4_2_keeps_the_most_pairings() -> None:
    """#1 and #2 have met each other and all but #6: 1-6 stays, #2 and #5 float."""
    table = Table(8, {1: [2, 3, 4, 5], 2: [1, 3, 4, 5]})
    result = table.group([1, 2, 3, 4, 5, 6], [], [7, 8], lim.DOWN)
    assert sorted(tuple(sorted(p)) for p in result.pairs) == [(1, 6), (3, 4)]
    assert sorted(result.floaters) == [2, 5]


def test_4_4_1_exchanges_the_unpairable_player_with_the_one_that_made_the_number_even() -> None:
    table = Table(9, {1: [2, 3, 4, 5], 2: [1, 3, 4, 5, 6, 7]})
    result = table.group([1, 2, 3, 4, 5, 6, 7], [], [8, 9], lim.DOWN)
    assert result.floaters == [2]


def test_round_one_of_forty_players_7_2() -> None:
    for lot, first in (
        (Colour.WHITE, "1-21 22-2 3-23 24-4"),
        (Colour.BLACK, "21-1 2-22 23-3 4-24"),
    ):
        pairing = lim.pair_lim(
            build(40, [], total=9, initial=lot, ratings=[2600 - i for i in range(40)])
        )
        boards = parse_pairing(first).boards
        assert boards <= pairing.boards
        assert ((40, 20) if lot is Colour.WHITE else (20, 40)) in pairing.boards
        assert len(pairing.boards) == 20


def test_round_one_bye_goes_to_the_lowest_rated_7_1() -> None:
    ratings = [2500, 2400, 2300, 1000, 2100]
    assert lim.pair_lim(build(5, [], ratings=ratings)).bye == 4


def test_the_last_round_lifts_the_colour_limits() -> None:
    """2.1 and Article 6: 1 and 3 have both had White twice; they may meet only in the last round."""
    rounds = [["1-2:=", "3-4:="], ["1-4:=", "3-2:="]]
    assert lim.LimRound(field_of(build(4, rounds, total=3))).compatible(1, 3)
    assert not lim.LimRound(field_of(build(4, rounds, total=5))).compatible(1, 3)


def test_colours_by_rank_depend_on_the_side_of_the_median() -> None:
    """5.4: same due colour and history: the higher ranked decides at or above the median, the
    lower ranked below it."""
    field = field_of(build(8, [["1-5:1", "6-2:1", "3-7:0", "8-4:0"]]))
    rnd = lim.LimRound(field)
    # 1 and 3 both had White (due Black); 1 won, so ranks higher
    assert rnd.colours(1, 3, below=False) == (3, 1)
    assert rnd.colours(1, 3, below=True) == (1, 3)


def test_the_median_cracks_the_side_2_6_names() -> None:
    """2.6.2 (scenarios/lim/round2-median: no more floaters from above) cracks the higher side;
    2.6.1 (scenarios/lim/round4-crack-lower: one floater from above) the lower side."""

    folder = ROOT / "scenarios" / "lim"
    for name, side in (("round2-median.trfx", lim.DOWN), ("round4-crack-lower.trfx", lim.UP)):
        rnd = lim.LimRound(field_of(str(folder / name)))
        rnd.pair()
        assert rnd.cracks == [side]


@pytest.mark.parametrize("seed", range(24))
def test_random_rounds_keep_the_absolute_rules(seed: int) -> None:
    field, pairing = simulate.random_round(seed, lambda f: lim.LimRound(f).pair())
    check_round(field, pairing)
    for white, black in pairing.boards:
        if not field.last_round:
            assert lim.within_limits(field.entrants[white], Colour.WHITE)
            assert lim.within_limits(field.entrants[black], Colour.BLACK)
