"""What every pairing system hands back: a round's boards and its bye.

Plain data shared by all systems (:mod:`mipair.systems.base`), the command
line, the checker and the service, and the one JSON form of a round's boards
(:func:`numbered_boards`); how a pairing is judged is in :mod:`mipair.reports`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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

    def players(self) -> set[int]:
        """Every player of the round: both of each board, and the bye."""
        out = {p for b in self.boards for p in (b.white, b.black)}
        return out | {self.bye} if self.bye is not None else out

    def pairs(self) -> set[frozenset[int]]:
        """The pairs as unordered sets (colours ignored)."""
        return {frozenset((b.white, b.black)) for b in self.boards}


def numbered_boards(
    games: Sequence[tuple[int, int]], extras: Sequence[Mapping[str, int]] = ()
) -> list[dict[str, int]]:
    """Boards in order as every JSON answer gives them: ``board`` (from 1), ``white``,
    ``black`` and what each board carries beyond its players (``extras``, one a board:
    a Go game's ``handicap``)."""
    return [
        {"board": k, "white": white, "black": black, **(extras[k - 1] if extras else {})}
        for k, (white, black) in enumerate(games, 1)
    ]
