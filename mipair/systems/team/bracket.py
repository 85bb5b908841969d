"""Pairing one bracket (C.04.6 3.6), exactly, by one matching model of the bracket.

Of the bracket's legal pairings ([C1]), the one with the least [C8], then [C9] (type
B), then [C10] (outside the last two rounds), then the first identifier (3.6.2-3.6.3):
the top members (the smaller TPN of each pair, 3.6.1) in ascending order, then their
bottom members in the order of their top members. [C8]-[C10] are the model's tiers
(pinned); the identifier is then fixed a team at a time, each step a tier pinned in turn
(asked :data:`CHUNK` at a time), and no question is asked while the model's answer
already shows the best choice:

* the set of top members, smallest first: each team by ascending TPN is a top member
  if some pairing left allows it;
* each top member by ascending TPN takes the smallest bottom member left that some
  pairing allows.

The plain pairing, when it is legal (the first half by TPN against the second, each top
member taking the first legal bottom member left), has the smallest identifier of all
legal pairings; when it also counts nothing for [C8]-[C10] (counts cannot be lower) it is
the answer and no model is built: a large first round, or a bracket without colour
clashes or floats to weigh. Otherwise the model starts from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Tier
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.team.settings import settings
from mipair.systems.team.vertices import RoundVertices

CHUNK = 24  # identifier steps asked at once


class BracketModel:
    """The matching model of one bracket (``members``: vertices of ``field``)."""

    def __init__(self, field: RoundVertices, members: list[int]) -> None:
        self.field = field
        self.members = sorted(members, key=field.tpn)
        self.edges = field.edges_among(members)
        self.column = {pair: c for c, pair in enumerate(self.edges)}
        self.start = self.plain()
        self.model: LexMatcher | None = None
        self._mate: list[int] | None = None

    def plain(self) -> list[int] | None:
        """The columns of the plain pairing (see the module docstring); None when the
        first half cannot all be given a legal bottom member that way."""
        half = len(self.members) // 2
        left = list(self.members[half:])
        columns = []
        for v in self.members[:half]:
            found = next((w for w in left if self.key(v, w) in self.column), None)
            if found is None:
                return None
            left.remove(found)
            columns.append(self.column[self.key(v, found)])
        return sorted(columns)

    @staticmethod
    def key(v: int, w: int) -> tuple[int, int]:
        return (v, w) if v < w else (w, v)

    def col(self, v: int, w: int) -> int | None:
        """The live column of the pair v-w (None: no such pair, or ruled out)."""
        c = self.column.get(self.key(v, w))
        return None if c is None or self.matcher.columns.forbidden[c] else c

    def mate(self, v: int) -> int:
        if self._mate is None:
            self._mate = self.matcher.answer.mate()
        return self._mate[v]

    @property
    def matcher(self) -> LexMatcher:
        assert self.model is not None, "the model is built when the plain pairing is not the answer"
        return self.model

    def ask(self, tiers: Sequence[Tier]) -> None:
        """Maximise ``tiers`` in turn, each pinned."""
        if tiers:
            self.matcher.maximise(tiers)
            self._mate = None

    def pairs(self) -> list[tuple[int, int]]:
        """The bracket's pairs (top member first), see the module docstring."""
        field = self.field
        state = field.state
        top = max(field.score(v) for v in self.members)
        ctx = ScoreBracket(top, field.following(top))
        specs = settings().active("bracket", state.last_two_rounds, state.competition.model)
        tiers = [t for spec in specs for t in field.tiers(spec, ctx, self.edges) if len(t.cols)]
        if self.start is not None and not any(np.isin(t.cols, self.start).any() for t in tiers):
            ends = self.edges.ends
            return [(int(ends[0][c]), int(ends[1][c])) for c in self.start]
        self.model = LexMatcher(
            field.n, self.edges, self.members, len(self.members) // 2, start=self.start
        )
        self.ask(tiers)
        return self.bottom_members(self.top_members())

    def top_tier(self, v: int) -> dict[int, int]:
        """v is a top member: paired with a larger TPN."""
        tpn = self.field.tpn
        above = (w for w in self.members if tpn(w) > tpn(v))
        return {c: 1 for w in above if (c := self.col(v, w)) is not None}

    def top_members(self) -> list[int]:
        """3.6.2: the smallest set of top members, by ascending TPN."""
        tpn = self.field.tpn
        order = self.members[:-1]
        k = 0
        while k < len(order):
            v = order[k]
            if tpn(self.mate(v)) > tpn(v):
                self.keep_top(v)
                k += 1
                continue
            chunk = order[k : k + CHUNK]
            self.ask([tier for u in chunk if (tier := self.top_tier(u))])
            for u in chunk:
                if tpn(self.mate(u)) > tpn(u):
                    self.keep_top(u)
            k += len(chunk)
        return [v for v in self.members if tpn(self.mate(v)) > tpn(v)]

    def keep_top(self, v: int) -> None:
        """v stays a top member: its pairs with a smaller TPN are ruled out."""
        tpn = self.field.tpn
        mate = self.mate(v)
        cols = [
            c
            for w in self.members
            if tpn(w) < tpn(v) and w != mate and (c := self.col(v, w)) is not None
        ]
        if cols:
            self.matcher.forbid(cols)

    def bottom_members(self, tops: list[int]) -> list[tuple[int, int]]:
        """3.6.2: each top member in turn, the smallest bottom member a pairing allows."""
        tpn = self.field.tpn
        bottoms = sorted((w for w in self.members if w not in set(tops)), key=tpn)
        taken: set[int] = set()
        k = 0
        while k < len(tops):
            v = tops[k]
            first = next(w for w in bottoms if w not in taken and self.col(v, w) is not None)
            if self.mate(v) == first:
                self.fix(v, taken)
                k += 1
                continue
            chunk = tops[k : k + CHUNK]
            tiers = []
            for u in chunk:
                choices = [w for w in bottoms if self.col(u, w) is not None]
                last = len(choices)
                tiers.append({self.col(u, w) or 0: last - i for i, w in enumerate(choices)})
            self.ask(tiers)
            for u in chunk:
                self.fix(u, taken)
            k += len(chunk)
        return [(v, self.mate(v)) for v in tops]

    def fix(self, v: int, taken: set[int]) -> None:
        """v keeps its partner of the answer."""
        w = self.mate(v)
        c = self.col(v, w)
        assert c is not None
        self.matcher.force(c)
        taken.add(w)
