"""The Burstein brute force (tests/support/swiss_brute/burstein.py) against the text's examples and rules."""

from __future__ import annotations

import pytest

from tests.support.swiss_brute import burstein, dubov, simulate
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.history import Field, RoundPairing, field_of
from tests.support.swiss_brute.rules import check_absolute_granted, check_round

# five players after three rounds of five: a PAB, a half-point bye, a forfeit, absences
ROUNDS = [
    ["1-2:1", "3-4:+", "5:Z"],
    ["3-1:=", "4-5:1", "2:H"],
    ["2-3:1", "1:U", "4:Z", "5:Z"],
]


def test_seeding_rounds_are_half_the_rounds_at_most_four() -> None:
    assert [burstein.seeding_rounds(n) for n in (3, 4, 5, 7, 8, 9, 13)] == [1, 2, 2, 3, 4, 4, 4]


def test_a_seeding_round_is_left_to_the_dutch_system() -> None:
    with pytest.raises(ValueError, match="seeding round"):
        burstein.pair_burstein(build(6, [["1-4:1", "5-2:=", "3-6:="]], total=5))


def test_the_article_4_order_of_the_note_to_4_3() -> None:
    """Six players, two pairs: 45 pairings, BSN 1's opponent from the lowest to floating."""
    order = burstein.article4_order(6, 2)
    assert len(order) == len({tuple(p) for p in order}) == 45  # the note's repeated line is one
    assert order[0] == [(1, 6), (2, 5), (3, 0), (4, 0)]
    assert order[1] == [(1, 6), (2, 4), (3, 0), (5, 0)]
    assert order[-1] == [(1, 0), (2, 0), (3, 4), (5, 6)]
    assert [(1, 3), (2, 0), (4, 5), (6, 0)] in order
    first_opponent = [dict(p)[1] for p in order]
    assert first_opponent == sorted(first_opponent, key=lambda o: -o if o else 0)


def test_the_index_of_1_7() -> None:
    """Buchholz and Sonneborn-Berger (hundredths), worked by hand.

    Scores: 1 2.5, 2 1.5, 3 1.5, 4 1.0, 5 0. Players 4 and 5 end with a zero-point bye, so
    their opponents see 1.5 and 0.5 (a draw added, 1.7.2). Unplayed rounds (the PAB of 1,
    the half-point bye of 2, the forfeits of 3 and 4, the absences) are games against
    oneself with the points they gave.
    1: 2 (1.5, won), 3 (1.5, drew), PAB (2.5, 1): BH 5.5, SB 1.5 + 0.75 + 2.5 = 4.75
    2: 1 (2.5, lost), H (1.5, 0.5), 3 (1.5, won): BH 5.5, SB 0.75 + 1.5 = 2.25
    3: forfeit win (1.5, 1), 1 (2.5, drew), 2 (1.5, lost): BH 5.5, SB 1.5 + 1.25 = 2.75
    4: forfeit loss (1.0), 5 (seen 0.5, won), Z (1.0): BH 2.5, SB 0.5
    5: Z (0), 4 (seen 1.5, lost), Z (0): BH 1.5, SB 0
    """
    index = burstein.index(field_of(build(5, ROUNDS)))
    assert index == {1: (55, 475), 2: (55, 225), 3: (55, 275), 4: (25, 50), 5: (15, 0)}


def test_the_zero_bye_run_uses_the_draw_value_of_the_point_system() -> None:
    from dataclasses import replace

    from mipair.model import PointSystem

    t = replace(build(5, ROUNDS), point_system=PointSystem(win=30, draw=10))
    index = burstein.index(field_of(t))
    # 4 has 3.0 (forfeit loss 0, win 3, Z 0); its opponent 5 sees it with a draw: 4.0
    assert index[5][0] == 40


def test_the_bye_goes_to_the_lowest_index_rank() -> None:
    """3.1: 5 and 4 (lowest scores) would leave no legal pairing; 2 and 3 (1.5, two games
    each) tie, and 3.1.5 takes the lower by the Index: 2 (Sonneborn-Berger 2.25 < 2.75),
    where the TPN alone would take 3."""
    field = field_of(build(5, ROUNDS))
    assert burstein.BursteinRound(field).bye([1, 2, 3, 4, 5]) == 2


def test_players_are_ranked_by_index_not_score() -> None:
    field = field_of(build(5, ROUNDS))
    ranking = sorted(field.entrants, key=burstein.BursteinRound(field).rank.__getitem__)
    assert ranking == [1, 3, 2, 4, 5]


def _history(f: Field) -> RoundPairing:
    if f.round <= burstein.seeding_rounds(f.total_rounds or 0):
        return dubov.DubovRound(f).pair()  # any legal Swiss history will do
    return burstein.BursteinRound(f).pair()


@pytest.mark.parametrize("seed", range(24))
def test_random_rounds_keep_the_absolute_rules(seed: int) -> None:
    field, pairing = simulate.random_round(seed, _history, first=3)
    check_round(field, pairing)
    if field.round > burstein.seeding_rounds(5):
        check_absolute_granted(burstein.BursteinRound(field), pairing)
