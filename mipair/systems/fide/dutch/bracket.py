"""The ordering decisions of one bracket, asked of its pinned matching model.

C.04.3 (2026) 4.6 keeps, among the candidates of best failure vector, the
one the generation order of Articles 3-4 meets first. Once the quality
criteria are pinned, :class:`Bracket` freezes those choices one question at a
time: which MDPs are paired (3.2.2 / 4.4), their opponents (3.3.3 / 4.2),
the exchanges between S1 and S2 (4.3.2) and each S1 player's opponent (4.2).
The 2017 procedure asks the same questions (:mod:`procedure2017`).
"""

from __future__ import annotations

import numpy as np

from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights
from mipair.systems.fide.dutch.partners import RELAX_FROM, PartnerQuestions
from mipair.systems.fide.weigh import KEYED_FROM

EXACT_EXCHANGE_SIZE = 18  # remainders up to this size settle exchanges in one solve


class Bracket(PartnerQuestions):
    """The ordering decisions of one bracket (C.04.3 (2026) Articles 3-4, via 4.6)."""

    def decide(self) -> set[int]:
        if self.mdps and self.residents:
            self.choose_mdps()
            self.mdp_opponents()
        self.remainder()
        return self.matched

    # 3.2.2 / 4.4: the set of MDPs paired in the bracket, earliest BSNs first
    def choose_mdps(self) -> None:
        level = None
        remaining = remaining_matched = 0
        n_residents = len(self.residents)
        for k, v in enumerate(self.mdps):
            scores = self.field.scores
            if level is None or scores[v] < level:
                level = scores[v]
                same = [w for w in self.mdps[k:] if scores[w] >= level]
                remaining = len(same)
                remaining_matched = sum(1 for w in same if self.with_resident(w))
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                self.matched.add(v)
                continue
            remaining -= 1
            if not self.with_resident(v):
                for r in self.residents:
                    e = self.col(v, r)
                    if e is not None:
                        self.order_weights[e] = 1
                self.resolve()
            if self.with_resident(v):
                self.matched.add(v)
                remaining_matched -= 1
                for r in self.residents:
                    e = self.col(v, r)
                    if e is not None:
                        self.order_weights[e] = n_residents + 1

    # 3.3.3 / 4.2: the MDP-Pairing, each MDP with the highest-ranked resident possible
    def mdp_opponents(self) -> None:
        size = len(self.bracket) + len(self.following)
        for v in self.mdps:
            if v not in self.matched:
                continue
            addend, best = size, None
            for r in reversed(self.residents):
                if r in self.matched:
                    continue
                e = self.col(v, r)
                if e is not None:
                    self.order_weights[e] = addend
                    addend += 1
                    best = r
            if self.mate[v] != best:
                self.resolve()
            self.finalize(v)

    # 3.6 / 4.3: the remainder, its exchanges and transpositions
    def remainder(self) -> None:
        remaining = [r for r in self.residents if self.mate[r] >= self.resident_low]
        pairs = sum(1 for r in remaining if self.mate[r] < r)
        if not pairs:
            return
        self.order_weights = {}
        s1_tier, rank_tier = self.order_tiers(remaining, pairs)
        if not all(self.in_s1(p) for p in remaining[:pairs]) and not self.top_half(
            remaining, pairs, s1_tier
        ):
            self.resolve([s1_tier, rank_tier], keep=True)
        exchanges = sum(1 for p in remaining[:pairs] if not self.in_s1(p))
        if exchanges and len(remaining) <= EXACT_EXCHANGE_SIZE:
            self.exchange_tiers(remaining, pairs, s1_tier, rank_tier)
        elif exchanges:
            self.leavers(remaining, pairs, exchanges)
            self.entrants(remaining, pairs, exchanges)
        first, second, eids, cols = self.pairs_within(remaining, usable=False)
        s1 = np.array([self.in_s1(p) for p in remaining], dtype=bool)
        frozen = ~s1[first] | s1[second]
        self.model.forbid(cols[frozen])
        self.field.kill_all(eids[frozen])
        self.partners(remaining)

    def order_tiers(self, remaining: list[int], pairs: int) -> tuple[Weights, Weights]:
        """4.3.2's first question as two tiers over the remainder's pairs: the
        higher player among the first ``pairs`` (S1 as it stands), then as high
        a player as possible (held as keys, the higher player's place, in a
        large model: :class:`KeyedWeights`)."""
        first, _, _, cols = self.pairs_within(remaining)
        if len(cols) < KEYED_FROM:
            return Weights(cols, (first < pairs).astype(np.int64)), Weights(cols, -first)
        size = len(remaining)
        key = np.full(
            len(self.model.columns.edges), size, dtype=np.int32
        )  # size: not a remainder pair
        key[cols] = first
        keys = ColumnKeys(key, size + 1)
        place = np.append(np.arange(size, dtype=np.int64), size)
        return (
            KeyedWeights(keys, (place < pairs).astype(np.int64)),
            KeyedWeights(keys, np.where(place < size, -place, 0)),
        )

    def top_half(self, remaining: list[int], pairs: int, s1_tier: Weights) -> bool:
        """For a large remainder, whether the class model settles 4.3.2's first
        question with no exchange: S1 the first ``pairs`` of ``remaining`` (s1_tier at
        its most, which leaves rank_tier nothing to improve)."""
        if self.kind is None or pairs < RELAX_FROM:
            return False
        kinds = self.kinds_by(remaining[:pairs], remaining[pairs:])
        if not self.model.classes(kinds).settle([s1_tier]):
            return False
        self.refresh()
        return all(self.in_s1(p) for p in remaining[:pairs])

    def exchange_tiers(
        self, remaining: list[int], pairs: int, s1_tier: Weights, rank_tier: Weights
    ) -> None:
        """4.3.2 rules 3 and 4 in one exact solve: leavers highest BSN first, then
        entrants lowest BSN first, as two tiers of powers of two after the size
        and sum of the exchange (the sequential questions give the same answer)."""
        size = len(remaining)
        leave: dict[int, int] = {}
        enter: dict[int, int] = {}
        for i, p in enumerate(remaining):
            for o in remaining[i + 1 :]:
                c = self.col(p, o)
                if c is None:
                    continue
                if i < pairs:
                    leave[c] = -(2**i)
                else:
                    enter[c] = 2 ** (size - 1 - i)
        self.resolve([s1_tier, rank_tier, leave, enter], keep=True)

    def leavers(self, remaining: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 3: S1 players leave S1 highest BSN first."""
        left = exchanges
        for i in range(pairs - 1, -1, -1):
            if not left:
                break
            p = remaining[i]
            later = [o for o in remaining[i + 1 :] if self.col(p, o) is not None]
            if self.in_s1(p):
                columns = (self.col(p, o) for o in later)
                self.order_weights = {c: -1 for c in columns if c is not None}
                self.resolve()
                self.order_weights = {}
            gone = not self.in_s1(p)
            left -= gone
            if gone:
                for o in later:
                    self.kill(p, o)

    def entrants(self, remaining: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 4: S2 players enter S1 lowest BSN first."""
        left = exchanges
        for i in range(pairs, len(remaining)):
            if left <= 1:
                break
            q = remaining[i]
            if not self.in_s1(q):
                later = [c for c in (self.col(q, o) for o in remaining[i + 1 :]) if c is not None]
                self.order_weights = {c: 1 for c in later}
                self.resolve()
                self.order_weights = {}
            if self.in_s1(q):
                left -= 1
                for o in remaining[:i] + self.following:
                    self.kill(q, o)
