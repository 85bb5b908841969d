"""What pairing systems report besides a pairing: how a pairing is judged
(criterion values, breaches of absolute rules), standings lines, published rounds.

Plain data shared by the systems, ``why``/``check``/``explain``, the standings
and the service; the command line loads it only when one of those is asked
(a drop-in pairing never needs it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from mipair.pairing import RoundPairing


@dataclass(frozen=True)
class Violation:
    """An absolute rule a pairing breaks, with the players concerned."""

    criterion: str
    players: tuple[int, ...]
    text: str

    def to_json(self) -> dict[str, object]:
        return {"criterion": self.criterion, "players": list(self.players), "text": self.text}


HIGHER, LOWER, ORDER_ONLY = "higher", "lower", ""
"""Directions of a criterion value: more is better, less is better, or only an order."""


@dataclass(frozen=True)
class CriterionValue:
    """One criterion (or weight term, or penalty) evaluated on a whole pairing.

    ``value`` is the quantity ``text`` names; ``better`` says which way is
    better (:data:`HIGHER`, :data:`LOWER`, or :data:`ORDER_ONLY` for a value
    that only tells pairings apart, such as a bracket's pairs).
    """

    id: str
    text: str
    value: float | tuple[object, ...]
    """A number, or a sequence compared element by element (the BSNs of Burstein's
    Article 4, the pairs formed)."""
    better: str = HIGHER
    where: str = ""  # e.g. "bracket of score 2.5"

    def exceeds(self, other: CriterionValue) -> bool:
        """Whether this value is greater than ``other``'s, the same criterion's on another
        pairing: numbers by size, sequences element by element."""
        mine, theirs = self.value, other.value
        if isinstance(mine, tuple) and isinstance(theirs, tuple):
            return mine > theirs
        if not isinstance(mine, tuple) and not isinstance(theirs, tuple):
            return mine > theirs
        raise TypeError(f"criterion {self.id}: {mine!r} and {theirs!r} are not comparable")

    @property
    def number(self) -> float:
        """The value of a criterion whose values are numbers."""
        if isinstance(self.value, tuple):
            raise TypeError(f"criterion {self.id} has a sequence, not a number: {self.value!r}")
        return self.value


@dataclass(frozen=True)
class Standing:
    """One line of the standings: rank, player, points and the system's tie-breaks by name."""

    rank: int
    player: int
    name: str
    points: str
    tie_breaks: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "name": self.name,
            "points": self.points,
            "tie_breaks": dict(self.tie_breaks),
        }


StateT = TypeVar("StateT")


@dataclass(frozen=True)
class PublishedRound(Generic[StateT]):
    """One published round of a tournament and the state it was paired from."""

    state: StateT
    """The system's state the round was paired from."""
    pairing: RoundPairing
