"""What every pairing system hands back: a round's boards, and how a pairing is judged.

These are plain data shared by all systems (:mod:`mipair.systems.base`), the
command line, the checker and the service.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Board:
    """One game of the round: pairing ids of White and Black."""

    white: int
    black: int


@dataclass(frozen=True)
class RoundPairing:
    """A round's pairing in publication order, plus the pairing-allocated bye."""

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None

    def pairs(self) -> set[frozenset[int]]:
        """The pairs as unordered sets (colours ignored)."""
        return {frozenset((b.white, b.black)) for b in self.boards}


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
    value: object
    better: str = HIGHER
    where: str = ""  # e.g. "bracket of score 2.5"
