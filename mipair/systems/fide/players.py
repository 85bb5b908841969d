"""A player present in a round, as a FIDE system's engine numbers it.

The Dubov and Lim engines number the players present by score, then pairing
number (vertex ``i`` the ``i``-th) and add what their text reads of each to the
state of C.04.1 (:class:`~mipair.systems.fide.state.PlayerState`).
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.systems.fide.state import PlayerState


@dataclass(frozen=True)
class RoundPlayer:
    """A player of the round: its C.04.1 state and its vertex."""

    state: PlayerState
    vertex: int

    @property
    def id(self) -> int:
        """The pairing number of the file (the TPN)."""
        return self.state.id

    @property
    def score(self) -> int:
        """The pairing score (with the round's virtual points, C.04.7)."""
        return self.state.pairing_score
