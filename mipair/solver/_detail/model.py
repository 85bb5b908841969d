"""The matching model behind :class:`mipair.solver.lexmatch.LexMatcher`, and its search.

:class:`Model` puts one model together: its state
(:mod:`mipair.solver._detail.state`), its HiGHS instance and rows
(:mod:`~mipair.solver._detail.highs_model`), its pins
(:mod:`~mipair.solver._detail.pins`), the pricing of its columns
(:mod:`~mipair.solver._detail.pricing`), its LP relaxation
(:mod:`~mipair.solver._detail.relaxation`), its parts
(:mod:`~mipair.solver._detail.submodel`) and its class model
(:mod:`~mipair.solver._detail.shortcuts`). It answers a lexicographic question
(:meth:`Model.maximise`) the cheapest way it can prove optimal: the LP with odd-set
cuts when it is integral, the previous answer when it attains the LP bound, SAT for a
question with no objective, a small model where the LP and the answer differ, and
only then a MIP.

Adjacent tiers are packed into one integer objective only when the packing is
provably exact (:mod:`mipair.solver._detail.packing`); otherwise they are solved one
after another. After each solve the optimum is pinned by rows: in a small model the
packed total as one row, in a larger one every tier on a row of its own
(:meth:`Model.pin_group`). A caller that knows more about the outside than the model
does passes a ``check`` function: every answer is shown to it, and a returned cut (a
row the answer violates) is added and the model solved again (lazy constraints).

The thresholds below were chosen by measurement (benchmarks/README.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.packing import pack
from mipair.solver._detail.pins import PinnedRows
from mipair.solver._detail.pricing import ColumnPricing
from mipair.solver._detail.relaxation import LinearRelaxation
from mipair.solver._detail.shortcuts import ClassShortcuts
from mipair.solver._detail.state import ModelState, Problem
from mipair.solver._detail.submodel import Core, Submodels
from mipair.solver.arrays import Floats, Ints
from mipair.solver.errors import Infeasible
from mipair.solver.weights import Tier
from mipair.solver.weights import weights as as_weights
from mipair.solver.witness import sat_matching

PACKED_PINS_UP_TO = 5_000  # columns up to which a group's optimum is pinned as one row
NEAR_RELAXATION_FROM = 2_000  # HiGHS columns from which an answer is first sought near the LP
CLASSES_FROM = 20_000  # columns from which tiers are first settled on the class model
# (a smaller model's own LP costs less than the class model's two HiGHS runs a tier)
FEASIBILITY_JUMP = range(1_000, 5_001)  # HiGHS columns of a model whose MIP with an
# objective runs HiGHS's feasibility-jump heuristic too (:meth:`Model.solve`)


class Model:
    """One matching model of the graph ``problem``; ``core``: the edge columns HiGHS
    starts from, all of them when None."""

    def __init__(self, problem: Problem, core: Iterable[int] | None = None) -> None:
        self.problem = problem
        self.state = ModelState(problem, core)
        self.highs = HighsModel(self.state)
        self.pins = PinnedRows(self.state, self.highs)
        self.pricing = ColumnPricing(self.state, self.highs)
        self.relaxation = LinearRelaxation(self.state, self.highs, self.pins, self.pricing)
        self.parts = Submodels(self.state, self.highs)
        self.shortcuts = ClassShortcuts(self.state, self.highs, self.pins)
        self.within: Ints | Sequence[int] | None = None  # the caller's columns (:meth:`near`)

    # -- what the face asks ------------------------------------------------------
    def maximise(
        self,
        tiers: Sequence[Tier],
        keep: bool = True,
        groups: int | None = None,
        classes: Ints | None = None,
        within: Ints | Sequence[int] | None = None,
    ) -> int:
        """Maximise the tiers lexicographically; return how many leading tiers the
        answer is optimal for (all of them, unless ``groups`` stopped it).

        With ``keep`` every tier's optimum stays pinned afterwards. With ``groups``,
        only that many packed solves are made (pinned only with ``keep``).
        ``classes``: a class per node such that every tier weighs a column by the
        classes of its nodes alone; in a large model the optimum is then first sought
        on the class model (:meth:`ClassShortcuts.settle`). ``within``: columns where
        the caller expects the answers to lie, asked alone first (:meth:`near`)."""
        self.within = within
        try:
            return self._maximise(tiers, keep, groups, classes)
        finally:
            self.within = None

    def _maximise(
        self, tiers: Sequence[Tier], keep: bool, groups: int | None, classes: Ints | None
    ) -> int:
        """:meth:`maximise`."""
        shortcuts, state = self.shortcuts, self.state
        if (
            classes is not None
            and keep
            and groups is None
            and self.problem.m >= CLASSES_FROM
            and tiers
            and shortcuts.settle(tiers, shortcuts.aggregate(classes))
        ):
            return len(tiers)
        packed = pack(tiers, self.problem.most)
        if not packed:
            self.run({})
            return len(tiers)
        for k, (indices, weights) in enumerate(packed):
            self.run(weights)
            last = groups is not None and k + 1 >= groups and k + 1 < len(packed)
            if keep or (k + 1 < len(packed) and not last):
                level = state.value(weights)
                self.pin_group([tiers[i] for i in indices], weights, level)
                self.pricing.prune(level)
            if last:
                return packed[k + 1][0][0]
        return len(tiers)

    def isolate(self, cols: Iterable[int] | Ints, core: Core | None = None) -> tuple[Model, Ints]:
        """A model of the edge columns ``cols`` alone, every other column held at the
        current answer (:meth:`Submodels.plan`), and its columns' indices here."""
        plan = self.parts.plan(cols, core)
        sub = Model(Problem(self.problem.n, plan.edges, plan.nodes), plan.start)
        self.parts.fill(plan, sub.state, sub.pins, sub.highs)
        return sub, plan.back

    def adopt(self, sub: Model, back: Ints, force: bool = True) -> None:
        """Take the answer of a model made by :meth:`isolate` (:meth:`Submodels.adopt`)."""
        self.parts.adopt(sub.state.solution, back, force)

    # -- the search ----------------------------------------------------------------
    def run(self, weights: Tier) -> list[int]:
        """Maximise one objective: the current answer becomes an optimal one."""
        state, highs = self.state, self.highs
        lp = state.lp
        cost = highs.objective(weights)
        while True:
            lp.bound = None
            x: Floats | None
            if cost.any():
                x = self.relaxation.cuts(near=lambda: self.near_relaxation(weights))
            else:  # a feasibility question: every matching is optimal, the bound is 0
                lp.bound, x = 0.0, None
                lp.duals = lp.row_duals = lp.relaxed = None  # no LP of this objective
            if x is None and lp.bound is not None and state.solution:
                # the previous answer often stays optimal under the new objective:
                # kept when it is feasible and attains the LP bound, no MIP needed
                x = state.proven(state.solution, lp.bound)
            if x is None and not cost.any() and not state.pins:
                x = self.witness()
            if x is None:
                x = self.near(weights)
            if x is None:
                self.pins.strengthen()
                x = self.mip()
            state.solution = np.flatnonzero(np.asarray(x) > 0.5).tolist()
            if not state.meets_pins(state.solution):
                raise ArithmeticError("HiGHS returned a matching below a pinned level")
            check = self.problem.check
            cut = check(state.solution) if check else None
            if cut is None:
                return state.solution
            self.pins.pin(*cut)

    def near(self, weights: Tier) -> Floats | None:
        """An answer that attains the last LP's bound, sought in small models before a
        MIP: the caller's columns (``within``), then where the LP and the current answer
        differ (:meth:`near_relaxation`); None when neither finds one."""
        if self.within is not None and len(self.within):
            x = self.locally(weights, self.within)
            if x is not None:
                return x
        return self.near_relaxation(weights)

    def near_relaxation(self, weights: Tier) -> Floats | None:
        """An answer that attains the last LP's bound, changing only the columns where
        that LP and the current answer differ (:meth:`disagreeing`), when they are at
        most half the model's columns in HiGHS (the small model's own loop may ask in
        turn: each is at most half the last); None if there is none. Also asked after
        each fractional LP of a large model's loop (not the caller's ``within``, whose
        model can be large)."""
        ours = len(self.highs.ours)
        if self.state.lp.bound is None or ours < NEAR_RELAXATION_FROM:
            return None
        within = self.disagreeing()
        if within is None or 2 * len(within) > ours:
            return None
        return self.locally(weights, within)

    def locally(self, weights: Tier, within: Ints | Sequence[int]) -> Floats | None:
        """The best answer that changes only the columns ``within`` (a model of
        them alone, the rest held at the current answer: :meth:`isolate`), when it
        attains the LP bound, which proves it optimal; else None, the current answer
        having become that better one if it is."""
        state = self.state
        bound = state.lp.bound
        if bound is None or not state.satisfies(state.solution):
            return None
        sub, back = self.isolate(within)
        try:
            sub.run(as_weights(weights).split(self.parts.positions(back))[0])
        except Infeasible:
            return None
        chosen = self.parts.merged(sub.state.solution, back)
        x = state.proven(chosen, bound)
        if (
            x is None
            and state.total_of(chosen) > state.total_of(state.solution)
            and state.satisfies(chosen)
        ):
            state.solution = chosen
        return x

    def disagreeing(self) -> Ints | None:
        """The columns where the last LP and the current answer differ (the LP's
        value is not the answer's 0 or 1), for :meth:`locally`; None without either.

        The rest held at the current answer, they make a small model whose best
        answer often attains the LP bound, which proves it optimal (the idea of the
        RINS heuristic, run here before the MIP rather than inside it): a MIP whose
        root already has the bound can take long to find a matching reaching it."""
        state, highs = self.state, self.highs
        if state.lp.relaxed is None or not state.solution:
            return None
        lp = np.asarray(state.lp.relaxed)  # per HiGHS column, as many as in its LP
        at = highs.at[np.asarray(state.solution, dtype=np.int64)]
        current = np.zeros(len(lp), dtype=bool)  # no array of every model column
        current[at[(at >= 0) & (at < len(lp))]] = True
        found: Ints = highs.ours_array()[: len(lp)][np.abs(lp - current) > 1e-6]
        return found

    def witness(self) -> Floats | None:
        """A feasibility question asked of SAT over the model's columns
        (:func:`mipair.solver.witness.sat_matching`); None when they hold no
        answer, the MIP then deciding (it can let in the inactive columns)."""
        state, problem = self.state, self.problem
        ours = self.highs.ours_array()
        cols = ours[~state.banned.mask[ours]].tolist() if len(ours) else []
        ends = problem.column_ends(cols)
        chosen = sat_matching(
            problem.n, ends, cols, problem.must, state.forced, problem.fixed_pairs, problem.limits
        )
        return state.proven(chosen, 0.0) if chosen is not None else None

    def mip(self) -> Floats:
        """Solve the model as a MIP; return the column values.

        HiGHS starts afresh each time, with no starting answer: after the LP rounds,
        or given the previous answer as a start, it can stop at a worse matching than
        the model allows. It runs without presolve (:meth:`solve`); an answer that is
        not credible (not optimal, or worse than the previous answer when that still
        satisfies the model) is asked again with presolve, as a second opinion."""
        state = self.state
        if not self.problem.m:
            return np.zeros(0)
        start = state.solution if state.solution and state.satisfies(state.solution) else None
        floor = state.total_of(start) if start is not None else None
        held = self.pricing.hold_out(floor) if floor is not None else []
        try:
            x = self.restricted(presolve=False)
        finally:
            self.pricing.release(held)
        if x is not None and floor is not None and state.total(x) < floor - 0.5:
            x = None
        if x is None:
            x = self.restricted(presolve=True)
        if x is None:
            h = self.highs.h
            raise Infeasible(h.modelStatusToString(h.getModelStatus()))
        return x

    def restricted(self, presolve: bool) -> Floats | None:
        """The MIP over the active columns, completed by column generation: if its
        optimum falls short of the whole graph's LP bound by a gap g, any better
        matching uses only inactive edges of reduced cost above -g (each adds its
        reduced cost to the bound), so those are let in, the LP tightened again over
        them, and the MIP solved again, once; infeasible, every edge is let in."""
        state, highs = self.state, self.highs
        x = self.solve(presolve)
        if not state.inactive:
            return x
        bound = state.lp.bound
        if x is None or bound is None:
            highs.let_in(state.inactive)
        else:
            z = state.total(x)
            if z >= bound - 0.5 or not highs.let_in(self.pricing.priced(z - bound + 0.5)):
                return x
        lp = self.relaxation.cuts()
        return lp if lp is not None else self.solve(presolve)

    def solve(self, presolve: bool) -> Floats | None:
        """One fresh HiGHS run: the column values if optimal, else None.

        Our models are a matching polytope with a few pinned rows and most columns
        held at 0; HiGHS's root LP bound is nearly always the optimum, and what a
        solve costs is finding a matching that meets it. Presolve and the
        feasibility-jump heuristic cost more than they save there, except: feasibility
        jump stays on for a question with no objective, where it finds the matching,
        and in a model of ``FEASIBILITY_JUMP`` columns, where it costs little and can
        spare the root's rounds of cuts (in smaller models it only adds time)."""
        highs = self.highs
        h = highs.h
        highs.all_integer()
        h.clearSolver()
        h.setOptionValue("presolve", "choose" if presolve else "off")
        h.setOptionValue(
            "mip_heuristic_run_feasibility_jump",
            not self.state.cost.any() or len(highs.ours) in FEASIBILITY_JUMP,
        )
        h.run()
        if h.getModelStatus() != highs.hs.HighsModelStatus.kOptimal:
            return None
        return highs.values(h.getSolution().col_value)

    def pin_group(self, group: Sequence[Tier], packed: Tier, level: int) -> None:
        """Pin the optimum of a solved group of tiers (``packed``: their packed total, at
        ``level`` over the current answer).

        Pinning the packed total or each tier on its own keeps the same answers (the
        optimum is lexicographic). A small model takes the packed total, one row, and
        the tiers' rows only when an LP is fractional (:meth:`PinnedRows.pin_packed`):
        every later LP is smaller. A larger one takes a row per tier at once, whose
        small coefficients branch and bound finds answers of faster (a packed row's
        large coefficients can make HiGHS's MIP far slower)."""
        levels = [(tier, self.state.value(tier)) for tier in group]
        if len(group) > 1 and self.problem.m <= PACKED_PINS_UP_TO:
            self.pins.pin_packed(packed, level, levels)
        else:
            self.pins.pin_all(levels)
