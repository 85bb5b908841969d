"""McMahon scores and tie-breakers (reference 2, 3), and the .h9 results list."""

from __future__ import annotations

import dataclasses

from mipair.formats.opengotha import OgBye, OgGame, OgTournament, read_opengotha
from mipair.systems.mcmahon.params import params_of
from mipair.systems.mcmahon.placement import Placement
from mipair.systems.mcmahon.scores import Scores, smms
from mipair.systems.mcmahon.standings import h9_text, standings
from tests.support.go_data import CLUB, go_file, needs_go
from tests.support.go_h9 import read_h9


def test_starting_scores_follow_bar_floor_and_correction() -> None:
    params = dataclasses.replace(params_of(read_opengotha(str(CLUB))), mm_bar=3, mm_floor=-20)
    # reference 2.1: bar 4d, floor 20k -> 5d = 33, 4d = 33, 1d = 30, 1k = 29, 20k = 10, 25k = 10
    assert [smms(r, 0, params) for r in (4, 3, 0, -1, -20, -25)] == [33, 33, 30, 29, 10, 10]
    assert smms(0, 1, params) == 31 and smms(0, -1, params) == 29


def _alone(flags: str, byes: tuple[int, ...] = ()) -> tuple[Scores, int]:
    """The club tournament with one extra player: absent where ``flags`` has 0, byes given."""
    t = read_opengotha(str(CLUB))
    extra = dataclasses.replace(
        t.players[0], name="Zeta", first_name="Zed", participating=flags + "1" * 16
    )
    players = [*t.players, extra]
    tournament = OgTournament(t.root, players, [], [OgBye(r, extra.key) for r in byes], t.others)
    return Scores(tournament, params_of(tournament), 4), len(players) - 1


def test_unplayed_rounds_are_summed_then_rounded_down() -> None:
    # one absence: 1/2 -> 0; two: 1; bye: 1; bye + absence: 1.5 -> 1 (reference 2.2)
    scores, me = _alone("0011")
    start = scores.mms(me, 0)
    assert [scores.mms(me, r) - start for r in range(5)] == [0, 0, 2, 2, 2]
    scores, me = _alone("1011", byes=(1,))
    assert [scores.mms(me, r) - start for r in range(5)] == [0, 2, 2, 2, 2]
    assert scores.nbw(me, 4) == 2  # the bye counts a win, absences none


def test_sos_of_unplayed_rounds_and_sos_minus() -> None:
    scores, me = _alone("0111")
    own = 2 * scores.smms[me]
    assert scores.sos(me, 1) == own  # an unplayed round counts the own SMMS
    assert scores.sosos(me, 2) == own * 2 * 2  # SMMS x rounds counted, per unplayed round
    assert scores.sodos(me, 2) == 0 and scores.sos(me, 2, mms=False) == 0
    assert scores.sos_minus(me, 2, 1) == 0  # McMahon variants: 0 until round 3
    assert scores.sos_minus(me, 3, 1) == 2 * own


def test_game_points_with_handicap_in_sos() -> None:
    t = read_opengotha(str(CLUB))
    games = [OgGame(1, 1, t.players[0].key, t.players[5].key, 3, "RESULT_BLACKWINS")]
    tournament = dataclasses.replace(t, games=games, byes=[])
    scores = Scores(tournament, params_of(tournament), 1)
    white, black = 0, 5
    assert scores.mms(black, 1) == scores.mms(black, 0) + 2
    assert scores.sos(white, 1) == scores.mms(black, 1) + 2 * 3
    assert scores.sos(black, 1) == scores.mms(white, 1) - 2 * 3
    assert scores.sodos(black, 1) == (scores.mms(white, 1) - 6) * 2


@needs_go
def test_juvisy_standings_columns_are_reproduced() -> None:
    path = go_file("Tournoi de Juvisy.h9")
    general = {
        "genMMBar": "4D",
        "genMMFloor": "20K",
        "numberOfRounds": "4",
        "hdCorrection": "1",
        "genMMS2ValueAbsent": "1",  # its absences are written 0= (half a point)
        "genMMS2ValueBye": "2",
    }
    tournament, columns = read_h9(str(path), general)
    params = params_of(tournament)
    scores = Scores(tournament, params, 4)
    got = [[scores.mms(i, 4) / 2, scores.sos(i, 4) / 2, scores.sosos(i, 4) / 2] for i in range(19)]
    assert got == [[float(c) for c in cols[:3]] for cols in columns]
    table = standings(Placement(scores, 4, params.placement))
    assert [s.index for s in table] == list(range(19))  # the file's order
    written = [ln.split() for ln in h9_text(tournament, params, 4).splitlines() if ln[:1] != ";"]
    original = [
        ln.split()
        for ln in path.read_text(encoding="iso-8859-15").splitlines()
        if ln.strip() and not ln.startswith(";")
    ]
    assert [w[-4:] for w in written] == [o[-4:] for o in original]  # the round entries
    assert [w[:7] for w in written] == [o[:7] for o in original]  # place, name, rank, co, club, MMS


def test_cumulative_scores_and_the_named_criteria() -> None:
    t = read_opengotha(str(CLUB))
    params = params_of(t)
    scores = Scores(t, params, 2)
    for i in range(len(t.players)):
        assert scores.cuss(i, 2) == scores.mms(i, 1) + scores.mms(i, 2)
        assert scores.criterion("CUSSM", i, 2) == scores.cuss(i, 2)
        assert scores.criterion("NBW", i, 2) == scores.nbw(i, 2)
        assert scores.criterion("DC", i, 2) == 0
        values = scores.contributions(i, 2, True)
        assert scores.sos(i, 2) == sum(values)
