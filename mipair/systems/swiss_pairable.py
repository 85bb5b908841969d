"""Can these players all be paired? The completion questions of a Swiss round.

Every FIDE Swiss system makes its choices (the PAB, a bracket's upfloaters, a
group's floaters, an opponent) on the condition that the players left can
still all be paired (Dutch and Dubov C4, Lim's "available", the Double-Swiss and
Team Swiss [C3]), or that as many of them as possible can (Lim 2.3, 4.4).
:class:`Pairable` asks those questions of the solver layer, over the pairs a
system allows (a symmetric boolean matrix over the round's vertices ``0..n-1``,
:func:`allowed_pairs`): whether a set can be paired whole (or but one player)
goes to the completion oracle
(:class:`mipair.solver.completion.CompletionOracle`: Dirac's theorem when it
answers, SAT otherwise); how many pairs a set can form at most, to a matching
model (:class:`mipair.solver.lexmatch.LexMatcher`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

import numpy as np

from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Edges


def allowed_pairs(
    numbers: Sequence[int], met: Sequence[Iterable[int]], forbidden: Iterable[Iterable[int]]
) -> np.ndarray:
    """The pairs among the round's entrants (vertex ``i`` is ``numbers[i]``) that C.04.1
    allows: no two who have met (``met[i]``: the numbers ``numbers[i]`` met), no pair the
    organiser forbids this round, as a symmetric boolean matrix; each system removes its
    own pairs from it."""
    vertex = {number: v for v, number in enumerate(numbers)}
    allowed = ~np.eye(len(numbers), dtype=bool)
    for v, opponents in enumerate(met):
        ends = [vertex[o] for o in opponents if o in vertex]
        allowed[v, ends] = allowed[ends, v] = False
    for pair in forbidden:
        ends = [vertex[number] for number in pair if number in vertex]
        if len(ends) == 2:
            allowed[ends[0], ends[1]] = allowed[ends[1], ends[0]] = False
    return allowed


def edges_among(allowed: np.ndarray, nodes: Collection[int]) -> Edges:
    """The pairs ``allowed`` between two of ``nodes``, each with its smaller vertex first."""
    members = np.asarray(sorted(nodes), dtype=np.int64)
    a, b = np.nonzero(np.triu(allowed[np.ix_(members, members)], 1))
    return Edges(members[a], members[b])


class Pairable:
    """The completion questions over the pairs ``allowed`` (held, not copied)."""

    def __init__(self, allowed: np.ndarray) -> None:
        self.allowed = allowed
        self.n = len(allowed)
        self.oracle = CompletionOracle.dense(allowed, range(self.n), range(self.n))

    def all(self, nodes: Collection[int]) -> bool:
        """Whether every one of ``nodes`` can be paired with another of them."""
        if len(nodes) % 2:
            return False
        return not nodes or self.oracle.check(set(nodes), (), (), False) is None

    def all_but_one(self, nodes: Collection[int]) -> bool:
        """Whether all of an odd number of ``nodes`` but one can be paired among them."""
        return len(nodes) % 2 == 1 and self.oracle.check(set(nodes), (), (), True) is None

    def first_single(self, nodes: Collection[int], candidates: Iterable[int]) -> int | None:
        """The first of ``candidates`` (members of ``nodes``) whose leaving lets the
        others all be paired (None: none does)."""
        rest = set(nodes)
        for c in candidates:
            if self.all(rest - {c}):
                return c
        return None

    def most_pairs(self, nodes: Collection[int]) -> int:
        """The most pairs ``nodes`` can form among themselves."""
        if self.all(nodes) or self.all_but_one(nodes):
            return len(nodes) // 2
        return self.largest(edges_among(self.allowed, nodes))

    def most_across(self, left: Collection[int], right: Collection[int]) -> int:
        """The most pairs of one player of ``left`` and one of ``right`` (disjoint)."""
        side = np.asarray(sorted(right), dtype=np.int64)
        across = self.allowed[np.ix_(np.asarray(sorted(left), dtype=np.int64), side)]
        if not len(left) or across.sum(axis=1).min() >= len(left):
            return len(left)  # Hall: each can reach as many as there are of them
        a, b = np.nonzero(across)
        return self.largest(Edges(np.asarray(sorted(left), dtype=np.int64)[a], side[b]))

    def largest(self, edges: Edges) -> int:
        """The size of a largest matching of ``edges``."""
        if not len(edges):
            return 0
        from mipair.solver.lexmatch import LexMatcher

        model = LexMatcher(self.n, edges)
        tier = {c: 1 for c in range(len(edges))}
        model.maximise([tier])
        return model.answer.value(tier)

    def close(self) -> None:
        self.oracle.close()
