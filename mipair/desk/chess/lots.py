"""The drawing of lots at the desk: pairing numbers drawn before round 1 (a round robin's).

A round robin's players get their numbers by lot, not by the initial order
(C.05): once every player is registered, :func:`draw` renumbers them by the
system's drawing of lots from the arbiter's seed (by federation with Varma's
tables), records the draw in the file and sets the tournament type and the
number of rounds the table plays (the rounds given at ``new`` decide the
cycles: one cycle's rounds, or two for a double round robin). A player
registered after the draw takes his place in the initial order again, so
the lots must then be drawn anew (C.05 also has a new draw after a
withdrawal before round 1). Refused once a round is paired.
"""

from __future__ import annotations

from mipair.desk.chess import engine
from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.settings import system_of
from mipair.errors import InputError


def draw(event: ChessEvent, seed: str, by_federation: bool = False) -> ChessEvent:
    """The event with its players' numbers drawn by lot from ``seed`` (see the module
    docstring)."""
    if event.paired:
        raise InputError(
            f"round {event.paired} is paired already: the lots are drawn before round 1",
            field="round",
        )
    system, _, _ = system_of(event)
    t = engine.draw_lots(event.tournament, system, seed, by_federation)
    return event.changed(
        players=t.players,
        results=t.results,
        accelerations=t.accelerations,
        forbidden=t.forbidden,
        comments=t.comments,
        system=t.system,
        total_rounds=t.total_rounds,
    )
