"""FIDE tie-breaks on small tournaments worked out by hand (C.07).

The main tournament (6 players, 3 rounds, 1 / 0.5 / 0, a Swiss) has every
kind of unplayed round: a half-point bye (player 2, round 2), pairing-
allocated byes (4 in round 2, 6 in round 3), a forfeit (3 wins against 5 in
round 2) and an absence (5 in round 3)::

    round 1          round 2           round 3
    1 (w) 1-0 4      6 (w) 0-1 1       1 (w) =   2
    2 (w) =   5      5 (w) -+  3       3 (w) 0-1 4
    3 (w) 0-1 6      2 half-point bye  5 absent
                     4 PAB             6 PAB

Points: 1: 2.5, 2: 1.5, 3: 1.0, 4: 2.0, 5: 0.5, 6: 2.0. Ratings 2000, 1900,
... 1500 by pairing number.
"""

from __future__ import annotations

import pytest

from mipair.errors import InputError
from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.results.standings import standings
from mipair.results.tiebreak_spec import parse_list, parse_tiebreak

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, colour: Colour, result: str) -> Cell:
    return Cell(opponent, colour, Result(result))


def bye(result: str) -> Cell:
    return Cell(None, None, Result(result))


def tournament(results: dict[int, tuple[Cell, ...]], ratings: dict[int, int]) -> Tournament:
    return Tournament(
        players={pid: Player(pid, name=f"Player {pid}", rating=ratings[pid]) for pid in results},
        results=results,
        total_rounds=3,
        system="Swiss (FIDE Dutch)",
    )


MAIN = tournament(
    {
        1: (game(4, W, "1"), game(6, B, "1"), game(2, W, "=")),
        2: (game(5, W, "="), bye("H"), game(1, B, "=")),
        3: (game(6, W, "0"), game(5, B, "+"), game(4, W, "0")),
        4: (game(1, B, "0"), bye("U"), game(3, B, "1")),
        5: (game(2, B, "="), game(3, W, "-"), bye("Z")),
        6: (game(3, B, "1"), game(1, W, "0"), bye("U")),
    },
    {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500},
)


def values(t: Tournament, name: str) -> dict[int, float | None]:
    return {row["id"]: row["tiebreaks"][name] for row in standings(t, name)}


def test_points_and_ranks():
    rows = standings(MAIN, "BH")
    assert [(r["id"], r["rank"], r["points"]) for r in rows] == [
        (1, 1, 2.5),
        (4, 2, 2.0),  # BH 5.0 and 5.0: 4 and 6 stay tied
        (6, 2, 2.0),
        (2, 4, 1.5),
        (3, 5, 1.0),
        (5, 6, 0.5),
    ]


# (tie-break, value of players 1..6, how it is worked out)
HAND_WORKED = [
    (
        "BH",
        (5.5, 5.0, 5.0, 5.0, 2.5, 5.0),
        # 5's last round that is not a VUR is 1: his later absence counts as a draw, so his
        # adjusted score is 0.5 + 0 + 0.5 = 1.0. A player's own unplayed round counts his own
        # score, at most the forfeiting opponent's adjusted score, at most a draw every round:
        # 2: 1.0 + min(1.5, 1.5) + 2.5;  3: 2.0 + min(1.0, 1.0) + 2.0;  4: 2.5 + min(2.0, 1.5) + 1.0
        # 5: 1.5 + min(0.5, 1.0) + min(0.5, 1.5);  6: 1.0 + 2.5 + min(2.0, 1.5)
        "opponents' adjusted scores; own unplayed rounds capped",
    ),
    # 2's lowest value is round 1 (1.0) but the half-point bye (1.5) is cut; 5 has two VURs
    ("BH/C1", (4.0, 3.5, 4.0, 4.0, 2.0, 4.0), "Cut-1 drops a VUR first"),
    ("BH/C2", (2.0, 2.5, 2.0, 2.5, 1.5, 2.5), "1: 5.5 - 1.5 - 2.0; 5: both VURs"),
    ("BH/M1", (2.0, 1.0, 2.0, 1.5, 0.5, 1.5), "Median-1: a VUR, then the highest"),
    # last round as a draw: 3 (lost) and 4 (won) count 1.5; 1 and 2 drew; 6 had the PAB
    ("FB", (5.0, 5.0, 4.5, 5.5, 2.5, 5.5), "Fore Buchholz"),
    ("SB", (4.75, 2.5, 1.0, 2.5, 0.75, 2.5), "opponent's value x points scored, byes too"),
    ("WIN", (2, 0, 1, 2, 0, 2), "byes and forfeit wins count"),
    ("WON", (2, 0, 0, 1, 0, 1), "over the board only"),
    ("BPG", (1, 1, 0, 2, 1, 1), "3's forfeit with Black is not a game played"),
    ("BWG", (1, 0, 0, 1, 0, 1), "won with Black over the board"),
    ("REP", (3, 2, 3, 3, 1, 3), "all rounds but VURs: 2's bye, 5's forfeit and absence"),
    ("PS", (5.5, 3.0, 2.0, 3.0, 1.5, 4.0), "running scores added up"),
    ("PS/C1", (4.5, 2.5, 2.0, 3.0, 1.0, 3.0), "without the first round"),
    ("KS", (2.5, 0.5, 0.0, 0.0, 0.5, 0.0), "against 1, 2, 4, 6 (at least 1.5 of 3)"),
    ("KS/L80", (0.0, 0.5, 0.0, 0.0, 0.0, 0.0), "against 1 only (at least 2.4)"),
    ("ARO", (1700, 1800, 1600, 1900, 1900, 1900), "played games only"),
    ("ARO/C1", (1800, 2000, 1700, 2000, None, 2000), "lowest rating dropped; 5: none left"),
]


@pytest.mark.parametrize(
    ("name", "expected", "why"), HAND_WORKED, ids=[row[0] for row in HAND_WORKED]
)
def test_hand_worked(name: str, expected: tuple, why: str):
    assert values(MAIN, name) == dict(zip(range(1, 7), expected)), why


def test_tournament_performance_rating():
    # 1: 2.5 / 3 = 83% -> dp 273 over ARO 1700; 3: 0% -> -800
    assert values(MAIN, "TPR") == {1: 1973, 2: 1800, 3: 800, 4: 1900, 5: 1900, 6: 1900}


def test_perfect_tournament_performance():
    ptp = values(MAIN, "PTP")
    # 5 scored 0.5 against 1900: differences 0-3 give 0.50, so 1897 is the lowest rating
    assert ptp[5] == 1897
    # 2 scored 1 against 1600 and 2000: at 1798, 0.76 + 0.24; at 1797, 0.75 + 0.24
    assert ptp[2] == 1798
    # 4 scored 1 against 2000 and 1800: at 1899, 0.36 + 0.64; at 1898, 0.36 + 0.63
    assert ptp[4] == 1899
    # a zero score: the lowest opponent's rating - 800
    assert ptp[3] == 1500 - 800


def test_averages_of_opponents():
    # APRO: 2 met 5 (TPR 1900) and 1 (1973): 1936.5 rounds up
    apro = values(MAIN, "APRO")
    assert (apro[2], apro[1], apro[5]) == (1937, 1867, 1800)
    appo = values(MAIN, "APPO")
    assert (appo[5], appo[3]) == (1798, 1899)
    # AOB: the mean of the opponents' Buchholz, to 0.01
    aob = values(MAIN, "AOB")
    assert (aob[2], aob[4], aob[6]) == (4.0, 5.25, 5.25)


def test_unrated_players_leave_rating_tie_breaks_undefined_unless_rated():
    results = dict(MAIN.results)
    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 0, 5: 1600, 6: 1500}
    t = tournament(results, ratings)
    assert set(values(t, "ARO").values()) == {None}
    # /U1000: unrated players count as 1000: 1 met 4 (1000), 6 (1500), 2 (1900)
    assert values(t, "ARO/U1000")[1] == 1467


DIRECT = tournament(
    {
        1: (game(2, W, "1"), game(3, W, "1"), game(6, B, "0")),
        2: (game(1, B, "0"), game(5, W, "1"), game(4, W, "1")),
        3: (game(4, W, "1"), game(1, B, "0"), game(5, W, "1")),
        4: (game(3, B, "0"), game(6, W, "1"), game(2, B, "0")),
        5: (game(6, W, "1"), game(2, B, "0"), game(3, B, "0")),
        6: (game(5, B, "0"), game(4, B, "0"), game(1, W, "1")),
    },
    {pid: 2000 - 50 * pid for pid in range(1, 7)},
)


def test_direct_encounter_in_a_swiss():
    # 1, 2, 3 on 2 points: 1 beat 2 and 3, who did not meet: 1 scored 2, more than
    # either could reach (1) -> 1 first; 2 and 3 stay tied.
    # 4, 5, 6 on 1 point: 4 and 5 both beat 6 but did not meet: no one is clear.
    rows = standings(DIRECT, "DE")
    assert {r["id"]: r["tiebreaks"]["DE"] for r in rows} == {1: 1, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}
    assert [(r["id"], r["rank"]) for r in rows] == [(1, 1), (2, 2), (3, 2), (4, 4), (5, 4), (6, 4)]


def test_direct_encounter_when_all_met():
    # a round robin of four (a forfeit would count as a game here)
    rr = Tournament(
        players={pid: Player(pid, rating=2000) for pid in (1, 2, 3, 4)},
        results={
            1: (game(2, W, "1"), game(3, B, "="), game(4, W, "0")),
            2: (game(1, B, "0"), game(4, W, "1"), game(3, W, "1")),
            3: (game(4, B, "1"), game(1, W, "="), game(2, B, "0")),
            4: (game(3, W, "0"), game(2, B, "0"), game(1, B, "1")),
        },
        system="Round robin",
    )
    # points: 1: 1.5, 2: 2, 3: 1.5, 4: 1; 1 and 3 tied, drew each other
    assert values(rr, "DE") == {1: 0, 2: 0, 3: 0, 4: 0}
    # WIN does not split them either (one win each): they share second place
    rows = standings(rr, "DE,WIN")
    assert [(r["id"], r["rank"]) for r in rows] == [(2, 1), (1, 2), (3, 2), (4, 4)]


def test_tie_break_names():
    tb = parse_tiebreak("bh/m1")
    assert (tb.acronym, tb.cut_low, tb.cut_high, tb.text) == ("BH", 1, 1, "bh/m1")
    assert [t.text for t in parse_list("BH/C1, BH ,SB,DE")] == ["BH/C1", "BH", "SB", "DE"]
    assert parse_list(None)  # the models file's default list
    with pytest.raises(InputError, match="unknown tie-break 'XYZ'"):
        parse_tiebreak("XYZ")
    with pytest.raises(InputError, match="SB takes no modifier 'M1'"):
        parse_tiebreak("SB/M1")
    with pytest.raises(InputError, match="needs a whole number"):
        parse_tiebreak("BH/Cx")


def test_json_keys_are_the_names_as_written():
    rows = standings(MAIN, "bh/c1,Sb")
    assert list(rows[0]["tiebreaks"]) == ["bh/c1", "Sb"]
