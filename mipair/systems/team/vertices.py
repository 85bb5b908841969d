"""The teams of one round as the vertices of a matching model, and the pairs C.04.6 allows.

Vertex ``i`` is the ``i``-th team to pair by descending pairing score, then ascending
TPN: the order of 3.5.3 in which sets of upfloaters are listed. The legal pairs are
those [C1] and the competition's forbidden pairs allow (no colour rule is absolute,
the Preface); the completion questions every Swiss system asks
(:class:`~mipair.systems.swiss_pairable.Pairable`: Dirac's theorem, else SAT) answer
whether a set of teams can all be paired ([C3]). The tiers of a criterion are built
once per kind of pair (:func:`~mipair.systems.swiss_tiers.kind_tiers`) from the
criterion functions of :mod:`mipair.systems.team.criteria`.
"""

from __future__ import annotations

from collections.abc import Sequence

from mipair.solver.edges import Edges
from mipair.solver.weights import Weights
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_pairable import Pairable, allowed_pairs, edges_among
from mipair.systems.swiss_tiers import kind_numbers, kind_tiers
from mipair.systems.team.criteria import CRITERIA
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
        self.allowed = allowed_pairs(
            [e.number for e in self.teams], [e.met for e in self.teams], state.forbidden
        )
        self.pairable = Pairable(self.allowed)
        """The completion questions ([C1], [C3]; 3.4.1: :meth:`Pairable.first_single`)."""
        self.kinds = kind_numbers((e.pairing_score, e.floated, e.preference) for e in self.teams)
        """What the criteria read of a team, by kind (:func:`kind_numbers`)."""

    def close(self) -> None:
        """Delete the completion questions' SAT solver now, not when the garbage collector or
        the interpreter's exit gets to it."""
        self.pairable.close()

    def __enter__(self) -> RoundVertices:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def tpn(self, v: int) -> int:
        return self.teams[v].number

    def score(self, v: int) -> int:
        return self.teams[v].pairing_score

    def edges_among(self, nodes: Sequence[int]) -> Edges:
        """The legal pairs between two of ``nodes``, lower vertex first."""
        return edges_among(self.allowed, nodes)

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
            if self.pairable.all(group + up) and self.pairable.all(left):
                return False
        return True

    def tiers(self, spec: CriterionSpec, ctx: ScoreBracket, edges: Edges) -> list[Weights]:
        """The criterion ``spec`` over ``edges`` as tiers to maximise (its counts negated):
        one tier, or one per score from the lowest up (``levels``)."""
        criterion = (CRITERIA[spec.function], spec.levels)
        return kind_tiers([criterion], ctx, self.teams, self.kinds, edges.ends)
