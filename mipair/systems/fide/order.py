"""Board order of a published pairing of a FIDE Swiss system (C.04.2 (2026) 3.6).

Boards are sorted by the higher-ranked player's score, then the other
player's score (both highest first, real points without acceleration), then
the higher-ranked player's pairing number; the PAB is listed last. This is
the order of C.04.2 as the reference engine applies it. :func:`published` makes
a round's pairing of its games so, for every FIDE Swiss system.
"""

from __future__ import annotations

from mipair.pairing import Board, RoundPairing
from mipair.systems.fide.state import Snapshot


def board_order(snap: Snapshot, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sort ``(white, black)`` pairs into publication order."""
    players = snap.players

    def key(pair: tuple[int, int]) -> tuple[int, int, int]:
        a, b = (players[pid] for pid in pair)
        hi, lo = (a, b) if (a.score, -a.tpn) > (b.score, -b.tpn) else (b, a)
        return (-hi.score, -lo.score, hi.tpn)

    return sorted(pairs, key=key)


def published(snap: Snapshot, games: list[tuple[int, int]], bye: int | None) -> RoundPairing:
    """``snap``'s round paired: the ``games`` (White's id, Black's id) in board order, and
    the PAB's recipient (None: none)."""
    boards = tuple(Board(white, black) for white, black in board_order(snap, games))
    return RoundPairing(snap.round, boards, bye)
