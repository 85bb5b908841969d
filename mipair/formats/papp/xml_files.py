"""PAPP's XML outputs (manual 6.3, ``XML true``): ``rounds.xml`` and ``stand###.xml``.

``rounds.xml`` holds every round in the event (results entered so far and the
latest pairing), rewritten after each change; ``stand###.xml`` the standings
after one complete round. The elements and attributes are described in
formats/papp.md (PAPP's manual names the files, not their content).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol

from mipair.formats.papp.event import Event
from mipair.formats.papp.figures import format_points, format_tiebreak


class StandingLine(Protocol):
    """One player's line of the standings, as the pairing system computes it."""

    @property
    def id(self) -> int: ...
    @property
    def points(self) -> int: ...  # half-points
    @property
    def tiebreak(self) -> Fraction: ...
    @property
    def discs(self) -> int: ...
    @property
    def buchholz(self) -> int: ...  # half-points
    @property
    def present(self) -> bool: ...


def _text(root: ET.Element) -> str:
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def _tournament(event: Event, tag: str) -> ET.Element:
    settings = event.settings
    root = ET.Element(tag, name=settings.name, date=settings.date, discs=str(settings.total_discs))
    if settings.rounds is not None:
        root.set("rounds", str(settings.rounds))
    root.set("black", settings.colours[0])
    root.set("white", settings.colours[1])
    return root


def rounds_xml(event: Event) -> str:
    """Every player and every round of the event (``rounds.xml``)."""
    settings = event.settings
    root = _tournament(event, "papp-rounds")
    players = ET.SubElement(root, "players")
    for person in event.players:
        node = ET.SubElement(
            players,
            "player",
            id=str(person.id),
            name=person.name,
            firstname=person.firstname,
            country=event.country_of(person.id),
        )
        if person.rating is not None:
            node.set("rating", str(person.rating))
        if person.id in event.withdrawn:
            node.set("withdrawn", "true")
    for rnd in event.rounds:
        node = ET.SubElement(
            root, "round", number=str(rnd.number), complete=str(rnd.complete).lower()
        )
        for table, g in enumerate(rnd.games, 1):
            game = ET.SubElement(
                node, "game", table=str(table), black=str(g.black), white=str(g.white)
            )
            if g.black_discs is not None:
                game.set("black-discs", str(g.black_discs))
                game.set("white-discs", str(settings.total_discs - g.black_discs))
        if rnd.bip is not None:
            bip = ET.SubElement(node, "bip", player=str(rnd.bip))
            bip.set("discs", str(settings.total_discs - settings.bip_discs))
            bip.set("bip-discs", str(settings.bip_discs))
        for pid in sorted(rnd.absent):
            ET.SubElement(node, "absent", player=str(pid))
    return _text(root)


def standings_xml(
    event: Event,
    after: int,
    lines: Sequence[StandingLine],
    rank: Mapping[int, int],
    tiebreak: str,
) -> str:
    """The standings ``lines`` after round ``after`` (``stand###.xml``), ``tiebreak`` its name."""
    root = _tournament(event, "papp-standings")
    root.set("round", str(after))
    root.set("tiebreak", tiebreak)
    for ln in lines:
        person = event.player(ln.id)
        ET.SubElement(
            root,
            "player",
            rank=str(rank[ln.id]),
            id=str(ln.id),
            name=person.name,
            firstname=person.firstname,
            country=event.country_of(ln.id),
            points=format_points(ln.points),
            tiebreak=format_tiebreak(ln.tiebreak),
            discs=str(ln.discs),
            buchholz=format_points(ln.buchholz),
            present=str(ln.present).lower(),
        )
    return _text(root)
