"""The HiGHS side of a matching model whose columns enter it on demand.

:class:`mipair.solver.lexmatch.LexMatcher` keeps a large graph's edges out
of HiGHS until they are needed (column generation). This mixin holds what
that takes: the map between the model's columns and HiGHS's, the rows every
entering column must join with its coefficients, the reduced costs of the
columns still outside (from the row duals of the last LP), and reduced-cost
fixing before a MIP. It uses the attributes LexMatcher sets up: ``h``,
``_hs``, ``_np``, ``m``, ``edges``, ``exits``, ``_ends``, ``inactive``,
``banned``, ``forced``, ``_cost``, ``_bound``, ``_duals``, ``_row_duals``,
and the bookkeeping below (``_at``, ``_ours``, ``_rows``, ``_degree``,
``_pair_row``, ``_limit_row``, ``_pin_rows``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mipair.solver.edges import ColumnSet, Edges, search
from mipair.solver.weights import KeyedWeights, Weights

PRICE_BLOCK = 1 << 16  # columns priced at a time (no model-sized temporaries): blocks of
# 512 KiB are reused from the allocator's heap, under the size from which freed blocks go
# back to the system (models/memory.toml; blocks of 8 MiB each came as new pages: a
# 3,000-player round 2's system time 4.6-5.4 s instead of 2.2-2.5 s)


class PricedColumns:
    """Columns in and out of the HiGHS model (the base of
    :class:`mipair.solver.matching.MatchingModel`, which sets these up)."""

    h: Any  # the HiGHS instance
    _hs: Any  # the highspy module
    _np: Any  # numpy
    m: int  # columns: edges, then exits
    edges: Edges
    exits: list[tuple[int, str]]
    _ends: np.ndarray  # the edges' end nodes, shape (2, len(edges))
    inactive: ColumnSet  # edge columns not (yet) in HiGHS
    banned: ColumnSet  # columns forbidden
    forced: set[int]  # columns forced in
    solution: list[int]  # the current answer's columns
    _cost: np.ndarray  # the current objective, per column
    _bound: float | None  # the LP bound of the last relaxation
    _duals: np.ndarray | None  # reduced costs of the last LP, per HiGHS column (as _ours)
    _row_duals: np.ndarray | None  # and its row duals
    _at: np.ndarray  # our column -> HiGHS's (-1: not there)
    _ours: list[int]  # HiGHS's column -> ours
    _rows: int  # rows in HiGHS
    _degree: np.ndarray  # node -> its degree row (-1: none)
    _pair_row: int  # the row of the pair count (-1: none)
    _limit_row: dict[str, int]  # exit tag -> its limit row
    _exit_node: np.ndarray  # each exit's node
    _exit_limit: np.ndarray  # each exit's limit row (-1: none)
    _pin_rows: list[tuple[int, Weights]]  # (row, weights) of each pin and cut
    _ours_cache: np.ndarray  # _ours as an array, as of its last growth
    _integer: int  # HiGHS's columns 0 .. _integer-1 are marked integer

    def banned_mask(self):
        """A mask of the forbidden columns (read only)."""
        return self.banned.mask

    def _add_row(
        self,
        lo: float,
        hi: float,
        cols: Sequence[int] | np.ndarray,
        vals: Sequence[float] | np.ndarray,
    ) -> int:
        """Add a row over our columns ``cols`` (those in HiGHS); its index."""
        return self._add_rows([(lo, hi, cols, vals)])[0]

    def _add_rows(self, rows: Sequence[tuple[float, float, Any, Any]]) -> list[int]:
        """Add rows ``lo <= sum vals[k] x[cols[k]] <= hi`` over our columns (those in
        HiGHS), each ``(lo, hi, cols, vals)``, in one call; their indices."""
        if not rows:
            return []
        starts, index, value = [], [], []
        size = 0
        for _, _, cols, vals in rows:
            idx = self._at[np.asarray(cols, dtype=np.int64)]
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
        self._rows += k
        return list(range(self._rows - k, self._rows))

    def _add_empty_rows(self, lower: np.ndarray, upper: float) -> np.ndarray:
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
        self._rows += k
        return np.arange(self._rows - k, self._rows)

    def _entries(self, cols):
        """The rows the columns ``cols`` (an array) belong to, with their
        coefficients (odd-set rows aside): three arrays (position in ``cols``,
        row, value), each column's rows in the order degree, pair count or
        exit limit, pins."""
        np = self._np
        ne = len(self.edges)
        parts: list[tuple] = []

        def add(at, rows, vals=1.0):  # rows and vals: one for all, or one per column
            parts.append(
                (
                    at,
                    np.broadcast_to(np.asarray(rows, dtype=np.int64), at.shape),
                    np.broadcast_to(np.asarray(vals, dtype=float), at.shape),
                )
            )

        at = np.flatnonzero(cols < ne)
        ends = self._ends[:, cols[at]]
        add(at, self._degree[ends[0]])
        add(at, self._degree[ends[1]])
        if self._pair_row >= 0:
            add(at, self._pair_row)
        at = np.flatnonzero(cols >= ne)
        if len(at):
            which = cols[at] - ne
            add(at, self._degree[self._exit_node[which]])  # each exit's degree row,
            limit = self._exit_limit[which]  # then its limit's
            add(at[limit >= 0], limit[limit >= 0])
        for row, weights in self._pin_rows:
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

    def _enter(self, given: Sequence[int] | np.ndarray) -> None:
        """Put our columns ``given`` into the HiGHS model, bounds [0, 1], integer,
        with their cost and every row they join."""
        if not len(given):
            return
        cols = np.asarray(given, dtype=np.int64)
        at, rows, vals = self._entries(cols)
        k = len(cols)
        starts = np.searchsorted(at, np.arange(k)).astype(np.int32)
        first = len(self._ours)
        self.h.addCols(
            k,
            self._cost[cols],
            np.zeros(k),
            np.ones(k),
            len(rows),
            starts,
            rows.astype(np.int32),
            vals,
        )
        self._at[cols] = np.arange(first, first + k)
        self._ours += cols.tolist()

    def _all_integer(self) -> None:
        """Before a MIP, mark the columns entered since the last one integer (the LPs solve
        the relaxation; a HiGHS call costs about 40 us whatever its size)."""
        first, k = self._integer, len(self._ours)
        if first < k:
            kind = np.full(k - first, int(self._hs.HighsVarType.kInteger), np.uint8)
            self.h.changeColsIntegrality(k - first, np.arange(first, k, dtype=np.int32), kind)
            self._integer = k

    def _ours_array(self) -> np.ndarray:
        """``_ours`` as an array (read only), made again only when columns have entered
        (they are only ever appended)."""
        if len(self._ours_cache) != len(self._ours):
            self._ours_cache = np.array(self._ours, dtype=np.int64)
        return self._ours_cache

    def _values(self, theirs: Sequence[float]):
        """Column values of the HiGHS model as values of all our columns (a numpy array)."""
        np = self._np
        x = np.zeros(self.m)
        if self._ours:
            x[self._ours_array()] = theirs
        return x

    def _priced(self, above: float, most: int | None = None) -> list[int]:
        """Inactive columns whose reduced cost in the last LP exceeds ``above``
        (all of them when there is no LP to price with), at most ``most`` of
        them, the most attractive first.

        An inactive column is not in HiGHS: its reduced cost is its cost less
        the duals of the rows it would join, as :meth:`_entries` lists them
        for an edge (exits are never left out of the model)."""
        if self._row_duals is None:
            return self.inactive.members().tolist()
        np = self._np
        found, rc = self._outside(lambda rc: rc > above)
        if most is not None and len(found) > most:
            found = found[np.argsort(-rc, kind="stable")[:most]]
        return found.tolist()

    def _outside(self, keep):
        """The inactive columns whose reduced cost in the last LP passes
        ``keep`` (a test of an array of reduced costs), and those reduced
        costs: two arrays. Priced a block of columns at a time, so that no
        temporary is the size of the model (a 9,999-player round: 50 million)."""
        np = self._np
        y = self._row_duals
        if len(y) < self._rows:  # rows added since that LP: no dual known yet
            y = np.concatenate([y, np.zeros(self._rows - len(y))])
        ydeg = np.where(self._degree >= 0, y[self._degree], 0.0)
        ends = self._ends
        pair_dual = y[self._pair_row] if self._pair_row >= 0 else 0.0
        priced = [(y[row], weights) for row, weights in self._pin_rows if abs(y[row]) > 1e-12]
        found, costs = [], []
        mask = self.inactive.mask
        ne = ends.shape[1]  # exits are never inactive
        for start in range(0, ne, PRICE_BLOCK):
            stop = min(start + PRICE_BLOCK, ne)
            idle = mask[start:stop]
            if not idle.any():
                continue
            # every column of the block priced (slices, no index arrays the size
            # of the block), the inactive ones kept
            rc = self._cost[start:stop] - ydeg[ends[0][start:stop]]
            rc -= ydeg[ends[1][start:stop]]
            rc -= pair_dual
            if priced:  # the pinned rows' duals, summed in order as one shift
                cols = np.arange(start, stop)
                shift = np.zeros(stop - start)
                for dual, weights in priced:
                    shift += dual * weights.at(cols)
                rc -= shift
            ok = np.flatnonzero(keep(rc) & idle)
            found.append(ok + start)
            costs.append(rc[ok])
        if not found:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        return np.concatenate(found), np.concatenate(costs)

    def _prune(self, floor: float) -> None:
        """Forbid for good every column no solution worth ``floor`` can use.

        Called when the current objective's optimum ``floor`` is pinned: every
        later solution is worth at least ``floor`` under it, so the columns
        that reduced-cost fixing (:meth:`_hold_out`) rules out for that floor,
        in the model or outside it, are out of every later question too."""
        margin = self._margin(floor)
        if margin is None:
            return
        out = self._ruled_out(margin)
        self._set_upper([int(self._at[c]) for c in out], 0.0)
        self.banned.update(out)
        if self.inactive:
            gone, _ = self._outside(lambda rc: rc < -margin)
            self.inactive.take(gone)
            self.banned.update(gone)

    def _hold_out(self, floor: float) -> list[int]:
        """Hold at 0 the model's columns that no solution worth ``floor`` can use.

        By LP duality every solution x satisfies value(x) <= bound - sum of
        |reduced cost| over the columns it uses that the last LP left at 0,
        so a column whose reduced cost is below -(bound - floor) is in no
        solution as good as one worth ``floor`` (reduced-cost fixing; the
        previous answer, still feasible, gives the floor). Returns their
        HiGHS indices, for :meth:`_release`."""
        margin = self._margin(floor)
        held = [] if margin is None else [int(self._at[c]) for c in self._ruled_out(margin)]
        self._set_upper(held, 0.0)
        return held

    def _release(self, held: list[int]) -> None:
        """Undo :meth:`_hold_out`."""
        self._set_upper(held, 1.0)

    def _margin(self, floor: float) -> float | None:
        """How far below 0 a reduced cost in the last LP rules a column out of
        every solution worth ``floor`` (objectives are integers: 1/2 of slack),
        or None when there is no LP of the current objective to judge by."""
        if self._row_duals is None or self._bound is None:
            return None
        return self._bound - floor + 0.5 + 1e-9 * abs(self._bound)

    def _ruled_out(self, margin: float) -> list[int]:
        """The model's columns whose reduced cost is below ``-margin``, except those
        already forbidden or forced, and those of the current answer."""
        if not self._ours:
            return []
        assert self._duals is not None, "reduced costs come from an LP"
        ours = self._ours_array()
        duals = self._duals[: len(ours)]  # per HiGHS column; columns entered since that LP: 0
        duals = np.concatenate([duals, np.zeros(len(ours) - len(duals))])
        out = ours[duals < -margin]
        out = out[~self.banned.mask[out]]
        kept = self.forced.union(self.solution)
        return [c for c in out.tolist() if c not in kept]

    def _set_upper(self, theirs: list[int] | np.ndarray, upper: float) -> None:
        """Set the bounds of HiGHS columns ``theirs`` to [0, upper]."""
        k = len(theirs)
        if k:
            idx = np.asarray(theirs, dtype=np.int32)
            self.h.changeColsBounds(k, idx, np.zeros(k), np.full(k, upper))
