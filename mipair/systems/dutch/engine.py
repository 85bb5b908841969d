"""Pair a round with the FIDE (Dutch) System as a series of lexicographic matchings.

Every window of the round (a bracket and the next scoregroup) is a matching
model (:class:`mipair.solver.lexmatch.LexMatcher`) whose quality criteria,
declared in order in ``models/dutch-<edition>.toml``, are maximised
lexicographically; then the choices the rules' generation order decides are
frozen one question at a time (:mod:`mipair.systems.dutch.bracket`). How the
brackets follow one another is the edition's procedure
(:data:`mipair.systems.dutch.procedures.PROCEDURES`); colours (Article 5) and
the board order close the round.
"""

from __future__ import annotations

from mipair.memory import available_memory, fits
from mipair.model import Snapshot
from mipair.pairing import Board, RoundPairing
from mipair.systems.dutch.colours import allocate
from mipair.systems.dutch.edition import Edition, load_edition
from mipair.systems.dutch.field import RoundField
from mipair.systems.dutch.order import board_order
from mipair.systems.dutch.procedures import Allocation, load_procedure


def pair_dutch(snap: Snapshot, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``snap.round`` by the Dutch rules of ``snap.rules`` (or ``edition``)."""
    fits(len(snap.to_pair), available_memory())
    field = RoundField(snap, edition or load_edition(snap.rules))
    if field.n == 0:
        return RoundPairing(snap.round, ())
    procedure = load_procedure(field.edition.procedure)
    return publish(field, procedure.brackets(field), procedure.allocate)


def publish(
    field: RoundField, final: dict[int, int], allocation: Allocation = allocate
) -> RoundPairing:
    """Colours (``allocation``: Article 5 by default) and board order of the
    pairs found (vertex -> vertex)."""
    pairs, bye = [], None
    for v, w in final.items():
        if v == w:
            bye = field.players[v].id
        elif v < w:
            pairs.append(allocation(field.snapshot, field.players[v], field.players[w]))
    boards = tuple(Board(white, black) for white, black in board_order(field.snapshot, pairs))
    return RoundPairing(field.snapshot.round, boards, bye)
