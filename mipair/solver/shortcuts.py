"""Questions of a matching model answered on its class model first.

When every tier weighs a column by the classes of its nodes alone, the small
class model of :mod:`mipair.solver.classes` bounds every answer; a matching
that makes its optimal counts is optimal, and its duals forbid columns for
good. :class:`ClassShortcuts` gives a
:class:`mipair.solver.lexmatch.LexMatcher` that path (:meth:`settle`) and the
class model as a quick test of which columns can be used together
(:meth:`relaxation`).
"""

from __future__ import annotations

from collections.abc import Sequence

from mipair.solver.edges import mask
from mipair.solver.matching import MatchingModel
from mipair.solver.weights import Tier, total
from mipair.solver.weights import weights as as_weights


class ClassShortcuts(MatchingModel):
    """The class model of a matching model (a mixin of LexMatcher: it uses
    ``n``, ``_ends``, ``exits``, ``must``, ``limits``, ``fixed_pairs``,
    ``pins``, ``forced``, ``check``, ``_np`` and the model's methods)."""

    def settle(self, tiers: Sequence[Tier], classes) -> bool:
        """Settle the tiers from the class model (:mod:`mipair.solver.classes`):
        its lexicographic optimum bounds every answer, so an answer that makes
        its counts is optimal; it becomes the current one, every tier is
        pinned at its level, and the columns its reduced costs rule out are
        forbidden. False (nothing changed) when the tiers are not class-wise,
        or no such answer is found. ``classes``: as for :meth:`maximise`."""
        from mipair.solver.class_solve import ruled_out

        np = self._np
        if not tiers:
            return False
        agg = self._aggregate(classes)
        vals = [agg.weigh(as_weights(t)) for t in tiers]
        if any(v is None for v in vals):
            return False
        fixed = sorted(self.forced)
        found = self._realized(agg, tiers, vals, fixed)
        if found is None:
            return False
        opt, chosen = found
        self.solution = chosen
        self.forbid_all(np.flatnonzero(ruled_out(agg, opt, chosen)))
        for tier, level in zip(tiers, opt.levels):
            self.pin(tier, level)
        self._duals = self._row_duals = None
        return True

    def _realized(self, agg, tiers: Sequence[Tier], vals: list, fixed: list[int]):
        """The class model's lexicographic optimum under the tiers (``vals``: their
        class weights; :func:`mipair.solver.class_solve.solve`) and the model columns
        of an answer that makes its counts (:func:`mipair.solver.realize.realize`,
        :meth:`_answers`), or None.

        The counts are handed out in order, which may fail for one optimum and not
        for another: when HiGHS's MIP gave a tier's optimum and no answer was found
        from it (none realised, or one the checks refuse), the class model is solved
        again with its tiers' LP points mended instead (a
        1,000-player round 3, 2017 rules: 163 -> 91 MiB, 6.9 -> 2.6 s, the window's
        MIP spared; mending first took a 9,999-player round 3 from 60 to 103 s, its
        answers no longer found)."""
        from mipair.solver.class_solve import solve
        from mipair.solver.realize import realize

        question = (agg, vals, self._limit_counts(), self.fixed_pairs, agg.pins(self.pins), fixed)
        for mend in (False, True):
            opt = solve(*question, mend=mend)
            if opt is None:
                return None
            chosen = realize(agg, opt.counts, self._ends, self.exits, fixed)
            if chosen and self._answers(chosen, tiers, opt.levels):
                return opt, chosen
            if not opt.mips:
                return None
        return None

    def _answers(self, chosen: list[int], tiers: Sequence[Tier], levels: list[int]) -> bool:
        """Whether the columns ``chosen`` (let into the model) are an answer of the
        model with the tiers at ``levels`` that the caller's check accepts."""
        self._let_in(self._np.asarray(chosen, dtype=self._np.int64))
        return (
            self._satisfies(chosen)
            and all(total(t, chosen) == level for t, level in zip(tiers, levels))
            and (self.check is None or self.check(chosen) is None)
        )

    def _aggregate(self, classes):
        """The class model of this one's usable columns (:func:`classes.aggregate`)."""
        from mipair.solver.classes import aggregate

        return aggregate(
            self.n, self._ends, self.exits, ~self.banned_mask(), mask(self.n, self.must), classes
        )

    def _limit_counts(self) -> dict[str, int]:
        return {tag: k for tag, (_, k) in self.limits.items()}

    def relaxation(self, classes):
        """The class model of the current state, pins included where class-wise
        (:class:`mipair.solver.class_solve.Relaxation`): a quick test of which
        columns no solution can use along with the forced ones."""
        from mipair.solver.class_solve import Relaxation

        return Relaxation(
            self._aggregate(classes), self.pins, self._limit_counts(), self.fixed_pairs
        )
