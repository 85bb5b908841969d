"""The Dubov brute force (tests/support/swiss_brute/dubov.py) against the text's examples and rules."""

from __future__ import annotations

import pytest

from mipair.model import Colour
from tests.support.swiss_brute import dubov, simulate
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.history import field_of
from tests.support.swiss_brute.rules import (
    ABSOLUTE,
    MILD,
    STRONG,
    check_absolute_granted,
    check_round,
)

WHITE, BLACK = Colour.WHITE, Colour.BLACK


def test_shifters_are_numbered_from_the_middle_out() -> None:
    # 4.3.3: the example A..G gives D, C, E, B, F, A, G
    assert dubov.middle_out(list("ABCDEFG")) == list("DCEBFAG")
    assert dubov.middle_out([1, 2, 3, 4]) == [2, 3, 1, 4]


def test_transpositions_follow_the_note_to_4_4_2() -> None:
    # A, B, C by ascending TPN: ABC, ACB, BAC, BCA, CAB, CBA
    assert dubov.transpositions([3, 1, 2]) == [
        (1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1),
    ]  # fmt: skip


def test_colour_preferences_of_1_6() -> None:
    t = build(6, [["1-4:1", "5-2:=", "3-6:="], ["1-2:1", "4-3:=", "6:H"], ["3-1:0"]])
    pref = {e.id: dubov.preference(e) for e in field_of(t).entrants.values()}
    assert pref[1] == (BLACK, STRONG)  # W W B: difference +1 (1.6.2)
    assert pref[4] == (BLACK, MILD)  # B W: difference 0, White last (1.6.3)
    assert pref[6] == (WHITE, STRONG)  # one game, Black; the bye is no colour
    two = build(6, [["1-4:1", "5-2:=", "3-6:="], ["1-2:1", "4-3:="]])
    pref = {e.id: dubov.preference(e) for e in field_of(two).entrants.values()}
    assert pref[1] == (BLACK, ABSOLUTE)  # W W (1.6.1)
    assert pref[3] == (WHITE, MILD)  # W B


def test_a_player_without_games_seeks_black_mildly() -> None:
    field = field_of(build(5, [["1-2:1", "3-4:1", "5:H"]]))
    assert dubov.preference(field.entrants[5]) == (BLACK, MILD)  # 1.6.4


def test_aro_is_the_mean_opponent_rating_rounded_half_up() -> None:
    ratings = [2000, 1901, 1800, 1700]
    field = field_of(build(4, [["1-2:1", "3-4:1"], ["1-3:=", "4-2:="]], ratings=ratings))
    assert dubov.aro(field, field.entrants[1]) == 1851  # (1901 + 1800) / 2 = 1850.5, half up
    assert dubov.aro(field, field.entrants[2]) == 1850  # (2000 + 1700) / 2
    assert dubov.aro(field, field.entrants[4]) == 1851  # the same two opponents
    assert dubov.max_upfloats(field) == 3  # 1.8.2: 2 + 5 // 5


def test_upfloats_count_pairings_against_higher_scores_forfeits_too() -> None:
    t = build(4, [["1-2:1", "3-4:1"], ["1-3:+", "2-4:1"], ["2-3:0"]])
    field = field_of(t)
    # round 2: 1 (1) v 3 (1) equal; 2 (0) v 4 (0) equal; round 3: 2 (1) v 3 (1) equal
    assert dubov.upfloats(field, field.entrants[3]) == []
    t = build(4, [["1-2:1", "3-4:1"], ["1-4:-", "2-3:1"]])
    field = field_of(t)
    assert dubov.upfloats(field, field.entrants[4]) == [2]  # forfeited, still paired upward
    assert dubov.upfloats(field, field.entrants[2]) == [2]


def test_the_bye_prefers_most_games_then_largest_tpn() -> None:
    # 3.1.4: 7 (a half-point bye, no game) is passed over for 6
    field = field_of(build(7, [["1-4:=", "5-2:=", "3-6:=", "7:H"]]))
    assert dubov.DubovRound(field).pair().bye == 6


def test_the_bye_is_not_given_twice() -> None:
    field = field_of(build(5, [["1-3:1", "4-2:1", "5:U"]]))
    pairing = dubov.DubovRound(field).pair()
    assert pairing.bye != 5  # C2; the lowest score without a bye is 2 or 3
    assert pairing.bye == 3  # 3.1.3 lowest score (0), 3.1.4 equal games, 3.1.5 largest TPN


@pytest.mark.parametrize("seed", range(24))
def test_random_rounds_keep_the_absolute_rules(seed: int) -> None:
    """Complete, no rematch ([C1]), absolute preferences granted ([C3]), PAB allowed ([C2])."""
    field, pairing = simulate.random_round(seed, lambda f: dubov.DubovRound(f).pair())
    check_round(field, pairing)
    check_absolute_granted(dubov.DubovRound(field), pairing)
