"""The Baku acceleration (FIDE C.04.7, formerly C.04.5.1) as TRF-2026 250 records.

A tournament created with the Baku acceleration (192 code ``..._BAKU``) gets
its virtual points written as explicit 250 records, so that every pairing
program reading the file (``mipair solve``, bbpPairings, which lets 250
records override its own reading of the code) pairs with the same values:

* group A: the first 2 * ceil(N / 4) players of the initial order, N the
  players registered; until round 1 is paired the list is open and group A
  is drawn again at every registration;
* the accelerated rounds are the first ceil(R / 2) of R rounds: group A has a
  win's points in the first ceil(ceil(R / 2) / 2) of them and a draw's in the
  others; group B and the later rounds none. In a match system (Double-Swiss)
  the rounds are matches, the points a match won's then a match drawn's, each
  written on the match's game-1 TRF round (DS17);
* a late entry placed before the last player of group A joins group A (the
  last player of group A stays the same player) with the same virtual points.
"""

from __future__ import annotations

from math import ceil

from mipair.desk.chess.document import ChessEvent
from mipair.model import Acceleration, Points


def is_baku(event: ChessEvent) -> bool:
    """Whether the tournament's 192 code asks for the Baku acceleration."""
    from mipair.desk.chess.settings import system_of

    return system_of(event)[2]


def group_a_size(players: int) -> int:
    """C.04.7: the first half of the players, rounded up to an even number (2 * ceil(N/4))."""
    return 2 * ceil(players / 4)


def virtual_points(event: ChessEvent) -> dict[int, Points]:
    """TRF round -> the virtual points of group A (a win's, then a draw's). In a match system
    the rounds are matches, each written on its game-1 TRF round, and the points a match won's,
    then a match drawn's (``models/double-swiss-2026.md``, DS17)."""
    accelerated = ceil(event.total_rounds / 2)
    full = ceil(accelerated / 2)
    points = event.tournament.point_system
    return {
        event.columns(r)[0]: (points.win if r <= full else points.draw) * event.games
        for r in range(1, accelerated + 1)
    }


def drawn(event: ChessEvent) -> ChessEvent:
    """Group A drawn from the players registered (before round 1 is paired)."""
    values = virtual_points(event)
    size = min(group_a_size(len(event.tournament.players)), len(event.tournament.players))
    return event.changed(
        accelerations=tuple(
            Acceleration(pid, r, value)
            for pid in range(1, size + 1)
            for r, value in sorted(values.items())
            if value
        )
    )


def late_entry(event: ChessEvent, number: int) -> ChessEvent:
    """The accelerations after player ``number`` was registered (see the module docstring)."""
    if not is_baku(event):
        return event
    if event.paired == 0:
        return drawn(event)
    group = [a for a in event.tournament.accelerations if a.round == 1]
    last = max((a.player for a in group), default=0)
    if number >= last:
        return event
    model = [a for a in event.tournament.accelerations if a.player == last]
    joined = tuple(Acceleration(number, a.round, a.points) for a in model)
    ordered = sorted(event.tournament.accelerations + joined, key=lambda a: (a.player, a.round))
    return event.changed(accelerations=tuple(ordered))
