"""A Double-Swiss round as a graph: the players as vertices, the legal pairs as edges.

Vertices ``0..n-1`` are the players of the round by descending pairing score,
then ascending TPN (1.2): the order of 3.5.3 for the possible upfloaters, and
the top-scoregroup first. The pairs [C1] allows (no second match, no pair the
organiser forbids) form a symmetric boolean matrix, which the completion
questions ([C3], 3.4.1: :class:`~mipair.systems.swiss_pairable.Pairable`) and the
matching models (:class:`~mipair.solver.lexmatch.LexMatcher`) read.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from mipair.model import Points
from mipair.solver.edges import Edges
from mipair.systems.fide.double.state import DoublePlayer, DoubleState
from mipair.systems.fide.edition import Edition, load_edition
from mipair.systems.swiss_pairable import Pairable, allowed_pairs, edges_among

SYSTEM = "double-swiss"
"""The system's name, and the stem of its model files."""


class DoubleField:
    """The round of ``state`` as vertices and legal pairs, by ``edition`` (None: the newest)."""

    def __init__(self, state: DoubleState, edition: Edition | None = None) -> None:
        self.state = state
        self.edition = edition or load_edition(SYSTEM)
        order = sorted(state.players.values(), key=lambda p: (-p.pairing_score, p.id))
        self.players: list[DoublePlayer] = order
        self.vertex = {p.id: v for v, p in enumerate(order)}
        self.n = len(order)
        self.allowed = allowed_pairs(
            [p.id for p in order], [p.opponents for p in order], state.forbidden
        )

    @cached_property
    def pairable(self) -> Pairable:
        """The completion questions over the legal pairs."""
        return Pairable(self.allowed)

    @property
    def last_round(self) -> bool:
        return self.state.last_round

    def score(self, v: int) -> Points:
        return self.players[v].pairing_score

    def tpn(self, v: int) -> int:
        return self.players[v].id

    @cached_property
    def levels(self) -> list[Points]:
        """The scores of the round's players, highest first (DS6: the PAB's included)."""
        return sorted({p.pairing_score for p in self.players}, reverse=True)

    def following(self, score: Points) -> Points | None:
        """The score of the scoregroup after ``score``'s (DS6); None: the lowest."""
        below = [s for s in self.levels if s < score]
        return below[0] if below else None

    def edges_among(self, nodes: Sequence[int]) -> Edges:
        """The legal pairs among ``nodes``, each with its smaller vertex first."""
        return edges_among(self.allowed, nodes)
