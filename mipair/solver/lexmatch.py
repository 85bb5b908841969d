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
every tier's optimum is pinned by a row of its own (the same solutions as
pinning the packed total, since the optimum is lexicographic, but with small
coefficients: HiGHS finds solutions of such rows in seconds where a packed row
of 2^30 took it minutes).

A large graph starts from a *core* of its edges (column generation): the
other columns stay out of HiGHS, which then works on a model the size of the
core, until the reduced cost of a column, computed from the row duals of the
last LP, says it could improve the answer; it then enters the model with its
coefficients in every row it belongs to. The layer knows nothing of chess:
nodes are ``0..n-1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from mipair.solver.columns import PricedColumns
from mipair.solver.edges import ColumnSet, Edges, mask
from mipair.solver.oddsets import violated
from mipair.solver.packing import pack
from mipair.solver.shortcuts import ClassShortcuts
from mipair.solver.submodel import Submodels
from mipair.solver.weights import Tier, Weights, total
from mipair.solver.weights import weights as as_weights
from mipair.solver.witness import sat_matching

Edge = tuple[int, int]
Cut = tuple[dict[int, int], int]  # sum coef[c] x_c >= rhs
Check = Callable[[list[int]], "Cut | None"]
Values = Sequence[float]  # a value per column (a numpy array)

PRICE_BATCH = 400  # columns let in per LP by column generation, best first,
# or half the model's size when that is more (an objective
# over every pair lets most of them in: in a few rounds)
EXACT_FROM = 200_000  # columns in HiGHS from which odd sets are separated exactly
# too (2,000 players: 319 -> 172 s; 1,000: slower with it)
CLASSES_FROM = 20_000  # columns from which tiers are first settled on the class model
# (smaller models solve faster than its 2 HiGHS runs a tier)
DUAL, PRIMAL = 1, 4  # HiGHS's simplex_strategy values (1 is its default)


class Infeasible(Exception):
    """No matching satisfies the hard constraints."""


class LexMatcher(PricedColumns, Submodels, ClassShortcuts):
    """A matching model over nodes 0..n-1 that is re-optimised many times.

    Columns ``0..len(edges)-1`` are the edges; then one column per exit
    ``(node, tag)``. ``must_match`` nodes are covered exactly once (by an edge
    or an exit), the others at most once. ``pairs``: if given, exactly this
    many edges. ``exit_limits``: ``{tag: k}`` allows at most k exits of a tag.
    """

    def __init__(
        self,
        n: int,
        edges: Sequence[Edge],
        must_match: Sequence[int] = (),
        pairs: int | None = None,
        exits: Sequence[tuple[int, str]] = (),
        exit_limits: Mapping[str, int] | None = None,
        check: Check | None = None,
        core: Iterable[int] | None = None,
    ) -> None:
        from mipair.solver.highs import load, maximiser

        highspy = self._hs = load()
        import numpy

        self._np = numpy
        self.n = n
        self.edges = Edges.of(edges)
        self.exits = list(exits)
        self.check = check
        self.within: list[int] | None = None  # see _locally
        self.pairs = pairs if pairs is not None else n // 2
        self.h = maximiser(highspy)
        ne = len(self.edges)
        m = ne + len(self.exits)
        self.m = m
        self._ends = self.edges.array()
        covered = numpy.zeros(n, dtype=bool)
        covered[self._ends[0]] = covered[self._ends[1]] = True
        by_tag: dict[str, list[int]] = {}
        for k, (node, tag) in enumerate(self.exits):
            covered[node] = True
            by_tag.setdefault(tag, []).append(ne + k)
        must = set(must_match)
        self.must = must
        self.fixed_pairs = pairs
        self.limits = {tag: (by_tag.get(tag, []), k) for tag, k in (exit_limits or {}).items()}
        self.banned = ColumnSet(m)
        self.forced: set[int] = set()
        self.inactive = ColumnSet.all_but(m, ne, core) if core is not None else ColumnSet(m)
        # columns in the HiGHS model: ours -> theirs (-1: not there) and back
        self._at = numpy.full(m, -1, dtype=numpy.int64)
        self._ours: list[int] = []
        self._cost = numpy.zeros(m)  # the current objective, per column
        # rows every new column must join: node -> degree row, the pair count,
        # exit tags -> limit rows, and (row, weights) of each pin and cut
        self._rows = 0
        self._degree = numpy.full(n, -1, dtype=numpy.int64)
        for node in range(n):
            lo = 1.0 if node in must else 0.0
            if not covered[node]:
                if lo:
                    raise Infeasible(f"node {node} has no edge")
                continue
            self._degree[node] = self._add_row(lo, 1.0, [], [])
        self._pair_row = (
            self._add_row(float(pairs), float(pairs), [], [])
            if pairs is not None and self.edges
            else -1
        )
        self._limit_row = {
            tag: self._add_row(0.0, float(limit), [], [])
            for tag, limit in (exit_limits or {}).items()
            if by_tag.get(tag)
        }
        self._pin_rows: list[tuple[int, Weights]] = []
        self._enter(numpy.flatnonzero(~self.inactive.mask))
        self._duals = None  # reduced costs of the last LP (a numpy array)
        self._row_duals = None  # and its row duals
        self.solution: list[int] = []
        self.pins: list[tuple[Weights, int]] = []
        self._bound: float | None = None

    def ends(self):
        """The edge columns' end nodes, an array of shape (2, number of edges)."""
        return self._ends

    def touching(self, nodes: Iterable[int]) -> list[int]:
        """The columns (edges and exits) covering a node of ``nodes``."""
        np = self._np
        member = mask(self.n, nodes)
        edges = np.flatnonzero(member[self._ends[0]] | member[self._ends[1]])
        ne = len(self.edges)
        exits = [ne + k for k, (node, _) in enumerate(self.exits) if member[node]]
        return edges.tolist() + exits

    # -- hard changes -------------------------------------------------------
    def forbid(self, e: int) -> None:
        """Column e may not be used."""
        self.banned.add(e)
        self.inactive.discard(e)
        if self._at[e] >= 0:
            self.h.changeColBounds(int(self._at[e]), 0.0, 0.0)

    def forbid_all(self, cols) -> None:
        """Columns ``cols`` (an array) may not be used."""
        np = self._np
        cols = np.asarray(cols, dtype=np.int64)
        self.banned.update(cols)
        self.inactive.take(cols)
        self._set_upper([int(t) for t in self._at[cols] if t >= 0], 0.0)

    def force(self, e: int) -> None:
        """Column e must be used."""
        self.inactive.discard(e)
        self.forced.add(e)
        if self._at[e] < 0:
            self._enter([e])
        self.h.changeColBounds(int(self._at[e]), 1.0, 1.0)

    def _let_in(self, cols: Iterable[int]) -> bool:
        """Activate inactive edge columns; whether any was."""
        new = self.inactive.take(cols)
        self._enter(new)
        return bool(len(new))

    def _row(self, weights: Tier, at_least: int) -> None:
        """Add ``sum weights[e] x_e >= at_least`` over every column not forbidden.

        Inactive columns keep their coefficients: they join the row when they
        enter the model, and pricing judges them on it meanwhile. The bound is
        exact, with no slack for rounding: a pinned optimum then cuts the
        matching polytope along one of its faces, whose vertices are
        matchings, so the LP of the next question stays integral (a slack of
        1/2 let it mix an optimal matching with a worse one and sent most
        questions to branch and bound)."""
        kept = as_weights(weights).without(self.banned_mask())
        if len(kept):
            row = self._add_row(
                float(at_least), self._hs.kHighsInf, kept.cols, kept.vals.astype(float)
            )
            self._pin_rows.append((row, kept))

    def banned_mask(self):
        """A mask of the forbidden columns (read only)."""
        return self.banned.mask

    def pin(self, weights: Tier, at_least: int) -> None:
        """Add the row ``sum weights[e] x_e >= at_least`` (an objective level kept)."""
        w = as_weights(weights)
        self.pins.append((w, at_least))
        self._row(w, at_least)

    # -- optimisation -------------------------------------------------------
    def value(self, weights: Tier) -> int:
        """The exact total of ``weights`` over the current solution."""
        return total(weights, self.solution)

    def _objective(self, weights: Tier):
        """Make ``weights`` the objective, here and in HiGHS; the cost array."""
        h, np = self.h, self._np
        cost = np.zeros(self.m)
        w = as_weights(weights)
        cost[w.cols] = w.vals
        self._cost = cost
        if self._ours:
            h.changeColsCost(
                len(self._ours),
                np.arange(len(self._ours), dtype=np.int32),
                cost[np.array(self._ours, dtype=np.int64)],
            )
        return cost

    def bound(self, weights: Tier) -> float:
        """An upper bound on the total of ``weights`` over every solution: the
        LP relaxation with odd-set cuts over the whole graph (no MIP; the
        current solution is kept)."""
        if not self._objective(weights).any():
            return 0.0
        self._bound = None
        self._odd_set_cuts()
        return self._bound if self._bound is not None else float("inf")

    def _run(self, weights: Tier) -> list[int]:
        np = self._np
        cost = self._objective(weights)
        while True:
            self._bound = None
            if cost.any():
                x = self._odd_set_cuts()
            else:  # a feasibility question: every matching is optimal, the bound is 0
                self._bound, x = 0.0, None
                self._duals = self._row_duals = None  # no LP of this objective
            if x is None and self._bound is not None and self.solution:
                # the previous answer often stays optimal under the new objective:
                # kept when it is feasible and attains the LP bound, no MIP needed
                x = self._proven(self.solution, self._bound)
            if x is None and not cost.any() and not self.pins:
                x = self._witness()
            if x is None and self._bound is not None and self.within:
                x = self._locally(weights)
            if x is None:
                x = self._mip()
            self.solution = np.flatnonzero(np.asarray(x) > 0.5).tolist()
            for pinned, at_least in self.pins:
                if self.value(pinned) < at_least:
                    raise ArithmeticError("HiGHS returned a matching below a pinned level")
            cut = self.check(self.solution) if self.check else None
            if cut is None:
                return self.solution
            self._row(*cut)
            self.pins.append((as_weights(cut[0]), cut[1]))

    def _locally(self, weights: Tier) -> Values | None:
        """The best answer that changes only the columns ``within`` (a model of
        them alone, the rest held at the current answer: :meth:`isolate`),
        when it attains the LP bound, which proves it optimal; else None,
        the current answer having become that better one if it is.

        A caller names ``within`` where it expects the answers to lie (the
        Dutch partner questions: the pairs inside a remainder); a 1000-player
        round then asks HiGHS a 2,000-column MIP instead of a 50,000-column one."""
        if not self._satisfies(self.solution):
            return None
        sub, back = self.isolate(self.within)
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

    def _witness(self) -> Values | None:
        """A feasibility question asked of SAT over the model's columns
        (:func:`mipair.solver.witness.sat_matching`); None when they hold no
        answer, the MIP then deciding (it can let in the inactive columns)."""
        ends = [*self.edges, *((node,) for node, _ in self.exits)]
        cols = [c for c in self._ours if c not in self.banned]
        chosen = sat_matching(
            self.n, ends, cols, self.must, self.forced, self.fixed_pairs, self.limits
        )
        return self._proven(chosen, 0.0) if chosen is not None else None

    def _total_of(self, chosen: Sequence[int]) -> float:
        """The current objective's value of the 0/1 solution ``chosen`` (column indices)."""
        return float(sum(self._cost[e] for e in chosen))

    def _satisfies(self, chosen: list[int]) -> bool:
        """Whether the 0/1 solution ``chosen`` (column indices) meets every
        column bound, degree, pair-count, exit and pinned row of the model."""
        picked = set(chosen)
        if not (
            self.banned.isdisjoint(picked)
            and self.inactive.isdisjoint(picked)
            and self.forced <= picked
        ):
            return False
        cover = [0] * self.n
        for e in chosen:
            if e < len(self.edges):
                u, v = self.edges[e]
                cover[u] += 1
                cover[v] += 1
            else:
                cover[self.exits[e - len(self.edges)][0]] += 1
        if any(c > 1 for c in cover) or any(cover[v] != 1 for v in self.must):
            return False
        if (
            self.fixed_pairs is not None
            and sum(1 for e in chosen if e < len(self.edges)) != self.fixed_pairs
        ):
            return False
        if any(sum(1 for c in cols if c in picked) > k for cols, k in self.limits.values()):
            return False
        return all(pinned.total(chosen) >= at_least for pinned, at_least in self.pins)

    def _proven(self, chosen: list[int], bound: float) -> Values | None:
        """``chosen`` as column values if it is feasible and attains the LP
        ``bound`` (objectives are integers, so within 1/2 is optimal), else None."""
        if not self._satisfies(chosen):
            return None
        if sum(self._cost[e] for e in chosen) < bound - 0.5:
            return None
        r = self._np.zeros(self.m)
        r[chosen] = 1.0
        return r

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

    def _total(self, x: Sequence[float]) -> float:
        """The current objective's value at column values ``x``."""
        return float(self._np.dot(self._cost, x))

    def _solve(self, presolve: bool) -> Values | None:
        """One fresh HiGHS run: the column values if optimal, else None.

        Our models are a matching polytope with a few pinned rows and most
        columns held at 0; HiGHS's root LP bound is nearly always the optimum,
        and what a solve costs is finding a matching that meets it. In the
        1000-player round 4 of the benchmark, presolve took 2 s of a 50,000-
        column model and its feasibility-jump heuristic 2-3 s more before the
        root LP (21 MIPs: 46 s with both, 25 s without); feasibility jump
        stays on for a question with no objective, where it finds the
        matching (0.45 s against 4.4 s without it)."""
        h = self.h
        h.clearSolver()
        h.setOptionValue("presolve", "choose" if presolve else "off")
        h.setOptionValue("mip_heuristic_run_feasibility_jump", not self._cost.any())
        h.run()
        if h.getModelStatus() != self._hs.HighsModelStatus.kOptimal:
            return None
        return self._values(h.getSolution().col_value)

    def _odd_set_cuts(self, rounds: int = 30) -> Values | None:
        """Tighten the LP relaxation with violated odd-set inequalities before the MIP.

        Returns the LP solution when it is integral (it is then optimal for
        the MIP as well, which need not be run), else None.

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
        self._duals = self._row_duals = None
        try:
            cuts = 0
            while cuts < rounds:
                # a new objective or new columns leave the last basis primal
                # feasible: primal simplex goes on from it (a 1000-player round
                # 5: 128,000 simplex iterations -> 80,000); new rows (the
                # cuts) leave it dual feasible: dual simplex
                h.setOptionValue("simplex_strategy", PRIMAL if cuts == 0 else DUAL)
                h.run()
                if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                    if self.inactive and self._let_in(self.inactive):
                        continue  # the core alone may be infeasible
                    return None
                sol = h.getSolution()
                self._duals = self._values(sol.col_dual)
                self._row_duals = np.asarray(sol.row_dual)
                batch = max(PRICE_BATCH, len(self._ours) // 2)
                if self.inactive and self._let_in(self._priced(1e-7, batch)):
                    continue  # column generation: the LP is not yet the whole graph's
                cuts += 1
                x = self._values(sol.col_value)
                self._bound = h.getInfo().objective_function_value
                if np.all((x < 1e-3) | (x > 1 - 1e-3)):
                    rounded = self._proven(np.flatnonzero(x > 0.5).tolist(), self._bound)
                    if rounded is not None:
                        return rounded
                kept = self._proven(self.solution, self._bound) if self.solution else None
                if kept is not None:  # the current answer attains the bound: no more cuts
                    return kept
                support: dict[Edge, float] = {}
                for e in np.flatnonzero(x[:ne] > 1e-6).tolist():
                    support[self.edges[e]] = support.get(self.edges[e], 0.0) + float(x[e])
                usable = self._usable()
                sets = violated(
                    support,
                    self._tight_pairs(usable),  # each one violated by x
                    exact=len(self._ours) >= EXACT_FROM,
                )
                cand = np.flatnonzero(usable)
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
            h.setOptionValue("simplex_strategy", DUAL)

    def _usable(self):
        """A mask of the edge columns in the model and not forbidden."""
        ne = len(self.edges)
        return (self._at[:ne] >= 0) & ~self.banned.mask[:ne]

    def _tight_pairs(self, usable):
        """The edges of mask ``usable`` with zero reduced cost in the last LP, as
        an array of shape (m, 2)."""
        ne = len(self.edges)
        tight = (abs(self._duals[:ne]) < 1e-7) & usable
        return self._ends[:, tight].T

    def _inside(self, nodes: frozenset[int], cand) -> list[int]:
        """The edge columns of ``cand`` (an array) with both ends in ``nodes``."""
        member = mask(self.n, nodes)
        ends = self._ends
        return cand[member[ends[0][cand]] & member[ends[1][cand]]].tolist()

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
        packed = pack(tiers, [self._most(tier) for tier in tiers])
        if not packed:
            return self._run({})
        for k, (indices, weights) in enumerate(packed):
            self._run(weights)
            last = groups is not None and k + 1 >= groups and k + 1 < len(packed)
            if keep or (k + 1 < len(packed) and not last):
                # each tier pinned on its own: the same solutions as pinning the
                # packed total (the optimum is lexicographic), with small coefficients
                for i in indices:
                    self.pin(tiers[i], self.value(tiers[i]))
                self._prune(self.value(weights))
            if last:
                self.settled = packed[k + 1][0][0]
                break
        return self.solution

    def _most(self, tier: Tier) -> int:
        """How many columns of ``tier`` one solution can hold: one when they all
        cover a common node, else the number of pairs (of nodes, with exits)."""
        np = self._np
        used = as_weights(tier).cols
        if not len(used):
            return self.pairs
        ne = len(self.edges)
        edge, ex = used[used < ne], used[used >= ne] - ne
        exit_node = np.array([node for node, _ in self.exits], dtype=np.int64)
        first = np.concatenate([self._ends[0][edge], exit_node[ex]])
        second = np.concatenate([self._ends[1][edge], np.full(len(ex), -1)])
        for node in {int(first[0]), int(second[0])} - {-1}:
            if np.all((first == node) | (second == node)):
                return 1
        return self.n if len(ex) else self.pairs

    def mate(self, exit_mate: Mapping[str, int] | None = None) -> list[int]:
        """``mate[v]``: the node matched with v (v itself if uncovered; for an
        exit, ``exit_mate[tag]``, or v itself)."""
        mate = list(range(self.n))
        ne = len(self.edges)
        for e in self.solution:
            if e < ne:
                u, v = self.edges[e]
                mate[u], mate[v] = v, u
            else:
                node, tag = self.exits[e - ne]
                mate[node] = (exit_mate or {}).get(tag, node)
        return mate
