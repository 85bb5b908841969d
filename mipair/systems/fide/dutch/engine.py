"""Pair a round with the FIDE (Dutch) System as a series of lexicographic matchings.

Every window of the round (a bracket and the next scoregroup) is a matching
model (:class:`mipair.solver.lexmatch.LexMatcher`) whose quality criteria,
declared in order in ``models/dutch-<edition>.toml``, are maximised
lexicographically; then the choices the rules' generation order decides are
frozen one question at a time (:mod:`mipair.systems.fide.dutch.bracket`). How the
brackets follow one another is the edition's procedure object
(:class:`mipair.systems.fide.dutch.procedures.DutchProcedure`); its colour
allocation (Article 5) and the board order close the round.
"""

from __future__ import annotations

from mipair.errors import TooLargeError
from mipair.memory import available_memory
from mipair.pairing import Board, RoundPairing
from mipair.systems.fide.dutch.bracket_rules import BracketRules
from mipair.systems.fide.dutch.field import RoundField
from mipair.systems.fide.dutch.order import board_order
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.state import Snapshot

PAIR_BYTES = 700  # resident memory per candidate pair, measured (benchmark peaks, 2026-11-25):
# 1,000 players 312 MiB (500,000 pairs), 2,000 1,085 MiB (2 million),
# 5,000 6.3-7.3 GB (12.5 million)


def pair_dutch(snap: Snapshot, rules: BracketRules, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``snap.round`` by an edition's bracket ``rules`` and criteria (those of
    ``snap.edition``, or ``edition``)."""
    fits(len(snap.to_pair), available_memory())
    field = RoundField(snap, edition or snap.edition)
    if field.n == 0:
        return RoundPairing(snap.round, ())
    return publish(field, rules.brackets(field), rules)


def fits(n: int, available: int | None) -> None:
    """Refuse (exit 4) a field whose candidate pairs would not fit in ``available``
    bytes (None: unknown), rather than exhaust the machine: the engine holds
    every pair of the players to pair (5,000 players: about 8.7 GB)."""
    need = PAIR_BYTES * n * (n - 1) // 2
    if available is not None and need > available:
        raise TooLargeError(
            f"{n} players to pair need about {need / 2**20:,.0f} MiB of memory "
            f"for their {n * (n - 1) // 2:,} candidate pairs; "
            f"{available / 2**20:,.0f} MiB available"
        )


def publish(field: RoundField, final: dict[int, int], procedure: BracketRules) -> RoundPairing:
    """Colours (the procedure's allocation) and board order of the pairs found
    (vertex -> vertex)."""
    pairs, bye = [], None
    for v, w in final.items():
        if v == w:
            bye = field.players[v].id
        elif v < w:
            pairs.append(procedure.allocate(field.snapshot, field.players[v], field.players[w]))
    boards = tuple(Board(white, black) for white, black in board_order(field.snapshot, pairs))
    return RoundPairing(field.snapshot.round, boards, bye)
