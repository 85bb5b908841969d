"""4.2 in a bracket's remainder: each S1 player, in BSN order, meets the lowest BSN possible.

The partner questions are the most numerous of a bracket; they go, when they
can, to a model of the remainder alone (:meth:`PartnerQuestions.isolate`), and
a greedy walk first steers the model towards the likely answer
(:meth:`PartnerQuestions.steer`), so that one solve settles many of them.
"""

from __future__ import annotations

import numpy as np

from mipair.solver.edges import Positions, mask
from mipair.solver.lexmatch import ClassModel, LexMatcher, Part
from mipair.solver.weights import Weights
from mipair.systems.fide.dutch.bracket_model import BracketModel
from mipair.systems.fide.sparse import core

SLACK = 3  # partners below the current one a partner question still weighs
STEER_CORE_FROM = 1_000_000  # remainder pairs from which steer's model is the core alone
RELAX_FROM = 40  # S1 players from which partners are first tested on the class model


class PartnerQuestions(BracketModel):
    """The partner questions of 4.2, asked of a bracket's model."""

    def partners(self, remaining: list[int]) -> None:
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
        main = self.isolate(remaining)
        s1 = [p for p in remaining if self.in_s1(p)]
        relax = self.relaxation(s1)
        self.steer(remaining, s1, alone=main is None, relax=relax)
        if main is None:
            self.within = self.inside(self.paired_inside(remaining))
        k = 0
        while k < len(s1):
            p = s1[k]
            if self.mate[p] == self.best_partner(p, remaining) or self.excluded(
                p, remaining, relax
            ):
                self.finalize(p)
                k += 1
                continue
            tiers = [self.partner_tier(q, remaining) for q in s1[k:]]
            settled = self.resolve(tiers, keep=False, groups=1)
            answer = self.model.answer
            done = 1  # the first tier reaches its current partner: its answer is exact
            while done < settled and answer.value(tiers[done]):
                done += 1
            for q in s1[k : k + done]:
                self.finalize(q)
            k += done
            if relax is not None and k < len(s1):  # the solve left the later ones anywhere
                self.steer(remaining, s1[k:], alone=main is None, relax=relax)
        self.within = None
        if main is not None:
            self.rejoin(*main)

    def relaxation(self, s1: list[int]) -> ClassModel | None:
        """For a large remainder, the class model of the bracket's model
        (:meth:`LexMatcher.classes`), the players' kinds told apart by
        side (S1, their partners, others); None for a small one."""
        if self.kind is None or len(s1) < RELAX_FROM:
            return None
        return self.model.classes(self.kinds_by(s1, [self.mate[p] for p in s1]))

    def excluded(self, p: int, remaining: list[int], relax: ClassModel | None) -> bool:
        """Whether ``relax`` (:meth:`relaxation`) shows that p can meet no player
        before its current partner: then its partner question is answered
        without a solve (no matching of the model can do better)."""
        if relax is None:
            return False
        for o, c in self.choices(p, remaining):
            if o == self.mate[p]:
                return True
            if relax.allows([c]):
                return False
        return False

    def isolate(self, remaining: list[int]) -> tuple[LexMatcher, Part, Positions] | None:
        """Ask the partner questions on the remainder's pairs alone, when they can be.

        One question (can any other pairing of the players paired inside
        the remainder be used? its LP bound) shows whether all of them stay
        paired with each other in every candidate still allowed. If so, those other
        pairings are forbidden, and the rest of the window, now independent,
        is held at the current answer while a small model of the remainder
        answers (:meth:`LexMatcher.part`). Returns what is needed to put
        the bracket's model back, or None.
        """
        model, inner = self.model, self.paired_inside(remaining)
        columns = model.columns
        if len(inner) < 8 or len(columns.edges) < 2 * len(inner) ** 2:
            return None
        ne = len(columns.edges)
        touching = columns.touching(inner)
        member = mask(self.field.n, inner)
        ends = columns.edges.array()
        edge = touching[touching < ne]
        within = member[ends[0][edge]] & member[ends[1][edge]]
        cols = np.concatenate([edge[~within], touching[touching >= ne]])
        cols = cols[~columns.forbidden[cols]]
        if len(cols):
            outside = Weights(cols, np.ones(len(cols), dtype=np.int64))
            # decided by the class model when it can (no outside pair in its optimum),
            # else by the LP bound alone: a MIP costs seconds at 1000 players, and
            # in the 753 questions of the corpus's 547 rounds of 80 or more players it
            # found no use of an outside pair exactly when the bound was below 1/2
            if self.outside_most(inner, outside) != 0 and model.bound(outside) >= 0.5:
                return None
            self.kill_columns(cols[cols < ne])
            for c in cols[cols >= ne].tolist():
                model.forbid(c)
        part = self.submodel(inner)
        saved = (model, part, self.cols)
        self.model, self.cols = part.model, self.cols.take(part.back)
        self.refresh()
        return saved

    def outside_most(self, inner: set[int], outside: Weights) -> int | None:
        """For a large remainder, the most pairs of ``outside`` (columns of a
        player of ``inner`` but not of two, each weighing 1) a matching of the
        model can use, as the class model bounds it, the kinds told apart by
        ``inner``; else None."""
        if self.kind is None or len(inner) < RELAX_FROM:
            return None
        return self.model.classes(self.kinds_by(list(inner))).most(outside)

    def paired_inside(self, remaining: list[int]) -> set[int]:
        """The players of ``remaining`` whose current partner is in ``remaining`` too."""
        rset = set(remaining)
        return {p for p in remaining if self.mate[p] in rset}

    def submodel(self, inner: set[int]) -> Part:
        """A model of the pairs among ``inner`` alone, the rest of the window held
        at the current answer (:meth:`LexMatcher.part`)."""
        return self.columns_model(self.inside(inner))

    def columns_model(self, cols: np.ndarray) -> Part:
        """:meth:`submodel` of the edge columns ``cols``, started from their core."""
        return self.model.part(cols, core=lambda edges: core(edges, self.field.scores))

    def inside(self, inner: set[int]) -> np.ndarray:
        """The model's edge columns between two players of ``inner`` (sorted)."""
        member = mask(self.field.n, inner)
        ends = self.model.columns.edges.array()
        return np.flatnonzero(member[ends[0]] & member[ends[1]])

    def rejoin(self, model: LexMatcher, part: Part, cols: Positions) -> None:
        """Put the bracket's model back, with the remainder model's answer forced in it."""
        part.rejoin()
        self.model, self.cols = model, cols
        self.refresh()

    def steer(
        self,
        remaining: list[int],
        s1: list[int],
        alone: bool = False,
        relax: ClassModel | None = None,
    ) -> None:
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
        if len(s1) <= 2 or all(self.mate[p] == self.best_partner(p, remaining) for p in s1):
            return
        s2 = [o for o in remaining if o not in self.matched and not self.in_s1(o)]
        taken: set[int] = set()
        self.order_weights = {}
        chosen: list[int] = []  # the walk's pairs (the model's forced ones go with them)
        free = np.asarray(s2, dtype=np.int64)
        for i, p in enumerate(s1):
            others = free[free > p]
            if taken:
                others = others[~mask(self.field.n, taken)[others]]
            cols = self.columns_to(p, others)
            for o, c in zip(others[cols >= 0].tolist(), cols[cols >= 0].tolist()):
                if relax is None or relax.allows(chosen + [c]):
                    self.order_weights[c] = 1 if relax is None else len(s1) - i
                    taken.add(o)
                    chosen.append(c)
                    break
        if not alone:
            self.resolve()
            return
        walk = np.fromiter(self.order_weights, dtype=np.int64, count=len(self.order_weights))
        part = self.steering_model(self.paired_inside(remaining), walk)
        back = part.back
        at = np.minimum(np.searchsorted(back, walk), max(len(back) - 1, 0))
        hit = back[at] == walk if len(back) else np.zeros(len(walk), dtype=bool)
        weights = [self.order_weights[c] for c in walk[hit].tolist()]
        part.model.maximise([dict(zip(at[hit].tolist(), weights))], keep=False)
        part.rejoin(force=False)
        self.refresh()
        if relax is not None and not set(self.order_weights) <= set(self.model.answer.columns):
            self.resolve()  # the rest of the window may have to move for the walk

    def steering_model(self, inner: set[int], walk: np.ndarray) -> Part:
        """The model :meth:`steer` solves: that of :meth:`submodel`, but for a
        large remainder only its pairs near a natural pairing (the core), the
        walk's and the current answer's, none other let in. Any answer of it is
        one of the whole model, only perhaps one using fewer of the walk's pairs
        (the partner questions confirm every partner anyway); a 9,999-player
        round 2's remainder of 2.2 million pairs otherwise let in 561,000 of
        them by column generation, its LP taking 73 s of CPU."""
        cols = self.inside(inner)
        if len(cols) < STEER_CORE_FROM:
            return self.columns_model(cols)
        near = core(self.model.columns.edges.take(cols), self.field.scores)
        keep = np.zeros(len(cols), dtype=bool)
        if near is not None:
            keep[np.asarray(near, dtype=np.int64)] = True
        keep |= np.isin(cols, walk) | np.isin(cols, np.asarray(self.model.answer.columns))
        return self.model.part(cols[keep])

    def partner_tier(self, p: int, remaining: list[int]) -> dict[int, int]:
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
        for _, e in self.choices(p, remaining):
            if after == 0:
                break
            weighed.append(e)
            after = SLACK if e == mine else after - (after > 0)
        return {e: len(weighed) - k for k, e in enumerate(weighed)}
