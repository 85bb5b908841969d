"""The pinned rows of a matching model: objective levels kept as rows.

After each lexicographic tier is maximised its optimum is pinned, a row
``sum weights[c] x_c >= level`` that every later question's answers must meet.
:class:`PinnedRows` adds those rows to HiGHS (a group of them in one call) and
hands their weights to the columns that enter later.

Each row is over every column not forbidden. Inactive columns keep their
coefficients: they join the row when they enter the model, and pricing judges them
on it meanwhile. The bound is exact, with no slack for rounding: a pinned optimum
then cuts the matching polytope along one of its faces, whose vertices are
matchings, so the LP of the next question stays integral (a slack of 1/2 would let
it mix an optimal matching with a worse one, and send most questions to branch and
bound).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.state import ModelState
from mipair.solver.weights import KeyedWeights, Tier, Weights
from mipair.solver.weights import weights as as_weights


class PinnedRows:
    """The pins of one model (kept in its state) as HiGHS rows."""

    def __init__(self, state: ModelState, highs: HighsModel) -> None:
        self.state = state
        self.highs = highs

    def pin(self, weights: Tier, at_least: int) -> None:
        """Add the row ``sum weights[e] x_e >= at_least`` (an objective level kept)."""
        self.pin_all([(weights, at_least)])

    def pin_packed(self, packed: Tier, level: int, levels: Sequence[tuple[Tier, int]]) -> None:
        """Pin the optimum of a solved group of tiers as one row, ``packed`` (their packed
        total) at ``level``, and defer each tier's ``levels``: the same integer answers,
        fewer rows in every LP after it. When an LP comes out fractional those rows are
        added after all (:meth:`strengthen`): over the LP relaxation a row a tier cuts
        off more than their sum, and spares branch and bound."""
        self.pin(packed, level)
        self.state.deferred.extend((as_weights(tier), at_least) for tier, at_least in levels)

    def strengthen(self) -> bool:
        """Add the deferred rows (:meth:`pin_packed`); whether there were any."""
        state = self.state
        if not state.deferred:
            return False
        levels, state.deferred = state.deferred, []
        self.pin_all(levels)
        return True

    def pin_all(self, levels: Sequence[tuple[Tier, int]]) -> None:
        """:meth:`pin` each ``(weights, at_least)`` in turn (the plain tiers'
        rows added to HiGHS together, in the same order)."""
        plain: list[tuple[Weights, int]] = []
        for weights, at_least in levels:
            w = as_weights(weights)
            self.state.pins.append((w, at_least))
            if isinstance(w, KeyedWeights):
                self._plain_rows(plain)
                plain = []
                self._keyed_row(w, at_least)
            else:
                plain.append((w, at_least))
        self._plain_rows(plain)

    def _keyed_row(self, w: KeyedWeights, at_least: int) -> None:
        """The row of keyed weights: its columns in HiGHS only, never all of them."""
        highs = self.highs
        ours = np.sort(highs.ours_array())
        vals = w.at(ours)
        ok = (vals != 0) & ~self.state.banned.mask[ours]
        if ok.any() or len(w) > self.state.banned.count or self._any_unbanned(w):
            row = highs.add_row(
                float(at_least), highs.hs.kHighsInf, ours[ok], vals[ok].astype(float)
            )
            # the columns banned now never enter: the table serves as the row's weights
            highs.pin_rows.append((row, w))

    def _plain_rows(self, levels: Sequence[tuple[Weights, int]]) -> None:
        """The rows of plain (not keyed) weights, each ``(weights, at_least)``, added
        to HiGHS in one call (a weight with no column left gets none)."""
        highs = self.highs
        banned = self.state.banned.mask
        kept = [(w, w.without(banned), at_least) for w, at_least in levels]
        kept = [(w, row, at_least) for w, row, at_least in kept if len(row)]
        inf = highs.hs.kHighsInf
        rows = highs.add_rows([(at_least, inf, row.cols, row.vals) for _, row, at_least in kept])
        # the row's weights for the columns that enter later are the pin's own (a
        # banned column never enters): no second copy of each
        highs.pin_rows.extend(zip(rows, (w for w, _, _ in kept)))

    def _any_unbanned(self, w: KeyedWeights) -> bool:
        """Whether a column of non-zero weight in ``w`` is not forbidden."""
        cols = self.state.banned.members()
        return len(w) > int((w.at(cols) != 0).sum())
