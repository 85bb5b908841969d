"""Completion oracle: can the nodes below a window still be matched?

The pairing engine optimises one window of the field at a time (a bracket
and the next scoregroup). Whatever it decides must leave the rest of the
field completable (C.04.3 (2026) C4). This oracle answers that question for
a given set of window nodes that are matched *into* the rest and whether the
rest must hold the single unmatched node:

* every lower node is matched exactly once, except that, when the single
  node is to be found below the window, exactly one node of ``may_single``
  in the lower part stays unmatched;
* every window node sent down is matched with exactly one lower node, and
  the other window nodes with none.

Two ways to answer, both exact:

* Dirac's theorem: a graph of k >= 3 nodes whose every node has at least
  k/2 neighbours has a Hamiltonian cycle, so a perfect matching when k is
  even, and one that leaves out any chosen node when k is odd. A large
  Swiss field meets this with room to spare (each player has met a few of
  the others), and the answer costs one count of neighbours.
* python-sat otherwise. One SAT instance serves a whole series of windows:
  the lower part, the window and the decisions are *assumptions* of each
  check, so the clauses are built once, on the first question Dirac cannot
  answer (Minicard keeps each node's "at most one" as a native constraint:
  a large round has millions of pairs below its first window, and building
  their clauses is most of the cost). When the answer is no, the
  unsatisfiable core over the assumptions names the decisions responsible,
  which the caller turns into a cut.

The SAT solver is deleted by :meth:`CompletionOracle.close`, else when the
oracle is collected, else when the interpreter exits, before its modules are
torn down (:func:`weakref.finalize`: an oracle kept to the end, in a cache or a
reference cycle, had its solver deleted after pysat's module was gone, which
printed pysat's ``Minicard.__del__`` error at exit).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np

Core = list[tuple[str, "int | None", bool]]
Question = tuple[frozenset[int], frozenset[int], frozenset[int], bool]
NEAR = 12  # how far apart (in node numbers) a cheap completion looks for partners


class CompletionOracle:
    """Incremental completability checks over one graph.

    ``adjacent[u]`` lists the neighbours of node u that may meet it; a pair
    is in the graph when either end lists the other and both ends are keys
    (so a window node that lists only lower nodes never meets another
    window node). ``may_single``: the nodes that may be the single one.
    ``hint``: a matching known to exist (``hint[u]`` is u's mate), whose
    pairs the SAT solver tries first; it changes no answer, only how fast
    the first one comes (the first check of a large round is much faster).
    """

    def __init__(
        self,
        adjacent: Mapping[int, Iterable[int]],
        may_single: Iterable[int],
        hint: Sequence[int] | None = None,
    ) -> None:
        nodes = sorted(adjacent)
        size = nodes[-1] + 1 if nodes else 0
        allowed = np.zeros((size, size), dtype=bool)
        for u in nodes:
            near = [v for v in adjacent[u] if v in adjacent and v != u]
            allowed[u, near] = allowed[near, u] = True
        self._setup(allowed, nodes, may_single, hint)

    @classmethod
    def dense(
        cls,
        allowed: np.ndarray,
        nodes: Iterable[int],
        may_single: Iterable[int],
        hint: Sequence[int] | None = None,
    ) -> CompletionOracle:
        """An oracle over ``nodes`` whose pairs are the True entries of the
        symmetric boolean matrix ``allowed`` (held, not copied)."""
        oracle = cls.__new__(cls)
        oracle._setup(allowed, sorted(nodes), may_single, hint)
        return oracle

    def _setup(
        self,
        allowed: np.ndarray,
        nodes: list[int],
        may_single: Iterable[int],
        hint: Sequence[int] | None,
    ) -> None:
        self.allowed = allowed
        self.nodes = nodes
        self.may_single = set(may_single) & set(nodes)
        self.hint = hint
        self.solver = None
        self._known: dict[Question, Core | None] = {}

    def forbid(self, u: int, v: int) -> None:
        """The pair u-v is out of the graph for good."""
        if max(u, v) < len(self.allowed) and self.allowed[u, v]:
            self.allowed[u, v] = self.allowed[v, u] = False
            if self.solver is not None:
                x = self.pair.get((u, v) if u < v else (v, u))
                if x is not None:
                    self.solver.add_clause([-x])
            self._known.clear()

    def forbid_all(self, us: np.ndarray, vs: np.ndarray) -> None:
        """The pairs ``us[k]-vs[k]`` are out of the graph for good."""
        inside = (us < len(self.allowed)) & (vs < len(self.allowed))
        us, vs = us[inside], vs[inside]
        there = self.allowed[us, vs]
        if not there.any():
            return
        us, vs = us[there], vs[there]
        self.allowed[us, vs] = self.allowed[vs, us] = False
        if self.solver is not None:
            for u, v in zip(us.tolist(), vs.tolist()):
                x = self.pair.get((u, v) if u < v else (v, u))
                if x is not None:
                    self.solver.add_clause([-x])
        self._known.clear()

    def check(
        self,
        lower: Collection[int],
        window: Collection[int],
        down: Collection[int],
        single_below: bool,
    ) -> Core | None:
        """None if completable; else the core as (kind, node, assumed value) triples.

        kind "down" names a window node (sent down or not), kind "single" the
        assumption about where the single node is. Nodes in neither ``lower``
        nor ``window`` take no part. A question asked before, with no pair
        forbidden since, gets the answer it got then (a bracket's model asks
        the same one again and again while its quality criteria are pinned).
        """
        key = (frozenset(lower), frozenset(window), frozenset(down), single_below)
        if key not in self._known:
            easy = self._dirac(lower, down, single_below)
            self._known[key] = None if easy else self._ask(lower, window, down, single_below)
        return self._known[key]

    def _dirac(self, lower: Collection[int], down: Collection[int], single_below: bool) -> bool:
        """Whether Dirac's theorem shows the check completable: the lower nodes
        and those sent down (which never meet each other) have at least half
        of them as neighbours each, and the parity fits the single node."""
        k = len(lower) + len(down)
        if k < 3 or single_below != (k % 2 == 1):
            return False
        if single_below and self.may_single.isdisjoint(lower):
            return False
        _, sub = self._below(lower, down)
        return int(sub.sum(axis=1).min()) * 2 >= k

    def _below(
        self, lower: Collection[int], down: Collection[int]
    ) -> tuple[np.ndarray, np.ndarray]:
        """The nodes below, lower and sent down, in order (an array), and the
        graph among them (a boolean matrix): two nodes sent down never meet, and
        a node the graph does not hold meets nobody."""
        part = np.array(sorted({*lower, *down}), dtype=np.int64)
        at = np.flatnonzero(part < len(self.allowed))
        sub = np.zeros((len(part), len(part)), dtype=bool)
        sub[np.ix_(at, at)] = self.allowed[np.ix_(part[at], part[at])]
        sent = np.isin(part, np.fromiter(down, dtype=np.int64, count=len(down)))
        sub[np.ix_(sent, sent)] = False
        return part, sub

    def completion(
        self,
        lower: Collection[int],
        window: Collection[int],
        down: Collection[int],
        single_below: bool,
    ) -> dict[int, int] | None:
        """A completion for the decisions of :meth:`check`, or None if there is
        none, or none was found cheaply: the mate of every lower node and of
        every window node sent down (the single node, if below, is its own mate).

        Before the SAT instance is built (Dirac answered every check), only
        the pairs of nodes numbered near each other, and the hint's, are
        searched (:meth:`_near`)."""
        if self.solver is None:
            return self._near(lower, down, single_below)
        if self._ask(lower, window, down, single_below) is not None:
            return None
        model = np.asarray(self.solver.get_model(), dtype=np.int64)
        first = self._first_pair - 1
        used = np.flatnonzero(model[first : first + len(self._ends)] > 0)
        mates: dict[int, int] = {}
        for u, v in self._ends[used].tolist():
            mates[u], mates[v] = v, u
        mates.update((v, v) for v, z in self.single.items() if model[z - 1] > 0)
        return mates

    def _near(
        self, lower: Collection[int], down: Collection[int], single_below: bool, reach: int = NEAR
    ) -> dict[int, int] | None:
        """A completion using only pairs of nodes at most ``reach`` apart in the
        order of their numbers, or the hint's (SAT, :func:`sat_matching`); None
        if there is none among them."""
        from mipair.solver.witness import sat_matching

        part, sub = self._below(lower, down)
        k = len(part)
        near = np.zeros_like(sub)
        for d in range(1, min(reach, k - 1) + 1):
            i = np.arange(k - d)
            near[i, i + d] = sub[i, i + d]
        if self.hint is not None:
            mate = np.asarray(self.hint, dtype=np.int64)[part]
            at = np.minimum(np.searchsorted(part, mate), k - 1)
            ok = part[at] == mate
            i, j = np.flatnonzero(ok), at[ok]
            near[i, j] |= sub[i, j]
        a, b = np.nonzero(np.triu(near | near.T, 1))
        ends: list[tuple[int, ...]] = list(zip(part[a].tolist(), part[b].tolist()))
        singles = sorted(self.may_single & set(lower)) if single_below else []
        ends += [(v,) for v in singles]
        extra = list(range(len(a), len(ends)))
        chosen = sat_matching(
            int(part.max()) + 1 if k else 0,
            ends,
            range(len(ends)),
            set(part.tolist()),
            (),
            None,
            {"single": (extra, 1)},
        )
        if chosen is None:
            return None
        mates: dict[int, int] = {}
        for c in chosen:
            u, *v = ends[c]
            w = v[0] if v else u
            mates[u], mates[w] = w, u
        return mates

    def _build(self) -> None:
        """The SAT instance over the graph as it stands (later forbids add clauses)."""
        from pysat.solvers import Minicard

        nodes = np.asarray(self.nodes, dtype=np.int64)
        k = len(nodes)
        top = 3 * k
        self.available = dict(zip(self.nodes, range(1, k + 1)))  # may be matched
        self.needed = dict(zip(self.nodes, range(k + 1, 2 * k + 1)))  # must be (or be the single)
        window_var = np.zeros(len(self.allowed), dtype=np.int64)  # node is in the window
        window_var[nodes] = np.arange(2 * k + 1, 3 * k + 1)
        self.in_window = dict(zip(self.nodes, window_var[nodes].tolist()))
        singles = sorted(self.may_single)
        self.single = dict(zip(singles, range(top + 1, top + 1 + len(singles))))
        top += len(singles) + 1
        self.single_below = top
        sub = np.triu(self.allowed[np.ix_(nodes, nodes)], 1)
        a, b = np.nonzero(sub)
        self._ends = np.stack([nodes[a], nodes[b]], axis=1)
        self._first_pair = top + 1
        var = np.arange(top + 1, top + 1 + len(a), dtype=np.int64)
        self.pair = dict(zip(map(tuple, self._ends.tolist()), var.tolist()))
        # a pair is unused when both its ends are in the window
        clauses = np.stack(
            [-var, -window_var[self._ends[:, 0]], -window_var[self._ends[:, 1]]], axis=1
        ).tolist()
        ends = np.concatenate([self._ends[:, 0], self._ends[:, 1]])
        lits = np.concatenate([var, var])
        order = np.argsort(ends, kind="stable")
        ends, lits = ends[order], lits[order]
        bounds = np.searchsorted(ends, nodes), np.searchsorted(ends, nodes, side="right")
        incident = {v: lits[lo:hi].tolist() for v, lo, hi in zip(self.nodes, *bounds)}
        y = self.single_below
        for v, z in self.single.items():
            incident[v].append(z)
            clauses.append([y, -z])
        clauses += [[-self.needed[v], *incident[v]] for v in self.nodes]
        clauses.append([-y, *self.single.values()])
        solver = self.solver = Minicard(bootstrap_with=clauses)
        self._deleted = weakref.finalize(self, solver.delete)
        for v in self.nodes:
            if incident[v]:  # at most one pair (or single), and none unless available
                solver.add_atmost([*incident[v], -self.available[v]], 1)
        if len(self.single) > 1:
            solver.add_atmost(list(self.single.values()), 1)
        if self.hint is not None:
            mates = (self.pair.get((u, v)) for u, v in enumerate(self.hint) if u < v)
            solver.set_phases([x for x in mates if x is not None])
        self.decision = {lit: v for m in (self.available, self.needed) for v, lit in m.items()}

    def _ask(
        self,
        lower: Collection[int],
        window: Collection[int],
        down: Collection[int],
        single_below: bool,
    ) -> Core | None:
        """The SAT solver's answer to :meth:`check`."""
        if self.solver is None:
            self._build()
        solver = self.solver
        assert solver is not None, "built above"
        decisions = [self.single_below if single_below else -self.single_below]
        context: list[int] = []
        for v, a in self.available.items():
            m, w = self.needed[v], self.in_window[v]
            if v in lower:
                context += (a, m, -w)
            elif v in window:
                sign = 1 if v in down else -1
                decisions += (sign * a, sign * m)
                context.append(w)
            else:
                context += (-a, -m, -w)
        context += [-z for v, z in self.single.items() if v not in lower]
        # no budget: True or False; SIGINT left to Python (see witness.sat_matching)
        if solver.solve_limited(assumptions=decisions + context, expect_interrupt=True):
            return None
        chosen = set(decisions)
        core = [lit for lit in solver.get_core() or () if lit in chosen] or decisions
        found: dict[int | None, tuple[str, int | None, bool]] = {}
        for lit in core:
            if abs(lit) == self.single_below:
                found[None] = ("single", None, lit > 0)
            else:
                v = self.decision[abs(lit)]
                found[v] = ("down", v, lit > 0)
        return list(found.values())

    def close(self) -> None:
        """Delete the SAT solver now (a later question builds it again)."""
        if self.solver is not None:
            self._deleted()
            self.solver = None
