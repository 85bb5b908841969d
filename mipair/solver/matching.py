"""Lexicographic maximum-weight matching as a MIP solved by HiGHS.

The layer knows nothing of chess: nodes are integers ``0..n-1``, edges are
pairs of nodes, and objectives are *tiers* of integer edge weights maximised
one after another (tier 0 first). After a tier is solved its optimum becomes a
constraint, so tiers never mix in one floating-point weight: every tier's
weights are integers and HiGHS is asked for an exact optimum (absolute gap
below 1), which keeps the lexicographic order exact.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

Edge = tuple[int, int]


@dataclass(frozen=True)
class MatchingProblem:
    """A matching MIP: which nodes must be matched, which edges exist, what to maximise."""

    n: int
    edges: Sequence[Edge]
    tiers: Sequence[Sequence[int]] = ()        # tiers[t][e]: integer weight of edge e in tier t
    must_match: Iterable[int] | None = None    # None: every node must be matched (perfect)
    fixed: Iterable[int] = ()                  # edge indices forced into the matching
    forbidden: Iterable[int] = ()              # edge indices forced out


class Infeasible(Exception):
    """No matching satisfies the hard constraints."""


def _new_highs():
    import highspy  # imported lazily: a CLI call is a whole process

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)      # integer objectives: a gap < 1 is optimal
    h.setOptionValue("threads", 1)
    return h, highspy


def solve_matching(problem: MatchingProblem) -> list[int]:
    """Return the indices of the chosen edges; raise :class:`Infeasible` if none exists.

    Tiers are maximised lexicographically. Ties after the last tier are broken
    by HiGHS, so callers that need a canonical answer add a final tier.
    """
    h, highspy = _new_highs()
    n, edges = problem.n, list(problem.edges)
    m = len(edges)
    inf = highspy.kHighsInf
    must = set(range(n)) if problem.must_match is None else set(problem.must_match)
    fixed, forbidden = set(problem.fixed), set(problem.forbidden)
    lower = [1.0 if e in fixed else 0.0 for e in range(m)]
    upper = [0.0 if e in forbidden else 1.0 for e in range(m)]
    for e in range(m):
        h.addVar(lower[e], upper[e])
    if m:
        h.changeColsIntegrality(m, list(range(m)), [highspy.HighsVarType.kInteger] * m)
    incident: list[list[int]] = [[] for _ in range(n)]
    for e, (u, v) in enumerate(edges):
        incident[u].append(e)
        incident[v].append(e)
    for node in range(n):
        cols = incident[node]
        lo = 1.0 if node in must else 0.0
        if not cols:
            if lo:
                raise Infeasible(f"node {node} has no edge")
            continue
        h.addRow(lo, 1.0, len(cols), cols, [1.0] * len(cols))
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    tiers = list(problem.tiers) or [[0] * m]
    solution: list[float] = []
    for t, weights in enumerate(tiers):
        h.changeColsCost(m, list(range(m)), [float(w) for w in weights]) if m else None
        h.run()
        status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise Infeasible(h.modelStatusToString(status))
        solution = list(h.getSolution().col_value)
        if t + 1 < len(tiers) and m:
            best = round(sum(w * x for w, x in zip(weights, solution)))
            nz = [e for e in range(m) if weights[e]]
            if nz:
                h.addRow(best - 0.5, inf, len(nz), nz, [float(weights[e]) for e in nz])
    return [e for e in range(m) if solution and solution[e] > 0.5]
