"""The HiGHS side of a matching model: its columns, rows and bounds.

Edges are binary columns, every node has a degree row, exits cover a node without a
partner, the pair count and each exit limit have a row, and every pinned level too.
A large graph's edge columns stay out of HiGHS until they are needed (column
generation: :mod:`mipair.solver._detail.pricing`); a column that enters joins every
row it belongs to. :class:`HighsModel` keeps the map between the model's columns and
HiGHS's, the rows a new column joins, and sets the bounds of columns forbidden or
forced.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from mipair.allocator import give_back_freed
from mipair.solver._detail.state import ModelState
from mipair.solver.arrays import Floats, Ints
from mipair.solver.edges import ColumnSet, mask, search
from mipair.solver.errors import Infeasible
from mipair.solver.highs import copy_of, give_back, load, maximiser
from mipair.solver.weights import KeyedWeights, Tier, Weights
from mipair.solver.weights import weights as as_weights

if TYPE_CHECKING:
    from highspy import Highs

Row = tuple[float, float, Ints | Sequence[int], Floats | Sequence[float]]  # lo, hi, cols, vals


class HighsModel:
    """The HiGHS instance of one model and the bookkeeping of its columns and rows."""

    def __init__(self, state: ModelState) -> None:
        self.state = state
        problem = state.problem
        n, ne = problem.n, problem.ne
        self.hs = load()
        self.h: Highs = maximiser(self.hs)
        self._give_back_when_collected()
        # columns in the HiGHS model: ours -> theirs (-1: not there) and back
        self.at: Ints = np.full(problem.m, -1, dtype=np.int32)
        self.ours: list[int] = []
        self._ours_cache: Ints = np.zeros(0, dtype=np.int64)  # as of its last growth
        self.integer = 0  # HiGHS's columns 0 .. integer-1 are marked integer
        # rows every new column must join: node -> degree row, the pair count,
        # exit tags -> limit rows, and (row, weights) of each pin and cut
        self.rows = 0
        self.degree: Ints = np.full(n, -1, dtype=np.int64)
        covered = np.zeros(n, dtype=bool)
        covered[problem.ends[0]] = covered[problem.ends[1]] = True
        covered[problem.exit_node] = True
        must_mask = mask(n, problem.must)
        stranded = np.flatnonzero(must_mask & ~covered)
        if len(stranded):
            raise Infeasible(f"node {int(stranded[0])} has no edge")
        nodes = np.flatnonzero(covered)
        self.degree[nodes] = self.add_empty_rows(must_mask[nodes].astype(float), 1.0)
        pairs = problem.fixed_pairs
        if pairs and not ne:
            raise Infeasible(f"{pairs} pairs asked of a model with no edge")
        self.pair_row = (
            self.add_row(float(pairs), float(pairs), [], []) if pairs is not None and ne else -1
        )
        self.limit_row = {
            tag: self.add_row(0.0, float(limit), [], [])
            for tag, limit in problem.exit_limits.items()
            if problem.by_tag.get(tag)
        }
        self.exit_limit: Ints = np.array(
            [self.limit_row.get(tag, -1) for _, tag in problem.exits], dtype=np.int64
        )
        self.pin_rows: list[tuple[int, Weights]] = []  # (row, weights) of each pin and cut
        self.enter(np.flatnonzero(~state.inactive.mask))

    def _give_back_when_collected(self) -> None:
        """The instance goes back to the spares (:func:`mipair.solver.highs.give_back`)
        when the model is collected."""
        self._return = weakref.finalize(self, give_back, self.h, self.hs)
        self._return.atexit = False

    def release_solver(self) -> None:
        """Let HiGHS's solver data go, the model and its basis kept: the instance is
        replaced by a copy (:func:`mipair.solver.highs.copy_of`), and the next LP
        starts from the basis. For a model that waits while a part of it is asked alone."""
        self._return.detach()  # the old instance goes with its arrays
        self.h = copy_of(self.h, self.hs)
        self._give_back_when_collected()
        give_back_freed()  # the old instance's arrays, in a large round

    # -- decisions ------------------------------------------------------------
    def forbid(self, e: int) -> None:
        """Column e may not be used."""
        state = self.state
        state.banned.add(e)
        state.inactive.discard(e)
        if self.at[e] >= 0:
            self.h.changeColBounds(int(self.at[e]), 0.0, 0.0)

    def forbid_all(self, cols: Ints | Sequence[int]) -> None:
        """Columns ``cols`` may not be used."""
        cols = np.asarray(cols, dtype=np.int64)
        self.state.banned.update(cols)
        self.state.inactive.take(cols)
        theirs = self.at[cols]
        self.set_upper(theirs[theirs >= 0], 0.0)

    def force(self, e: int) -> None:
        """Column e must be used."""
        self.state.inactive.discard(e)
        self.state.forced.add(e)
        if self.at[e] < 0:
            self.enter([e])
        self.h.changeColBounds(int(self.at[e]), 1.0, 1.0)

    def let_in(self, cols: ColumnSet | Iterable[int]) -> bool:
        """Activate inactive edge columns; whether any was."""
        new = self.state.inactive.take(cols)
        self.enter(new)
        return bool(len(new))

    def objective(self, weights: Tier) -> Floats:
        """Make ``weights`` the objective, in the state and in HiGHS; the cost array."""
        cost = np.zeros(self.state.problem.m)
        w = as_weights(weights)
        if isinstance(w, KeyedWeights):
            cost[: len(w.keys)] = w.table[w.keys.key]
        else:
            cost[w.cols] = w.vals
        self.state.cost = cost
        if self.ours:
            self.h.changeColsCost(
                len(self.ours), np.arange(len(self.ours), dtype=np.int32), cost[self.ours_array()]
            )
        return cost

    # -- rows -----------------------------------------------------------------
    def add_row(
        self, lo: float, hi: float, cols: Ints | Sequence[int], vals: Floats | Sequence[float]
    ) -> int:
        """Add a row over our columns ``cols`` (those in HiGHS); its index."""
        return self.add_rows([(lo, hi, cols, vals)])[0]

    def add_rows(self, rows: Sequence[Row]) -> list[int]:
        """Add rows ``lo <= sum vals[k] x[cols[k]] <= hi`` over our columns (those in
        HiGHS), each ``(lo, hi, cols, vals)``, in one call; their indices."""
        if not rows:
            return []
        starts, index, value = [], [], []
        size = 0
        for _, _, cols, vals in rows:
            idx = self.at[np.asarray(cols, dtype=np.int64)]
            there = idx >= 0
            starts.append(size)
            index.append(idx[there])
            value.append(np.asarray(vals, dtype=float)[there])
            size += len(index[-1])
        k = len(rows)
        self.h.addRows(
            k,
            np.array([float(lo) for lo, _, _, _ in rows]),
            np.array([float(hi) for _, hi, _, _ in rows]),
            size,
            np.array(starts, dtype=np.int32),
            np.concatenate(index).astype(np.int32),
            np.concatenate(value),
        )
        self.rows += k
        return list(range(self.rows - k, self.rows))

    def add_empty_rows(self, lower: Floats, upper: float) -> Ints:
        """Add rows with no column yet, bounds ``lower[k]`` to ``upper``, in one call; their
        indices (the degree rows: columns join them as they enter)."""
        k = len(lower)
        if k:
            self.h.addRows(
                k,
                np.asarray(lower, dtype=float),
                np.full(k, float(upper)),
                0,
                np.zeros(k, dtype=np.int32),
                np.zeros(0, dtype=np.int32),
                np.zeros(0),
            )
        self.rows += k
        return np.arange(self.rows - k, self.rows)

    # -- columns --------------------------------------------------------------
    def entries(self, cols: Ints) -> tuple[Ints, Ints, Floats]:
        """The rows the columns ``cols`` belong to, with their coefficients (odd-set
        rows aside): three arrays (position in ``cols``, row, value), each column's
        rows in the order degree, pair count or exit limit, pins."""
        ne = self.state.problem.ne
        parts: list[tuple[Ints, Ints, Floats]] = []

        def add(at: Ints, rows: Ints | int, vals: Floats | float = 1.0) -> None:
            """Entries at ``at``: one row and value for all, or one per column."""
            parts.append(
                (
                    at,
                    np.broadcast_to(np.asarray(rows, dtype=np.int64), at.shape),
                    np.broadcast_to(np.asarray(vals, dtype=float), at.shape),
                )
            )

        at = np.flatnonzero(cols < ne)
        ends = self.state.problem.ends[:, cols[at]]
        add(at, self.degree[ends[0]])
        add(at, self.degree[ends[1]])
        if self.pair_row >= 0:
            add(at, self.pair_row)
        at = np.flatnonzero(cols >= ne)
        if len(at):
            which = cols[at] - ne
            add(at, self.degree[self.state.problem.exit_node[which]])  # each exit's degree row,
            limit = self.exit_limit[which]  # then its limit's
            add(at[limit >= 0], limit[limit >= 0])
        for row, weights in self.pin_rows:
            if isinstance(weights, KeyedWeights):
                vals = weights.at(cols)
                hit = np.flatnonzero(vals)
                add(hit, row, vals[hit])
                continue
            if not len(weights):
                continue
            i = np.minimum(search(weights.cols, cols), len(weights.cols) - 1)
            hit = np.flatnonzero(weights.cols[i] == cols)
            add(hit, row, weights.vals[i[hit]])
        at, rows, vals = (np.concatenate(x) for x in zip(*parts))
        order = np.argsort(at, kind="stable")
        return at[order], rows[order], vals[order]

    def enter(self, given: Ints | Sequence[int]) -> None:
        """Put our columns ``given`` into the HiGHS model, bounds [0, 1], integer,
        with their cost and every row they join."""
        if not len(given):
            return
        cols = np.asarray(given, dtype=np.int64)
        at, rows, vals = self.entries(cols)
        k = len(cols)
        starts = np.searchsorted(at, np.arange(k)).astype(np.int32)
        first = len(self.ours)
        self.h.addCols(
            k,
            self.state.cost[cols],
            np.zeros(k),
            np.ones(k),
            len(rows),
            starts,
            rows.astype(np.int32),
            vals,
        )
        self.at[cols] = np.arange(first, first + k)
        self.ours += cols.tolist()

    def all_integer(self) -> None:
        """Before a MIP, mark the columns entered since the last one integer (the LPs
        solve the relaxation; a HiGHS call has a fixed cost whatever its size)."""
        first, k = self.integer, len(self.ours)
        if first < k:
            kind = np.full(k - first, int(self.hs.HighsVarType.kInteger), np.uint8)
            self.h.changeColsIntegrality(k - first, np.arange(first, k, dtype=np.int32), kind)
            self.integer = k

    def ours_array(self) -> Ints:
        """``ours`` as an array (read only), made again only when columns have entered
        (they are only ever appended)."""
        if len(self._ours_cache) != len(self.ours):
            self._ours_cache = np.array(self.ours, dtype=np.int64)
        return self._ours_cache

    def values(self, theirs: Sequence[float]) -> Floats:
        """Column values of the HiGHS model as values of all our columns."""
        x = np.zeros(self.state.problem.m)
        if self.ours:
            x[self.ours_array()] = theirs
        return x

    def set_upper(self, theirs: Sequence[int] | Ints, upper: float) -> None:
        """Set the bounds of HiGHS columns ``theirs`` to [0, upper]."""
        k = len(theirs)
        if k:
            idx = np.asarray(theirs, dtype=np.int32)
            self.h.changeColsBounds(k, idx, np.zeros(k), np.full(k, upper))
