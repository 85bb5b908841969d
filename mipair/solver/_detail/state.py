"""The state of a matching model: its graph, the decisions and pins on it, its answer.

:class:`Problem` is the graph a model is built on and never changes: nodes
``0..n-1``, edge columns ``0..len(edges)-1`` and then one exit column per
``(node, tag)``, the nodes every answer must cover, the pair count and the exit
limits. :class:`ModelState` is what the questions change: the columns forbidden,
forced or still outside HiGHS, the pinned levels, the current objective, the last
LP's results and the current answer; it tells whether a 0/1 answer meets all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from mipair.solver.arrays import Floats, Ints
from mipair.solver.edges import ColumnSet, Edges, mask
from mipair.solver.weights import KeyedWeights, Tier, Weights, total
from mipair.solver.weights import weights as as_weights

Edge = tuple[int, int]
Cut = tuple[dict[int, int], int]  # sum coef[c] x_c >= rhs
Check = Callable[[list[int]], "Cut | None"]


class Problem:
    """The graph of a model: ``must_match`` nodes are covered exactly once (by an edge
    or an exit), the others at most once; ``pairs``, if given, exactly this many
    edges; ``exit_limits`` ``{tag: k}``, at most k exits of a tag. ``check``, if
    given, sees every answer and may return a cut it violates (a lazy constraint)."""

    def __init__(
        self,
        n: int,
        edges: Edges | Sequence[Edge],
        must_match: Iterable[int] = (),
        pairs: int | None = None,
        exits: Sequence[tuple[int, str]] = (),
        exit_limits: Mapping[str, int] | None = None,
        check: Check | None = None,
    ) -> None:
        self.n = n
        self.edges = Edges.of(edges)
        self.exits = list(exits)
        self.check = check
        self.ne = len(self.edges)
        self.m = self.ne + len(self.exits)
        self.ends: Ints = self.edges.array()
        self.must = set(must_match)
        self.fixed_pairs = pairs
        self.pairs = pairs if pairs is not None else n // 2  # the most one answer can hold
        self.exit_limits = dict(exit_limits or {})
        self.by_tag: dict[str, list[int]] = {}
        for k, (_, tag) in enumerate(self.exits):
            self.by_tag.setdefault(tag, []).append(self.ne + k)
        self.limits = {tag: (self.by_tag.get(tag, []), k) for tag, k in self.exit_limits.items()}
        self.exit_node: Ints = np.array([node for node, _ in self.exits], dtype=np.int64)

    def column_ends(self, cols: Iterable[int]) -> dict[int, tuple[int, ...]]:
        """The nodes of the columns ``cols``: two for an edge, one for an exit
        (only those asked: a large round has tens of millions of edge columns)."""
        ne = self.ne
        out: dict[int, tuple[int, ...]] = {}
        for c in cols:
            out[c] = self.edges[c] if c < ne else (self.exits[c - ne][0],)
        return out

    def touching(self, nodes: Iterable[int]) -> Ints:
        """The columns (edges and exits) covering a node of ``nodes``, an array."""
        member = mask(self.n, nodes)
        edges = np.flatnonzero(member[self.ends[0]] | member[self.ends[1]])
        exits = [self.ne + k for k, (node, _) in enumerate(self.exits) if member[node]]
        return np.concatenate([edges, np.asarray(exits, dtype=np.int64)])

    def cover(self, chosen: list[int]) -> tuple[list[int], int]:
        """How many columns of ``chosen`` cover each node, and how many are edges
        (a graph not listed counts with numpy: no tuple an edge)."""
        ne = self.ne
        listed = self.edges.listed()
        if listed is None:
            cols = np.asarray(chosen, dtype=np.int64)
            edges = cols[cols < ne]
            nodes = [self.ends[:, edges].ravel()]
            nodes.append(np.array([self.exits[e - ne][0] for e in cols[cols >= ne].tolist()]))
            counts = np.bincount(np.concatenate(nodes).astype(np.int64), minlength=self.n)
            return counts.tolist(), len(edges)
        cover = [0] * self.n
        pairs = 0
        for e in chosen:
            if e < ne:
                u, v = listed[e]
                cover[u] += 1
                cover[v] += 1
                pairs += 1
            else:
                cover[self.exits[e - ne][0]] += 1
        return cover, pairs

    def most(self, tier: Tier) -> int:
        """How many columns of ``tier`` one answer can hold: one when they all
        cover a common node, else the number of pairs (of nodes, with exits)."""
        w = as_weights(tier)
        if isinstance(w, KeyedWeights) and len(w) > self.n:
            return self.pairs  # edges only, more than one node can cover
        used = w.cols
        if not len(used):
            return self.pairs
        ne = self.ne
        edge = self.edges.listed() or self.edges
        common: set[int] | None = None  # the nodes every column so far covers
        for c in used.tolist():  # (it stops at the first columns with no node in common)
            nodes = edge[c] if c < ne else (self.exits[c - ne][0],)
            common = set(nodes) if common is None else common.intersection(nodes)
            if not common:
                break
        if common:
            return 1
        return self.n if int(used[-1]) >= ne else self.pairs  # columns sorted: exits last

    def mate(self, chosen: Sequence[int], exit_mate: Mapping[str, int] | None) -> list[int]:
        """``mate[v]``: the node matched with v by the columns ``chosen`` (v itself if
        uncovered; for an exit, ``exit_mate[tag]``, or v itself)."""
        mate = list(range(self.n))
        ne = self.ne
        for e in chosen:
            if e < ne:
                u, v = self.edges[e]
                mate[u], mate[v] = v, u
            else:
                node, tag = self.exits[e - ne]
                mate[node] = (exit_mate or {}).get(tag, node)
        return mate


class LastLP:
    """The results of the last LP of the current objective, for pricing and proofs."""

    __slots__ = ("bound", "duals", "relaxed", "row_duals")

    def __init__(self) -> None:
        self.bound: float | None = None  # its optimum: a bound on every answer
        self.duals: Floats | None = None  # reduced costs, per HiGHS column
        self.row_duals: Floats | None = None  # row duals, per HiGHS row
        self.relaxed: Sequence[float] | None = None  # column values, per HiGHS column


class ModelState:
    """What a model's questions change (see the module), over its :class:`Problem`.
    The edge columns outside ``core`` (all of them in when None) start out of HiGHS."""

    def __init__(self, problem: Problem, core: Iterable[int] | None) -> None:
        m = problem.m
        self.problem = problem
        self.banned = ColumnSet(m)  # columns forbidden
        self.forced: set[int] = set()  # columns forced in
        self.inactive = ColumnSet.all_but(m, problem.ne, core) if core is not None else ColumnSet(m)
        self.cost: Floats = np.zeros(m)  # the current objective, per column
        self.solution: list[int] = []  # the current answer's columns
        self.pins: list[tuple[Weights, int]] = []  # every pinned level (and cut), in order
        self.deferred: list[tuple[Weights, int]] = []  # levels a packed pin implies, not rows yet
        self.lp = LastLP()
        self._pins_met: tuple[tuple[int, ...], int] = ((), 0)  # an answer, the pins it meets

    def value(self, tier: Tier) -> int:
        """The exact total of ``tier`` over the current answer."""
        return total(tier, self.solution)

    def total_of(self, chosen: Sequence[int]) -> float:
        """The current objective's value of the 0/1 answer ``chosen`` (column indices)."""
        return float(sum(self.cost[e] for e in chosen))

    def total(self, x: Floats) -> float:
        """The current objective's value at column values ``x``."""
        return float(np.dot(self.cost, x))

    def satisfies(self, chosen: list[int]) -> bool:
        """Whether the 0/1 answer ``chosen`` (column indices) meets every column
        bound, degree, pair-count, exit and pinned row of the model."""
        problem = self.problem
        picked = set(chosen)
        if not (
            self.banned.isdisjoint(picked)
            and self.inactive.isdisjoint(picked)
            and self.forced <= picked
        ):
            return False
        cover, pairs = problem.cover(chosen)
        if (cover and max(cover) > 1) or sum(map(cover.__getitem__, problem.must)) != len(
            problem.must
        ):
            return False  # (every node covered at most once: the must-nodes all once)
        if problem.fixed_pairs is not None and pairs != problem.fixed_pairs:
            return False
        if any(sum(1 for c in cols if c in picked) > k for cols, k in problem.limits.values()):
            return False
        return self.meets_pins(chosen)

    def meets_pins(self, chosen: list[int]) -> bool:
        """Whether ``chosen`` meets every pinned row. Pins are only ever added, so
        the pins one answer was found to meet are not checked again for it (the
        same answer is asked about after every tier pinned)."""
        key = tuple(chosen)
        seen, met = self._pins_met
        start = met if seen == key else 0
        for pinned, at_least in self.pins[start:]:
            if pinned.total(chosen) < at_least:
                return False
        self._pins_met = (key, len(self.pins))
        return True

    def proven(self, chosen: list[int], bound: float) -> Floats | None:
        """``chosen`` as column values if it is feasible and attains the LP
        ``bound`` (objectives are integers, so within 1/2 is optimal), else None."""
        if not self.satisfies(chosen):
            return None
        if sum(self.cost[e] for e in chosen) < bound - 0.5:
            return None
        r = np.zeros(self.problem.m)
        r[chosen] = 1.0
        return r
