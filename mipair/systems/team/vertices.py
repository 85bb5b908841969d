"""The teams of one round as the vertices of a matching model, and the pairs C.04.6 allows.

Vertex ``i`` is the ``i``-th team to pair by descending pairing score, then ascending
TPN: the order of 3.5.3 in which sets of upfloaters are listed. The legal pairs are
those [C1] and the competition's forbidden pairs allow (no colour rule is absolute,
the Preface); the completion oracle of the solver layer
(:class:`~mipair.solver.completion.CompletionOracle`: Dirac's theorem, else SAT) answers
whether a set of teams can all be paired ([C3]). The tiers of a criterion are built here, once per kind of
pair, from the criterion functions of :mod:`mipair.systems.team.criteria`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

import numpy as np

from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Edges
from mipair.solver.weights import Weights
from mipair.systems.team.criteria import CRITERIA, Bracket
from mipair.systems.team.field import TeamEntrant, TeamState
from mipair.systems.team.settings import CriterionSpec


class RoundVertices:
    """The round's teams as vertices ``0..n-1`` (see the module docstring)."""

    def __init__(self, state: TeamState) -> None:
        self.state = state
        self.teams: list[TeamEntrant] = sorted(
            state.teams.values(), key=lambda e: (-e.pairing_score, e.number)
        )
        self.n = len(self.teams)
        self.vertex = {e.number: v for v, e in enumerate(self.teams)}
        allowed = ~np.eye(self.n, dtype=bool)
        for v, e in enumerate(self.teams):
            met = [self.vertex[o] for o in e.met if o in self.vertex]
            allowed[v, met] = False
            allowed[met, v] = False
        for pair in state.forbidden:
            ends = [self.vertex[n] for n in pair if n in self.vertex]
            if len(ends) == 2:
                allowed[ends[0], ends[1]] = allowed[ends[1], ends[0]] = False
        self.allowed = allowed
        self.oracle = CompletionOracle.dense(allowed, range(self.n), range(self.n))

    def close(self) -> None:
        """Delete the completion oracle's SAT solver now: one left to the garbage collector
        may outlive pysat's module at interpreter exit, which then prints its error."""
        self.oracle.close()

    def __enter__(self) -> RoundVertices:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pairable(self, nodes: Collection[int]) -> bool:
        """Whether every one of ``nodes`` can be paired with another of them ([C1])."""
        if len(nodes) % 2:
            return False
        return not nodes or self.oracle.check(set(nodes), (), (), False) is None

    def first_single(self, nodes: Collection[int], candidates: Iterable[int]) -> int | None:
        """The first of ``candidates`` whose leaving lets the rest of ``nodes`` all be paired
        (3.4.1; None: none does)."""
        rest = set(nodes)
        return next((c for c in candidates if self.pairable(rest - {c})), None)

    def tpn(self, v: int) -> int:
        return self.teams[v].number

    def score(self, v: int) -> int:
        return self.teams[v].pairing_score

    def edges_among(self, nodes: Sequence[int]) -> Edges:
        """The legal pairs between two of ``nodes``, lower vertex first."""
        members = np.asarray(sorted(nodes), dtype=np.int64)
        a, b = np.nonzero(np.triu(self.allowed[np.ix_(members, members)], 1))
        return Edges(members[a], members[b])

    def following(self, top: int) -> int | None:
        """The score of the scoregroup after ``top`` among the round's teams (the PAB's
        included, T16); None when there is none."""
        lower = [s for s in self.state.scores if s < top]
        return lower[0] if lower else None

    def following_fails(self, top: int, rest: Sequence[int]) -> bool:
        """[C6] (T16) broken: ``rest`` are the unpaired teams left outside the bracket of
        score ``top``, and what is left of the following scoregroup cannot be paired with
        no upfloater (even) or one from lower scores (odd) while the teams below stay
        pairable. Not broken when nothing is left of that group."""
        following = self.following(top)
        group = [v for v in rest if self.score(v) == following]
        if following is None or not group:
            return False
        lower = [v for v in rest if self.score(v) < following]
        floats: list[list[int]] = [[]] if len(group) % 2 == 0 else [[v] for v in lower]
        for up in floats:
            left = [v for v in rest if v not in group and v not in up]
            if self.pairable(group + up) and self.pairable(left):
                return False
        return True

    def tiers(self, spec: CriterionSpec, ctx: Bracket, edges: Edges) -> list[Weights]:
        """The criterion ``spec`` over ``edges`` as tiers to maximise (its counts negated):
        one tier, or one per score from the lowest up (``levels``). The function is called
        once per kind of pair (the two teams' scores, floats and preferences)."""
        function = CRITERIA[spec.function]
        kinds: dict[tuple[object, ...], int] = {}
        kind_of = [
            kinds.setdefault((e.pairing_score, e.floated, e.preference), len(kinds))
            for e in self.teams
        ]
        example = {k: v for v, k in reversed(list(enumerate(kind_of)))}
        per_kind = np.asarray(kind_of, dtype=np.int64)
        ends = edges.ends
        keys = per_kind[ends[0]] * len(kinds) + per_kind[ends[1]]
        unique, inverse = np.unique(keys, return_inverse=True)
        scalar = np.zeros(len(unique), dtype=np.int64)
        levels: dict[int, np.ndarray] = {}
        for k, key in enumerate(unique.tolist()):
            a = self.teams[example[key // len(kinds)]]
            b = self.teams[example[key % len(kinds)]]
            value = function(ctx, a, b)
            if isinstance(value, int):
                scalar[k] = value
            else:
                for level, count in value:
                    levels.setdefault(level, np.zeros(len(unique), dtype=np.int64))[k] += count
        if spec.levels:
            return [Weights.dense(-levels[s][inverse]) for s in sorted(levels)]
        return [Weights.dense(-scalar[inverse])]
