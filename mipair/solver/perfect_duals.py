"""The duals of a perfect-matching LP (:mod:`mipair.solver.perfect`): every edge's reduced
cost, and the weak-duality bound that proves a matching optimal without a MIP."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np

COST_BITS = 20  # costs scaled (by a power of two) below 2**20 for HiGHS's tolerances


class Proof(NamedTuple):
    """The duals of the last LP that priced out: degree rows, then odd-set rows, and the
    edges inside each odd set (every edge, in the model or not) with its (|S|-1)/2."""

    duals: np.ndarray
    cut_edges: list[np.ndarray]
    sizes: list[int]


def scaling(exact: np.ndarray) -> tuple[int, float]:
    """The smallest weight (subtracted) and the power of two the LP costs are divided by."""
    base = int(exact.min())
    spread = int(exact.max()) - base
    return base, 2.0 ** max(0, spread.bit_length() - COST_BITS)  # a power of two: exact


def reduced_costs(
    ends: np.ndarray,
    weight: np.ndarray,
    y: np.ndarray,
    cut_edges: Sequence[np.ndarray],
    dtype: type[np.float64] | type[np.longdouble] | None = None,
) -> np.ndarray:
    """Every edge's reduced cost w - y_u - y_v - (the values of the odd sets holding it).

    ``y``: the degree rows' duals, then the cuts' (as many as ``cut_edges``).
    """
    import numpy as np

    y = np.asarray(y, dtype=dtype or np.float64)
    rc: np.ndarray = np.asarray(weight, dtype=y.dtype) - y[ends[0]] - y[ends[1]]
    n = len(y) - len(cut_edges)
    for c, edges in enumerate(cut_edges):
        if y[n + c]:
            rc[edges] -= y[n + c]
    return rc


def best_columns(rc: np.ndarray, keep: np.ndarray, limit: int | None = None) -> np.ndarray:
    """The edges where ``keep`` holds, the largest reduced cost first (the ``limit`` best)."""
    import numpy as np

    chosen = np.flatnonzero(keep)
    if limit is not None and len(chosen) > limit:
        chosen = chosen[np.argpartition(-rc[chosen], limit)[:limit]]
    best: np.ndarray = chosen[np.argsort(-rc[chosen], kind="stable")]
    return best


def duality_bound(n: int, ends: np.ndarray, weight: np.ndarray, proof: Proof) -> np.longdouble:
    """An upper bound (LP cost units, extended precision) on every perfect matching's weight.

    Weak duality with every edge: a perfect matching M weighs the sum over M of
    (reduced cost + y_u + y_v + the values of its odd sets)
    <= sum(y) + sum over cuts of max(z, 0) (|S| - 1) / 2 + n/2 max(0, largest reduced cost).
    """
    import numpy as np

    wide = np.longdouble
    rc = reduced_costs(ends, weight, proof.duals, proof.cut_edges, dtype=wide)
    z = np.asarray(proof.duals[n:], dtype=wide)
    bound: np.longdouble = (
        np.asarray(proof.duals[:n], dtype=wide).sum()
        + (np.maximum(z, 0) * np.array(proof.sizes, dtype=wide)).sum()
        + (n // 2) * max(wide(0), rc.max())
    )
    return bound
