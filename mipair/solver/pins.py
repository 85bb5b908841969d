"""The pinned rows of a matching model: objective levels kept as rows.

After each lexicographic tier is maximised its optimum is pinned, a row
``sum weights[c] x_c >= level`` that every later question's answers must meet
(:meth:`mipair.solver.lexmatch.LexMatcher.maximise`). :class:`PinnedRows` adds
those rows to HiGHS (a group of them in one call), keeps them for the columns
that enter later (:mod:`mipair.solver.columns`), and checks a 0/1 answer
against them.
"""

from __future__ import annotations

from collections.abc import Sequence

from mipair.solver.columns import PricedColumns
from mipair.solver.weights import KeyedWeights, Tier, Weights
from mipair.solver.weights import weights as as_weights


class PinnedRows(PricedColumns):
    """Pinned objective levels as HiGHS rows (the base of
    :class:`mipair.solver.matching.MatchingModel`, which sets these up)."""

    pins: list[tuple[Weights, int]]  # every pinned level (and cut), in order
    deferred: list[tuple[Weights, int]]  # levels a packed pin implies, not yet rows
    _pins_met: tuple[tuple[int, ...], int]  # a solution, and how many pins it meets

    def pin(self, weights: Tier, at_least: int) -> None:
        """Add the row ``sum weights[e] x_e >= at_least`` (an objective level kept)."""
        self.pin_all([(weights, at_least)])

    def pin_packed(self, packed: Tier, level: int, levels: Sequence[tuple[Tier, int]]) -> None:
        """Pin the optimum of a solved group of tiers as one row, ``packed`` (their packed
        total) at ``level``, and keep each tier's ``levels`` in :attr:`deferred`: the same
        integer solutions, fewer rows in every LP after it. When an LP comes out
        fractional those rows are added after all (:meth:`strengthen`): over the
        LP relaxation a row a tier cuts off more than their sum (a 115-player round
        4 without them: one MIP of 809 nodes, 16.6 s, where it took 0.8 s)."""
        self.pin(packed, level)
        self.deferred.extend((as_weights(tier), at_least) for tier, at_least in levels)

    def strengthen(self) -> bool:
        """Add the deferred rows (:meth:`pin_packed`); whether there were any."""
        if not self.deferred:
            return False
        levels, self.deferred = self.deferred, []
        self.pin_all(levels)
        return True

    def pin_all(self, levels: Sequence[tuple[Tier, int]]) -> None:
        """:meth:`pin` each ``(weights, at_least)`` in turn (the plain tiers'
        rows added to HiGHS together, in the same order)."""
        plain: list[tuple[Weights, int]] = []
        for weights, at_least in levels:
            w = as_weights(weights)
            self.pins.append((w, at_least))
            if isinstance(w, KeyedWeights):
                self._plain_rows(plain)
                plain = []
                self._keyed_row(w, at_least)
            else:
                plain.append((w, at_least))
        self._plain_rows(plain)

    # Each row is ``sum weights[e] x_e >= at_least`` over every column not forbidden.
    # Inactive columns keep their coefficients: they join the row when they enter the
    # model, and pricing judges them on it meanwhile. The bound is exact, with no slack
    # for rounding: a pinned optimum then cuts the matching polytope along one of its
    # faces, whose vertices are matchings, so the LP of the next question stays integral
    # (a slack of 1/2 let it mix an optimal matching with a worse one and sent most
    # questions to branch and bound).

    def _keyed_row(self, w: KeyedWeights, at_least: int) -> None:
        """The row of keyed weights: its columns in HiGHS only, never all of them."""
        np = self._np
        ours = np.sort(self._ours_array())
        vals = w.at(ours)
        ok = (vals != 0) & ~self.banned_mask()[ours]
        if ok.any() or len(w) > self.banned.count or self._any_unbanned(w):
            row = self._add_row(
                float(at_least), self._hs.kHighsInf, ours[ok], vals[ok].astype(float)
            )
            # the columns banned now never enter: the table serves as the row's weights
            self._pin_rows.append((row, w))

    def _plain_rows(self, levels: Sequence[tuple[Weights, int]]) -> None:
        """The rows of plain (not keyed) weights, each ``(weights, at_least)``, added
        to HiGHS in one call (a weight with no column left gets none)."""
        banned = self.banned_mask()
        kept = [(w, w.without(banned), at_least) for w, at_least in levels]
        kept = [(w, row, at_least) for w, row, at_least in kept if len(row)]
        inf = self._hs.kHighsInf
        rows = self._add_rows([(at_least, inf, row.cols, row.vals) for _, row, at_least in kept])
        # the row's weights for the columns that enter later are the pin's own (a
        # banned column never enters): no second copy of each (2 MiB in a
        # 1,000-player round's window)
        self._pin_rows.extend(zip(rows, (w for w, _, _ in kept)))

    def _any_unbanned(self, w: KeyedWeights) -> bool:
        """Whether a column of non-zero weight in ``w`` is not forbidden."""
        cols = self.banned.members()
        return len(w) > int((w.at(cols) != 0).sum())

    def _meets_pins(self, chosen: list[int]) -> bool:
        """Whether ``chosen`` meets every pinned row. Pins are only ever added, so
        the pins one solution was found to meet are not checked again for it
        (the same answer is asked about after every tier pinned)."""
        key = tuple(chosen)
        seen, met = self._pins_met
        start = met if seen == key else 0
        for pinned, at_least in self.pins[start:]:
            if pinned.total(chosen) < at_least:
                return False
        self._pins_met = (key, len(self.pins))
        return True
