"""The engine facade: pair one round of a tournament with a pairing system.

``pair_round(snapshot)`` is what the command line, the checker, the
generator and the service call; it knows which system module does the work.
"""
from __future__ import annotations

from dataclasses import dataclass

from mipair.model import Snapshot

SYSTEMS = ("dutch",)


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


def pair_round(snap: Snapshot, system: str = "dutch") -> RoundPairing:
    """Pair round ``snap.round``; raise NoPairingError when no legal pairing exists.

    The Dutch edition is the one the snapshot was computed for (``snap.rules``).
    """
    if system != "dutch":
        raise ValueError(f"unknown pairing system {system!r} (one of {', '.join(SYSTEMS)})")
    from mipair.systems.dutch.engine import pair_dutch

    return pair_dutch(snap)
