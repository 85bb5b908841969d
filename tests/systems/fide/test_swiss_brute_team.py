"""The C.04.6 brute force (tests/support/swiss_brute/team.py) against the text's examples and rules.

The hand-worked rounds of scenarios/team go through tests/systems/fide/test_swiss_scenarios.py; here
are the text's own examples (3.5.4's order of sets, 3.6.2's identifier), the colour
preferences of 1.7, the readings of models/team-2026.md that decide single questions,
and random tournaments whose every round must keep the absolute criteria.
"""

from __future__ import annotations

import random

import pytest

from mipair.model import Colour
from tests.support.swiss_brute import team
from tests.support.swiss_brute.build import build_teams
from tests.support.swiss_brute.rules import NoLegalPairing
from tests.support.swiss_brute.team_history import read_system, team_field
from tests.support.swiss_brute.team_simulate import play

WHITE, BLACK = Colour.WHITE, Colour.BLACK
STRONG, MILD = team.STRONG, team.MILD


def test_the_sets_of_upfloaters_of_3_5_4() -> None:
    # 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; two of 3 points and one of 2.5 are wanted
    score = {2: 30, 6: 30, 8: 30, 1: 25, 3: 25, 5: 25}.__getitem__
    groups = team.upfloater_sets([1, 2, 3, 5, 6, 8], 3, score)
    assert groups[0] == [(2, 6, 8)]  # [C5]: three of 3 points first, when legal
    assert groups[1] == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5),
        (6, 8, 1), (6, 8, 3), (6, 8, 5),
    ]  # fmt: skip


def test_the_identifier_of_3_6_2() -> None:
    assert team.identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


@pytest.mark.parametrize(
    "colours, type_a, type_b, type_b_last",
    [
        ("", None, None, None),  # no match played
        ("w", None, (BLACK, MILD), (BLACK, MILD)),  # difference +1
        ("wb", None, (WHITE, MILD), None),  # 0, Black last; none in the last round
        ("ww", (BLACK, STRONG), (BLACK, STRONG), (BLACK, STRONG)),
        ("wbb", (WHITE, STRONG), (WHITE, STRONG), (WHITE, STRONG)),  # T10: -1 and B B
        ("wbww", (BLACK, STRONG), (BLACK, STRONG), (BLACK, STRONG)),  # T9: 0, W W, last round
        ("wwwbb", None, (BLACK, MILD), (BLACK, MILD)),  # +1 after B B: no White preference
        ("bbbww", None, (WHITE, MILD), (WHITE, MILD)),
        ("wwwbw", (BLACK, STRONG), (BLACK, STRONG), (BLACK, STRONG)),  # +3
    ],
)
def test_colour_preferences_of_1_7(colours, type_a, type_b, type_b_last) -> None:
    rounds = []
    for rnd, colour in enumerate(colours, 1):
        opponent = 2 + rnd  # a new opponent each round, 1 White or Black on board 1
        rounds.append([f"1-{opponent}:==" if colour == "w" else f"{opponent}-1:=="])
    field = team_field(build_teams(2 + len(colours), rounds, total=9))
    entrant = field.entrants[1]
    assert team.preference(entrant, "A", False) == type_a
    assert team.preference(entrant, "B", False) == type_b
    assert team.preference(entrant, "B", True) == type_b_last
    assert team.preference(entrant, None, False) is None


@pytest.mark.parametrize(
    "code, answer",
    [
        ("FIDE_TEAM", ("A", "match", True)),
        ("FIDE_TEAM_BAKU", ("A", "match", True)),
        ("FIDE_TEAM_TYPEA_MP_GP", ("A", "match", True)),
        ("FIDE_TEAM_TYPEA_MP", ("A", "match", False)),
        ("FIDE_TEAM_TYPEB_GP_MP", ("B", "game", True)),
        ("FIDE_TEAM_TYPEB_GP", ("B", "game", False)),
        ("FIDE_TEAM_MP_GP", (None, "match", True)),
        ("FIDE_TEAM_GP_BAKU", (None, "game", False)),
    ],
)
def test_record_192_names_the_scores_and_the_colour_model(code: str, answer: tuple) -> None:
    assert read_system(code) == answer  # T7, T8


def test_a_forfeited_match_is_no_meeting_and_no_colour() -> None:
    # T3, T12: 1 beat 2 by forfeit (330); 3 and 4 played
    field = team_field(build_teams(4, [["1-2/+-", "3-4:1="]]))
    one = field.entrants[1]
    assert one.met == frozenset() and one.colours == () and one.matches_played == 0
    assert one.bye_barred  # [C2]: a match won by forfeit
    assert not field.entrants[2].bye_barred
    assert field.entrants[3].met == {4} and field.entrants[3].colours == (WHITE,)
    assert team.TeamSwissRound(field).legal(1, 2)


def test_c2_bars_a_full_point_bye_not_a_half_point_one() -> None:
    field = team_field(build_teams(6, [["1-2:11", "3-4:11", "5:F", "6:H"]]))
    assert field.entrants[5].bye_barred and not field.entrants[6].bye_barred


def test_a_float_is_the_previous_round_only_and_never_a_pab() -> None:
    # round 1: 1 beats 2, 3 beats 4, 5 has the PAB; round 2: 1 (2) beats 3 (2), 4 (0) beats 5 (1)
    t = build_teams(5, [["1-2:11", "3-4:11", "5:U"], ["1-3:11", "4-5:11", "2:U"]])
    field = team_field(t)
    assert [n for n in range(1, 6) if field.floated(n)] == [4, 5]  # T13
    assert not team_field(t, 2).floated(5)  # the PAB of round 1 is no float


def test_c7_and_c10_do_not_count_in_the_last_two_rounds() -> None:
    # the c7 scenario, paired as round 3 of 4: [C7] no longer keeps 3 out (T14)
    rounds = [
        ["1-5:11", "2-6:11", "3-7:10", "4-8:10"],
        ["1-2:11", "3-5:11", "4-7:11", "8-6:10"],
    ]
    early = team.pair_team(build_teams(8, rounds, total=6))
    late = team.pair_team(build_teams(8, rounds, total=4))
    assert frozenset((1, 4)) in early.pairs
    assert frozenset((1, 3)) in late.pairs


def test_no_colour_preferences_leave_only_the_allocation_rules() -> None:
    rounds = [["5-1:00", "2-6:11", "7-3:00", "4-8:11"], ["6-1:00", "2-5:11", "8-3:00", "4-7:11"]]
    typed = team.pair_team(build_teams(8, rounds))
    plain = team.pair_team(build_teams(8, rounds, system="FIDE_TEAM_MP_GP"))
    assert frozenset((1, 4)) in typed.pairs  # [C8] moves 1 away from 3 (scenario colour-c8)
    assert frozenset((1, 3)) in plain.pairs  # nothing to grant: the first identifier


def test_an_impossible_round_is_refused() -> None:
    # four teams, round 4: every pair has met
    rounds = [["1-2:11", "3-4:11"], ["1-3:11", "2-4:11"], ["1-4:11", "2-3:11"]]
    with pytest.raises(NoLegalPairing):
        team.pair_team(build_teams(4, rounds))


@pytest.mark.parametrize("seed", range(24))
def test_random_rounds_keep_the_absolute_criteria(seed: int) -> None:
    rng = random.Random(seed)
    teams, rounds = rng.randint(4, 9), rng.randint(3, 6)
    system = rng.choice(["FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_GP_MP"])
    try:
        t = play(teams, rounds, rounds - 1, rng, boards=rng.randint(1, 3), system=system)
        field = team_field(t)
        pairing = team.TeamSwissRound(field).pair()
    except NoLegalPairing:
        return  # late rounds of small fields may have none (3.3.3)
    present = sorted(n for n, e in field.entrants.items() if not e.absent)
    paired = sorted(n for pair in pairing.pairs for n in pair)
    assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == present  # 3.3.1
    assert len(paired) == len(set(paired))
    for a, b in pairing.boards:
        assert b not in field.entrants[a].met  # [C1]
    if pairing.bye:
        assert len(present) % 2 and not field.entrants[pairing.bye].bye_barred  # [C2]
