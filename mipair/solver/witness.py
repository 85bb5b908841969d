"""A matching that meets a model's counting constraints, found by SAT.

A question with no objective (is there any matching at all?) is a pure
feasibility question, and HiGHS answers it badly on large graphs: its MIP
searches a perfect matching by branch and bound, and takes long to find one
in a sparse graph of a few thousand nodes. The same question as clauses and
cardinality constraints is quickly answered by minicard (python-sat, which
holds each "at most one" as a native constraint). The layer knows nothing of
chess: nodes are integers, columns index ``ends`` (the pairs, then the exits:
one node each).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

CONFLICTS = 20_000  # SAT's budget: with none, proving that no such matching exists can
# take a clause learner minutes (pigeonhole-like); the MIP decides then


def sat_matching(
    n: int,
    ends: Mapping[int, tuple[int, ...]] | Sequence[tuple[int, ...]],
    columns: Iterable[int],
    must: Collection[int],
    forced: Collection[int],
    pairs: int | None,
    limits: Mapping[str, tuple[Sequence[int], int]],
) -> list[int] | None:
    """Columns (among ``columns``) forming a matching that covers every node of
    ``must`` once and no node twice, uses every column of ``forced``, exactly
    ``pairs`` pairs (when not None) and at most k columns of each limit's
    list; None when there is none among ``columns``, or SAT did not find one
    within its budget."""
    from pysat.solvers import Minicard

    cols = list(columns)
    var = {c: k + 1 for k, c in enumerate(cols)}
    touching: list[list[int]] = [[] for _ in range(n)]
    for c in cols:
        for node in ends[c]:
            touching[node].append(var[c])
    if any(c not in var for c in forced) or any(not touching[v] for v in must):
        return None
    with Minicard() as solver:
        for node, lits in enumerate(touching):
            if node in must:
                solver.add_clause(lits)
            if len(lits) > 1:
                solver.add_atmost(lits, 1)
        for c in forced:
            solver.add_clause([var[c]])
        if pairs is not None and not _implied(n, ends, cols, must, pairs):
            two = [var[c] for c in cols if len(ends[c]) == 2]
            solver.add_atmost(two, pairs)
            solver.add_atmost([-lit for lit in two], len(two) - pairs)
        for listed, k in limits.values():
            solver.add_atmost([var[c] for c in listed if c in var], k)
        solver.conf_budget(CONFLICTS)
        # expect_interrupt: pysat leaves SIGINT to Python (else a Ctrl-C during the solve
        # came out as pysat's own error, an internal error instead of "interrupted");
        # False: no matching, None: the budget spent
        if solver.solve_limited(expect_interrupt=True) is not True:
            return None
        return sorted(cols[lit - 1] for lit in solver.get_model() if lit > 0)


def _implied(
    n: int,
    ends: Mapping[int, tuple[int, ...]] | Sequence[tuple[int, ...]],
    cols: list[int],
    must: Collection[int],
    pairs: int,
) -> bool:
    """Whether "exactly ``pairs`` pairs" follows from the other constraints: every
    node covered once by pairs alone makes n / 2 of them (the cardinality
    constraint over every pair, and its negation, then only slow the solver)."""
    return 2 * pairs == n and len(must) == n and all(len(ends[c]) == 2 for c in cols)
