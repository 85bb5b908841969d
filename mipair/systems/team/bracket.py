"""Pairing one bracket (C.04.6 3.6), exactly, by one matching model of the bracket.

Of the bracket's legal pairings ([C1]), the one with the least [C8], then [C9] (type
B), then [C10] (outside the last two rounds), then the first identifier (3.6.2-3.6.3):
the top members (the smaller TPN of each pair, 3.6.1) in ascending order, then their
bottom members in the order of their top members. [C8]-[C10] are the model's tiers
(pinned); the identifier is then fixed a team at a time, which needs a question only
when the model's answer does not already show the choice:

* the set of top members, smallest first: each team by ascending TPN is a top member
  if some pairing left allows it (its pairs as a bottom member are then ruled out,
  else its pairs as a top member are);
* each top member by ascending TPN takes the smallest bottom member left that some
  pairing allows.
"""

from __future__ import annotations

from mipair.solver.lexmatch import LexMatcher
from mipair.systems.team.criteria import Bracket
from mipair.systems.team.settings import settings
from mipair.systems.team.vertices import RoundVertices


class BracketModel:
    """The matching model of one bracket (``members``: vertices of ``field``)."""

    def __init__(self, field: RoundVertices, members: list[int]) -> None:
        self.field = field
        self.members = sorted(members, key=field.tpn)
        edges = field.edges_among(members)
        self.edges = edges
        self.column = {pair: c for c, pair in enumerate(edges)}
        self.model = LexMatcher(field.n, edges, members, len(members) // 2)

    def col(self, v: int, w: int) -> int | None:
        """The live column of the pair v-w (None: no such pair, or ruled out)."""
        c = self.column.get((v, w) if v < w else (w, v))
        return None if c is None or self.model.columns.forbidden[c] else c

    def mate(self, v: int) -> int:
        return self.model.answer.mate()[v]

    def pairs(self) -> list[tuple[int, int]]:
        """The bracket's pairs (top member first), see the module docstring."""
        field = self.field
        state = field.state
        top = max(field.score(v) for v in self.members)
        ctx = Bracket(top, field.following(top))
        for spec in settings().active("bracket", state.last_two_rounds, state.competition.model):
            self.model.maximise(field.tiers(spec, ctx, self.edges))
        tops = self.top_members()
        return self.bottom_members(tops)

    def top_members(self) -> list[int]:
        """3.6.2: the smallest set of top members, by ascending TPN."""
        tpn = self.field.tpn
        tops = []
        for v in self.members[:-1]:
            above = [w for w in self.members if tpn(w) > tpn(v)]
            below = [w for w in self.members if tpn(w) < tpn(v)]
            if tpn(self.mate(v)) < tpn(v):
                tier = {c: 1 for w in above if (c := self.col(v, w)) is not None}
                if tier:
                    self.model.maximise([tier], keep=False)
            is_top = tpn(self.mate(v)) > tpn(v)
            ruled_out = below if is_top else above
            self.ban(v, ruled_out)
            if is_top:
                tops.append(v)
        return tops

    def bottom_members(self, tops: list[int]) -> list[tuple[int, int]]:
        """3.6.2: each top member in turn, the smallest bottom member a pairing allows."""
        tpn = self.field.tpn
        pairs = []
        taken: set[int] = set(tops)
        for v in tops:
            choices = [w for w in self.members if w not in taken and self.col(v, w) is not None]
            choices.sort(key=tpn)
            if self.mate(v) != choices[0]:
                last = len(choices)
                tier = {
                    c: last - k for k, w in enumerate(choices) if (c := self.col(v, w)) is not None
                }
                self.model.maximise([tier], keep=False)
            w = self.mate(v)
            c = self.col(v, w)
            assert c is not None
            self.model.force(c)
            taken.add(w)
            pairs.append((v, w))
        return pairs

    def ban(self, v: int, partners: list[int]) -> None:
        cols = [c for w in partners if (c := self.col(v, w)) is not None and w != self.mate(v)]
        if cols:
            self.model.forbid(cols)
