"""SAT oracle: can the nodes below a window still be matched?

The pairing engine optimises one window of the field at a time (a bracket
and the next scoregroup). Whatever it decides must leave the rest of the
field completable (C.04.3 (2026) C4). This oracle answers that question with
python-sat, for a given set of window nodes that are matched *into* the rest
and whether the rest must hold the single unmatched node:

* every lower node is matched exactly once, except that, when the single
  node is to be found below the window, exactly one node of ``may_single``
  in the lower part stays unmatched;
* every window node sent down is matched with exactly one lower node, and
  the other window nodes with none.

One oracle serves a whole series of windows: the lower part, the window
and the decisions are *assumptions* of each check, so the clauses are built
once (Minicard keeps each node's "at most one" as a native constraint).
When the answer is no, the unsatisfiable core over the assumptions names
the decisions responsible, which the caller turns into a cut.
"""
from __future__ import annotations

from typing import Collection, Iterable, Mapping, Sequence

Core = list[tuple[str, "int | None", bool]]


class CompletionOracle:
    """Incremental completability checks over one graph.

    ``adjacent[u]`` lists the neighbours of node u that may meet it; a pair
    is in the graph when either end lists the other and both ends are keys
    (so a window node that lists only lower nodes never meets another
    window node). ``may_single``: the nodes that may be the single one.
    ``hint``: a matching known to exist (``hint[u]`` is u's mate), whose
    pairs the solver tries first; it changes no answer, only how fast the
    first one comes (a 1000-player round 3: 20 s -> 3 s for its first check).
    """

    def __init__(self, adjacent: Mapping[int, Iterable[int]], may_single: Iterable[int],
                 hint: Sequence[int] | None = None) -> None:
        from pysat.solvers import Minicard

        nodes = sorted(adjacent)
        top = 0

        def new() -> int:
            nonlocal top
            top += 1
            return top
        self.available = {v: new() for v in nodes}   # may be matched (lower, or sent down)
        self.needed = {v: new() for v in nodes}      # must be matched (or be the single)
        self.in_window = {v: new() for v in nodes}
        self.single = {v: new() for v in set(may_single) & set(nodes)}
        self.single_below = new()
        self.pair: dict[tuple[int, int], int] = {}
        self._first_pair = top + 1      # pair variables are numbered consecutively from here
        ends: list[tuple[int, int]] = []
        incident: dict[int, list[int]] = {v: [] for v in nodes}
        clauses: list[list[int]] = []
        for u in nodes:
            for v in adjacent[u]:
                key = (u, v) if u < v else (v, u)
                if v not in incident or key in self.pair:
                    continue
                x = self.pair[key] = new()
                ends.append(key)
                incident[u].append(x)
                incident[v].append(x)
                clauses.append([-x, -self.in_window[u], -self.in_window[v]])
        y = self.single_below
        for v in nodes:
            z = self.single.get(v)
            if z:
                incident[v].append(z)
                clauses.append([y, -z])
            clauses.append([-self.needed[v], *incident[v]])
        clauses.append([-y, *self.single.values()])
        self.solver = Minicard(bootstrap_with=clauses)
        for v in nodes:
            if incident[v]:     # at most one pair (or single), and none unless available
                self.solver.add_atmost([*incident[v], -self.available[v]], 1)
        if len(self.single) > 1:
            self.solver.add_atmost(list(self.single.values()), 1)
        if hint is not None:
            mates = (self.pair.get((u, v)) for u, v in enumerate(hint) if u < v)
            self.solver.set_phases([x for x in mates if x is not None])
        import numpy as np

        self._ends = np.array(ends, dtype=np.int64).reshape(-1, 2)
        self._known: dict[tuple, Core | None] = {}
        self.decision = {lit: v for m in (self.available, self.needed) for v, lit in m.items()}

    def forbid(self, u: int, v: int) -> None:
        """The pair u-v is out of the graph for good."""
        x = self.pair.get((u, v) if u < v else (v, u))
        if x is not None:
            self.solver.add_clause([-x])
            self._known.clear()

    def check(self, lower: Collection[int], window: Collection[int], down: Collection[int],
              single_below: bool) -> Core | None:
        """None if completable; else the core as (kind, node, assumed value) triples.

        kind "down" names a window node (sent down or not), kind "single" the
        assumption about where the single node is. Nodes in neither ``lower``
        nor ``window`` take no part. A question asked before, with no pair
        forbidden since, gets the answer it got then (a bracket's model asks
        the same one again and again while its quality criteria are pinned).
        """
        key = (frozenset(lower), frozenset(window), frozenset(down), single_below)
        if key not in self._known:
            self._known[key] = self._ask(lower, window, down, single_below)
        return self._known[key]

    def completion(self, lower: Collection[int], window: Collection[int], down: Collection[int],
                   single_below: bool) -> dict[int, int] | None:
        """A completion for the decisions of :meth:`check`, or None if there is
        none: the mate of every lower node and of every window node sent down
        (the single node, if below, is its own mate)."""
        if self._ask(lower, window, down, single_below) is not None:
            return None
        import numpy as np

        model = np.asarray(self.solver.get_model(), dtype=np.int64)
        first = self._first_pair - 1
        used = np.flatnonzero(model[first:first + len(self._ends)] > 0)
        mates: dict[int, int] = {}
        for u, v in self._ends[used].tolist():
            mates[u], mates[v] = v, u
        mates.update((v, v) for v, z in self.single.items() if model[z - 1] > 0)
        return mates

    def _ask(self, lower: Collection[int], window: Collection[int], down: Collection[int],
             single_below: bool) -> Core | None:
        """The SAT solver's answer to :meth:`check`."""
        decisions = [self.single_below if single_below else -self.single_below]
        context = []
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
        if self.solver.solve(assumptions=decisions + context):
            return None
        chosen = set(decisions)
        core = [lit for lit in self.solver.get_core() or () if lit in chosen] or decisions
        found: dict[int | None, tuple[str, int | None, bool]] = {}
        for lit in core:
            if abs(lit) == self.single_below:
                found[None] = ("single", None, lit > 0)
            else:
                v = self.decision[abs(lit)]
                found[v] = ("down", v, lit > 0)
        return list(found.values())

    def close(self) -> None:
        self.solver.delete()
