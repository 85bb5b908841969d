"""Column pricing: the reduced costs of a matching model's columns from its last LP.

An edge column outside HiGHS is judged by its reduced cost (its cost less the duals
of the rows it would join), computed from the row duals of the last LP: one that
could improve the LP enters (column generation). The same reduced costs, and the
bound, rule columns out of every answer as good as a known one (reduced-cost
fixing): held at 0 for one MIP, or forbidden for good once that level is pinned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.state import ModelState
from mipair.solver.arrays import Bools, Floats, Ints

PRICE_BLOCK = 1 << 16  # columns priced at a time: no model-sized temporaries, and blocks
# small enough to be reused from the allocator's heap (below the size from which freed
# blocks go back to the system: models/memory.toml)


class ColumnPricing:
    """Reduced costs of the model's columns, and the decisions they prove."""

    def __init__(self, state: ModelState, highs: HighsModel) -> None:
        self.state = state
        self.highs = highs

    def priced(self, above: float, most: int | None = None) -> list[int]:
        """Inactive columns whose reduced cost in the last LP exceeds ``above``
        (all of them when there is no LP to price with), at most ``most`` of
        them, the most attractive first.

        An inactive column is not in HiGHS: its reduced cost is its cost less the
        duals of the rows it would join, as :meth:`HighsModel.entries` lists them
        for an edge (exits are never left out of the model)."""
        entering: list[int]
        if self.state.lp.row_duals is None:
            entering = self.state.inactive.members().tolist()
            return entering
        found, rc = self.outside(lambda rc: rc > above)
        if most is not None and len(found) > most:
            found = found[np.argsort(-rc, kind="stable")[:most]]
        entering = found.tolist()
        return entering

    def outside(self, keep: Callable[[Floats], Bools]) -> tuple[Ints, Floats]:
        """The inactive columns whose reduced cost in the last LP passes ``keep``
        (a test of an array of reduced costs), and those reduced costs: two arrays.
        Priced a block of columns at a time, so that no temporary is the size of the
        model (a large round's has tens of millions of columns)."""
        state, highs = self.state, self.highs
        y = state.lp.row_duals
        assert y is not None, "pricing needs an LP"
        if len(y) < highs.rows:  # rows added since that LP: no dual known yet
            y = np.concatenate([y, np.zeros(highs.rows - len(y))])
        ydeg = np.where(highs.degree >= 0, y[highs.degree], 0.0)
        ends = state.problem.ends
        pair_dual = y[highs.pair_row] if highs.pair_row >= 0 else 0.0
        priced = [(y[row], weights) for row, weights in highs.pin_rows if abs(y[row]) > 1e-12]
        found, costs = [], []
        mask = state.inactive.mask
        ne = ends.shape[1]  # exits are never inactive
        for start in range(0, ne, PRICE_BLOCK):
            stop = min(start + PRICE_BLOCK, ne)
            idle = mask[start:stop]
            if not idle.any():
                continue
            # every column of the block priced (slices, no index arrays the size
            # of the block), the inactive ones kept
            rc = state.cost[start:stop] - ydeg[ends[0][start:stop]]
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

    def prune(self, floor: float) -> None:
        """Forbid for good every column no answer worth ``floor`` can use.

        Called when the current objective's optimum ``floor`` is pinned: every
        later answer is worth at least ``floor`` under it, so the columns that
        reduced-cost fixing (:meth:`hold_out`) rules out for that floor, in the
        model or outside it, are out of every later question too."""
        state, highs = self.state, self.highs
        margin = self._margin(floor)
        if margin is None:
            return
        out = self._ruled_out(margin)
        highs.set_upper([int(highs.at[c]) for c in out], 0.0)
        state.banned.update(out)
        if state.inactive:
            gone, _ = self.outside(lambda rc: rc < -margin)
            state.inactive.take(gone)
            state.banned.update(gone)

    def hold_out(self, floor: float) -> list[int]:
        """Hold at 0 the model's columns that no answer worth ``floor`` can use.

        By LP duality every answer x satisfies value(x) <= bound - sum of |reduced
        cost| over the columns it uses that the last LP left at 0, so a column whose
        reduced cost is below -(bound - floor) is in no answer as good as one worth
        ``floor`` (reduced-cost fixing; the previous answer, still feasible, gives the
        floor). Returns their HiGHS indices, for :meth:`release`."""
        margin = self._margin(floor)
        highs = self.highs
        held = [] if margin is None else [int(highs.at[c]) for c in self._ruled_out(margin)]
        highs.set_upper(held, 0.0)
        return held

    def release(self, held: Sequence[int]) -> None:
        """Undo :meth:`hold_out`."""
        self.highs.set_upper(held, 1.0)

    def _margin(self, floor: float) -> float | None:
        """How far below 0 a reduced cost in the last LP rules a column out of
        every answer worth ``floor`` (objectives are integers: 1/2 of slack),
        or None when there is no LP of the current objective to judge by."""
        lp = self.state.lp
        if lp.row_duals is None or lp.bound is None:
            return None
        return lp.bound - floor + 0.5 + 1e-9 * abs(lp.bound)

    def _ruled_out(self, margin: float) -> list[int]:
        """The model's columns whose reduced cost is below ``-margin``, except those
        already forbidden or forced, and those of the current answer."""
        state, highs = self.state, self.highs
        if not highs.ours:
            return []
        assert state.lp.duals is not None, "reduced costs come from an LP"
        ours = highs.ours_array()
        duals = state.lp.duals[: len(ours)]  # per HiGHS column; those entered since: 0
        duals = np.concatenate([duals, np.zeros(len(ours) - len(duals))])
        out = ours[duals < -margin]
        out = out[~state.banned.mask[out]]
        kept = state.forced.union(state.solution)
        return [c for c in out.tolist() if c not in kept]
