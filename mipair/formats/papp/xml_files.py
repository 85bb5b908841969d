"""PAPP's XML outputs (manual 6.3, ``XML true``): ``rounds.xml`` and ``stand###.xml``.

The manual names the files; their content is PAPP 1.36's (its ``xml.c``, see
formats/papp.md, section 7): a document type declared inside the file, a
``Tournament`` root with the tournament's ``Name``, then

* ``rounds.xml``: every round paired so far, each with its ``Number``, its
  ``Pairs`` in table order (``Table``, ``BlackPlayer`` and ``WhitePlayer``
  with ``Name``, ``Id`` and, once entered, ``Score``: the player's discs) and
  its ``NotPairedPlayers`` (present but without a game: Bip, or not paired yet);
* ``stand###.xml``: the standings after one round, one ``Player`` a line
  (``HasLeftTournament`` when out, ``Place`` shared by equal points,
  ``Points``, ``TieBreak``, ``Name``, ``Id``, ``Country``).

Names are escaped (PAPP wrote them as they are); the standings come from the
pairing system (:mod:`mipair.systems.papp.scoring`), passed in.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from mipair.formats.papp.event import Event, Round
from mipair.formats.papp.figures import format_discs, format_points, format_tiebreak

ROUNDS_FILE = "rounds.xml"
STANDINGS_FILE = "stand###.xml"
ROUNDS_TYPE = (
    ("Tournament", "(Name,Rounds)"),
    ("Rounds", "(Round*)"),
    ("Round", "(Number, Pairs, NotPairedPlayers)"),
    ("Pairs", "(Pair*)"),
    ("NotPairedPlayers", "(NotPairedPlayer*)"),
    ("Pair", "(Table?, BlackPlayer, WhitePlayer)"),
    ("BlackPlayer", "(Name, Id?, Score?)"),
    ("WhitePlayer", "(Name, Id?, Score?)"),
    ("NotPairedPlayer", "(Name, Id?)"),
    ("Name", "(#PCDATA)"),
    ("Number", "(#PCDATA)"),
    ("Table", "(#PCDATA)"),
    ("Id", "(#PCDATA)"),
    ("Score", "(#PCDATA)"),
)
STANDINGS_TYPE = (
    ("Tournament", "(Name,Standing)"),
    ("Standing", "(Number, Players)"),
    ("Players", "(Player*)"),
    ("Player", "(HasLeftTournament?, Place, Points, TieBreak?, Name, Id?, Country?)"),
    ("HasLeftTournament", "EMPTY"),
    ("Name", "(#PCDATA)"),
    ("Number", "(#PCDATA)"),
    ("Place", "(#PCDATA)"),
    ("Points", "(#PCDATA)"),
    ("TieBreak", "(#PCDATA)"),
    ("Id", "(#PCDATA)"),
    ("Country", "(#PCDATA)"),
)


class StandingLine(Protocol):
    """One player's line of the standings, as the pairing system computes it."""

    @property
    def id(self) -> int: ...
    @property
    def points(self) -> int: ...  # half-points
    @property
    def tiebreak(self) -> Fraction: ...
    @property
    def present(self) -> bool: ...


def _document(root: ET.Element, declared: tuple[tuple[str, str], ...], creator: str) -> str:
    """The XML text: declaration, document type, creator comments, then ``root`` (tabs)."""
    ET.indent(root, space="\t")
    kinds = "\n".join(f"<!ELEMENT {name} {content}>" for name, content in declared)
    stamp = time.strftime("%Y/%m/%d %H:%M")
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f"<!DOCTYPE Tournament [\n{kinds}\n]>\n\n"
        f"<!-- Creator: {creator} -->\n<!-- CreationDate: {stamp} -->\n\n"
        + ET.tostring(root, "unicode")
        + "\n"
    )


def _text(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag).text = str(value)


def _player(parent: ET.Element, tag: str, event: Event, pid: int, discs: int | None) -> None:
    node = ET.SubElement(parent, tag)
    _text(node, "Name", event.player(pid).full_name)
    _text(node, "Id", pid)
    if discs is not None:
        _text(node, "Score", format_discs(discs, event.settings.total_discs))


def _round(parent: ET.Element, event: Event, rnd: Round) -> None:
    node = ET.SubElement(parent, "Round")
    _text(node, "Number", rnd.number)
    pairs = ET.SubElement(node, "Pairs")
    total = event.settings.total_discs
    for table, game in enumerate(rnd.games, 1):
        pair = ET.SubElement(pairs, "Pair")
        _text(pair, "Table", table)
        white_discs = None if game.black_discs is None else total - game.black_discs
        _player(pair, "BlackPlayer", event, game.black, game.black_discs)
        _player(pair, "WhitePlayer", event, game.white, white_discs)
    alone = ET.SubElement(node, "NotPairedPlayers")
    seated, present = rnd.seats, set(event.present(rnd.number))
    for pid in event.ids:  # in the order of registration
        if pid in present and pid not in seated:
            player = ET.SubElement(alone, "NotPairedPlayer")
            _text(player, "Name", event.player(pid).full_name)
            _text(player, "Id", pid)


def rounds_xml(event: Event, creator: str) -> str:
    """Every round paired so far (``rounds.xml``)."""
    root = ET.Element("Tournament")
    _text(root, "Name", event.settings.name)
    rounds = ET.SubElement(root, "Rounds")
    for rnd in event.rounds:
        if rnd.paired:
            _round(rounds, event, rnd)
    return _document(root, ROUNDS_TYPE, creator)


def standings_xml(event: Event, after: int, lines: Sequence[StandingLine], creator: str) -> str:
    """The standings ``lines`` (best first) after round ``after`` (``stand###.xml``)."""
    root = ET.Element("Tournament")
    _text(root, "Name", event.settings.name)
    standing = ET.SubElement(root, "Standing")
    _text(standing, "Number", after)
    players = ET.SubElement(standing, "Players")
    place, last = 0, None
    for k, line in enumerate(lines, 1):
        if line.points != last:
            place, last = k, line.points
        node = ET.SubElement(players, "Player")
        if not line.present:
            ET.SubElement(node, "HasLeftTournament")
        _text(node, "Place", place)
        _text(node, "Points", format_points(line.points))
        _text(node, "TieBreak", format_tiebreak(line.tiebreak))
        _text(node, "Name", event.player(line.id).full_name)
        _text(node, "Id", line.id)
        _text(node, "Country", event.country_of(line.id))
    return _document(root, STANDINGS_TYPE, creator)
