"""A matching model on one HiGHS instance: its columns, rows and answers.

:class:`MatchingModel` sets up the model :class:`mipair.solver.lexmatch.LexMatcher`
asks its series of questions of: edges are binary columns, every node has a
degree row, exits cover a node without a partner, and the caller changes
bounds (columns forced in or out) and pins objective levels as rows. It also
reads answers: the exact value of a tier, whether a 0/1 solution satisfies
every row, the mate of every node.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence

from mipair.allocator import give_back_freed
from mipair.solver.edges import ColumnSet, Edges, mask
from mipair.solver.pins import PinnedRows
from mipair.solver.weights import KeyedWeights, Tier, Weights, total
from mipair.solver.weights import weights as as_weights

Edge = tuple[int, int]
Cut = tuple[dict[int, int], int]  # sum coef[c] x_c >= rhs
Check = Callable[[list[int]], "Cut | None"]
Values = Sequence[float]  # a value per column (a numpy array)


class Infeasible(Exception):
    """No matching satisfies the hard constraints."""


class MatchingModel(PinnedRows):
    """A matching model over nodes 0..n-1 (see :class:`mipair.solver.lexmatch.LexMatcher`).

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
        self.within: Sequence[int] | numpy.ndarray | None = None  # see _locally
        self.pairs = pairs if pairs is not None else n // 2
        self.h = maximiser(highspy)
        self._give_back_when_collected()
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
        self._at = numpy.full(m, -1, dtype=numpy.int32)
        self._ours: list[int] = []
        self._cost = numpy.zeros(m)  # the current objective, per column
        # rows every new column must join: node -> degree row, the pair count,
        # exit tags -> limit rows, and (row, weights) of each pin and cut
        self._rows = 0
        self._degree = numpy.full(n, -1, dtype=numpy.int64)
        must_mask = mask(n, must)
        stranded = numpy.flatnonzero(must_mask & ~covered)
        if len(stranded):
            raise Infeasible(f"node {int(stranded[0])} has no edge")
        nodes = numpy.flatnonzero(covered)
        self._degree[nodes] = self._add_empty_rows(must_mask[nodes].astype(float), 1.0)
        if pairs and not self.edges:
            raise Infeasible(f"{pairs} pairs asked of a model with no edge")
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
        self._exit_node = numpy.array([node for node, _ in self.exits], dtype=numpy.int64)
        self._exit_limit = numpy.array(
            [self._limit_row.get(tag, -1) for _, tag in self.exits], dtype=numpy.int64
        )
        self._pin_rows: list[tuple[int, Weights]] = []
        self._ours_cache = numpy.zeros(0, dtype=numpy.int64)
        self._integer = 0
        self._enter(numpy.flatnonzero(~self.inactive.mask))
        self._duals = None  # reduced costs of the last LP (a numpy array)
        self._row_duals = None  # and its row duals
        self._relaxed: Values | None = None  # and its column values, per HiGHS column
        self.solution: list[int] = []
        self.pins: list[tuple[Weights, int]] = []
        self.deferred: list[tuple[Weights, int]] = []  # pins implied by a packed one
        self._pins_met: tuple[tuple[int, ...], int] = ((), 0)  # a solution, the pins it meets
        self._bound: float | None = None

    def _give_back_when_collected(self) -> None:
        """The instance goes back to the spares (:func:`mipair.solver.highs.give_back`)
        when the model is collected."""
        from mipair.solver.highs import give_back

        self._return = weakref.finalize(self, give_back, self.h, self._hs)
        self._return.atexit = False

    def release_solver(self) -> None:
        """Let HiGHS's solver data go, the model and its basis kept: the instance is
        replaced by a copy (:func:`mipair.solver.highs.copy_of`), and the next LP
        starts from the basis. For a model that waits while a part of it is asked
        alone (:meth:`mipair.solver.submodel.Submodels.isolate`)."""
        from mipair.solver.highs import copy_of

        self._return.detach()  # the old instance goes with its arrays
        self.h = copy_of(self.h, self._hs)
        self._give_back_when_collected()
        give_back_freed()  # the old instance's arrays, in a large round

    def ends(self):
        """The edge columns' end nodes, an array of shape (2, number of edges)."""
        return self._ends

    def _column_ends(self, cols: Iterable[int]) -> dict[int, tuple[int, ...]]:
        """The nodes of the columns ``cols``: two for an edge, one for an exit
        (only those asked: a 9,999-player round has 50 million edge columns)."""
        ne = len(self.edges)
        out: dict[int, tuple[int, ...]] = {}
        for c in cols:
            out[c] = self.edges[c] if c < ne else (self.exits[c - ne][0],)
        return out

    def touching(self, nodes: Iterable[int]):
        """The columns (edges and exits) covering a node of ``nodes``, an array."""
        np = self._np
        member = mask(self.n, nodes)
        edges = np.flatnonzero(member[self._ends[0]] | member[self._ends[1]])
        ne = len(self.edges)
        exits = [ne + k for k, (node, _) in enumerate(self.exits) if member[node]]
        return np.concatenate([edges, np.asarray(exits, dtype=np.int64)])

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
        theirs = self._at[cols]
        self._set_upper(theirs[theirs >= 0], 0.0)

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

    def value(self, weights: Tier) -> int:
        """The exact total of ``weights`` over the current solution."""
        return total(weights, self.solution)

    def _objective(self, weights: Tier):
        """Make ``weights`` the objective, here and in HiGHS; the cost array."""
        h, np = self.h, self._np
        cost = np.zeros(self.m)
        w = as_weights(weights)
        if isinstance(w, KeyedWeights):
            cost[: len(w.keys)] = w.table[w.keys.key]
        else:
            cost[w.cols] = w.vals
        self._cost = cost
        if self._ours:
            h.changeColsCost(
                len(self._ours),
                np.arange(len(self._ours), dtype=np.int32),
                cost[self._ours_array()],
            )
        return cost

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
        cover, pairs = self._cover(chosen)
        if (cover and max(cover) > 1) or sum(map(cover.__getitem__, self.must)) != len(self.must):
            return False  # (every node covered at most once: the must-nodes all once)
        if self.fixed_pairs is not None and pairs != self.fixed_pairs:
            return False
        if any(sum(1 for c in cols if c in picked) > k for cols, k in self.limits.values()):
            return False
        return self._meets_pins(chosen)

    def _cover(self, chosen: list[int]) -> tuple[list[int], int]:
        """How many columns of ``chosen`` cover each node, and how many are edges
        (a graph not listed counts with numpy: no tuple an edge)."""
        ne = len(self.edges)
        listed = self.edges.listed()
        if listed is None:
            np = self._np
            cols = np.asarray(chosen, dtype=np.int64)
            edges = cols[cols < ne]
            nodes = [self._ends[:, edges].ravel()]
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

    def _total(self, x: Sequence[float]) -> float:
        """The current objective's value at column values ``x``."""
        return float(self._np.dot(self._cost, x))

    def _most(self, tier: Tier) -> int:
        """How many columns of ``tier`` one solution can hold: one when they all
        cover a common node, else the number of pairs (of nodes, with exits)."""
        w = as_weights(tier)
        if isinstance(w, KeyedWeights) and len(w) > self.n:
            return self.pairs  # edges only, more than one node can cover
        used = w.cols
        if not len(used):
            return self.pairs
        ne = len(self.edges)
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
