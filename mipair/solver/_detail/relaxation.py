"""The LP relaxation of a matching model, tightened by odd-set cuts.

An upper bound on any objective over every matching (:meth:`LinearRelaxation.bound`),
and the LP answer itself when it is integral: most of the questions a pairing
engine asks are settled there, without a MIP. Column generation runs inside the
loop: while the LP is not yet the whole graph's, the columns whose reduced cost
says they could improve it enter (:mod:`mipair.solver._detail.pricing`).

How each LP is solved (simplex from the last basis or afresh, interior point,
presolve) and when the loop stops early depend on the model's size; the thresholds
below were chosen by measurement (benchmarks/README.md).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mipair.allocator import give_back_freed
from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.pins import PinnedRows
from mipair.solver._detail.pricing import ColumnPricing
from mipair.solver._detail.state import Edge, ModelState
from mipair.solver.arrays import Floats, Ints
from mipair.solver.edges import mask
from mipair.solver.oddsets import violated
from mipair.solver.weights import Tier

PRICE_BATCH = 400  # columns let in per LP by column generation, best first, or half the
# model's size when that is more (an objective over every pair lets most of them in)
EXACT_FROM = 200_000  # columns in HiGHS from which odd sets are also separated exactly
EXACT_WINDOW_FROM = 1_000_000  # and columns of the whole model (the guesses can run out
# while the LP stays fractional, and the MIP that follows is then slow)
PRESOLVE_LP_FROM = 100_000  # columns in HiGHS from which an LP of the loop is presolved
# (a smaller LP goes on from its last basis, which HiGHS's presolve would start over)
DUAL, PRIMAL = 1, 4  # HiGHS's simplex_strategy values (1 is its default)
CUT_ROUNDS = 30  # rounds of odd-set cuts at most, before the steps after the loop
EARLY_FROM = 1_000_000  # columns of the whole model from which an answer is sought near
# each fractional LP, and a bound whose rounds leave it unchanged ends its loop (in such
# models the bound is usually the optimum from the first LP on)
FRESH_FROM = 20_000  # columns in HiGHS from which an LP after a new objective or new
# columns starts afresh (:meth:`LinearRelaxation._next_lp`)
CENTRAL = range(5_000, 50_001)  # columns in HiGHS of an LP whose pricing, when a full batch
# let in left its optimum where it was, takes central duals (:meth:`LinearRelaxation._central`)
STALLED_ROUNDS = 3  # rounds without a lower bound that end a bound's loop from EARLY_FROM


class LinearRelaxation:
    """The LP relaxation of one model, with odd-set cuts and column generation; its
    results go to the state's :class:`mipair.solver._detail.state.LastLP`."""

    def __init__(
        self, state: ModelState, highs: HighsModel, pins: PinnedRows, pricing: ColumnPricing
    ) -> None:
        self.state = state
        self.highs = highs
        self.pins = pins
        self.pricing = pricing

    def bound(self, weights: Tier) -> float:
        """An upper bound on the total of ``weights`` over every answer: the LP
        relaxation with odd-set cuts over the whole graph (no MIP; the current
        answer is kept)."""
        if not self.highs.objective(weights).any():
            return 0.0
        lp = self.state.lp
        lp.bound = None
        self.cuts(stall=STALLED_ROUNDS, interior=True)
        return lp.bound if lp.bound is not None else float("inf")

    def cuts(
        self,
        near: Callable[[], Floats | None] | None = None,
        stall: int = CUT_ROUNDS,
        interior: bool = False,
    ) -> Floats | None:
        """Tighten the LP relaxation with violated odd-set inequalities before the MIP.

        Returns the LP answer when it is integral (it is then optimal for the
        MIP as well, which need not be run), or an answer that attains the LP
        bound, else None. In a model of ``EARLY_FROM`` columns or more, ``near``
        is asked after each fractional LP for such an answer (the steps the
        caller takes after the loop), and ``stall`` rounds of cuts that leave the
        bound where it was end the loop. ``interior``: an LP started afresh goes
        to the interior point method (:meth:`_next_lp`).

        For any odd set S of nodes a matching has at most (|S|-1)/2 edges inside
        S. The LP relaxation is solved, candidate odd sets are tested
        (:mod:`mipair.solver.oddsets`: components of its fractional edges, and of
        its tight graph), and every violated inequality becomes a row; valid for
        every matching, the rows never change the optimum, they only spare the
        MIP search. HiGHS then solves the MIP as usual.
        """
        state, highs, pricing = self.state, self.highs, self.pricing
        h, hs, lp = highs.h, highs.hs, state.lp
        problem = state.problem
        ne = problem.ne
        if ne < 3:
            return None
        h.setOptionValue("solve_relaxation", True)
        # a small LP goes on from its last basis; HiGHS's presolve would start it over
        h.setOptionValue("presolve", "off" if len(highs.ours) < PRESOLVE_LP_FROM else "choose")
        lp.duals = lp.row_duals = lp.relaxed = None
        if problem.m < EARLY_FROM:
            near, stall = None, CUT_ROUNDS
        try:
            cuts = stalled = solved = 0
            priced: float | None = None  # the value of the LP last priced, in this loop
            while cuts < CUT_ROUNDS and stalled < stall:
                self._next_lp(cuts, solved, interior)
                solved = len(highs.ours)
                h.run()
                give_back_freed()  # the solve's freed blocks, in a large round
                if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                    if state.inactive and highs.let_in(state.inactive):
                        continue  # the core alone may be infeasible
                    return None
                sol = h.getSolution()
                lp.duals = np.asarray(sol.col_dual)  # per HiGHS column
                lp.row_duals = np.asarray(sol.row_dual)
                lp.relaxed = sol.col_value  # per HiGHS column, read when needed
                value = float(h.getInfo().objective_function_value)  # read now: the
                # interior point method's run for central duals leaves HiGHS's info its own
                batch = max(PRICE_BATCH, len(highs.ours) // 2)
                if state.inactive:
                    entering = pricing.priced(1e-7, batch)
                    if len(entering) == batch and self._stalled(priced, value) and self._central():
                        entering = pricing.priced(1e-7, batch)
                    priced = value
                    if highs.let_in(entering):
                        continue  # column generation: the LP is not yet the whole graph's
                cuts += 1
                x = highs.values(sol.col_value)
                last, lp.bound = lp.bound, value
                lower = last is None or value < last - 1e-9 * max(1.0, abs(last))
                stalled = 0 if lower else stalled + 1
                if np.all((x < 1e-3) | (x > 1 - 1e-3)):
                    rounded = state.proven(np.flatnonzero(x > 0.5).tolist(), value)
                    if rounded is not None:
                        return rounded
                kept = state.proven(state.solution, value) if state.solution else None
                if kept is not None:  # the current answer attains the bound: no more cuts
                    return kept
                found = near() if near is not None and cuts < CUT_ROUNDS else None
                if found is not None:
                    return found
                if self.pins.strengthen():  # fractional: the pinned tiers' own rows first
                    continue
                support: dict[Edge, float] = {}
                for e in np.flatnonzero(x[:ne] > 1e-6).tolist():
                    edge = problem.edges[e]
                    support[edge] = support.get(edge, 0.0) + float(x[e])
                usable = self._usable()
                sets = violated(
                    support,
                    self._tight_pairs(usable),  # each one violated by x
                    exact=len(highs.ours) >= EXACT_FROM or problem.m >= EXACT_WINDOW_FROM,
                )
                for nodes in sets:
                    inside = self._inside(nodes, usable)
                    highs.add_row(
                        -hs.kHighsInf, float((len(nodes) - 1) // 2), inside, [1.0] * len(inside)
                    )
                if not sets:
                    return None
            return None
        finally:
            h.setOptionValue("solve_relaxation", False)
            h.setOptionValue("solver", "choose")
            h.setOptionValue("simplex_strategy", DUAL)

    def _stalled(self, last: float | None, value: float) -> bool:
        """Whether an LP of a model of ``CENTRAL`` columns in HiGHS is worth what the one
        before its columns was (``last``): the columns let in changed its duals, not
        its optimum."""
        return (
            last is not None
            and len(self.highs.ours) in CENTRAL
            and abs(value - last) <= 1e-9 * max(1.0, abs(value))
        )

    def _central(self) -> bool:
        """Take the duals of the last LP from the interior point method, without
        crossover: a point in the middle of its optimal duals, where the simplex
        method's lie at a corner; whether it found them.

        The LP of a question whose objective weighs a few columns, the rest held by
        pinned rows, has a great many optimal duals: the simplex method's corner can
        make many columns outside look attractive, and round after round of pricing
        lets them in without moving the LP's optimum; priced with the central duals,
        few enter. The LP's own answer and basis stay the simplex method's."""
        highs = self.highs
        h, hs = highs.h, highs.hs
        basis = h.getBasis()
        h.setOptionValue("solver", "ipm")
        h.setOptionValue("run_crossover", "off")
        try:
            h.run()
            found = bool(h.getModelStatus() == hs.HighsModelStatus.kOptimal)
            if found:
                sol = h.getSolution()
                self.state.lp.duals = np.asarray(sol.col_dual)
                self.state.lp.row_duals = np.asarray(sol.row_dual)
        finally:
            h.setOptionValue("run_crossover", "on")
            h.setOptionValue("solver", "choose")
            h.setBasis(basis)
        return found

    def _next_lp(self, cuts: int, solved: int, interior: bool) -> None:
        """Set how HiGHS solves the loop's next LP, after ``cuts`` rounds of cuts, the
        last LP of the loop over ``solved`` columns (0: none yet).

        New rows (the cuts) leave the last basis dual feasible: dual simplex. A new
        objective or new columns leave it primal feasible: primal simplex goes on
        from it, except in a model of ``FRESH_FROM`` columns, at a new objective or
        after columns let in by a quarter or more, where the LP starts afresh: dual
        simplex from the slack basis (every column at the bound its cost prefers:
        only the degree rows to mend), or with ``interior`` the interior point
        method (a bound's objective, a few columns weighing 1, leaves most of them
        to mend). With no basis at all (a new model, or after a MIP) dual simplex
        starts from the slack basis too, which primal simplex from nothing is far
        slower than."""
        h = self.highs.h
        ours = len(self.highs.ours)
        fresh = not cuts and ours >= FRESH_FROM and 4 * (ours - solved) >= ours
        if fresh:
            h.clearSolver()
        h.setOptionValue("solver", "ipm" if fresh and interior else "choose")
        primal = not cuts and not fresh and h.getBasis().valid
        h.setOptionValue("simplex_strategy", PRIMAL if primal else DUAL)

    def _usable(self) -> Ints:
        """The edge columns in the model and not forbidden, in order (an array:
        read from the model's columns, not from a mask of every edge)."""
        ours = np.sort(self.highs.ours_array())
        ours = ours[ours < self.state.problem.ne]
        return ours[~self.state.banned.mask[ours]]

    def _tight_pairs(self, usable: Ints) -> Ints:
        """The edges of the columns ``usable`` with zero reduced cost in the last LP,
        as an array of shape (m, 2)."""
        duals = self.state.lp.duals
        assert duals is not None, "the LP was solved"
        tight = usable[abs(duals[self.highs.at[usable]]) < 1e-7]
        return self.state.problem.ends[:, tight].T

    def _inside(self, nodes: frozenset[int], usable: Ints) -> list[int]:
        """The edge columns of ``usable`` with both ends in ``nodes``."""
        member = mask(self.state.problem.n, nodes)
        ends = self.state.problem.ends
        inside: list[int] = usable[member[ends[0][usable]] & member[ends[1][usable]]].tolist()
        return inside
