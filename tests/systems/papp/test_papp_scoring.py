"""Othello scoring: points, discs, Buchholz, Brightwell (the manuals' example), result entry."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from mipair.desk.papp.entries import Entry, parse_entry, record
from mipair.errors import InputError
from mipair.formats.papp.config_file import parse_config
from mipair.formats.papp.event import Event, Game, Round, Settings
from mipair.formats.papp.event_file import parse_event, read_event
from mipair.formats.papp.players import PlayerRecord
from mipair.systems.papp.scoring import standings, team_standings
from tests.support.paths import ROOT

SAMPLE = ROOT / "scenarios" / "papp" / "sample.papp"


def brightwell_event(beta: Decimal) -> Event:
    """A beats B 33/31, then has Bip; B wins his second game (against C)."""
    players = tuple(PlayerRecord(k, n) for k, n in ((1, "A"), (2, "B"), (3, "C")))
    rounds = (Round(1, (Game(1, 2, 33),), bip=3), Round(2, (Game(2, 3, 40),), bip=1))
    return Event(Settings(brightwell=beta), players, rounds)


def by_id(event: Event) -> dict[int, object]:
    return {ln.id: ln for ln in standings(event)}


def test_brightwell_example_is_83() -> None:
    a = by_id(brightwell_event(Decimal(6)))[1]
    assert (a.points, a.tiebreak) == (4, 83)  # 2 points; (33 + 32) + 6 x (1 + 2)
    # PAPP 1.22 wrote the same coefficient as 3 for half-point Buchholz: 'brightwell = 3'
    old = parse_config("brightwell = 3;").brightwell
    assert by_id(brightwell_event(old))[1].tiebreak == 83


def test_brightwell_zero_is_discs_and_discless_is_buchholz() -> None:
    a = by_id(brightwell_event(Decimal(0)))[1]
    assert a.tiebreak == a.discs == 33 + 40  # 40: the discs scored against Bip
    chess = Event(
        Settings(total_discs=2, bip_discs=0),
        brightwell_event(Decimal(6)).players,
        (Round(1, (Game(1, 2, 2),), bip=3), Round(2, (Game(2, 3, 1),), bip=1)),
    )
    lines = by_id(chess)
    # A: won, then Bip (a draw against himself: his own 2 points) -> B's 0.5 + A's 2
    assert lines[1].points == 4 and lines[1].tiebreak == Fraction(5, 2)
    assert lines[2].buchholz == 4 + 3 and lines[2].points == 1


def test_hand_checked_three_round_event() -> None:
    event = read_event(SAMPLE)
    table = [(ln.id, ln.points, ln.tiebreak, ln.discs, ln.buchholz) for ln in standings(event)]
    # computed by hand, see the comments in the sample file's documentation (formats/papp.md)
    assert table == [
        (1, 6, 134, 107, 9),
        (2, 4, 131, 100, 9),
        (3, 3, 131, 103, 9),
        (4, 3, 125, 98, 9),
        (5, 2, 121, 96, 9),
    ]
    # 3 and 4 drew 32/32: tied on points, tie-break and discs, by name as PAPP (JONES, MARTIN)
    assert [(ln.id, ln.points) for ln in standings(event, after=1)] == [
        (1, 2),
        (5, 2),
        (4, 1),
        (3, 1),
        (2, 0),
    ]
    assert team_standings(event) == [("F", 11), ("GB", 7)]


def test_withdrawn_opponents_count_as_a_draw_against_oneself() -> None:
    event = read_event(SAMPLE).with_round(Round(4, absent=frozenset({5})))
    lines = by_id(event)
    assert lines[1].tiebreak == 134 - 40 + 50  # round 2 vs 5: now 32 + 6 x 3
    assert lines[4].tiebreak == 125 - 44 + 41  # round 3 vs 5: now 32 + 6 x 1.5
    assert not lines[5].present and lines[1].present


def test_result_entry_forms() -> None:
    assert parse_entry("145 40", 64) == Entry(145, 40)
    assert parse_entry("145+4", 64) == Entry(145, 34)
    assert parse_entry("145=", 64) == Entry(145, 32)
    assert parse_entry("145-6", 64) == Entry(145, 29)
    assert parse_entry("7 + 10", 100) == Entry(7, 55)
    assert parse_entry("-145", 64) == parse_entry("145e", 64) == Entry(145, None)
    assert parse_entry("laz 40", 64) == Entry("laz", 40)  # a name, or its start (manual 2.3)
    assert parse_entry("poi35", 64) == Entry("poi", 35)
    assert parse_entry("DUPONT-MOREL Jean-Luc -8", 64) == Entry("DUPONT-MOREL Jean-Luc", 28)
    assert parse_entry("-laz", 64) == Entry("laz", None)
    for bad, total in (("145+3", 64), ("145=", 33), ("145 70", 64), ("14540", 64), ("145", 64)):
        with pytest.raises(InputError):
            parse_entry(bad, total)


def test_record_fills_the_round_being_played() -> None:
    event = read_event(SAMPLE).with_round(Round(4, (Game(2, 1), Game(3, 5)), bip=4))
    event, done = record(event, "1-6")
    assert done.game == Game(2, 1, 35) and done.round == 4 and not done.correction
    event, _ = record(event, "3 20")
    assert event.completed == 4 and by_id(event)[2].points == 4 + 2
    with pytest.raises(InputError, match="no game"):
        record(event.with_round(Round(5, (Game(1, 2),))), "4 30")
    fifth = event.with_round(Round(5, (Game(1, 2), Game(3, 4))))
    _, by_name = record(fifth, "jon 40")  # JONES Anna (4): the start of a name
    assert by_name.game == Game(3, 4, 24)
    twins = fifth.with_round(Round(5, (Game(1, 2), Game(3, 5))))
    with pytest.raises(InputError, match="could be"):  # 'ma': MARTIN and MARTINEZ
        record(twins.__class__(twins.settings, _renamed(twins), twins.rounds), "ma 40")
    with pytest.raises(InputError, match="no player of round 5"):
        record(fifth, "bernard 40")  # not in a game of round 5


def test_points_are_counted_on_discs() -> None:
    text = SAMPLE.read_text().replace("game 3 32/32 4", "game 3 33/31 4")
    lines = by_id(parse_event(text))
    assert (lines[3].points, lines[4].points) == (4, 2)


def _renamed(event: Event) -> tuple:
    """The players with BERNARD renamed MARTINEZ, so that 'ma' names two players."""
    from dataclasses import replace as changed

    return tuple(changed(p, name="MARTINEZ") if p.id == 5 else p for p in event.players)
