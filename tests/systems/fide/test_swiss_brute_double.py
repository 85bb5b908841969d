"""The Double-Swiss brute force (tests/support/swiss_brute/double_swiss.py) against the text's examples and rules.

The hand-worked rounds with their derivations are scenarios/double-swiss/*.trf
(tests/systems/fide/test_swiss_scenarios.py); these are the articles one at a time, and random
rounds that must keep the absolute criteria.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from mipair import matches
from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import Colour
from tests.support.paths import ROOT
from tests.support.swiss_brute import double_history, double_swiss
from tests.support.swiss_brute.build import build_double
from tests.support.swiss_brute.double_history import field_of
from tests.support.swiss_brute.history import RoundPairing
from tests.support.swiss_brute.rules import NoLegalPairing

WHITE, BLACK = Colour.WHITE, Colour.BLACK
SCENARIOS = ROOT / "scenarios" / "double-swiss"


def test_the_identifier_of_3_6_2() -> None:
    # the text's example: 11-24 16-6 10-9 8-4 is identified by 4 6 9 11 8 16 10 24
    assert double_swiss.identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (
        4, 6, 9, 11, 8, 16, 10, 24,
    )  # fmt: skip


def test_sets_of_upfloaters_are_ordered_as_3_5_4() -> None:
    # the text's example: 2, 6, 8 on 3 points and 1, 3, 5 on 2.5; two of 3 and one of 2.5
    score = {2: 30, 6: 30, 8: 30, 1: 25, 3: 25, 5: 25}.__getitem__
    sets = [high + (low,) for high in itertools.combinations([2, 6, 8], 2) for low in (1, 3, 5)]
    ordered = sorted(sets, key=lambda s: double_swiss.upfloater_order(s, score))
    assert ordered == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5),
        (6, 8, 1), (6, 8, 3), (6, 8, 5),
    ]  # fmt: skip


def test_round_one_colours_follow_the_tpn_parity() -> None:
    """4.3.1 with Black drawn: odd higher-ranked players get Black, even ones White."""
    pairing = double_swiss.pair_double_swiss(build_double(4, [], initial=BLACK))
    assert pairing == RoundPairing(frozenset({(3, 1), (2, 4)}), None)


def test_colours_fewer_whites_then_the_latest_difference_then_alternation() -> None:
    # all drawn: equal scores, the higher ranked is the smaller TPN (4.2)
    first, second = (
        ["1-2:==", "3-4:==", "5-6:==", "7-8:=="],
        ["4-1:==", "2-3:==", "5-8:==", "7-6:=="],
    )
    rnd = double_swiss.DoubleSwissRound(field_of(build_double(8, [first, second])))
    # 1 W B, 2 B W, 3 W B, 4 B W, 5 W W, 6 B B
    assert rnd.colours(1, 6) == (6, 1)  # 4.3.2: 6 has no White
    assert rnd.colours(5, 2) == (2, 5)  # 4.3.2: 5 has two
    assert rnd.colours(1, 2) == (1, 2)  # 4.3.3: last match 1 Black, 2 White: reversed
    assert rnd.colours(3, 4) == (3, 4)
    assert rnd.colours(1, 3) == (1, 3)  # 4.3.4: same sequences, 1 alternates from Black
    assert rnd.colours(2, 4) == (4, 2)  # 4.3.4: 2 alternates from White


def test_the_opponent_alternates_when_the_higher_has_no_colour() -> None:
    t = build_double(4, [["1:H", "2-3:==", "4:Z"]])
    rnd = double_swiss.DoubleSwissRound(field_of(t))
    assert rnd.colours(1, 3) == (3, 1)  # 4.3.5: 3 had Black, so White now
    assert rnd.colours(1, 2) == (1, 2)  # 4.3.2: 2 had White, 1 none


def test_a_forfeited_match_is_no_meeting() -> None:
    """Preface: both games forfeited by one player: the two may meet again."""
    forfeited = build_double(2, [["1-2:++"]])
    assert double_swiss.pair_double_swiss(forfeited).pairs == {frozenset((1, 2))}
    one_game = build_double(2, [["1-2:+1"]])  # one game forfeited: a played match
    with pytest.raises(NoLegalPairing):
        double_swiss.pair_double_swiss(one_game)


def test_the_pab_is_barred_by_a_forfeit_win_and_a_full_bye_only() -> None:
    t = build_double(5, [["1-2:++", "3:F", "4:H", "5:Z"]])
    field = field_of(t)
    barred = {pid for pid, c in field.contestants.items() if c.pab_barred}
    assert barred == {1, 3}  # [C2]; a half-point bye and an absence do not bar it
    assert double_swiss.pair_double_swiss(field).bye == 5  # 0 points, no match, largest TPN


def test_float_criteria_lapse_in_the_last_round() -> None:
    """The round-4 scenario made the last round: [C7] no longer keeps 3 from upfloating."""
    t = read_tournament(SCENARIOS / "round4-c6-c7-c8.trf")
    last = double_swiss.pair_double_swiss(replace(t, total_rounds=8))
    assert frozenset((1, 3)) in last.pairs  # {3} is first among the sets keeping [C6]
    assert frozenset((1, 4)) in double_swiss.pair_double_swiss(t).pairs


def pairer(field: double_history.DoubleField) -> RoundPairing:
    return double_swiss.DoubleSwissRound(field).pair()


def random_field(seed: int) -> double_history.DoubleField:
    for attempt in range(5):
        try:
            t = double_history.tournament(
                6 + seed % 7, 5, 2 + seed % 4, seed + 1000 * attempt, pairer
            )
            return field_of(t)
        except NoLegalPairing:
            continue
    pytest.skip("five random histories left no legal pairing")


@pytest.mark.parametrize("seed", range(30))
def test_random_rounds_keep_the_absolute_criteria(seed: int) -> None:
    """Everyone present paired once or the PAB, no second meeting ([C1]), the PAB allowed ([C2])."""
    field = random_field(seed)
    try:
        pairing = pairer(field)
    except NoLegalPairing:
        pytest.skip("this history leaves no legal pairing")
    present = sorted(c.id for c in field.to_pair())
    paired = [p for board in pairing.boards for p in board]
    assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == present
    assert (pairing.bye is None) == (len(present) % 2 == 0)
    for white, black in pairing.boards:
        assert black not in field.contestants[white].opponents
    assert pairing.bye is None or not field.contestants[pairing.bye].pab_barred


@pytest.mark.parametrize("seed", range(12))
def test_the_file_layout_and_the_brute_force_read_matches_alike(seed: int) -> None:
    """Two readings of the columns written apart (mipair.matches and the brute force's
    history) agree on scores, colours and meetings, through a written file."""
    field = random_field(seed)
    t = read_tournament(write_tournament(field.tournament))
    for number in range(1, field.round):
        scores = matches.scores_before(t, number + 1)
        for pid, contestant in field.contestants.items():
            past = contestant.past[number - 1]
            mine = matches.match(t, pid, number)
            assert scores[pid] == field.scores_before[number + 1][pid]
            assert (mine.colour, mine.is_played, mine.is_pab) == (
                past.colour,
                past.played,
                past.pab,
            )
            assert mine.won_by_forfeit == past.won_by_forfeit
    for pid in field.contestants:  # colours alternate inside every match
        for number in range(1, field.round):
            one, two = (t.cell(pid, col) for col in matches.columns(number))
            if one is not None and one.colour is not None:
                assert two is not None and two.colour is one.colour.opposite
