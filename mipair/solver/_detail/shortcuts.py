"""Questions of a matching model answered on its class model first.

When every tier weighs a column by the classes of its nodes alone, the small class
model of :mod:`mipair.solver._detail.classes` bounds every answer; a matching that
makes its optimal counts is optimal, and its duals forbid columns for good.
:class:`ClassShortcuts` gives a model that path (:meth:`ClassShortcuts.settle`) and
the class model as a quick test of which columns can be used together
(:meth:`ClassShortcuts.relaxation`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.solver._detail.class_solve import Levels, Relaxation, ruled_out, solve
from mipair.solver._detail.classes import Aggregate, aggregate
from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.pins import PinnedRows
from mipair.solver._detail.realize import realize
from mipair.solver._detail.state import ModelState
from mipair.solver.arrays import Ints
from mipair.solver.edges import mask
from mipair.solver.weights import Tier, Weights, total
from mipair.solver.weights import weights as as_weights


class ClassShortcuts:
    """The class model of one model's current state."""

    def __init__(self, state: ModelState, highs: HighsModel, pins: PinnedRows) -> None:
        self.state = state
        self.highs = highs
        self.pins = pins

    def aggregate(self, classes: Ints) -> Aggregate:
        """The class model of the usable columns (:func:`classes.aggregate`), ``classes``
        a class per node such that every tier asked weighs a column by the classes of
        its nodes alone."""
        state = self.state
        problem = state.problem
        return aggregate(
            problem.n,
            problem.ends,
            problem.exits,
            ~state.banned.mask,
            mask(problem.n, problem.must),
            classes,
        )

    def settle(self, tiers: Sequence[Tier], agg: Aggregate) -> bool:
        """Settle the tiers from the class model ``agg``: its lexicographic optimum
        bounds every answer, so an answer that makes its counts is optimal; it
        becomes the current one, every tier is pinned at its level, and the columns
        its reduced costs rule out are forbidden. False (nothing changed) when the
        tiers are not class-wise, or no such answer is found."""
        state = self.state
        vals = [agg.weigh(as_weights(t)) for t in tiers]
        if any(v is None for v in vals):
            return False
        fixed = sorted(state.forced)
        found = self._realized(agg, tiers, [v for v in vals if v is not None], fixed)
        if found is None:
            return False
        opt, chosen = found
        state.solution = chosen
        self.highs.forbid_all(np.flatnonzero(ruled_out(agg, opt, chosen)))
        for tier, level in zip(tiers, opt.levels):
            self.pins.pin(tier, level)
        state.lp.duals = state.lp.row_duals = None
        return True

    def _realized(
        self, agg: Aggregate, tiers: Sequence[Tier], vals: list[Ints], fixed: list[int]
    ) -> tuple[Levels, list[int]] | None:
        """The class model's lexicographic optimum under the tiers (``vals``: their
        class weights; :func:`mipair.solver._detail.class_solve.solve`) and the model
        columns of an answer that makes its counts (:func:`realize`,
        :meth:`_answers`), or None.

        The counts are handed out in order, which may fail for one optimum and not
        for another: when HiGHS's MIP gave a tier's optimum and no answer was found
        from it (none realised, or one the checks refuse), the class model is solved
        again with its tiers' LP points mended instead (mending first finds fewer
        answers in large rounds, taking them to the matching model's MIPs)."""
        state = self.state
        problem = state.problem
        pins = agg.pins(state.pins)
        for mend in (False, True):
            opt = solve(agg, vals, self.limit_counts(), problem.fixed_pairs, pins, fixed, mend)
            if opt is None:
                return None
            chosen = realize(agg, opt.counts, problem.ends, problem.exits, fixed)
            if chosen and self._answers(chosen, tiers, opt.levels):
                return opt, chosen
            if not opt.mips:
                return None
        return None

    def _answers(self, chosen: list[int], tiers: Sequence[Tier], levels: list[int]) -> bool:
        """Whether the columns ``chosen`` (let into the model) are an answer of the
        model with the tiers at ``levels`` that the caller's check accepts."""
        state = self.state
        self.highs.let_in(np.asarray(chosen, dtype=np.int64))
        check = state.problem.check
        return (
            state.satisfies(chosen)
            and all(total(t, chosen) == level for t, level in zip(tiers, levels))
            and (check is None or check(chosen) is None)
        )

    def limit_counts(self) -> dict[str, int]:
        """The exit limits, tag -> most exits."""
        return {tag: k for tag, (_, k) in self.state.problem.limits.items()}

    def relaxation(self, agg: Aggregate, pins: Sequence[tuple[Weights, int]]) -> Relaxation:
        """The class model ``agg`` kept open with the pins ``pins`` where class-wise
        (:class:`mipair.solver._detail.class_solve.Relaxation`): a quick test of
        which columns no answer can use along with the forced ones."""
        return Relaxation(agg, pins, self.limit_counts(), self.state.problem.fixed_pairs)
