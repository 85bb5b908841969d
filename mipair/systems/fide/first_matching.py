"""A round's first matching: a pairing of every player, in an odd round of all but one.

Before its brackets a round needs one matching of the whole field: the
absolute criteria can be met, and the windows start from it. With no
objective, that is a feasibility question, which SAT answers over the round's
pairs (minicard: :func:`mipair.solver.witness.sat_matching`), over the core of
them in a large field (:func:`mipair.systems.fide.sparse.core`), as its models
start from. :func:`sat_mate` asks SAT alone, with no HiGHS model, for a
caller that has another way to go when SAT finds none (the Dutch bye question,
:func:`mipair.systems.fide.dutch.procedure2026.bye_score`);
:func:`everyone_paired` asks the matching model, which goes on to a MIP;
:func:`completable` makes it the round's first matching, or says that the
absolute criteria allow no pairing (Dutch 2026 and Burstein C4).
"""

from __future__ import annotations

from collections.abc import Sequence

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.witness import sat_matching
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.sparse import core


def sat_mate(field: RoundField, takers: Sequence[int]) -> list[int] | None:
    """A matching of the field as ``mate`` per player (a single maps to itself):
    every player paired but at most one of ``takers`` (exactly one in an odd
    field), along the round's pairs; None when SAT finds none within its budget."""
    edges = field.edges
    chosen = core(edges, field.scores)
    if chosen is None:
        ends: dict[int, tuple[int, ...]] = dict(enumerate(edges))
    else:
        pairs = edges.take(chosen)
        ends = dict(zip(chosen, pairs))
    singles = range(len(edges), len(edges) + len(takers))
    ends.update((c, (v,)) for c, v in zip(singles, takers))
    picked = sat_matching(field.n, ends, ends, range(field.n), (), None, {"single": (singles, 1)})
    if picked is None:
        return None
    mate = list(range(field.n))
    for c in picked:
        if c < len(edges):
            u, v = ends[c]
            mate[u], mate[v] = v, u
    return mate


def everyone_paired(field: RoundField) -> list[int]:
    """A pairing of every player of an even field as ``mate`` per player; raises
    :class:`mipair.solver.errors.Infeasible` when the absolute criteria allow none.
    Asked of the matching model with no objective, which asks SAT first
    (:meth:`mipair.solver.lexmatch.LexMatcher.maximise`) and lets in the pairs
    outside the core only when it must."""
    n = field.n
    model = LexMatcher(n, field.edges, range(n), n // 2, core=core(field.edges, field.scores))
    model.maximise([])
    return model.answer.mate()


def completable(field: RoundField, rules: str) -> None:
    """An even field: some pairing of everyone exists (NoPairingError if not, naming the
    edition's ``rules``); it becomes the round's first matching, which the brackets'
    models start from."""
    try:
        field.hint = everyone_paired(field)
    except Infeasible:
        raise NoPairingError(f"no pairing satisfies the absolute criteria ({rules})") from None
