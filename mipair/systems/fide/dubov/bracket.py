"""Pairing one Dubov bracket (C.04.4.1 (2026) 3.2.3-3.2.6, 4.3, 4.4), exactly.

The text splits the bracket by colour sought (G1 the White seekers, G2 the
Black seekers; by TPN halves when nobody has played, 3.2.3), shifts players
between the two until G1 can be paired one-to-one with G2 (3.2.4, numbered from
the middle out, 4.3.3), sorts G1 by ARO (S1, 3.2.5) and takes the first legal
permutation of G2 (T2, 3.2.6, 4.4). Every choice is "the first in an order
that allows a legal pairing", so each is a question to one matching model of
the bracket (:class:`mipair.solver.lexmatch.LexMatcher`), asked in the text's
order:

* step 1 of 3.2.4: k, the least number of pairs inside the smaller subgroup
  over all legal pairings of the bracket, is the model's first tier, pinned;
  a shifter can move exactly when some pairing with k such pairs has it in
  one of them and its partner stays (the partner of each such pair stays);
* step 2 the same with the larger subgroup;
* T2: each S1 player in turn, the lowest-TPN partner a completion allows.

Every pairing after step 1 grants the same number of colour preferences
(``models/dubov-2026.md`` section 4), so "the best set" of the note to 3.2.4 is
the first that allows a one-to-one pairing. When the plain choices (no shift
in step 1, the first shifters of step 2, each S1 player the first legal
partner) meet no dead end they are that answer, and no model is built.
"""

from __future__ import annotations

from collections.abc import Iterable

from mipair.model import Colour
from mipair.solver.lexmatch import LexMatcher
from mipair.systems.fide.dubov.field import DubovField


def middle_out(items: list[int]) -> list[int]:
    """4.3.3: numbered from the middle out (the upper middle first): A..G gives D C E B F A G."""
    rest, out = list(items), []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


class BracketPairing:
    """The pairing of one bracket: ``members`` are vertices of ``field``."""

    def __init__(self, field: DubovField, members: list[int], start: dict[int, int] | None):
        self.field = field
        self.members = sorted(members)
        self.start = start
        players = field.players
        self.newcomers = all(players[v].state.played_games == 0 for v in self.members)
        if self.newcomers:  # 3.2.3: the first half by TPN in G1
            by_tpn = sorted(self.members, key=field.tpn)
            half = len(by_tpn) // 2
            self.g1, self.g2 = by_tpn[:half], by_tpn[half:]
        else:
            self.g1 = [v for v in self.members if players[v].colour is Colour.WHITE]
            self.g2 = [v for v in self.members if v not in set(self.g1)]
        self.model: ShiftModel | None = None

    def pairs(self) -> list[tuple[int, int]]:
        """The bracket's pairs, S1 player first."""
        plain = self.plain()
        if plain is not None:
            return plain
        model = self.model = ShiftModel(self.field, self.members, self.start)
        g1, g2 = list(self.g1), list(self.g2)
        smaller_is_g1 = len(g1) <= len(g2)
        smaller = g1 if smaller_is_g1 else g2
        k = model.least_inside(smaller)
        if k:  # step 1
            moved = model.choose(smaller, self.pool(smaller, smaller_is_g1), k)
            g1, g2 = self.move(g1, g2, moved, from_g1=smaller_is_g1)
        if len(g1) != len(g2):  # step 2
            from_g1 = len(g1) > len(g2)
            larger = g1 if from_g1 else g2
            moved = model.choose(larger, self.pool(larger, from_g1), abs(len(g1) - len(g2)) // 2)
            g1, g2 = self.move(g1, g2, moved, from_g1=from_g1)
        model.separate(g1, g2)
        s1 = self.s1(g1)
        return self.first_legal(s1, g2) or model.partners(s1, sorted(g2, key=self.field.tpn))

    def plain(self) -> list[tuple[int, int]] | None:
        """The answer when no pair must be inside the smaller subgroup, the first
        shifters of step 2 allow a one-to-one pairing and T2's plain choices meet no
        dead end (the pairing found shows all three), else None."""
        g1, g2 = list(self.g1), list(self.g2)
        if len(g1) != len(g2):
            from_g1 = len(g1) > len(g2)
            larger = g1 if from_g1 else g2
            count = abs(len(g1) - len(g2)) // 2
            moved = self.pool(larger, from_g1)[:count]
            if len(moved) < count:
                return None
            g1, g2 = self.move(g1, g2, moved, from_g1=from_g1)
        return self.first_legal(self.s1(g1), g2)

    def pool(self, side: list[int], is_g1: bool) -> list[int]:
        """4.3.2: the possible shifters out of a subgroup, numbered from the middle out:
        out of G1 its White seekers by ARO then TPN, out of G2 its Black seekers by TPN;
        when nobody has played, the whole subgroup by TPN."""
        players, tpn = self.field.players, self.field.tpn
        if self.newcomers:
            return middle_out(sorted(side, key=tpn))
        if is_g1:
            seekers = [v for v in side if players[v].colour is Colour.WHITE]
            return middle_out(sorted(seekers, key=lambda v: (players[v].aro, tpn(v))))
        seekers = [v for v in side if players[v].colour is Colour.BLACK]
        return middle_out(sorted(seekers, key=tpn))

    @staticmethod
    def move(
        g1: list[int], g2: list[int], moved: Iterable[int], *, from_g1: bool
    ) -> tuple[list[int], list[int]]:
        chosen = set(moved)
        if from_g1:
            return [v for v in g1 if v not in chosen], g2 + [v for v in g1 if v in chosen]
        return g1 + [v for v in g2 if v in chosen], [v for v in g2 if v not in chosen]

    def s1(self, g1: list[int]) -> list[int]:
        """3.2.5: G1 by ascending ARO, then TPN."""
        players, tpn = self.field.players, self.field.tpn
        return sorted(g1, key=lambda v: (players[v].aro, tpn(v)))

    def first_legal(self, s1: list[int], g2: list[int]) -> list[tuple[int, int]] | None:
        """3.2.6: each S1 player takes the first legal player of G2 by TPN not yet taken;
        when none is left for one of them, None (a completion is then asked for)."""
        legal = self.field.legal
        left = sorted(g2, key=self.field.tpn)
        pairs = []
        for v in s1:
            w = next((w for w in left if legal[v, w]), None)
            if w is None:
                return None
            left.remove(w)
            pairs.append((v, w))
        return pairs


class ShiftModel:
    """The matching model of one bracket, asked the questions of 3.2.4 and 3.2.6."""

    def __init__(self, field: DubovField, members: list[int], start: dict[int, int] | None):
        self.field = field
        self.members = members
        edges = field.edges_among(members)
        self.column = {pair: c for c, pair in enumerate(edges)}
        seed = None
        if start is not None:
            found = (self.column.get((v, w)) for v, w in start.items() if v < w)
            seed = sorted(c for c in found if c is not None)
        self.model = LexMatcher(field.n, edges, members, len(members) // 2, start=seed)

    def col(self, v: int, w: int) -> int | None:
        """The live column of the pair v-w (None: no such pair, or ruled out)."""
        c = self.column.get((v, w) if v < w else (w, v))
        return None if c is None or self.model.columns.forbidden[c] else c

    def mate(self, v: int) -> int:
        return self.model.answer.mate()[v]

    def ban(self, pairs: Iterable[tuple[int, int]]) -> None:
        cols = [c for v, w in pairs if (c := self.col(v, w)) is not None]
        if cols:
            self.model.forbid(cols)

    def least_inside(self, side: list[int]) -> int:
        """3.2.4 step 1: the least number of pairs inside ``side`` (pinned from now on)."""
        inside = set(side)
        tier = {c: -1 for (v, w), c in self.column.items() if v in inside and w in inside}
        self.model.maximise([tier])
        return -self.model.answer.value(tier)

    def choose(self, side: list[int], numbered: list[int], count: int) -> list[int]:
        """The first ``count`` shifters of ``numbered`` (in the order of 4.1) out of
        ``side``: in every pairing of the model the pairs inside ``side`` are exactly
        ``count``, and a set can move when each such pair has one shifter and one player
        who stays."""
        zone = set(side)
        stays = zone - set(numbered)
        chosen: list[int] = []
        self.ban((v, w) for v in stays for w in stays if v < w)
        for v in numbered:
            if len(chosen) < count and self.can_move(v, zone, chosen):
                self.ban((v, w) for w in self.members if w not in zone or w in chosen)
                chosen.append(v)
            else:
                self.ban((v, w) for w in stays)
                stays.add(v)
        return chosen

    def can_move(self, v: int, zone: set[int], chosen: list[int]) -> bool:
        """Whether v can be a shifter with those chosen before it: paired inside the
        zone with a player who is not a shifter."""
        partners = [w for w in zone if w != v and w not in chosen]
        mate = self.mate(v)
        if mate in zone and mate not in chosen:
            return True
        tier = {c: 1 for w in partners if (c := self.col(v, w)) is not None}
        if not tier:
            return False
        self.model.maximise([tier], keep=False)
        return self.model.answer.value(tier) > 0

    def separate(self, g1: list[int], g2: list[int]) -> None:
        """After the shifts, every pair has one player of each subgroup."""
        for side in (g1, g2):
            self.ban((v, w) for v in side for w in side if v < w)

    def partners(self, s1: list[int], t2: list[int]) -> list[tuple[int, int]]:
        """3.2.6: each S1 player in turn takes the lowest-TPN partner of G2 that still
        allows a one-to-one pairing of the rest."""
        pairs = []
        taken: set[int] = set()
        for v in s1:
            choices = [w for w in t2 if w not in taken and self.col(v, w) is not None]
            if self.mate(v) != choices[0]:
                tier = {
                    c: len(choices) - k
                    for k, w in enumerate(choices)
                    if (c := self.col(v, w)) is not None  # each choice is live (above)
                }
                self.model.maximise([tier], keep=False)
            w = self.mate(v)
            c = self.col(v, w)
            assert c is not None
            self.model.force(c)
            taken.add(w)
            pairs.append((v, w))
        return pairs
