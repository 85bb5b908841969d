"""The ordering decisions of one bracket, asked of its pinned matching model.

C.04.3 (2026) 4.6 keeps, among the candidates of best failure vector, the
one the generation order of Articles 3-4 meets first. Once the quality
criteria are pinned, :class:`Bracket` freezes those choices one question at a
time: which MDPs are paired (3.2.2 / 4.4), their opponents (3.3.3 / 4.2),
the exchanges between S1 and S2 (4.3.2) and each S1 player's opponent (4.2).
The 2017 procedure asks the same questions (:mod:`procedure2017`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mipair.solver.edges import Positions, mask
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.dutch.sparse import core

if TYPE_CHECKING:
    from mipair.systems.dutch.engine import _Round

SLACK = 3  # partners below the current one a partner question still weighs
RELAX_FROM = 40  # S1 players from which partners are first tested on the class model
EXACT_EXCHANGE_SIZE = 18  # remainders up to this size settle exchanges in one solve


class Bracket:
    """The ordering decisions of one bracket (C.04.3 (2026) Articles 3-4, via 4.6)."""

    def __init__(
        self,
        rnd: _Round,
        lm: LexMatcher,
        cols: Positions,
        bracket: list[int],
        n_mdp: int,
        nxt: list[int],
        kind: np.ndarray | None = None,
    ) -> None:
        self.r, self.lm, self.cols = rnd, lm, cols
        self.kind = kind  # vertices of one kind weigh alike (weigh.kinds)
        self.bracket, self.nxt = bracket, nxt
        self.mdps = bracket[:n_mdp]
        self.residents = bracket[n_mdp:]
        self.res_lo = self.residents[0] if self.residents else rnd.n
        self.res_hi = self.residents[-1] + 1 if self.residents else rnd.n
        self.matched: set[int] = set()
        self.x3: dict[int, int] = {}
        self.refresh()

    def col(self, u: int, v: int) -> int | None:
        """The model column of the live pair u-v, if any (none once the model has
        ruled it out for good: :meth:`LexMatcher.forbid`, or pruned by a pin)."""
        _, c = self._column(u, v)
        return None if c is None or c in self.lm.banned else c

    def _column(self, u: int, v: int) -> tuple[int | None, int | None]:
        """The round's live edge u-v and its model column, either None if absent."""
        e = self.r.edge(u, v)
        return e, (None if e is None else self.cols.get(e))

    def kill(self, u: int, v: int) -> None:
        """Freeze: u and v will not be paired in this round."""
        e, c = self._column(u, v)
        if c is not None:
            self.lm.forbid(c)
            self.r.kill(e)

    def resolve(
        self,
        tiers: list[dict[int, int]] | None = None,
        keep: bool = False,
        groups: int | None = None,
    ) -> None:
        self.lm.maximise(tiers if tiers is not None else [self.x3], keep=keep, groups=groups)
        self.refresh()

    def refresh(self) -> None:
        """Read the current answer of the bracket's model."""
        self.mate = self.r.mate_of(self.lm)

    def with_resident(self, v: int) -> bool:
        return self.res_lo <= self.mate[v] < self.res_hi

    def finalize(self, v: int) -> None:
        w = self.mate[v]
        self.matched.update((v, w))
        c = self.col(v, w)
        assert c is not None
        self.lm.force(c)

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
        nres = len(self.residents)
        for k, v in enumerate(self.mdps):
            sc = self.r.sc
            if level is None or sc[v] < level:
                level = sc[v]
                same = [w for w in self.mdps[k:] if sc[w] >= level]
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
                        self.x3[e] = 1
                self.resolve()
            if self.with_resident(v):
                self.matched.add(v)
                remaining_matched -= 1
                for r in self.residents:
                    e = self.col(v, r)
                    if e is not None:
                        self.x3[e] = nres + 1

    # 3.3.3 / 4.2: the MDP-Pairing, each MDP with the highest-ranked resident possible
    def mdp_opponents(self) -> None:
        size = len(self.bracket) + len(self.nxt)
        for v in self.mdps:
            if v not in self.matched:
                continue
            addend, best = size, None
            for r in reversed(self.residents):
                if r in self.matched:
                    continue
                e = self.col(v, r)
                if e is not None:
                    self.x3[e] = addend
                    addend += 1
                    best = r
            if self.mate[v] != best:
                self.resolve()
            self.finalize(v)

    # 3.6 / 4.3: the remainder, its exchanges and transpositions
    def remainder(self) -> None:
        rem = [r for r in self.residents if self.mate[r] >= self.res_lo]
        pairs = sum(1 for r in rem if self.mate[r] < r)
        if not pairs:
            return
        self.x3 = {}
        first, _, eids, cols = self.pairs_within(rem)
        x1 = Weights(cols, (first < pairs).astype(np.int64))
        x2 = Weights(cols, -first)
        if not all(self.in_s1(p) for p in rem[:pairs]) and not self.top_half(rem, pairs, x1):
            self.resolve([x1, x2], keep=True)
        exchanges = sum(1 for p in rem[:pairs] if not self.in_s1(p))
        if exchanges and len(rem) <= EXACT_EXCHANGE_SIZE:
            self.exchange_tiers(rem, pairs, x1, x2)
        elif exchanges:
            self.leavers(rem, pairs, exchanges)
            self.entrants(rem, pairs, exchanges)
        first, second, eids, cols = self.pairs_within(rem, usable=False)
        s1 = np.array([self.in_s1(p) for p in rem], dtype=bool)
        frozen = ~s1[first] | s1[second]
        self.lm.forbid_all(cols[frozen])
        self.r.kill_all(eids[frozen])
        self.partners(rem)

    def top_half(self, rem: list[int], pairs: int, x1: Weights) -> bool:
        """For a large remainder, whether the class model settles 4.3.2's first
        question with no exchange: S1 the first ``pairs`` of ``rem`` (x1 at
        its most, which leaves x2 nothing to improve)."""
        if self.kind is None or pairs < RELAX_FROM:
            return False
        if not self.lm.settle([x1], self.kinds_by(rem[:pairs], rem[pairs:])):
            return False
        self.refresh()
        return all(self.in_s1(p) for p in rem[:pairs])

    def pairs_within(self, rem: list[int], usable: bool = True):
        """The live pairs of ``rem`` in the model (and, if ``usable``, not ruled out
        by it: :meth:`col`): four arrays, the positions in ``rem`` of their two
        players, their edges and their columns."""
        first, second, eids = self.r.pairs_among(rem)
        cols = self.cols.lookup(eids)
        ok = cols >= 0
        if usable:
            ok[ok] = ~self.lm.banned_mask()[cols[ok]]
        return first[ok], second[ok], eids[ok], cols[ok]

    def in_s1(self, v: int) -> bool:
        """v is the higher-ranked member of a pair inside the bracket."""
        return v < self.mate[v] < self.res_hi

    def exchange_tiers(
        self, rem: list[int], pairs: int, x1: dict[int, int], x2: dict[int, int]
    ) -> None:
        """4.3.2 rules 3 and 4 in one exact solve: leavers highest BSN first, then
        entrants lowest BSN first, as two tiers of powers of two after the size
        and sum of the exchange (the sequential questions give the same answer)."""
        size = len(rem)
        leave: dict[int, int] = {}
        enter: dict[int, int] = {}
        for i, p in enumerate(rem):
            for o in rem[i + 1 :]:
                c = self.col(p, o)
                if c is None:
                    continue
                if i < pairs:
                    leave[c] = -(2**i)
                else:
                    enter[c] = 2 ** (size - 1 - i)
        self.resolve([x1, x2, leave, enter], keep=True)

    def best_partner(self, p: int, rem: list[int]) -> int | None:
        """The lowest-BSN player p could still meet in the remainder."""
        return next((o for o, _ in self.choices(p, rem)), None)

    def choices(self, p: int, rem: list[int]):
        """The players p could still meet in the remainder, lowest BSN first,
        with the model columns of their pairs with p."""
        for o in rem:
            c = self.col(p, o) if o > p and o not in self.matched else None
            if c is not None:
                yield o, c

    def leavers(self, rem: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 3: S1 players leave S1 highest BSN first."""
        left = exchanges
        for i in range(pairs - 1, -1, -1):
            if not left:
                break
            p = rem[i]
            later = [o for o in rem[i + 1 :] if self.col(p, o) is not None]
            if self.in_s1(p):
                self.x3 = {self.col(p, o): -1 for o in later}
                self.resolve()
                self.x3 = {}
            gone = not self.in_s1(p)
            left -= gone
            if gone:
                for o in later:
                    self.kill(p, o)

    def entrants(self, rem: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 4: S2 players enter S1 lowest BSN first."""
        left = exchanges
        for i in range(pairs, len(rem)):
            if left <= 1:
                break
            q = rem[i]
            if not self.in_s1(q):
                later = [c for c in (self.col(q, o) for o in rem[i + 1 :]) if c is not None]
                self.x3 = {c: 1 for c in later}
                self.resolve()
                self.x3 = {}
            if self.in_s1(q):
                left -= 1
                for o in rem[:i] + self.nxt:
                    self.kill(q, o)

    def partners(self, rem: list[int]) -> None:
        """4.2: each S1 player, in BSN order, meets the lowest BSN possible.

        The questions go to a model of the remainder alone when it can be cut
        out (:meth:`isolate`). One solve first steers the S1 players towards
        the partners a greedy walk would give them (:meth:`steer`). A player whose
        partner is the best possible one is settled without a question; for
        the first one that is not, the remaining players' questions (one tier
        each, in BSN order) go to the solver layer, which answers as many of
        them as one exactly packed solve can hold; those are settled and the
        walk goes on.
        """
        main = self.isolate(rem)
        s1 = [p for p in rem if self.in_s1(p)]
        relax = self.relaxation(s1)
        self.steer(rem, s1, alone=main is None, relax=relax)
        if main is None:
            self.lm.within = self.inside(self.paired_inside(rem))
        k = 0
        while k < len(s1):
            p = s1[k]
            if self.mate[p] == self.best_partner(p, rem) or self.excluded(p, rem, relax):
                self.finalize(p)
                k += 1
                continue
            tiers = [self.partner_tier(q, rem) for q in s1[k:]]
            self.resolve(tiers, keep=False, groups=1)
            done = 1  # the first tier reaches its current partner: its answer is exact
            while done < self.lm.settled and self.lm.value(tiers[done]):
                done += 1
            for q in s1[k : k + done]:
                self.finalize(q)
            k += done
            if relax is not None and k < len(s1):  # the solve left the later ones anywhere
                self.steer(rem, s1[k:], alone=main is None, relax=relax)
        self.lm.within = None
        if main is not None:
            self.rejoin(*main)

    def relaxation(self, s1: list[int]):
        """For a large remainder, the class model of the bracket's model
        (:meth:`LexMatcher.relaxation`), the players' kinds told apart by
        side (S1, their partners, others); None for a small one."""
        if self.kind is None or len(s1) < RELAX_FROM:
            return None
        return self.lm.relaxation(self.kinds_by(s1, [self.mate[p] for p in s1]))

    def kinds_by(self, *groups: list[int]) -> np.ndarray:
        """The players' kinds, told apart further by which of the disjoint
        ``groups`` they are in (the classes of the class model)."""
        side = np.zeros(self.r.n, dtype=np.int64)
        for k, group in enumerate(groups, 1):
            side[group] = k
        return self.kind * (len(groups) + 1) + side

    def excluded(self, p: int, rem: list[int], relax) -> bool:
        """Whether ``relax`` (:meth:`relaxation`) shows that p can meet no player
        before its current partner: then its partner question is answered
        without a solve (no matching of the model can do better)."""
        if relax is None:
            return False
        forced = list(self.lm.forced)
        for o, c in self.choices(p, rem):
            if o == self.mate[p]:
                return True
            if relax.allows(forced + [c]):
                return False
        return False

    def isolate(self, rem: list[int]):
        """Ask the partner questions on the remainder's pairs alone, when they can be.

        One question (can any other pairing of the players paired inside
        the remainder be used? its LP bound) shows whether all of them stay
        paired with each other in every candidate still allowed. If so, those other
        pairings are forbidden, and the rest of the window, now independent,
        is held at the current answer while a small model of the remainder
        answers (:meth:`LexMatcher.isolate`). Returns what is needed to put
        the bracket's model back, or None.
        """
        lm, inner = self.lm, self.paired_inside(rem)
        if len(inner) < 8 or len(lm.edges) < 2 * len(inner) ** 2:
            return None
        ne = len(lm.edges)
        outside = {
            c: 1
            for c in lm.touching(inner)
            if c not in lm.banned
            and not (c < ne and lm.edges[c][0] in inner and lm.edges[c][1] in inner)
        }
        if outside:
            # decided by the class model when it can (no outside pair in its optimum),
            # else by the LP bound alone: a MIP costs seconds at 1000 players, and
            # in the 753 questions of the corpus's 547 rounds of 80 or more players it
            # found no use of an outside pair exactly when the bound was below 1/2
            if self.outside_most(inner, outside) != 0 and lm.bound(outside) >= 0.5:
                return None
            for c in outside:
                if c < ne:
                    self.kill(*lm.edges[c])
                else:
                    lm.forbid(c)
        sub, back = self.submodel(inner)
        saved = (lm, back, self.cols)
        self.lm, self.cols = sub, Positions(self.cols.ids[back])
        self.refresh()
        return saved

    def outside_most(self, inner: set[int], outside: dict[int, int]) -> int | None:
        """For a large remainder, the most pairs of ``outside`` (columns of a
        player of ``inner`` but not of two) a matching of the model can use, as
        the class model bounds it, the kinds told apart by ``inner``; else None."""
        if self.kind is None or len(inner) < RELAX_FROM:
            return None
        relax = self.lm.relaxation(self.kinds_by(list(inner)))
        return relax.most(Weights(sorted(outside), np.ones(len(outside))), self.lm.forced)

    def paired_inside(self, rem: list[int]) -> set[int]:
        """The players of ``rem`` whose current partner is in ``rem`` too."""
        rset = set(rem)
        return {p for p in rem if self.mate[p] in rset}

    def submodel(self, inner: set[int]) -> tuple[LexMatcher, list[int]]:
        """A model of the pairs among ``inner`` alone, the rest of the window held
        at the current answer (:meth:`LexMatcher.isolate`), and its columns here."""
        return self.lm.isolate(self.inside(inner), core=lambda edges: core(edges, self.r.sc))

    def inside(self, inner: set[int]) -> list[int]:
        """The model's edge columns between two players of ``inner``."""
        member = mask(self.r.n, inner)
        ends = self.lm.ends()
        return np.flatnonzero(member[ends[0]] & member[ends[1]]).tolist()

    def rejoin(self, lm: LexMatcher, back: list[int], cols: Positions) -> None:
        """Put the bracket's model back, with the remainder model's answer forced in it."""
        lm.adopt(self.lm, back)
        self.lm, self.cols = lm, cols
        self.refresh()

    def steer(self, rem: list[int], s1: list[int], alone: bool = False, relax=None) -> None:
        """Move the current matching towards the answer 4.2 is likely to give.

        Each S1 player, in BSN order, is given the lowest-BSN S2 player still
        free whose pair the model has not ruled out (a greedy walk that
        ignores the pinned criteria, except through the pairs they pruned);
        one solve then uses as many of those pairs as the pinned model allows.
        Only a shortcut: it leaves the pinned criteria untouched and every
        partner is still confirmed by :meth:`partners`. (Steering towards
        S1[i] - S2[i] instead left two or three questions per ten S1 players
        in 1000-player rounds; this walk, none.) With ``alone``, the solve
        is made on a model of the pairs among the players paired inside the
        remainder, the rest held (:meth:`submodel`): any answer of it is one
        of the whole model, found in a fraction of the time (a 1000-player
        round 4: 6 s of LP and a MIP on 50,000 columns)."""
        if len(s1) <= 2 or all(self.mate[p] == self.best_partner(p, rem) for p in s1):
            return
        s2 = [o for o in rem if o not in self.matched and not self.in_s1(o)]
        taken: set[int] = set()
        self.x3 = {}
        chosen = list(self.lm.forced)
        for i, p in enumerate(s1):
            for o in s2:
                c = self.col(p, o) if o > p and o not in taken else None
                if c is not None and (relax is None or relax.allows(chosen + [c])):
                    self.x3[c] = 1 if relax is None else len(s1) - i
                    taken.add(o)
                    chosen.append(c)
                    break
        if not alone:
            self.resolve()
            return
        sub, back = self.submodel(self.paired_inside(rem))
        here = {c: k for k, c in enumerate(back)}
        sub.maximise([{here[c]: w for c, w in self.x3.items() if c in here}], keep=False)
        self.lm.adopt(sub, back, force=False)
        self.refresh()
        if relax is not None and not set(self.x3) <= set(self.lm.solution):
            self.resolve()  # the rest of the window may have to move for the walk

    def partner_tier(self, p: int, rem: list[int]) -> dict[int, int]:
        """p's partners in the remainder, lowest BSN first, weighing most: those up
        to its current one and SLACK more.

        Partners further down weigh nothing: the first question of a solve can
        always keep its current partner, and a later one that ends with a
        partner of weight 0 is not settled (:meth:`partners` asks it again);
        an answer of positive weight is exact, since a better one would weigh
        more. Small tiers let one solve hold many questions; the slack keeps
        a later question settled when an earlier one takes its current
        partner and it moves a few places down (without it, 1000-player
        rounds settled two questions per solve instead of five or six).
        Pairs the model has ruled out (:meth:`col`) are not weighed."""
        mine = self.col(p, self.mate[p])
        weighed: list[int] = []
        after = -1  # how many more to weigh once the current partner is met
        for _, e in self.choices(p, rem):
            if after == 0:
                break
            weighed.append(e)
            after = SLACK if e == mine else after - (after > 0)
        return {e: len(weighed) - k for k, e in enumerate(weighed)}
