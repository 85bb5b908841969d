"""The class model of a matching model (:mod:`mipair.solver._detail.classes`) solved in HiGHS.

Its lexicographic optimum (:func:`solve`) bounds every matching of the model
from above, the duals of each tier's relaxation rule model columns out
(:func:`ruled_out`), and a model kept open (:class:`Relaxation`) answers
quickly whether columns can be used together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from mipair.solver._detail.classes import Aggregate
from mipair.solver.highs import load, maximiser
from mipair.solver.weights import Weights

if TYPE_CHECKING:
    from highspy import Highs

KEPT_SOLUTIONS = 8  # integer solutions of the class model kept to answer later questions


@dataclass
class Levels:
    """The lexicographic optimum of the class model."""

    levels: list[int]  # each tier's optimum
    counts: np.ndarray  # per class column, how many the optimum uses
    reduced: list[np.ndarray]  # per tier, the reduced cost of every class column
    slack: list[float]  # per tier, its LP bound less its optimum
    mips: int = 0  # tiers whose optimum came from HiGHS's MIP


def _model(
    agg: Aggregate,
    limits: Mapping[str, int],
    pairs: int | None,
    pins: Sequence[tuple[np.ndarray, int]],
) -> tuple[ModuleType, Highs]:
    """The class model in HiGHS (no objective yet): a row per class, per exit
    limit, for the pair count and per pin (class weights, level); an integer
    column per class column. Returns the highspy module and the model."""
    hs = load()
    h = maximiser(hs)
    nclass, ncol = len(agg.count), len(agg.col_a)
    for c in range(nclass):
        hi = float(agg.count[c])
        h.addRow(hi if agg.must[c] else 0.0, hi, 0, [], [])
    extra: dict[str, int] = {}
    for tag, k in limits.items():
        if tag in agg.tags:
            extra[tag] = h.getNumRow()
            h.addRow(0.0, float(k), 0, [], [])
    pair_row = -1
    if pairs is not None:
        pair_row = h.getNumRow()
        h.addRow(float(pairs), float(pairs), 0, [], [])
    for k in range(ncol):
        a, b = int(agg.col_a[k]), int(agg.col_b[k])
        if b >= 0:
            rows, vals = ([a], [2.0]) if a == b else ([a, b], [1.0, 1.0])
            if pair_row >= 0:
                rows, vals = rows + [pair_row], vals + [1.0]
        else:
            tag = agg.tags[-1 - b]
            rows, vals = [a], [1.0]
            if tag in extra:
                rows, vals = rows + [extra[tag]], vals + [1.0]
        h.addCol(0.0, 0.0, hs.kHighsInf, len(rows), np.array(rows, dtype=np.int32), np.array(vals))
    h.changeColsIntegrality(
        ncol, np.arange(ncol, dtype=np.int32), np.array([hs.HighsVarType.kInteger] * ncol)
    )
    for pinned, level in pins:
        _at_least(h, hs, pinned, level)
    return hs, h


def _at_least(h: Highs, hs: ModuleType, vals: np.ndarray, level: int) -> None:
    """Add the row ``vals . counts >= level`` (a tier kept at its level)."""
    nz = np.flatnonzero(vals)
    h.addRow(float(level), hs.kHighsInf, len(nz), nz.astype(np.int32), vals[nz].astype(float))


def _use(h: Highs, hs: ModuleType, least: np.ndarray) -> None:
    """Make every solution use at least ``least[k]`` of each class column k."""
    ncol = len(least)
    h.changeColsBounds(
        ncol, np.arange(ncol, dtype=np.int32), least.astype(float), np.full(ncol, hs.kHighsInf)
    )


def solve(
    agg: Aggregate,
    tiers: Sequence[np.ndarray],
    limits: Mapping[str, int],
    pairs: int | None,
    pins: Sequence[tuple[np.ndarray, int]] = (),
    fixed: Sequence[int] = (),
    mend: bool = False,
) -> Levels | None:
    """Maximise ``tiers`` (a weight per class column) lexicographically over
    the class model with HiGHS; None if it has no solution. ``limits``: at most
    so many exits of a tag; ``pairs``: exactly so many pairs, if given;
    ``pins``: rows (class weights, level) kept; ``fixed``: model columns every
    solution uses; ``mend``: a fractional LP point rounded down may be mended
    (:func:`_rounded`) before the MIP is run.

    A tier's MIP is run only when its LP is fractional and neither the last tier's
    optimum nor the LP point rounded down (:func:`_rounded`) attains its LP bound:
    most fractional tiers are settled so, and their MIPs, one node each, would spend
    their time in HiGHS's rounding heuristics."""
    least = agg.counts_of(fixed)
    if not tiers or least is None:
        return None
    hs, h = _model(agg, limits, pairs, pins)
    ncol = len(agg.col_a)
    out = Levels([], np.zeros(ncol, dtype=np.int64), [], [])
    idx = np.arange(ncol, dtype=np.int32)
    _use(h, hs, least)
    for vals in tiers:
        h.changeColsCost(ncol, idx, vals.astype(float))
        h.setOptionValue("solve_relaxation", True)
        h.run()
        if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
            return None
        bound = h.getInfo().objective_function_value
        solution = h.getSolution()
        reduced = np.asarray(solution.col_dual, dtype=float)
        h.setOptionValue("solve_relaxation", False)
        x = np.asarray(solution.col_value)
        if not _integral(x):  # an integral LP optimum is the MIP's
            found = _without_mip(h, x, vals, bound, out, mend)
            if found is None:
                found = _integer_optimum(h, hs, vals)
                out.mips += 1
            if found is None:
                return None
            x = found
        counts = np.rint(x).astype(np.int64)
        level = int(vals @ counts)
        out.levels.append(level)
        out.counts = counts
        out.reduced.append(reduced)
        out.slack.append(bound - level)
        _at_least(h, hs, vals, level)
    return out


def _integral(x: np.ndarray) -> bool:
    """Whether the column values ``x`` of an LP are all integers."""
    return bool(np.all(np.abs(x - np.rint(x)) < 1e-9))


def _without_mip(
    h: Highs, x: np.ndarray, vals: np.ndarray, bound: float, out: Levels, mend: bool
) -> np.ndarray | None:
    """An integer optimum of the class model ``h`` under ``vals`` found without its
    MIP, its LP (point ``x``, fractional, optimum ``bound``) solved: the last tier's
    optimum (``out``), which meets every pin, or ``x`` rounded down (:func:`_rounded`,
    with ``mend`` mended), when either attains the bound (levels are integers); else None."""
    if out.levels and float(vals @ out.counts) >= bound - 0.5:
        return out.counts
    rounded = _rounded(h, x, mend)
    if rounded is not None and float(vals @ rounded) >= np.floor(bound + 1e-6):
        return rounded
    return None


def _rounded(h: Highs, x: np.ndarray, mend: bool = False) -> np.ndarray | None:
    """The LP point ``x`` of the model ``h`` rounded down, with ``mend`` then mended
    where rows fall short (:func:`_mend`): an integer point meeting every row of ``h``
    and at least ``x`` rounded down in each column (whose lower bounds are integers),
    or None. HiGHS's MIP takes long to find such a point (an LP with a column at 1/2,
    a point rounded down that falls short by an odd cycle of halves); rounding and
    mending take a few array operations. (A tier's point is mended only when asked,
    on a second try: :meth:`mipair.solver._detail.shortcuts.ClassShortcuts._realized`.)"""
    lp = h.getLp()
    start = np.asarray(lp.a_matrix_.start_)
    rows = _Rows(
        start,
        np.repeat(np.arange(len(x)), np.diff(start)),
        np.asarray(lp.a_matrix_.index_),
        np.asarray(lp.a_matrix_.value_),
        np.asarray(lp.row_lower_),
        np.asarray(lp.row_upper_),
    )
    y = np.floor(x + 1e-9)
    activity = np.bincount(rows.row, weights=rows.value * y[rows.column], minlength=len(rows.low))
    if mend and not _mend(rows, y, activity, x - y, np.asarray(lp.col_upper_)):
        return None
    return y if rows.met(activity) else None


@dataclass
class _Rows:
    """A HiGHS model's rows, read column-wise (one entry per nonzero)."""

    start: np.ndarray  # per column, where its nonzeros start
    column: np.ndarray  # per nonzero, its column
    row: np.ndarray  # per nonzero, its row
    value: np.ndarray  # per nonzero, its coefficient
    low: np.ndarray  # per row, its lower bound
    high: np.ndarray  # per row, its upper bound

    def met(self, activity: np.ndarray) -> bool:
        """Whether ``activity`` (per row) lies within every row's bounds."""
        return bool(np.all(activity >= self.low - 1e-9) and np.all(activity <= self.high + 1e-9))


def _mend(
    rows: _Rows, y: np.ndarray, activity: np.ndarray, lost: np.ndarray, ceiling: np.ndarray
) -> bool:
    """Raise columns of the integer point ``y`` (row ``activity``, both updated in
    place) one at a time while rows fall short of their lower bounds: each time the
    column that cuts the total shortfall most without taking a row over its upper
    bound or itself over its ``ceiling`` (of those, the one rounding lost most of:
    ``lost``). Whether no row falls short at the end (False: no column cuts it)."""
    n = len(y)
    while True:
        short = np.maximum(rows.low - activity, 0.0)
        if not short.any():
            return True
        after = activity[rows.row] + rows.value  # per nonzero: its row with one more
        over = np.bincount(rows.column, after > rows.high[rows.row] + 1e-9, n)
        cut = np.bincount(
            rows.column, short[rows.row] - np.maximum(rows.low[rows.row] - after, 0.0), n
        )
        cut[(over > 0) | (y + 1 > ceiling + 1e-9)] = 0.0
        if cut.max() < 0.5:
            return False
        best = np.flatnonzero(cut == cut.max())
        k = int(best[np.argmax(lost[best])])
        y[k] += 1
        lost[k] -= 1
        activity[rows.row[rows.start[k] : rows.start[k + 1]]] += rows.value[
            rows.start[k] : rows.start[k + 1]
        ]


def _integer_optimum(h: Highs, hs: ModuleType, vals: np.ndarray) -> np.ndarray | None:
    """The class model's MIP under the weights ``vals``: its column values, or None
    when it has no proven optimum."""
    h.run()
    if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
        return None
    x = np.asarray(h.getSolution().col_value)
    if h.getInfo().mip_dual_bound > int(vals @ np.rint(x).astype(np.int64)) + 0.5:
        return None
    return x


class Relaxation:
    """The class model of a matching model's current state, kept to test
    quickly whether columns can be used together: when the class model
    cannot make their counts, no matching of the model can use them (every
    matching's counts solve it). Pins whose weights are not class-wise are
    left out, which keeps it a relaxation."""

    def __init__(
        self,
        agg: Aggregate,
        pins: Sequence[tuple[Weights, int]],
        limits: Mapping[str, int],
        pairs: int | None,
    ) -> None:
        self.agg = agg
        self.hs, self.h = _model(agg, limits, pairs, agg.pins(pins))
        self.memo: dict[bytes, bool] = {}
        self.found: list[np.ndarray] = []  # integer solutions seen, the latest first

    def allows(self, cols: Iterable[int]) -> bool:
        """Whether the class model can use every column of ``cols`` (model
        columns) at once."""
        need = self.agg.counts_of(sorted(set(cols)))
        if need is None:
            return False
        key = need.tobytes()
        if key not in self.memo:
            self.memo[key] = self._feasible(need)
        return self.memo[key]

    def _known(self, need: np.ndarray) -> bool:
        """Whether an integer solution already seen uses at least ``need`` of every
        class column: it is then a solution under these bounds too (only the lower
        bounds change between questions). Asked when the LP is fractional, before
        the integer program, which is most of a question's cost (HiGHS's rounding
        heuristics at the root). Not before the LP: HiGHS's LPs would then start
        from older bases, more of them fractional."""
        for k, x in enumerate(self.found):
            if np.all(x >= need):
                self.found.insert(0, self.found.pop(k))
                return True
        return False

    def _feasible(self, need: np.ndarray) -> bool:
        """Whether the class model has an integer solution using at least ``need`` of
        each class column: its linear relaxation first (infeasible: none; an integral
        optimum: one), the integer program only when the relaxation's answer is
        fractional, no solution seen will do (:meth:`_known`) and it does not round
        down and mend to one (:func:`_rounded`). A solution found is kept."""
        h, status = self.h, self.hs.HighsModelStatus
        _use(h, self.hs, need)
        h.setOptionValue("solve_relaxation", True)
        x = None
        try:
            h.run()
            relaxed = h.getModelStatus()
            if relaxed == status.kInfeasible:
                return False
            if relaxed == status.kOptimal:
                x = np.asarray(h.getSolution().col_value)
                if _integral(x):
                    self._keep(x)
                    return True
        finally:
            h.setOptionValue("solve_relaxation", False)
        if self._known(need):
            return True
        rounded = _rounded(h, x, mend=True) if x is not None else None
        if rounded is not None:
            self._keep(rounded)
            return True
        h.run()
        if h.getModelStatus() == status.kInfeasible:
            return False
        if h.getModelStatus() == status.kOptimal:
            self._keep(np.asarray(h.getSolution().col_value))
        return True

    def _keep(self, x: np.ndarray) -> None:
        """Keep the integer solution ``x`` first among those seen (at most
        ``KEPT_SOLUTIONS``)."""
        self.found.insert(0, np.rint(x).astype(np.int64))
        del self.found[KEPT_SOLUTIONS:]

    def most(self, weights: Weights, fixed: Iterable[int]) -> int | None:
        """An upper bound on the total of ``weights`` over every matching of the
        model that uses the columns ``fixed``: the class model's optimum; None
        when the weights are not class-wise or it has no answer."""
        vals = self.agg.weigh(weights)
        need = self.agg.counts_of(sorted(set(fixed)))
        if vals is None or need is None:
            return None
        h, hs, ncol = self.h, self.hs, len(need)
        idx = np.arange(ncol, dtype=np.int32)
        _use(h, hs, need)
        h.changeColsCost(ncol, idx, vals.astype(float))
        try:
            h.run()
            if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                return None
            return int(np.floor(h.getInfo().mip_dual_bound + 1e-6))
        finally:
            h.changeColsCost(ncol, idx, np.zeros(ncol))


def ruled_out(agg: Aggregate, opt: Levels, chosen: Sequence[int]) -> np.ndarray:
    """A mask of the model columns that no answer as good as ``opt`` can use,
    those of ``chosen`` (such an answer) aside: each class's dual of a tier's
    relaxation, given to every node of the class, is a dual solution of the
    matching model with the same bound, under which such a column's reduced
    cost is below minus the tier's slack (reduced-cost fixing; levels are
    integers, hence the 1/2)."""
    bad = np.zeros(len(agg.col_a), dtype=bool)  # per class column
    for reduced, slack in zip(opt.reduced, opt.slack):
        bad |= reduced < -(slack + 0.5 + 1e-9 * abs(slack))
    out: np.ndarray = bad[np.maximum(agg.col_of, 0)] & (agg.col_of >= 0)
    out[np.asarray(chosen, dtype=np.int64)] = False
    return out
