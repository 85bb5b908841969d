"""SAT oracle: can the nodes below a window still be matched?

The pairing engine optimises one window of the field at a time (a bracket
and the next scoregroup). Whatever it decides must leave the rest of the
field completable (C.04.3 (2026) C4). This oracle answers that question with
python-sat, for a given set of window nodes that are matched *into* the rest
and whether the rest must hold the single unmatched node:

* every lower node is matched exactly once, except that, when the single
  node is to be found below the window, exactly one node of ``may_single``
  stays unmatched;
* every window node sent down is matched with exactly one lower node.

When the answer is no, the unsatisfiable core over the assumptions names
the decisions responsible, which the caller turns into a cut.
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence


class CompletionOracle:
    """Incremental completability checks over one lower part of a graph."""

    def __init__(self, lower: Sequence[int], window: Sequence[int],
                 adjacent: Mapping[int, Iterable[int]], may_single: Iterable[int]) -> None:
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        pool = IDPool()
        low = set(lower)
        self.selector = {v: pool.id(("s", v)) for v in window}
        self.single_below = pool.id("y")
        clauses: list[list[int]] = []
        incident: dict[int, list[int]] = {v: [] for v in list(lower) + list(window)}
        for u in lower:
            for v in adjacent.get(u, ()):
                if v in low and v <= u:
                    continue
                if v not in incident:
                    continue
                x = pool.id(("e", min(u, v), max(u, v)))
                incident[u].append(x)
                incident[v].append(x)

        def at_most_one(lits: list[int]) -> None:
            if len(lits) > 1:
                enc = CardEnc.atmost(lits, 1, vpool=pool, encoding=EncType.seqcounter)
                clauses.extend(enc.clauses)

        singles = []
        single_set = set(may_single)
        for u in lower:
            lits = incident[u]
            at_most_one(lits)
            if u in single_set:
                z = pool.id(("z", u))
                singles.append(z)
                clauses.append([z] + lits)
                clauses.extend([[-z, -x] for x in lits])
            else:
                clauses.append(list(lits))
        y = self.single_below
        clauses.append([-y] + singles)
        at_most_one(singles)
        clauses.extend([[y, -z] for z in singles])
        for v in window:
            s = self.selector[v]
            lits = incident[v]
            at_most_one(lits)
            clauses.append([-s] + lits)
            clauses.extend([[s, -x] for x in lits])
        self.solver = Solver(name="minisat22", bootstrap_with=clauses)

    def check(self, down: set[int], single_below: bool) -> list[tuple[str, int | None, bool]] | None:
        """None if completable; else the core as (kind, node, assumed value) triples.

        kind "down" names a window node (sent down or not), kind "single" the
        assumption about where the single node is.
        """
        assumptions = [s if v in down else -s for v, s in self.selector.items()]
        assumptions.append(self.single_below if single_below else -self.single_below)
        if self.solver.solve(assumptions=assumptions):
            return None
        back = {s: v for v, s in self.selector.items()}
        core = []
        for lit in self.solver.get_core() or assumptions:
            if abs(lit) == self.single_below:
                core.append(("single", None, lit > 0))
            else:
                core.append(("down", back[abs(lit)], lit > 0))
        return core

    def close(self) -> None:
        self.solver.delete()
