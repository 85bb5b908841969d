"""The worked examples of the Dubov and Lim texts, through the engines.

The texts' examples are about one bracket or one scoregroup whose players
have met some others. Here each is a real round: everyone took a full-point
bye in round 1 (so nobody has played, nobody has a colour, and the group is
paired downward, above the median), and "has met" is an organiser's forbidden
pair, which both engines keep apart as they keep a rematch apart.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mipair.model import Colour, ForbiddenPairs, Tournament
from mipair.pairing import RoundPairing
from mipair.systems.fide.dubov.bracket import middle_out
from mipair.systems.registry import get_system
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.handbook import LIM_EXCHANGE_4_2, LIM_EXCHANGE_4_3


def pair(system: str, t: Tournament, rnd: int) -> RoundPairing:
    engine = get_system(system)
    return engine.pair(engine.snapshot(t, rnd))  # type: ignore[attr-defined]


def pairs(pairing: RoundPairing) -> list[tuple[int, int]]:
    return sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)  # type: ignore[misc]


def after_byes(players: int, met: dict[int, list[int]], half: tuple[int, ...] = ()) -> Tournament:
    """Round 1: a full-point bye for each player (a half-point bye for ``half``); the
    pairs ``met`` forbidden."""
    t = build(players, [[f"{p}:{'H' if p in half else 'F'}" for p in range(1, players + 1)]])
    forbidden = tuple(ForbiddenPairs((a, b)) for a, bs in met.items() for b in bs)
    return replace(t, forbidden=forbidden)


# -- Dubov ------------------------------------------------------------------------------


def test_dubov_shifters_are_numbered_from_the_middle_out_4_3_3() -> None:
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")  # type: ignore[arg-type]
    assert middle_out([1, 2, 3, 4]) == [2, 3, 1, 4]


@pytest.mark.parametrize(
    ("met", "expected"),
    [
        ({}, [(1, 4), (2, 5), (3, 6)]),  # ABC
        ({2: [5]}, [(1, 4), (2, 6), (3, 5)]),  # ACB
        ({1: [4]}, [(1, 5), (2, 4), (3, 6)]),  # BAC
        ({1: [4], 2: [6]}, [(1, 5), (2, 4), (3, 6)]),  # BAC still
        ({1: [4], 2: [4]}, [(1, 5), (2, 6), (3, 4)]),  # BCA
        ({1: [4, 5]}, [(1, 6), (2, 4), (3, 5)]),  # CAB
        ({1: [4, 5], 2: [4]}, [(1, 6), (2, 5), (3, 4)]),  # CBA
    ],
)
def test_dubov_t2_is_the_first_legal_transposition_4_4_2(
    met: dict[int, list[int]], expected: list[tuple[int, int]]
) -> None:
    """Nobody has played: G1 = 1, 2, 3 and G2 = 4, 5, 6 (3.2.3); S1 = 1, 2, 3 (all ARO 0);
    T2 runs through ABC, ACB, BAC, BCA, CAB, CBA and takes the first legal one."""
    assert pairs(pair("dubov", after_byes(6, met), 2)) == expected


# -- Lim --------------------------------------------------------------------------------


@pytest.mark.parametrize(("met_by_1", "expected"), LIM_EXCHANGE_4_2)
def test_lim_the_exchange_table_of_4_2(
    met_by_1: list[int], expected: list[tuple[int, int]]
) -> None:
    """4.2: six players; #1 tries 4, 5, 6, 3, 2, and the others are proposed afresh."""
    assert pairs(pair("lim", after_byes(6, {1: met_by_1}), 2)) == expected


@pytest.mark.parametrize(("met_by_2", "expected"), LIM_EXCHANGE_4_3)
def test_lim_the_exchange_table_of_4_3(
    met_by_2: list[int], expected: list[tuple[int, int]]
) -> None:
    """4.3: #1 has met 4 and 5 and takes 6; #2 tries 4, 5, 3, then 6 (sending #1 to 3), then 1."""
    assert pairs(pair("lim", after_byes(6, {1: [4, 5], 2: met_by_2}), 2)) == expected


def test_lim_4_4_2_keeps_the_most_pairings() -> None:
    """#1 and #2 have met each other and all but #6: 1-6 and 3-4 stay, #2 and #5 float
    down to the median (7 and 8, who took half-point byes)."""
    t = after_byes(8, {1: [2, 3, 4, 5], 2: [3, 4, 5]}, half=(7, 8))
    got = pairs(pair("lim", t, 2))
    assert (1, 6) in got and (3, 4) in got
    assert {p for pr in got if {2, 5} & set(pr) for p in pr} == {2, 5, 7, 8}


def test_lim_4_4_1_floats_the_unpairable_player() -> None:
    """Seven players (#2 has met all but #8 and #9 below): #2 floats, not another."""
    t = after_byes(9, {1: [2, 3, 4, 5], 2: [3, 4, 5, 6, 7]}, half=(8, 9))
    got = pairs(pair("lim", t, 2))
    partner = {a: b for pr in got for a, b in (pr, pr[::-1])}
    assert partner[2] in (8, 9)
    assert all(partner[p] <= 7 for p in (1, 3, 4, 5, 6, 7) if partner[p] != 2)


def test_lim_round_one_of_forty_players_7_2() -> None:
    ratings = [2600 - i for i in range(40)]
    for lot, first in ((Colour.WHITE, [(1, 21), (22, 2), (3, 23), (24, 4)]),
                       (Colour.BLACK, [(21, 1), (2, 22), (23, 3), (4, 24)])):  # fmt: skip
        got = pair("lim", build(40, [], total=9, initial=lot, ratings=ratings), 1)
        boards = [(b.white, b.black) for b in got.boards]
        assert set(first) <= set(boards)
        assert ((40, 20) if lot is Colour.WHITE else (20, 40)) in boards
        assert len(boards) == 20 and got.bye is None


def test_lim_round_one_bye_goes_to_the_lowest_rated_7_1() -> None:
    ratings = [2500, 2400, 2300, 1000, 2100]
    assert pair("lim", build(5, [], ratings=ratings), 1).bye == 4
