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

from mipair.pairing import RoundPairing
from mipair.systems.fide.dutch.bracket_rules import BracketRules
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.footprint import refuse_too_large
from mipair.systems.fide.order import published
from mipair.systems.fide.state import Snapshot


def pair_dutch(snap: Snapshot, rules: BracketRules, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``snap.round`` by an edition's bracket ``rules`` and criteria (those of
    ``snap.edition``, or ``edition``)."""
    refuse_too_large(snap)
    field = RoundField(snap, edition or snap.edition)
    if field.n == 0:
        return RoundPairing(snap.round, ())
    return publish(field, rules.brackets(field), rules)


def publish(field: RoundField, final: dict[int, int], procedure: BracketRules) -> RoundPairing:
    """Colours (the procedure's allocation) and board order of the pairs found
    (vertex -> vertex)."""
    pairs, bye = [], None
    for v, w in final.items():
        if v == w:
            bye = field.players[v].id
        elif v < w:
            pairs.append(procedure.allocate(field.snapshot, field.players[v], field.players[w]))
    return published(field.snapshot, pairs, bye)
