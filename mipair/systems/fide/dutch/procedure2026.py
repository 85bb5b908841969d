"""The 2026 bracket procedure: windows with exact look-below, bracket by bracket.

C.04.3 (2026) 4.6 states the bracket procedure as an optimisation: the
candidate a bracket keeps is the one with the best failure vector (C5, C6 ..
C21); ties are broken by the order in which Articles 3-4 generate candidates
(MDP set, MDP-Pairing, remainder exchange, remainder transposition). We solve
exactly that with one matching model per window (a bracket and the next
scoregroup, :mod:`mipair.systems.fide.windows`):

1. Hard constraints: only pairs allowed by C1, C3 and forbidden pairs exist;
   every player is matched except, with an odd count, one PAB candidate of
   the lowest possible score (C2, C4, C5), found by a first solve.
2. Bracket by bracket, from the top scoregroup down: maximise the quality
   criteria of ``models/dutch-2026.toml`` lexicographically, the rest of the
   field kept completable (so completion and the look-ahead of C8 are exact),
   and pin them.
3. Then freeze, one after another, the choices the generation order decides
   (:class:`mipair.systems.fide.dutch.bracket.Bracket`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import CLASSES_FROM, Infeasible, LexMatcher
from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights
from mipair.systems.fide.dutch.bracket import Bracket
from mipair.systems.fide.dutch.bracket_rules import BracketRules, BracketView, Opening, RoundView
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.procedures import DutchProcedure
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.first_matching import completable, sat_mate
from mipair.systems.fide.sparse import core
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.weigh import KEYED_FROM, kinds, roles
from mipair.systems.fide.windows import WindowModels

C5_TEXT = "the PAB goes to the lowest score possible; value: the recipient's score"
POINT = 10
"""Scores are held in tenths of a point; C5 shows the recipient's score in points."""


class Dutch2026(DutchProcedure):
    """C.04.3 (2026): C4/C5 as constraints, windows with exact look-below (see the module)."""

    def brackets(self, field: RoundField) -> dict[int, int]:
        return Procedure2026(field, first_matching(field), self).brackets()

    def bracket_context(self, round_view: RoundView, bracket: BracketView) -> PairContext:
        return PairContext(
            prefs=round_view.prefs,
            bye_score=round_view.bye_score,
            unplayed_rank=round_view.unplayed_rank,
            single_bye_floater=bracket.single,
        )

    def pair_context(
        self, base: PairContext, bracket: BracketView, higher: int, lower: int
    ) -> PairContext | None:
        """C9 for a pair of two MDPs is the bracket above's (they come from it)."""
        context = super().pair_context(base, bracket, higher, lower)
        if context is not None and higher in bracket.mdps and lower in bracket.mdps:
            context.single_bye_floater = bracket.previous_single
        return context

    def keeps_apart(self, bracket: Sequence[int], n_mdp: int) -> bool:
        return False

    def opening(self, snapshot: Snapshot, players: Sequence[int], bye: int | None) -> Opening:
        """C5 first in an odd field: the PAB recipient's score (lower is better)."""
        if len(players) % 2 == 0:
            return Opening()
        from mipair.reports import LOWER, CriterionValue

        st = snapshot.players
        s_star = st[bye].pairing_score if bye is not None else 0
        value = CriterionValue("C5", C5_TEXT, s_star / POINT, LOWER)
        return Opening((value,), s_star, unplayed_ranks((st[p] for p in players), s_star))

    def single_bye_floater(
        self, opening: Opening, bracket_score: int, paired_inside: bool, odd: bool
    ) -> bool:
        """C9's note: an odd round, S* at least the bracket's score, and no player of
        the bracket paired below it."""
        return odd and opening.bye_score >= bracket_score and paired_inside


def unplayed_ranks(players: Iterable[PlayerState], bye_score: int) -> dict[int, int]:
    """C9: games played -> rank among the PAB candidates (the players scored
    ``bye_score``), most games first."""
    played = sorted((p.played_games for p in players if p.pairing_score == bye_score), reverse=True)
    return {g: k for k, g in enumerate(played)}


@dataclass(frozen=True)
class ByeScore:
    """C5 before the brackets: the lowest score a PAB recipient can have
    (S*), and whether the first bracket has a single bye floater (C9)."""

    score: int
    single: bool


def first_matching(field: RoundField) -> ByeScore:
    """The round's first matching (``field.hint``), and C5 in an odd field
    (:func:`bye_score`); NoPairingError when the absolute criteria allow none."""
    if field.odd:
        return bye_score(field)
    completable(field, "rematches, colours, forbidden pairs")
    return ByeScore(0, False)


def pab_candidates(field: RoundField, bye: ByeScore) -> set[int]:
    """C5: the players who may take the PAB, eligible and scored at most S*."""
    return {
        i
        for i in range(field.n)
        if field.odd and field.eligible[i] and field.scores[i] <= bye.score
    }


def bye_score(field: RoundField) -> ByeScore:
    """S* and whether C9 applies to the first bracket: the lowest-scored PAB
    possible, the players of higher scores paired as high as possible.

    C5's first tier is the score of the PAB alone (the others are all paired),
    and C9 cannot apply below the top: so when the lowest score any eligible
    player has is below the top, a matching that leaves one of those players
    single answers C5 (:func:`sat_takers`), asked of SAT with no integer
    program (:func:`mipair.systems.fide.first_matching.sat_mate`). Otherwise,
    or when SAT finds none, C5's tiers decide (:func:`bye_tiers`); in a field of
    one score every pairing weighs the same under them, and the question is
    whether the round can be paired at all (:func:`one_score_model`)."""
    n, scores = field.n, field.scores
    level = score_levels(scores)
    takers = sat_takers(field, level)
    mate = sat_mate(field, takers) if takers else None
    if mate is not None:
        field.hint = mate
        return ByeScore(scores[takers[0]], False)
    try:
        if level[0] == 0:  # one score
            model = one_score_model(field)
            model.maximise([])
        else:
            must = [i for i in range(n) if not field.eligible[i]]
            model = LexMatcher(n, field.edges, must, n // 2, core=core(field.edges, scores))
            model.maximise(bye_tiers(field, level), classes=level)
    except Infeasible:
        raise NoPairingError(
            "no pairing satisfies the absolute criteria "
            "(rematches, colours, forbidden pairs, PAB eligibility)"
        ) from None
    mate = field.hint = model.answer.mate()
    bye = next(v for v in range(n) if mate[v] == v)
    s_star = scores[bye]
    top_score = scores[0]
    single = s_star >= top_score and all(
        scores[mate[v]] >= top_score for v in range(n) if scores[v] >= top_score
    )
    return ByeScore(s_star, single)


def sat_takers(field: RoundField, level: np.ndarray) -> list[int]:
    """The players SAT may leave single to answer C5 alone (:func:`bye_score`): the
    PAB-eligible players of the lowest level any of them has, when that is below
    the top; else none (the tiers decide). None either in a field of
    ``CLASSES_FROM`` pairs or more: there the class model settles the tiers at
    little cost, and their matching (the top scoregroup paired as high as it can
    be) is the better start for the windows (a 2,000-player round 4: 10 s from
    it, 22 s from SAT's)."""
    if len(field.edges) >= CLASSES_FROM:
        return []
    takers = [v for v in range(field.n) if field.eligible[v]]
    bottom = min((int(level[v]) for v in takers), default=int(level[0]))
    return [v for v in takers if level[v] == bottom] if bottom < level[0] else []


def one_score_model(field: RoundField) -> LexMatcher:
    """An odd field's matching model as a feasibility question: everyone paired
    but one PAB-eligible player (an exit "single", at most one).

    Asked with no objective, it goes to SAT over the model's pairs
    (:func:`mipair.solver.witness.sat_matching`): every player's clause "paired
    or single" leads the search, where "exactly n // 2 pairs" over every pair
    did not (SAT spent its budget, then a MIP over every pair decided: at 1,000
    players most of the round's time and memory)."""
    n = field.n
    singles = [(v, "single") for v in range(n) if field.eligible[v]]
    return LexMatcher(
        n,
        field.edges,
        range(n),
        exits=singles,
        exit_limits={"single": 1},
        core=core(field.edges, field.scores),
    )


def bye_tiers(field: RoundField, level: np.ndarray | None = None) -> list[Weights]:
    """C5's tiers over the round's pairs: the scores of the paired players, as
    low a level as possible left over, then the top scoregroup paired (``level``:
    the players' :func:`score_levels`, computed here when not given)."""
    edges = field.edges
    if level is None:
        level = score_levels(field.scores)
    if len(edges) < KEYED_FROM:
        return [
            Weights.dense(level[edges.u].astype(np.int64) + level[edges.v]),
            Weights.dense((level[edges.v] == level[0]).astype(np.int64)),
        ]
    size = int(level.max()) + 1  # a pair's key: the levels of its two players
    keys = ColumnKeys(level[edges.u] * size + level[edges.v], size * size)
    high, low = np.divmod(np.arange(size * size, dtype=np.int64), size)
    return [KeyedWeights(keys, high + low), KeyedWeights(keys, (low == level[0]).astype(np.int64))]


def score_levels(scores: Sequence[int]) -> np.ndarray:
    """Each player's scoregroup as a level, 0 the lowest score: C5's tiers
    weigh a pair by its players' levels alone (the classes of the bye question)."""
    rank = {score: k for k, score in enumerate(sorted(set(scores)))}
    return np.array([rank[s] for s in scores], dtype=np.int32)


class Procedure2026:
    """The brackets of one round, from the top down (C.04.3 (2026) Article 4)."""

    def __init__(self, field: RoundField, bye: ByeScore, procedure: BracketRules) -> None:
        self.field = field
        self.bye = bye
        self.procedure = procedure
        self.round_view = RoundView(
            prefs=field.preferences,
            bye_score=bye.score,
            unplayed_rank=unplayed_ranks(field.players, bye.score) if field.odd else {},
        )
        self.windows = WindowModels(field, pab_candidates(field, bye))

    def brackets(self) -> dict[int, int]:
        """Pair bracket after bracket; return vertex -> vertex (the bye maps to itself)."""
        field = self.field
        n, scores = field.n, field.scores
        position = 0
        while position < n and scores[position] >= scores[0]:
            position += 1
        bracket = list(range(position))
        n_mdp = 0
        flag = previous_flag = self.bye.single
        final: dict[int, int] = {}
        while len(bracket) > 1 or position < n:
            following: list[int] = []
            if position < n:
                score = scores[position]
                while position < n and scores[position] >= score:
                    following.append(position)
                    position += 1
            model, cols = self.windows.window(bracket, following, set(final))
            role = roles(n, bracket + following, set(bracket[:n_mdp]), set(bracket), set(following))
            kind = kinds(field.signature, role)
            tiers = self.tiers(model, role, bracket, following, n_mdp, flag, previous_flag)
            model.maximise(tiers, classes=kind)
            matched = Bracket(field, model, cols, bracket, n_mdp, following, kind).decide()
            mate = field.mate_of(model)
            field.hint = self.windows.completed(model, mate, bracket + following, set(final))
            next_flag = field.odd and bool(following) and self.bye.score >= scores[following[0]]
            carried: list[int] = []
            n_mdp = 0
            members = set(bracket)
            for v in bracket + following:
                if v in members and v in matched:
                    final[v] = mate[v]
                    continue
                carried.append(v)
                n_mdp += v in members
                if next_flag and (mate[v] >= n or scores[mate[v]] < scores[following[0]]):
                    next_flag = False
            previous_flag, flag = flag, next_flag
            bracket = carried
        for v in bracket:
            final[v] = v
        return final

    def tiers(
        self,
        model: LexMatcher,
        role: np.ndarray,
        bracket: list[int],
        following: list[int],
        n_mdp: int,
        flag: bool,
        previous_flag: bool,
    ) -> list[Weights]:
        """The bracket's quality criteria (2026) as lexicographic tiers of edge weights."""
        view = BracketView(
            set(bracket),
            set(following),
            set(bracket[:n_mdp]),
            single=flag,
            previous_single=previous_flag,
        )
        base = self.procedure.bracket_context(self.round_view, view)
        return self.field.weigh(
            model, role, lambda u, v: self.procedure.pair_context(base, view, u, v)
        )
