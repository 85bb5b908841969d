"""A round's pairing problem as CNF, one selector literal per fact.

Variables: selector ``i + 1`` switches fact ``i`` on (assumed true: the fact
holds; left free: the fact may be waived); one variable per pair of nodes
(the pair is a game, or a bye when one node is :data:`~mipair.explain.facts.BYE`).
Clauses: ``selector -> not pair`` for every pair a fact blocks, and exactly
one chosen pair per node (sequential-counter cardinality encoding of
python-sat). A model is a legal pairing under the facts assumed.

With ``max_exposed = k`` every node gets an extra "left unpaired" literal and
at most k nodes may be left unpaired: the maximum-matching view the
explanation of a reason needs (:mod:`mipair.explain.witness`).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

from mipair.explain.facts import Matching, PairingProblem


class PairingSat:
    """An incremental SAT oracle: is the round pairable under these facts?"""

    def __init__(self, problem: PairingProblem, *, max_exposed: int = 0,
                 solver: str = "g4") -> None:
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool
        from pysat.solvers import Solver

        self.problem = problem
        n_facts = len(problem.facts)
        pool = IDPool(start_from=n_facts + 1)
        self.edge_var = {e: pool.id(("pair", tuple(sorted(e)))) for e in problem.edges()}
        self.var_edge = {v: e for e, v in self.edge_var.items()}
        clauses: list[list[int]] = []
        for i, fact in enumerate(problem.facts):
            clauses += [[-(i + 1), -self.edge_var[e]] for e in fact.blocks if e in self.edge_var]
        incident: dict[int, list[int]] = defaultdict(list)
        for e, v in self.edge_var.items():
            for node in e:
                incident[node].append(v)
        self.exposed_var: dict[int, int] = {}
        for node in problem.nodes:
            lits = list(incident[node])
            if max_exposed:
                self.exposed_var[node] = pool.id(("exposed", node))
                lits.append(self.exposed_var[node])
            if not lits:                       # a lone node that can never be paired
                stuck = pool.id(("stuck", node))
                clauses += [[stuck], [-stuck]]
                continue
            clauses += CardEnc.equals(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses
        if max_exposed and len(self.exposed_var) > max_exposed:
            clauses += CardEnc.atmost(list(self.exposed_var.values()), max_exposed, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
        self.clauses = clauses
        self.top = pool.top
        self._solver = Solver(name=solver, bootstrap_with=clauses)
        self.calls = 0

    def close(self) -> None:
        self._solver.delete()

    def __enter__(self) -> "PairingSat":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def selectors(kept: Iterable[int]) -> list[int]:
        """Assumption literals that make the facts ``kept`` hold."""
        return [i + 1 for i in kept]

    def solve(self, kept: Iterable[int], extra: Sequence[int] = ()) -> Matching | None:
        """A pairing under the facts ``kept`` (None: there is none)."""
        self.calls += 1
        if not self._solver.solve(assumptions=self.selectors(kept) + list(extra)):
            return None
        return self.decode(self._solver.get_model())

    def core(self) -> list[int]:
        """Fact indices of the last failed call's core (its extra literals dropped)."""
        core = self._solver.get_core() or []
        n = len(self.problem.facts)
        return sorted(lit - 1 for lit in core if 0 < lit <= n)

    def decode(self, model: Sequence[int]) -> Matching:
        """The pairs chosen by a model."""
        return Matching(frozenset(self.var_edge[v] for v in model if v > 0 and v in self.var_edge))

    def exposed(self, model_pairs: Matching) -> set[int]:
        """Nodes a (partial) pairing leaves unpaired."""
        covered = {n for e in model_pairs.pairs for n in e}
        return set(self.problem.nodes) - covered

    def respected(self, m: Matching) -> set[int]:
        """Indices of the facts a pairing respects."""
        return {i for i, f in enumerate(self.problem.facts) if m.respects(f)}
