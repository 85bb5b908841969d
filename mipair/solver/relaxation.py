"""The LP relaxation of a matching model, tightened by odd-set cuts.

An upper bound on any objective over every matching (:meth:`LinearRelaxation.bound`),
and the LP answer itself when it is integral: most of the questions a pairing
engine asks are settled there, without a MIP.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.allocator import give_back_freed
from mipair.solver.edges import mask
from mipair.solver.matching import Edge, MatchingModel, Values
from mipair.solver.oddsets import violated
from mipair.solver.weights import Tier

PRICE_BATCH = 400  # columns let in per LP by column generation, best first,
# or half the model's size when that is more (an objective
# over every pair lets most of them in: in a few rounds)
EXACT_FROM = 200_000  # columns in HiGHS from which odd sets are separated exactly
# too (2,000 players: 319 -> 172 s; 1,000: slower with it)
EXACT_WINDOW_FROM = 1_000_000  # and columns of the whole model (a 5,000-player window
# of 4.2 million pairs: the guesses ran out on 51,761 columns, exact separation found 49
# sets in 0.3 s, and the MIP that followed took 90-110 s)
PRESOLVE_LP_FROM = 100_000  # columns in HiGHS from which an LP of the loop is presolved
DUAL, PRIMAL = 1, 4  # HiGHS's simplex_strategy values (1 is its default)
CUT_ROUNDS = 30  # rounds of odd-set cuts at most, before the steps after the loop
EARLY_FROM = 1_000_000  # columns of the whole model from which an answer is sought near
# each fractional LP, and a bound whose rounds leave it unchanged ends its loop (9,999
# players, rounds 3 and 5: every such loop's bound was already the optimum at its first
# LP and stayed there through 30 rounds of cuts, 4-15 s each, until the step near the LP
# proved the answer; that step proves it at the first LP)
FRESH_FROM = 20_000  # columns in HiGHS from which an LP after a new objective or new
# columns starts afresh (:meth:`LinearRelaxation._next_lp`; 9,999 players, round 5: 0.57-3.05
# s each where going on from the last basis took 2.95-9.51 s; a 3,000-player round 1: 9.6
# -> 5.0 s, none of it kept from 50,000; 1,000-player rounds, whose last bases are often
# nearly optimal, pay up to a second)
CENTRAL = range(5_000, 50_001)  # columns in HiGHS of an LP whose pricing, when a full batch
# let in left its optimum where it was, takes central duals (:meth:`LinearRelaxation._central`)
STALLED_ROUNDS = 3  # rounds without a lower bound that end a bound's loop from EARLY_FROM


class LinearRelaxation(MatchingModel):
    """The LP relaxation of the model, with odd-set cuts and column generation."""

    def bound(self, weights: Tier) -> float:
        """An upper bound on the total of ``weights`` over every solution: the
        LP relaxation with odd-set cuts over the whole graph (no MIP; the
        current solution is kept)."""
        if not self._objective(weights).any():
            return 0.0
        self._bound = None
        self._odd_set_cuts(stall=STALLED_ROUNDS, interior=True)
        return self._bound if self._bound is not None else float("inf")

    def _odd_set_cuts(
        self,
        near: Callable[[], Values | None] | None = None,
        stall: int = CUT_ROUNDS,
        interior: bool = False,
    ) -> Values | None:
        """Tighten the LP relaxation with violated odd-set inequalities before the MIP.

        Returns the LP solution when it is integral (it is then optimal for
        the MIP as well, which need not be run), or an answer that attains the
        LP bound, else None. In a model of ``EARLY_FROM`` columns or more,
        ``near`` is asked after each fractional LP for such an answer (the steps
        the caller takes after the loop), and ``stall`` rounds of cuts that leave
        the bound where it was end the loop. ``interior``: an LP started
        afresh goes to the interior point method (:meth:`_next_lp`).

        For any odd set S of nodes a matching has at most (|S|-1)/2 edges
        inside S. The LP relaxation is solved, candidate odd sets are tested
        (:mod:`mipair.solver.oddsets`: components of its fractional edges, and
        of its tight graph), and every violated inequality becomes a row;
        valid for every matching, the rows never change the optimum, they only
        spare the MIP search. HiGHS then solves the MIP as usual.
        """
        h, hs, np = self.h, self._hs, self._np
        ne = len(self.edges)
        if ne < 3:
            return None
        h.setOptionValue("solve_relaxation", True)
        # a small LP goes on from its last basis; HiGHS's presolve would start it over
        # (the LPs of 60 median corpus rounds: 25% less HiGHS time without it)
        h.setOptionValue("presolve", "off" if len(self._ours) < PRESOLVE_LP_FROM else "choose")
        self._duals = self._row_duals = self._relaxed = None
        if self.m < EARLY_FROM:
            near, stall = None, CUT_ROUNDS
        try:
            cuts = stalled = solved = 0
            priced: float | None = None  # the value of the LP last priced, in this loop
            while cuts < CUT_ROUNDS and stalled < stall:
                self._next_lp(cuts, solved, interior)
                solved = len(self._ours)
                h.run()
                give_back_freed()  # the solve's freed blocks, in a large round
                if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                    if self.inactive and self._let_in(self.inactive):
                        continue  # the core alone may be infeasible
                    return None
                sol = h.getSolution()
                self._duals = np.asarray(sol.col_dual)  # per HiGHS column
                self._row_duals = np.asarray(sol.row_dual)
                self._relaxed = sol.col_value  # per HiGHS column, read when needed
                value = h.getInfo().objective_function_value  # read now: the interior
                # point method's run for central duals leaves HiGHS's info its own
                batch = max(PRICE_BATCH, len(self._ours) // 2)
                if self.inactive:
                    entering = self._priced(1e-7, batch)
                    if len(entering) == batch and self._stalled(priced, value) and self._central():
                        entering = self._priced(1e-7, batch)
                    priced = value
                    if self._let_in(entering):
                        continue  # column generation: the LP is not yet the whole graph's
                cuts += 1
                x = self._values(sol.col_value)
                last, self._bound = self._bound, value
                lower = last is None or self._bound < last - 1e-9 * max(1.0, abs(last))
                stalled = 0 if lower else stalled + 1
                if np.all((x < 1e-3) | (x > 1 - 1e-3)):
                    rounded = self._proven(np.flatnonzero(x > 0.5).tolist(), self._bound)
                    if rounded is not None:
                        return rounded
                kept = self._proven(self.solution, self._bound) if self.solution else None
                if kept is not None:  # the current answer attains the bound: no more cuts
                    return kept
                found = near() if near is not None and cuts < CUT_ROUNDS else None
                if found is not None:
                    return found
                if self.strengthen():  # fractional: the pinned tiers' own rows first
                    continue
                support: dict[Edge, float] = {}
                for e in np.flatnonzero(x[:ne] > 1e-6).tolist():
                    support[self.edges[e]] = support.get(self.edges[e], 0.0) + float(x[e])
                cand = self._usable()
                sets = violated(
                    support,
                    self._tight_pairs(cand),  # each one violated by x
                    exact=len(self._ours) >= EXACT_FROM or self.m >= EXACT_WINDOW_FROM,
                )
                for nodes in sets:
                    inside = self._inside(nodes, cand)
                    self._add_row(
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
            and len(self._ours) in CENTRAL
            and abs(value - last) <= 1e-9 * max(1.0, abs(value))
        )

    def _central(self) -> bool:
        """Take the duals of the last LP from the interior point method, without
        crossover: a point in the middle of its optimal duals, where the simplex
        method's lie at a corner; whether it found them.

        The LP of a window's question whose objective weighs a few columns, the
        rest held by pinned rows, has a great many optimal duals: the simplex
        method's made 32,761 of the 155,800 columns outside attractive in a
        1,000-player round 2, and four rounds of pricing let in 32,000 of them
        without moving the LP's optimum (21,934). Priced with the central ones
        after the first such round, 7,293 more went in and none after. The LP's
        own answer and basis stay the simplex method's."""
        h, hs, np = self.h, self._hs, self._np
        basis = h.getBasis()
        h.setOptionValue("solver", "ipm")
        h.setOptionValue("run_crossover", "off")
        try:
            h.run()
            found = h.getModelStatus() == hs.HighsModelStatus.kOptimal
            if found:
                sol = h.getSolution()
                self._duals = np.asarray(sol.col_dual)
                self._row_duals = np.asarray(sol.row_dual)
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
        from it (a 1000-player round 5: 128,000 simplex iterations -> 80,000), but
        in a model of ``FRESH_FROM`` columns, at a new objective or after columns let
        in by a quarter or more, the LP starts afresh: dual simplex from the slack
        basis (every column at the bound its cost prefers: only the degree rows to
        mend), or with ``interior`` the interior point method (a bound's objective, a
        few columns weighing 1, leaves most of them to mend: 9,999 players, round 5,
        4.8 and 8.3 s by dual simplex, 2.7 and 4.8 s so). (446 columns let into
        74,000: 0.04 s from the last basis, 1.35 s afresh.) With no basis at all (a
        new model, or after a MIP) dual simplex starts from the slack basis too: primal
        simplex from nothing took 9.7 s over the 13 such LPs of a 9,999-player round 5
        (one of 12,443 columns: 3.6 s), dual simplex 0.7 s."""
        h = self.h
        ours = len(self._ours)
        fresh = not cuts and ours >= FRESH_FROM and 4 * (ours - solved) >= ours
        if fresh:
            h.clearSolver()
        h.setOptionValue("solver", "ipm" if fresh and interior else "choose")
        primal = not cuts and not fresh and h.getBasis().valid
        h.setOptionValue("simplex_strategy", PRIMAL if primal else DUAL)

    def _usable(self):
        """The edge columns in the model and not forbidden, in order (an array:
        read from the model's columns, not from a mask of every edge)."""
        np = self._np
        ours = np.sort(self._ours_array())
        ours = ours[ours < len(self.edges)]
        return ours[~self.banned.mask[ours]]

    def _tight_pairs(self, usable):
        """The edges of the columns ``usable`` (an array) with zero reduced cost
        in the last LP, as an array of shape (m, 2)."""
        tight = usable[abs(self._duals[self._at[usable]]) < 1e-7]
        return self._ends[:, tight].T

    def _inside(self, nodes: frozenset[int], cand) -> list[int]:
        """The edge columns of ``cand`` (an array) with both ends in ``nodes``."""
        member = mask(self.n, nodes)
        ends = self._ends
        return cand[member[ends[0][cand]] & member[ends[1][cand]]].tolist()
