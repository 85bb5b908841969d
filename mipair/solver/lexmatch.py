"""An incremental lexicographic matching model on one HiGHS instance.

A pairing engine asks a long series of related questions about one graph:
"the best matching under these objectives", then "is there an equally good
one in which this node is matched", and so on. :class:`LexMatcher` keeps one
HiGHS model alive for the whole series: edges are binary columns, every node
has a degree row, and the caller changes bounds (edges forced in or out),
pins objective levels as rows, and maximises new objectives.

Besides edges a node may have *exits*: columns that cover the node without a
partner inside the model (it is paired outside, or left single). A caller
that knows more about the outside than the model does passes a ``check``
function: every solution is shown to it, and a returned cut (a row that the
solution violates) is added and the model solved again (lazy constraints).

Objectives are *tiers* of integer column weights compared lexicographically.
Adjacent tiers are packed into one integer objective only when the packing is
provably exact; otherwise they are solved one after another. After each solve
the optimum is pinned by rows: in a small model the packed total as one row, in
a larger one every tier on a row of its own (:meth:`LexMatcher._pin_group`).

A large graph starts from a *core* of its edges (column generation): the
other columns stay out of HiGHS, which then works on a model the size of the
core, until the reduced cost of a column, computed from the row duals of the
last LP, says it could improve the answer; it then enters the model with its
coefficients in every row it belongs to. The layer knows nothing of chess:
nodes are ``0..n-1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mipair.solver.matching import Check, Cut, Edge, Infeasible, Values
from mipair.solver.packing import pack
from mipair.solver.relaxation import LinearRelaxation
from mipair.solver.shortcuts import ClassShortcuts
from mipair.solver.submodel import Submodels
from mipair.solver.weights import Tier
from mipair.solver.weights import weights as as_weights
from mipair.solver.witness import sat_matching

if TYPE_CHECKING:
    import numpy

__all__ = ["Check", "Cut", "Edge", "Infeasible", "LexMatcher"]

PACKED_PINS_UP_TO = 5_000  # columns up to which a group's optimum is pinned as one row
NEAR_RELAXATION_FROM = 2_000  # HiGHS columns from which a MIP is first sought near the LP
CLASSES_FROM = 20_000  # columns from which tiers are first settled on the class model
# (smaller models solve faster than its 2 HiGHS runs a tier)
FEASIBILITY_JUMP = range(1_000, 5_001)  # HiGHS columns of a model whose MIP with an
# objective runs HiGHS's feasibility-jump heuristic too (:meth:`LexMatcher._solve`)


class LexMatcher(LinearRelaxation, Submodels, ClassShortcuts):
    """A matching model over nodes 0..n-1 that is re-optimised many times
    (:class:`mipair.solver.matching.MatchingModel`): maximise tiers
    lexicographically, pin them, and ask again.
    """

    def _run(self, weights: Tier) -> list[int]:
        np = self._np
        cost = self._objective(weights)
        while True:
            self._bound = None
            if cost.any():
                x = self._odd_set_cuts(near=lambda: self._near_relaxation(weights))
            else:  # a feasibility question: every matching is optimal, the bound is 0
                self._bound, x = 0.0, None
                self._duals = self._row_duals = self._relaxed = None  # no LP of this objective
            if x is None and self._bound is not None and self.solution:
                # the previous answer often stays optimal under the new objective:
                # kept when it is feasible and attains the LP bound, no MIP needed
                x = self._proven(self.solution, self._bound)
            if x is None and not cost.any() and not self.pins:
                x = self._witness()
            if x is None:
                x = self._near(weights)
            if x is None:
                self.strengthen()
                x = self._mip()
            self.solution = np.flatnonzero(np.asarray(x) > 0.5).tolist()
            if not self._meets_pins(self.solution):
                raise ArithmeticError("HiGHS returned a matching below a pinned level")
            cut = self.check(self.solution) if self.check else None
            if cut is None:
                return self.solution
            self.pin(*cut)

    def _near(self, weights: Tier) -> Values | None:
        """An answer that attains the last LP's bound, sought in small models before a
        MIP: the caller's pairs (``within``), then where the LP and the current answer
        differ (:meth:`_near_relaxation`); None when neither finds one."""
        if self.within is not None and len(self.within):
            x = self._locally(weights, self.within)
            if x is not None:
                return x
        return self._near_relaxation(weights)

    def _near_relaxation(self, weights: Tier) -> Values | None:
        """An answer that attains the last LP's bound, changing only the columns where
        that LP and the current answer differ (:meth:`_disagreeing`), when they are at
        most half the model's columns in HiGHS (the small model's own loop may ask in
        turn: each is at most half the last); None if there is none. Also asked after
        each fractional LP of a large model's loop (not the caller's ``within``, whose
        model can be large: a 3,000-player round 3's, 469,893 columns, made the peak
        200 MiB higher)."""
        if self._bound is None or len(self._ours) < NEAR_RELAXATION_FROM:
            return None
        within = self._disagreeing()
        if within is None or 2 * len(within) > len(self._ours):
            return None
        return self._locally(weights, within)

    def _locally(
        self, weights: Tier, within: Sequence[int] | numpy.ndarray | None
    ) -> Values | None:
        """The best answer that changes only the columns ``within`` (a model of
        them alone, the rest held at the current answer: :meth:`isolate`),
        when it attains the LP bound, which proves it optimal; else None,
        the current answer having become that better one if it is.

        A caller names ``within`` where it expects the answers to lie (the
        Dutch partner questions: the pairs inside a remainder); a 1000-player
        round then asks HiGHS a 2,000-column MIP instead of a 50,000-column one."""
        if within is None or self._bound is None or not self._satisfies(self.solution):
            return None
        sub, back = self.isolate(within)
        try:
            sub._run(as_weights(weights).split(self._positions(back))[0])
        except Infeasible:
            return None
        chosen = self._merged(sub, back)
        x = self._proven(chosen, self._bound)
        if (
            x is None
            and self._total_of(chosen) > self._total_of(self.solution)
            and self._satisfies(chosen)
        ):
            self.solution = chosen
        return x

    def _disagreeing(self) -> numpy.ndarray | None:
        """The columns where the last LP and the current answer differ (the LP's
        value is not the answer's 0 or 1), for :meth:`_locally`; None without either.

        The rest held at the current answer, they make a small model whose
        best answer often attains the LP bound, which proves it optimal (the
        idea of the RINS heuristic, run here before the MIP rather than inside
        it). In a 9,999-player round 4, an MDP question's MIP on 78,014 columns
        had the bound from its root but took 51 s of CPU to find a matching
        reaching it; the 4,251 columns where LP and answer differ found one in
        0.5 s."""
        np = self._np
        if self._relaxed is None or not self.solution:
            return None
        lp = np.asarray(self._relaxed)  # per HiGHS column, as many as in its LP
        at = self._at[np.asarray(self.solution, dtype=np.int64)]
        current = np.zeros(len(lp), dtype=bool)  # no array of every model column
        current[at[(at >= 0) & (at < len(lp))]] = True
        return self._ours_array()[: len(lp)][np.abs(lp - current) > 1e-6]

    def _witness(self) -> Values | None:
        """A feasibility question asked of SAT over the model's columns
        (:func:`mipair.solver.witness.sat_matching`); None when they hold no
        answer, the MIP then deciding (it can let in the inactive columns)."""
        ours = self._ours_array()
        cols = ours[~self.banned.mask[ours]].tolist() if len(ours) else []
        ends = self._column_ends(cols)
        chosen = sat_matching(
            self.n, ends, cols, self.must, self.forced, self.fixed_pairs, self.limits
        )
        return self._proven(chosen, 0.0) if chosen is not None else None

    def _mip(self) -> Values:
        """Solve the model as a MIP; return the column values.

        HiGHS starts afresh each time, with no starting solution: after the LP
        rounds, or given the previous answer as a start, it has been seen to
        stop at a worse matching than the model allows. It runs without
        presolve (:meth:`_solve`); an answer that is not credible (not optimal,
        or worse than the previous answer when that still satisfies the model)
        is asked again with presolve, as a second opinion.
        """
        if not self.m:
            return []
        start = self.solution if self.solution and self._satisfies(self.solution) else None
        floor = self._total_of(start) if start is not None else None
        held = self._hold_out(floor) if floor is not None else []
        try:
            x = self._restricted(presolve=False)
        finally:
            self._release(held)
        if x is not None and floor is not None and self._total(x) < floor - 0.5:
            x = None
        if x is None:
            x = self._restricted(presolve=True)
        if x is None:
            raise Infeasible(self.h.modelStatusToString(self.h.getModelStatus()))
        return x

    def _restricted(self, presolve: bool) -> Values | None:
        """The MIP over the active columns, completed by column generation:
        if its optimum falls short of the whole graph's LP bound by a gap g,
        any better matching uses only inactive edges of reduced cost above -g
        (each adds its reduced cost to the bound), so those are let in, the
        LP tightened again over them, and the MIP solved again, once;
        infeasible, every edge is let in."""
        x = self._solve(presolve)
        if not self.inactive:
            return x
        bound = self._bound
        if x is None or bound is None:
            self._let_in(self.inactive)
        else:
            z = self._total(x)
            if z >= bound - 0.5 or not self._let_in(self._priced(z - bound + 0.5)):
                return x
        lp = self._odd_set_cuts()
        return lp if lp is not None else self._solve(presolve)

    def _solve(self, presolve: bool) -> Values | None:
        """One fresh HiGHS run: the column values if optimal, else None.

        Our models are a matching polytope with a few pinned rows and most
        columns held at 0; HiGHS's root LP bound is nearly always the optimum,
        and what a solve costs is finding a matching that meets it. In the
        1000-player round 4 of the benchmark, presolve took 2 s of a 50,000-
        column model and its feasibility-jump heuristic 2-3 s more before the
        root LP (21 MIPs: 46 s with both, 25 s without); feasibility jump
        stays on for a question with no objective, where it finds the
        matching (0.45 s against 4.4 s without it), and in a model of
        ``FEASIBILITY_JUMP`` columns, where it costs little and can spare the
        root's rounds of cuts: a 1,842-column MIP of a 1,000-player round 3
        (2017 edition) took 2.0 s and 27 MiB without it, 0.1 s and 3 MiB with
        it (that round's peak 85 -> 75 MiB). Not in smaller ones: in every MIP
        of up to 5,000 columns it added 13% to the CPU of every 8th dutch-2026
        corpus file's rounds and 22% to the stress set's, from 1,000 columns
        on 2% and 1%."""
        h = self.h
        self._all_integer()
        h.clearSolver()
        h.setOptionValue("presolve", "choose" if presolve else "off")
        h.setOptionValue(
            "mip_heuristic_run_feasibility_jump",
            not self._cost.any() or len(self._ours) in FEASIBILITY_JUMP,
        )
        h.run()
        if h.getModelStatus() != self._hs.HighsModelStatus.kOptimal:
            return None
        return self._values(h.getSolution().col_value)

    def _pin_group(self, group: Sequence[Tier], packed: Tier, level: int) -> None:
        """Pin the optimum of a solved group of tiers (``packed``: their packed total, at
        ``level`` over the current solution).

        Pinning the packed total or each tier on its own keeps the same solutions (the
        optimum is lexicographic). A small model takes the packed total, one row, and
        the tiers' rows only when an LP is fractional (:meth:`pin_packed`): every later
        LP is smaller (the service benchmark's rounds: 6-11% less CPU). A larger one
        takes a row per tier at once, whose small coefficients branch and bound finds
        solutions of faster (a 1,000-player round 5: 6.6 s with them, 16.6 s with
        packed rows alone; a packed row of 2^30 once took HiGHS minutes)."""
        levels = [(tier, self.value(tier)) for tier in group]
        if len(group) > 1 and self.m <= PACKED_PINS_UP_TO:
            self.pin_packed(packed, level, levels)
        else:
            self.pin_all(levels)

    def maximise(
        self, tiers: Sequence[Tier], keep: bool = True, groups: int | None = None, classes=None
    ) -> list[int]:
        """Maximise the tiers lexicographically; return the chosen columns.

        With ``keep`` every tier's optimum stays pinned afterwards, so later
        questions only see solutions that are optimal for these tiers. With
        ``groups``, only that many packed solves are made; ``self.settled``
        tells how many leading tiers are then optimal (pinned only with ``keep``).
        ``classes``: a class per node such that every tier weighs a column
        by the classes of its nodes alone; the optimum is then first sought
        on the class model (:meth:`settle`).
        """
        self.settled = len(tiers)
        if (
            classes is not None
            and keep
            and groups is None
            and self.m >= CLASSES_FROM
            and self.settle(tiers, classes)
        ):
            return self.solution
        packed = pack(tiers, self._most)
        if not packed:
            return self._run({})
        for k, (indices, weights) in enumerate(packed):
            self._run(weights)
            last = groups is not None and k + 1 >= groups and k + 1 < len(packed)
            if keep or (k + 1 < len(packed) and not last):
                level = self.value(weights)
                self._pin_group([tiers[i] for i in indices], weights, level)
                self._prune(level)
            if last:
                self.settled = packed[k + 1][0][0]
                break
        return self.solution
