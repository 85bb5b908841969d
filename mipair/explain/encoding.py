"""A round's pairing problem as CNF, one selector literal per fact.

Variables: selector ``i + 1`` switches fact ``i`` on (assumed true: the fact
holds; left free: the fact may be waived); one variable per pair of nodes
(the pair is a game, or a bye when one node is :data:`~mipair.explain.facts.BYE`).
Clauses: ``selector -> not pair`` for every pair a fact blocks; per node one
clause "at least one pair" and a native "at most one pair" constraint of
python-sat's Minicard solver (no auxiliary variables: a 600-player round
builds in a fraction of a second). A model is a legal pairing under the
facts assumed.

With ``max_exposed = k`` every node gets an extra "left unpaired" literal and
at most k nodes may be left unpaired: the maximum-matching view the
explanation of a reason needs (:mod:`mipair.explain.witness`).

Calls honour ``deadline`` (a ``time.monotonic()`` value): the solver is
interrupted then and :class:`TimeUp` is raised.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence

from pysat.formula import WCNFPlus
from pysat.solvers import Solver

from mipair.explain.facts import Matching, PairingProblem

SOLVER = "mc"  # Minicard: native cardinality constraints, interruptible


class TimeUp(Exception):
    """The deadline passed before the SAT solver answered."""


class PairingSat:
    """An incremental SAT oracle: is the round pairable under these facts?"""

    def __init__(self, problem: PairingProblem, *, max_exposed: int = 0) -> None:
        self.problem = problem
        n_facts = len(problem.facts)
        top = n_facts
        self._edges = problem.edges()
        self._first = top + 1  # edge variables are first .. first + len - 1
        self.edge_var = {e: self._first + k for k, e in enumerate(self._edges)}
        top += len(self._edges)
        clauses: list[list[int]] = []
        for i, fact in enumerate(problem.facts):
            clauses += [[-(i + 1), -self.edge_var[e]] for e in fact.blocks if e in self.edge_var]
        incident: dict[int, list[int]] = defaultdict(list)
        for e, v in self.edge_var.items():
            for node in e:
                incident[node].append(v)
        self.exposed_var: dict[int, int] = {}
        atmost: list[tuple[list[int], int]] = []
        for node in problem.nodes:
            lits = list(incident[node])
            if max_exposed:
                top += 1
                self.exposed_var[node] = top
                lits.append(top)
            if not lits:  # a lone node that can never be paired
                top += 1
                clauses += [[top], [-top]]
                continue
            clauses.append(lits)
            if len(lits) > 1:
                atmost.append((lits, 1))
        if max_exposed and len(self.exposed_var) > max_exposed:
            atmost.append((list(self.exposed_var.values()), max_exposed))
        self.clauses, self.atmost, self.top = clauses, atmost, top
        self._solver = Solver(name=SOLVER, bootstrap_with=clauses)
        for lits, k in atmost:
            self._solver.add_atmost(lits, k)
        self.deadline: float | None = None
        self.calls = 0

    def close(self) -> None:
        self._solver.delete()

    def __enter__(self) -> PairingSat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def selectors(kept: Iterable[int]) -> list[int]:
        """Assumption literals that make the facts ``kept`` hold."""
        return [i + 1 for i in kept]

    def solve(self, kept: Iterable[int], extra: Sequence[int] = ()) -> Matching | None:
        """A pairing under the facts ``kept`` (None: there is none); TimeUp after the deadline."""
        self.calls += 1
        assumptions = self.selectors(kept) + list(extra)
        if self.deadline is None:
            ok = self._solver.solve(assumptions=assumptions)
        else:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeUp
            timer = threading.Timer(left, self._solver.interrupt)
            timer.start()
            try:
                ok = self._solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                timer.cancel()
                self._solver.clear_interrupt()
            if ok is None:
                raise TimeUp
        return self.decode(self._solver.get_model()) if ok else None

    def core(self) -> list[int]:
        """Fact indices of the last failed call's core (its extra literals dropped)."""
        core = self._solver.get_core() or []
        n = len(self.problem.facts)
        return sorted(lit - 1 for lit in core if 0 < lit <= n)

    def decode(self, model: Sequence[int]) -> Matching:
        """The pairs chosen by a model (solver models list every variable in order)."""
        n, lo = len(self._edges), self._first - 1
        chosen = model[lo : lo + n]
        if n and len(chosen) == n and abs(chosen[0]) == lo + 1 and abs(chosen[-1]) == lo + n:
            return Matching(frozenset(self._edges[k] for k, v in enumerate(chosen) if v > 0))
        true = {v for v in model if v > 0}  # a model filtered by RC2
        return Matching(frozenset(e for e, v in self.edge_var.items() if v in true))

    def exposed(self, m: Matching) -> set[int]:
        """Nodes a (partial) pairing leaves unpaired."""
        covered = {n for e in m.pairs for n in e}
        return set(self.problem.nodes) - covered

    def respected(self, m: Matching) -> set[int]:
        """Indices of the facts a pairing respects."""
        return {i for i, f in enumerate(self.problem.facts) if m.respects(f)}

    def wcnf(self) -> WCNFPlus:
        """Hard clauses and cardinalities plus one soft unit clause per fact (weight 1)."""
        w = WCNFPlus()
        for clause in self.clauses:
            w.append(clause)
        for lits, k in self.atmost:
            w.append([lits, k], is_atmost=True)
        for i in range(len(self.problem.facts)):
            w.append([i + 1], weight=1)
        return w
