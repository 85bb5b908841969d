"""The rating (ELO) file PAPP writes at the end of a tournament (manual 2.7, 6.5).

The manuals say only that the file is read by JECH for the rating list and
that extra games (finals, play-offs) can be added to it (1.36). Its layout is
PAPP 1.36's (``elo.c``, the World Othello Federation's results format, see
formats/papp.md, section 7)::

    %%Tournament: Open de Paris
    %%Country: F
    %%Date: 11/05/2024
    %%Sender: J. Arbitre

    %%Creator: mipair 0.1.0
    %%CreationDate: 2024/05/11 19:30

    %        ID, NAME, Firstname, COUNTRY, score, disc-count, rating
    %_%     92, FELDBORG, Karsten, DK,  5.5, 241, 2209
    %_% +  700, VAN DIJK, Anna, NL,  2, 170, 0

    %Round: 1

        92 (33)>(31)    145 B

    %%Added results
       145 (40)>(24)     92 B

Players come in the order of the standings, a ``+`` marking a new player
(one of the ``nouveaux`` file); ``score`` is in points. Each game is Black's
number, Black's and White's discs with ``>``, ``=`` or ``<`` between them,
White's number; Bip and absences are not games. ``%`` starts a comment for
JECH, ``%_`` reads as a blank, so the player lines are read by JECH's
rating program while other readers skip them.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from mipair.formats.papp.event import Event
from mipair.formats.papp.figures import format_discs, format_points


@dataclass(frozen=True)
class Heading:
    """What PAPP asks the arbiter before writing the file (the sender, the country...)."""

    tournament: str
    country: str = "??"
    date: str = ""
    sender: str = "??"
    creator: str = "mipair"


@dataclass(frozen=True)
class RatedLine:
    """One player's line of the list: number, half-points, discs."""

    id: int
    points: int
    discs: int


@dataclass(frozen=True)
class ExtraGame:
    """A game added at the end (a final, a play-off): Black, his discs, White, his discs."""

    black: int
    black_discs: int
    white: int
    white_discs: int


def _game(black: int, black_discs: int, white: int, white_discs: int, total: int) -> str:
    sign = ">" if black_discs > white_discs else "<" if black_discs < white_discs else "="
    first, second = format_discs(black_discs, total), format_discs(white_discs, total)
    return f"{black:6d} ({first}){sign}({second}) {white:6d} B"


def rating_file(
    event: Event,
    heading: Heading,
    lines: Sequence[RatedLine],
    new_players: Collection[int] = (),
    extra: Sequence[ExtraGame] = (),
) -> str:
    """The rating file of ``event``: ``lines`` in the order of the standings, then every game."""
    total = event.settings.total_discs
    out = [
        f"%%Tournament: {heading.tournament}",
        f"%%Country: {heading.country}",
        f"%%Date: {heading.date}",
        f"%%Sender: {heading.sender}",
        "",
        f"%%Creator: {heading.creator}",
        f"%%CreationDate: {time.strftime('%Y/%m/%d %H:%M')}",
    ]
    if lines:
        out += ["", "%        ID, NAME, Firstname, COUNTRY, score, disc-count, rating"]
        for line in lines:
            who = event.player(line.id)
            mark = "+" if line.id in new_players else " "
            points = format_points(line.points)
            points = f"{points:>2}" if "." not in points else f"{points:>4}"
            out.append(
                f"%_% {mark}{line.id:6d}, {who.name}, {who.firstname}, "
                f"{event.country_of(line.id)}, {points}, {format_discs(line.discs, total)}, "
                f"{who.rating or 0}"
            )
        out += [""]
    for rnd in event.rounds:
        played = [g for g in rnd.games if g.black_discs is not None]
        if not rnd.complete and not played:
            continue
        out += ["", f"%Round: {rnd.number}", ""]
        for g in played:
            assert g.black_discs is not None
            out.append(_game(g.black, g.black_discs, g.white, total - g.black_discs, total))
    if extra:
        out += ["", "", "%%Added results"]
        out += [_game(x.black, x.black_discs, x.white, x.white_discs, total) for x in extra]
    return "\n".join(out) + "\n"
