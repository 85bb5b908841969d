"""Minimum-weight perfect matching with large integer weights, as a MIP solved by HiGHS.

A generic companion of :mod:`mipair.solver.lexmatch` for penalty systems whose
weights span many orders of magnitude (PAPP: 1 to tens of billions). The
objective stays exact: weights are Python integers, first reduced by node
potentials (subtracting ``y_u + y_v`` from every edge changes every perfect
matching's total by the same constant), then divided by their common
divisor; HiGHS is asked for an absolute gap below one unit with tight
tolerances, and the total returned is recomputed in integers.

Perfect-matching MIPs with many equal weights can make branch and bound slow,
so the LP relaxation is first tightened with odd-set (blossom) inequalities:
while the LP optimum has an odd cycle of fractional edges, the constraint
"at most (|S| - 1) / 2 edges inside S" is added for the cycle's node set S
(valid for every matching). The final solve is still HiGHS's exact MIP.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import gcd
from types import ModuleType
from typing import TYPE_CHECKING

from mipair.solver.errors import Infeasible

if TYPE_CHECKING:
    from highspy import Highs

Edge = tuple[int, int]


def _reduce(n: int, edges: Sequence[Edge], weights: Sequence[int]) -> list[int]:
    """Non-negative weights with the same optimal matchings (potentials, then gcd)."""
    low: list[int | None] = [None] * n
    for (u, v), w in zip(edges, weights):
        for x in (u, v):
            least = low[x]
            if least is None or w < least:
                low[x] = w
    pot = [(lo if lo is not None else 0) // 2 for lo in low]
    red = [w - pot[u] - pot[v] for (u, v), w in zip(edges, weights)]
    base = min(red, default=0)
    red = [w - min(base, 0) for w in red]
    g = 0
    for w in red:
        g = gcd(g, w)
    return [w // g for w in red] if g > 1 else red


def min_weight_perfect_matching(
    n: int, weights: Mapping[Edge, int], fixed: Iterable[Edge] = ()
) -> list[Edge]:
    """Edges of a perfect matching of nodes ``0..n-1`` with the least total weight.

    ``weights`` gives the integer weight of every allowed edge (an edge left
    out cannot be used); ``fixed`` edges must be in the matching. Raises
    :class:`~mipair.solver.lexmatch.Infeasible` when no perfect matching exists.
    """
    from mipair.solver.highs import load

    highspy = load()  # before numpy: it sets how numpy loads
    import numpy as np

    if n % 2:
        raise Infeasible(f"{n} nodes cannot be perfectly matched")
    if n == 0:
        return []
    edges: list[tuple[int, int]] = [(min(e), max(e)) for e in weights]
    if any(u == v or not (0 <= u < n and 0 <= v < n) for u, v in edges):
        raise ValueError("edges must join two different nodes among 0..n-1")
    cost = _reduce(n, edges, [int(weights[e]) for e in weights])
    fixed_set = {tuple(sorted(e)) for e in fixed}
    m = len(edges)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = m, n
    lp.col_cost_ = np.array(cost, dtype=float)
    lp.col_lower_ = np.array([1.0 if e in fixed_set else 0.0 for e in edges])
    lp.col_upper_ = np.ones(m)
    lp.row_lower_ = np.ones(n)
    lp.row_upper_ = np.ones(n)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.arange(0, 2 * m + 1, 2, dtype=np.int32)
    lp.a_matrix_.index_ = np.array([x for e in edges for x in e], dtype=np.int32)
    lp.a_matrix_.value_ = np.ones(2 * m)
    h = highspy.Highs()
    for option, value in (
        ("output_flag", False),
        ("threads", 1),
        ("mip_rel_gap", 0.0),
        ("mip_abs_gap", 0.5),
        ("primal_feasibility_tolerance", 1e-9),
        ("dual_feasibility_tolerance", 1e-9),
        ("mip_feasibility_tolerance", 1e-9),
        ("random_seed", 0),
    ):
        h.setOptionValue(option, value)
    h.passModel(lp)
    _tighten(h, highspy, n, edges)
    h.changeColsIntegrality(
        m, np.arange(m, dtype=np.int32), np.array([highspy.HighsVarType.kInteger] * m)
    )
    h.run()
    status = h.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:
        raise Infeasible(h.modelStatusToString(status))
    x = h.getSolution().col_value
    chosen = [edges[e] for e in range(m) if x[e] > 0.5]
    covered = sorted(v for e in chosen for v in e)
    if covered != list(range(n)):
        raise Infeasible("the solver returned a solution that is not a perfect matching")
    return chosen


def _odd_components(n: int, edges: Sequence[Edge], x: Sequence[float]) -> list[list[int]]:
    """Node sets of the odd connected components of the fractional edges."""
    parent = list(range(n))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    touched: set[int] = set()
    for (u, v), val in zip(edges, x):
        if 1e-6 < val < 1 - 1e-6:
            parent[root(u)] = root(v)
            touched.update((u, v))
    groups: dict[int, list[int]] = {}
    for v in touched:
        groups.setdefault(root(v), []).append(v)
    return [sorted(g) for g in groups.values() if len(g) % 2 and len(g) >= 3]


def _tighten(
    h: Highs, highspy: ModuleType, n: int, edges: Sequence[Edge], rounds: int = 50
) -> None:
    """Add violated odd-set inequalities to the LP relaxation (see the module docstring)."""
    for _ in range(rounds):
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return
        x = h.getSolution().col_value
        cuts = _odd_components(n, edges, x)
        if not cuts:
            return
        for group in cuts:
            inside = set(group)
            cols = [e for e, (u, v) in enumerate(edges) if u in inside and v in inside]
            h.addRow(-highspy.kHighsInf, (len(group) - 1) / 2, len(cols), cols, [1.0] * len(cols))
