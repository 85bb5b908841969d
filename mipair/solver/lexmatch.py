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
of 2^30 took it minutes). The layer knows nothing of chess: nodes are ``0..n-1``.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator, Mapping, Sequence

from mipair.solver.oddsets import violated

Edge = tuple[int, int]
Tier = Mapping[int, int]          # column index -> integer weight (absent: 0)
Cut = tuple[dict[int, int], int]  # sum coef[c] x_c >= rhs
Check = Callable[[list[int]], "Cut | None"]

PRICE_BATCH = 400                 # columns let in per LP by column generation, best first
PACK_BITS = 30                    # packed objective totals stay below 2**30
_COEF_BITS = 20                   # and single coefficients below 2**20, so that a pinned
                                  # row's feasibility tolerance stays far below one unit


class Infeasible(Exception):
    """No matching satisfies the hard constraints."""


def _tier_range(tier: Tier, pairs: int) -> tuple[int, int]:
    """Bounds (low, high) of a tier's total over any solution of at most ``pairs`` of its columns."""
    pos = sorted((w for w in tier.values() if w > 0), reverse=True)[:pairs]
    neg = sorted(w for w in tier.values() if w < 0)[:pairs]
    return sum(neg), sum(pos)


def pack(tiers: Sequence[Tier], pairs: int | Sequence[int]
         ) -> list[tuple[list[int], dict[int, int]]]:
    """Group adjacent tiers into exact packed objectives.

    Returns a list of ``(tier indices, packed weights)``. Within a group the
    weight of tier i is multiplied by the spread (high - low + 1) of every
    later tier of the group, so a unit of tier i outweighs anything later ones
    can do; a group closes before its totals or coefficients grow too large.
    ``pairs``: how many columns of a tier one solution can hold (one number
    for all tiers, or one per tier).
    """
    groups: list[tuple[list[int], dict[int, int]]] = []
    cur_idx: list[int] = []
    cur: dict[int, int] = {}
    span = 1
    for i, tier in enumerate(tiers):
        if not any(tier.values()):
            continue
        low, high = _tier_range(tier, pairs if isinstance(pairs, int) else pairs[i])
        spread = high - low + 1
        biggest = max(abs(w) for w in tier.values())
        if cur_idx and (span * spread >= 2 ** PACK_BITS
                        or max(abs(w) for w in cur.values()) * spread >= 2 ** _COEF_BITS):
            groups.append((cur_idx, cur))
            cur_idx, cur, span = [], {}, 1
        if biggest >= 2 ** _COEF_BITS or spread >= 2 ** PACK_BITS:
            raise OverflowError("a single objective tier is too large to solve exactly")
        cur = {e: w * spread for e, w in cur.items()}
        for e, w in tier.items():
            if w:
                cur[e] = cur.get(e, 0) + w
        cur_idx.append(i)
        span *= spread
    if cur_idx:
        groups.append((cur_idx, cur))
    return groups


class LexMatcher:
    """A matching model over nodes 0..n-1 that is re-optimised many times.

    Columns ``0..len(edges)-1`` are the edges; then one column per exit
    ``(node, tag)``. ``must_match`` nodes are covered exactly once (by an edge
    or an exit), the others at most once. ``pairs``: if given, exactly this
    many edges. ``exit_limits``: ``{tag: k}`` allows at most k exits of a tag.
    """

    def __init__(self, n: int, edges: Sequence[Edge], must_match: Sequence[int] = (),
                 pairs: int | None = None, exits: Sequence[tuple[int, str]] = (),
                 exit_limits: Mapping[str, int] | None = None, check: Check | None = None,
                 core: Iterable[int] | None = None) -> None:
        from mipair.solver.highs import load

        highspy = self._hs = load()
        import numpy

        self._np = numpy
        self.n = n
        self.edges = list(edges)
        self.exits = list(exits)
        self.check = check
        self.pairs = pairs if pairs is not None else n // 2
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("mip_rel_gap", 0.0)
        h.setOptionValue("mip_abs_gap", 0.5)
        h.setOptionValue("threads", 1)
        self.h = h
        m = len(self.edges) + len(self.exits)
        self.m = m
        if m:
            h.addVars(m, [0.0] * m, [1.0] * m)
            h.changeColsIntegrality(m, list(range(m)), [highspy.HighsVarType.kInteger] * m)
        self._ends = numpy.array(self.edges, dtype=numpy.int64).reshape(-1, 2).T
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for e, (u, v) in enumerate(self.edges):
            self.incident[u].append(e)
            self.incident[v].append(e)
        by_tag: dict[str, list[int]] = {}
        for k, (node, tag) in enumerate(self.exits):
            self.incident[node].append(len(self.edges) + k)
            by_tag.setdefault(tag, []).append(len(self.edges) + k)
        must = set(must_match)
        self.must = must
        self.fixed_pairs = pairs
        self.limits = {tag: (by_tag.get(tag, []), k) for tag, k in (exit_limits or {}).items()}
        for node in range(n):
            cols = self.incident[node]
            lo = 1.0 if node in must else 0.0
            if not cols:
                if lo:
                    raise Infeasible(f"node {node} has no edge")
                continue
            h.addRow(lo, 1.0, len(cols), cols, [1.0] * len(cols))
        if pairs is not None and self.edges:
            ne = len(self.edges)
            h.addRow(float(pairs), float(pairs), ne, list(range(ne)), [1.0] * ne)
        for tag, limit in (exit_limits or {}).items():
            cols = by_tag.get(tag, [])
            if cols:
                h.addRow(0.0, float(limit), len(cols), cols, [1.0] * len(cols))
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
        self.banned: set[int] = set()
        self.forced: set[int] = set()
        self.inactive: set[int] = set()
        if core is not None:
            self.inactive = set(range(len(self.edges))) - set(core)
            self._bounds(self.inactive, 0.0)
        self._duals = None              # reduced costs of the last LP (a numpy array)
        self._cost: list[float] = [0.0] * m
        self.solution: list[int] = []
        self.pins: list[tuple[dict[int, int], int]] = []
        self._bound: float | None = None
        self.runs = 0

    # -- hard changes -------------------------------------------------------
    def forbid(self, e: int) -> None:
        """Column e may not be used."""
        self.banned.add(e)
        self.inactive.discard(e)
        self.h.changeColBounds(e, 0.0, 0.0)

    def force(self, e: int) -> None:
        """Column e must be used."""
        self.inactive.discard(e)
        self.forced.add(e)
        self.h.changeColBounds(e, 1.0, 1.0)

    def _bounds(self, cols: Iterable[int], upper: float) -> None:
        idx = sorted(cols)
        if idx:
            self.h.changeColsBounds(len(idx), idx, [0.0] * len(idx), [upper] * len(idx))

    def _let_in(self, cols: Iterable[int]) -> bool:
        """Activate inactive edge columns; whether any was."""
        new = self.inactive.intersection(cols)
        self.inactive -= new
        self._bounds(new, 1.0)
        return bool(new)

    def _priced(self, above: float, most: int | None = None) -> list[int]:
        """Inactive columns whose reduced cost in the last LP exceeds ``above``
        (all of them when there is no LP to price with), at most ``most`` of
        them, the most attractive first."""
        if self._duals is None:
            return list(self.inactive)
        np = self._np
        idle = np.fromiter(self.inactive, dtype=np.int64, count=len(self.inactive))
        found = idle[self._duals[idle] > above]
        if most is not None and len(found) > most:
            found = found[np.argsort(-self._duals[found], kind="stable")[:most]]
        return found.tolist()

    def _row(self, weights: Mapping[int, int], at_least: int) -> None:
        """Add ``sum weights[e] x_e >= at_least`` over every column not forbidden.

        Inactive columns keep their coefficients: their reduced costs must be
        those of the true row, or pricing would judge them on another model.
        The bound is exact, with no slack for rounding: a pinned optimum then
        cuts the matching polytope along one of its faces, whose vertices are
        matchings, so the LP of the next question stays integral (a slack of
        1/2 let it mix an optimal matching with a worse one and sent most
        questions to branch and bound)."""
        cols = [e for e, w in weights.items() if w and e not in self.banned]
        if cols:
            self.h.addRow(float(at_least), self._hs.kHighsInf, len(cols), cols,
                          [float(weights[e]) for e in cols])

    def pin(self, weights: Mapping[int, int], at_least: int) -> None:
        """Add the row ``sum weights[e] x_e >= at_least`` (an objective level kept)."""
        self.pins.append((dict(weights), at_least))
        self._row(weights, at_least)

    # -- optimisation -------------------------------------------------------
    def value(self, weights: Mapping[int, int]) -> int:
        """The exact total of ``weights`` over the current solution."""
        return sum(weights.get(e, 0) for e in self.solution)

    def _run(self, weights: Mapping[int, int]) -> list[int]:
        h = self.h
        cost = [0.0] * self.m
        for e, w in weights.items():
            cost[e] = float(w)
        self._cost = cost
        if self.m:
            h.changeColsCost(self.m, list(range(self.m)), cost)
        while True:
            self._bound = None
            x = self._odd_set_cuts()
            if x is None and self._bound is not None and self.solution:
                # the previous answer often stays optimal under the new objective:
                # kept when it is feasible and attains the LP bound, no MIP needed
                x = self._proven(self.solution, self._bound)
            if x is None:
                x = self._mip()
            self.runs += 1
            self.solution = [e for e in range(self.m) if x[e] > 0.5]
            for pinned, at_least in self.pins:
                if self.value(pinned) < at_least:
                    raise ArithmeticError("HiGHS returned a matching below a pinned level")
            cut = self.check(self.solution) if self.check else None
            if cut is None:
                return self.solution
            self._row(*cut)
            self.pins.append((cut[0], cut[1]))

    def _satisfies(self, chosen: list[int]) -> bool:
        """Whether the 0/1 solution ``chosen`` (column indices) meets every
        column bound, degree, pair-count, exit and pinned row of the model."""
        picked = set(chosen)
        if not (picked.isdisjoint(self.banned) and picked.isdisjoint(self.inactive)
                and self.forced <= picked):
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
        if self.fixed_pairs is not None and sum(1 for e in chosen if e < len(self.edges)) != self.fixed_pairs:
            return False
        if any(sum(1 for c in cols if c in picked) > k for cols, k in self.limits.values()):
            return False
        return all(sum(pinned.get(e, 0) for e in chosen) >= at_least
                   for pinned, at_least in self.pins)

    def _proven(self, chosen: list[int], bound: float) -> list[float] | None:
        """``chosen`` as column values if it is feasible and attains the LP
        ``bound`` (objectives are integers, so within 1/2 is optimal), else None."""
        if not self._satisfies(chosen):
            return None
        if sum(self._cost[e] for e in chosen) < bound - 0.5:
            return None
        r = [0.0] * self.m
        for e in chosen:
            r[e] = 1.0
        return r

    def _mip(self) -> list[float]:
        """Solve the model as a MIP; return the column values.

        HiGHS starts afresh each time, with no starting solution: after the LP
        rounds, or given the previous answer as a start, it has been seen to
        stop at a worse matching than the model allows. An answer that is not
        credible (not optimal, or worse than the previous answer when that
        still satisfies the model) is asked again without presolve, which has
        been seen to call a feasible model infeasible.
        """
        if not self.m:
            return []
        start = self.solution if self.solution and self._satisfies(self.solution) else None
        x = self._restricted(presolve=True)
        if x is not None and start is not None:
            if self._total(x) < sum(self._cost[e] for e in start) - 0.5:
                x = None
        if x is None:
            x = self._restricted(presolve=False)
        if x is None:
            raise Infeasible(self.h.modelStatusToString(self.h.getModelStatus()))
        return x

    def _restricted(self, presolve: bool) -> list[float] | None:
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
        return sum(c * v for c, v in zip(self._cost, x))

    def _solve(self, presolve: bool) -> list[float] | None:
        """One fresh HiGHS run: the column values if optimal, else None."""
        h = self.h
        h.clearSolver()
        h.setOptionValue("presolve", "choose" if presolve else "off")
        h.run()
        if h.getModelStatus() != self._hs.HighsModelStatus.kOptimal:
            return None
        return list(h.getSolution().col_value)

    def _odd_set_cuts(self, rounds: int = 30) -> list[float] | None:
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
        cols = list(range(self.m))
        h.changeColsIntegrality(self.m, cols, [hs.HighsVarType.kContinuous] * self.m)
        self._duals = None
        try:
            cuts = 0
            while cuts < rounds:
                h.run()
                if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                    if self.inactive and self._let_in(self.inactive):
                        continue      # the core alone may be infeasible
                    return None
                sol = h.getSolution()
                self._duals = np.asarray(sol.col_dual)
                if self.inactive and self._let_in(self._priced(1e-7, PRICE_BATCH)):
                    continue          # column generation: the LP is not yet the whole graph's
                cuts += 1
                x = np.asarray(sol.col_value)
                self._bound = h.getInfo().objective_function_value
                if np.all((x < 1e-3) | (x > 1 - 1e-3)):
                    rounded = self._proven(np.flatnonzero(x > 0.5).tolist(), self._bound)
                    if rounded is not None:
                        return rounded
                support: dict[Edge, float] = {}
                for e in np.flatnonzero(x[:ne] > 1e-6).tolist():
                    support[self.edges[e]] = support.get(self.edges[e], 0.0) + float(x[e])
                usable = self._usable()
                sets = violated(support, self._tight_pairs(usable))   # each one violated by x
                for nodes in sets:
                    inside = self._inside(nodes, usable)
                    h.addRow(-hs.kHighsInf, float((len(nodes) - 1) // 2), len(inside), inside,
                             [1.0] * len(inside))
                if not sets:
                    return None
            return None
        finally:
            h.changeColsIntegrality(self.m, cols, [hs.HighsVarType.kInteger] * self.m)

    def _usable(self):
        """A mask of the edge columns neither forbidden nor inactive."""
        np = self._np
        ne = len(self.edges)
        off = np.fromiter((*self.banned, *self.inactive), dtype=np.int64)
        mask = np.ones(ne, dtype=bool)
        mask[off[off < ne]] = False
        return mask

    def _tight_pairs(self, usable) -> Iterator[Edge]:
        """The edges of mask ``usable`` with zero reduced cost in the last LP, lazily
        (listed only when the LP is fractional)."""
        ne = len(self.edges)
        tight = (abs(self._duals[:ne]) < 1e-7) & usable
        yield from (self.edges[e] for e in self._np.flatnonzero(tight).tolist())

    def _inside(self, nodes: frozenset[int], usable) -> list[int]:
        """The edge columns of mask ``usable`` with both ends in ``nodes``."""
        member = self._np.zeros(self.n, dtype=bool)
        member[list(nodes)] = True
        ends = self._ends
        return self._np.flatnonzero(member[ends[0]] & member[ends[1]] & usable).tolist()

    def maximise(self, tiers: Sequence[Tier], keep: bool = True,
                 groups: int | None = None) -> list[int]:
        """Maximise the tiers lexicographically; return the chosen columns.

        With ``keep`` every tier's optimum stays pinned afterwards, so later
        questions only see solutions that are optimal for these tiers. With
        ``groups``, only that many packed solves are made; ``self.settled``
        tells how many leading tiers are then optimal (and pinned).
        """
        packed = pack(tiers, [self._most(tier) for tier in tiers])
        self.settled = len(tiers)
        if not packed:
            return self._run({})
        for k, (indices, weights) in enumerate(packed):
            self._run(weights)
            last = groups is not None and k + 1 >= groups and k + 1 < len(packed)
            if keep or k + 1 < len(packed):
                # each tier pinned on its own: the same solutions as pinning the
                # packed total (the optimum is lexicographic), with small coefficients
                for i in indices:
                    self.pin(tiers[i], self.value(tiers[i]))
            if last:
                self.settled = packed[k + 1][0][0]
                break
        return self.solution

    def _most(self, tier: Tier) -> int:
        """How many columns of ``tier`` one solution can hold: one when they all
        cover a common node, else the number of pairs (of nodes, with exits)."""
        common: set[int] | None = None
        ne = len(self.edges)
        used = [e for e, w in tier.items() if w]
        for e in used:
            nodes = set(self.edges[e]) if e < ne else {self.exits[e - ne][0]}
            common = nodes if common is None else common & nodes
        if common:
            return 1
        return self.n if any(e >= ne for e in used) else self.pairs

    def isolate(self, cols: Iterable[int]) -> tuple["LexMatcher", list[int]]:
        """A model of the edge columns ``cols`` alone, every other column held
        at the current solution; returns it and its columns' indices here.

        Its nodes are those the current solution covers with ``cols``, each
        matched exactly once; every pin becomes the same row over ``cols``
        less what the held columns contribute. The caller vouches that every
        solution of this model covers those nodes with ``cols`` only (for
        instance, it has asked the model and forbidden the alternatives):
        then the two parts are independent and the small model's answers are
        the large one's.
        """
        ne = len(self.edges)
        chosen = set(self.solution)
        nodes = {v for c in cols if c in chosen for v in self.edges[c]}
        back = [c for c in cols if c < ne and c not in self.banned
                and self.edges[c][0] in nodes and self.edges[c][1] in nodes]
        here = {c: k for k, c in enumerate(back)}
        sub = LexMatcher(self.n, [self.edges[c] for c in back], sorted(nodes))
        for weights, at_least in self.pins:
            held = sum(w for c, w in weights.items() if c in chosen and c not in here)
            mine = {here[c]: w for c, w in weights.items() if c in here and w}
            if mine:
                sub.pin(mine, at_least - held)
        for c in self.forced & here.keys():
            sub.force(here[c])
        sub.solution = [here[c] for c in chosen if c in here]
        return sub, back

    def adopt(self, sub: "LexMatcher", back: Sequence[int]) -> None:
        """Take the answer of a model made by :meth:`isolate`: its columns are forced here."""
        mine = set(back)
        chosen = [c for c in self.solution if c not in mine]
        for k in sub.solution:
            self.force(back[k])
            chosen.append(back[k])
        self.solution = sorted(chosen)

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
