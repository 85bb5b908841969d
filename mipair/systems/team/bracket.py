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

The model starts from the plain pairing when it is legal (the first half by TPN against
the second, each top member taking the first legal bottom member left): the usual
answer of a large bracket with no colour or float to weigh (a first round), which the
model then only confirms.
"""

from __future__ import annotations

from mipair.solver.lexmatch import LexMatcher
from mipair.systems.team.criteria import Bracket
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
        self.model = LexMatcher(field.n, self.edges, members, len(members) // 2, start=self.plain())
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
        return None if c is None or self.model.columns.forbidden[c] else c

    def mate(self, v: int) -> int:
        if self._mate is None:
            self._mate = self.model.answer.mate()
        return self._mate[v]

    def ask(self, tiers: list[dict[int, int]]) -> None:
        """Maximise ``tiers`` in turn, each pinned."""
        if tiers:
            self.model.maximise(tiers)
            self._mate = None

    def pairs(self) -> list[tuple[int, int]]:
        """The bracket's pairs (top member first), see the module docstring."""
        field = self.field
        state = field.state
        top = max(field.score(v) for v in self.members)
        ctx = Bracket(top, field.following(top))
        for spec in settings().active("bracket", state.last_two_rounds, state.competition.model):
            self.ask(field.tiers(spec, ctx, self.edges))  # type: ignore[arg-type]
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
            self.model.forbid(cols)

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
        self.model.force(c)
        taken.add(w)
