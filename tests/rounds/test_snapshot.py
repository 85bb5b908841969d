"""Scores, colour differences, floats and PAB status before a round, against hand-computed values.

The hand computations are in the comments; the tournaments are the shipped
scenarios (scenarios/dutch/), so the figures can be checked with a pencil.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mipair.errors import InputError
from mipair.formats.trf import read_tournament
from mipair.model import Colour, ForbiddenPairs
from mipair.rounds import next_round, round_to_pair, rounds_played
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.records import UnsupportedError
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "dutch"
W, B = Colour.WHITE, Colour.BLACK


@pytest.fixture(scope="module")
def small():
    return read_tournament(SCENARIOS / "small.trfx")


def test_small_round_to_pair(small):
    # round 4 holds only announced absences (4: Z, 8: H), so 3 rounds are played
    assert rounds_played(small) == 3 and next_round(small) == 4


def test_small_scores_in_tenths(small):
    s = snapshot(small, 4)
    # 1: 1 + 1 + 1/2; 6: 0 + forfeit loss 0 + H 1/2; 8: 0 + PAB 1 + 1/2; 9: PAB 1 + 0 + 0
    expected = {1: 25, 2: 20, 3: 25, 4: 15, 5: 5, 6: 5, 7: 25, 8: 15, 9: 10}
    assert {pid: st.score for pid, st in s.players.items()} == expected
    assert all(st.pairing_score == st.score for st in s.players.values())


def test_small_scores_before_each_round(small):
    # before round 2: 1, 2, 4 won, 9 had the PAB, 3 and 7 drew
    s2 = snapshot(small, 2)
    assert {p: st.score for p, st in s2.players.items()} == {
        1: 10,
        2: 10,
        3: 5,
        4: 10,
        5: 0,
        6: 0,
        7: 5,
        8: 0,
        9: 10,
    }
    assert all(st.score == 0 and st.colours == () for st in snapshot(small, 1).players.values())


def test_small_colour_history_and_difference(small):
    s = snapshot(small, 4)
    colours = {pid: st.colours for pid, st in s.players.items()}
    assert colours[1] == (W, B, W)
    assert colours[4] == (B, B, W)
    assert colours[6] == (W, None, None)  # forfeit and half-point bye are unplayed
    assert colours[7] == (B, None, B)  # forfeit win: no colour
    assert colours[8] == (W, None, B)  # PAB: no colour
    assert colours[9] == (None, W, W)
    cd = {pid: st.colour_difference for pid, st in s.players.items()}
    assert cd == {1: 1, 2: -1, 3: -1, 4: -1, 5: 1, 6: 1, 7: -2, 8: 0, 9: 2}


def test_small_floats_2026(small):
    # R1: everybody on 0; 9's PAB is a downfloat.
    # R2 scores before: 3 (.5) beat 5 (0): 3 down, 5 up; 7's forfeit win: down; 8's PAB: down.
    # R3 scores before: 1 (2) - 2 (1.5); 5 (0) - 8 (1); 9 (1) - 7 (1.5); 6's H (.5 > 0): down.
    s = snapshot(small, 4)
    assert {pid: st.floats for pid, st in s.players.items()} == {
        1: (None, None, "down"),
        2: (None, None, "up"),
        3: (None, "down", None),
        4: (None, None, None),
        5: (None, "up", "up"),
        6: (None, None, "down"),
        7: (None, "down", "down"),
        8: (None, "down", "down"),
        9: ("down", None, "up"),
    }


def test_small_floats_2017_every_unplayed_round_is_down(small):
    s = snapshot(small, 4, rules="2017")
    assert s.players[6].floats == (None, "down", "down")  # the forfeit loss floats too
    assert s.players[9].floats == ("down", None, "up")
    assert s.rules == "2017"


def test_zero_point_pab_gives_no_float_in_2026(small):
    t = replace(small, point_system=replace(small.point_system, pab=0))
    assert snapshot(t, 4).players[9].floats[0] is None
    assert snapshot(t, 4, rules="2017").players[9].floats[0] == "down"


def test_small_opponents_byes_and_pab(small):
    s = snapshot(small, 4)
    p = s.players
    assert p[6].opponents == {2}  # the forfeited game against 7 allows a rematch
    assert p[7].opponents == {3, 9}
    assert p[9].opponents == {1, 7}
    assert {pid for pid, st in p.items() if st.had_pab} == {8, 9}
    # forfeit win (7) bars the PAB; a half-point bye (6) does not
    assert {pid for pid, st in p.items() if st.pab_ineligible} == {7, 8, 9}
    assert {pid for pid, st in snapshot(small, 4, "2017").players.items() if st.pab_ineligible} == {
        7,
        8,
        9,
    }
    assert (p[6].byes, p[8].byes, p[9].byes, p[1].byes) == ((3,), (2,), (1,), ())
    assert (p[6].played_games, p[7].played_games, p[1].played_games) == (1, 2, 3)


def test_small_absences_and_numbers(small):
    s = snapshot(small, 4)
    assert s.to_pair == [1, 2, 3, 5, 6, 7, 9]
    assert all(st.tpn == pid for pid, st in s.players.items())
    assert s.initial_colour is W
    # without XXC the colour is inferred from round 1: player 1 had White
    assert snapshot(replace(small, initial_colour=None), 4).initial_colour is W


def test_full_bye_bars_the_pab_only_in_2026(small):
    t = read_tournament(
        (SCENARIOS / "small.trfx")
        .read_text()
        .replace("0000 - H\n001    7", "0000 - F\n001    7")
        .replace(
            "001    6 m    Fischer, Frank                    1987 GER                         0.5",
            "001    6 m    Fischer, Frank                    1987 GER                         1.0",
        )
    )
    assert snapshot(t, 4).players[6].pab_ineligible
    assert not snapshot(t, 4, "2017").players[6].pab_ineligible


def test_310_point_system_with_one_point_pab():
    t = read_tournament(SCENARIOS / "small-310.trfx")
    s = snapshot(t, 4)
    # 1: 3 + 3 + 1; 8: 0 + PAB 1 + 1; 6: 0 + 0 + H (= a draw, 1)
    assert (s.players[1].score, s.players[8].score, s.players[6].score) == (70, 20, 10)
    assert s.players[8].floats == (None, "down", "down")  # a 1-point PAB is above a loss
    assert s.players[9].pab_ineligible


@pytest.fixture(scope="module")
def accelerated():
    return read_tournament(SCENARIOS / "accelerated.trf")


def test_accelerated_pairing_scores(accelerated):
    s = snapshot(accelerated, 3)
    p = s.players
    # 1: win 3 + draw 1 = 4, plus the round-3 acceleration 1.0 (250 rounds 3-3, players 1-5)
    assert (p[1].score, p[1].pairing_score) == (40, 50)
    assert (p[7].score, p[7].pairing_score) == (60, 60)
    assert (p[6].score, p[9].score) == (30, 0)  # forfeit win 3, forfeit loss 0


def test_accelerated_floats_use_pairing_scores(accelerated):
    # before R1: 1-5 have 3.0 fictitious points: 6 (0) met 5 (3): 6 up, 5 down.
    # before R2 (with the 3.0 of round 2): 2 has 4, 7 has 3 -> 2 down, 7 up;
    # 6's forfeit win is a downfloat.
    p = snapshot(accelerated, 3).players
    assert (p[5].floats, p[6].floats) == (("down", None), ("up", "down"))
    assert (p[2].floats, p[7].floats) == ((None, "down"), (None, "up"))
    assert (p[4].floats, p[10].floats) == ((None, "down"), (None, "up"))


def test_accelerated_records(accelerated):
    t = accelerated
    assert t.total_rounds == 7 and t.initial_colour is B and t.system == "FIDE_DUTCH_2025"
    assert (t.point_system.win, t.point_system.draw) == (30, 10)
    assert t.forbidden == (ForbiddenPairs((2, 3)), ForbiddenPairs((6, 7, 8), None, 3))
    s = snapshot(t, 3)
    assert s.to_pair == [1, 2, 3, 4, 5, 6, 7, 8]  # 240: 9 H, 10 Z in round 3
    assert s.players[9].absent and s.players[10].absent


def test_latin1_crlf_copy_reads_the_same(accelerated):
    copy = read_tournament(SCENARIOS / "accelerated-latin1-crlf.trf")
    assert copy.players[1].name == "Øvergaard, Åse"
    assert copy.results == accelerated.results
    assert copy.point_system == accelerated.point_system
    assert copy.accelerations == accelerated.accelerations


def test_ranked_ids_follow_the_file_order():
    t = read_tournament(SCENARIOS / "ranked.trfx")
    s = snapshot(t, 2)
    assert [pid for pid, _ in sorted(s.players.items(), key=lambda kv: kv[1].tpn)] == [
        4,
        1,
        6,
        2,
        5,
        3,
    ]
    # points field of 4 (2.0) includes the acceleration of round 2; the real score is 1
    assert (s.players[4].score, s.players[4].pairing_score) == (10, 20)
    assert t.forbidden == (ForbiddenPairs((1, 2)),)


def test_round_one_absent_player_is_not_numbered():
    t = read_tournament(SCENARIOS / "round1.trfx")
    s = snapshot(t, 1)
    assert s.to_pair == [1, 2, 4, 5, 6, 7]
    # 3 never took part and is absent: the others are renumbered 1..6
    assert {pid: st.tpn for pid, st in s.players.items()} == {
        1: 1,
        2: 2,
        3: 0,
        4: 3,
        5: 4,
        6: 5,
        7: 6,
    }
    assert s.initial_colour is B


def test_snapshot_rejects_bad_arguments(small):
    with pytest.raises(ValueError):
        snapshot(small, 0)
    with pytest.raises(UnsupportedError):
        snapshot(small, 2, rules="1992")


def test_round_to_pair_needs_rounds_left(small):
    assert round_to_pair(small) == 4
    with pytest.raises(InputError, match="number of rounds"):
        round_to_pair(replace(small, total_rounds=None))
    with pytest.raises(InputError, match="all 3 rounds"):
        round_to_pair(
            replace(
                small,
                total_rounds=3,
                results={pid: cells[:3] for pid, cells in small.results.items()},
            )
        )
