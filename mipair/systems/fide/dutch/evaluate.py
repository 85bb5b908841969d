"""The Dutch quality criteria evaluated on a complete pairing, bracket by bracket.

``why`` and ``check`` need, for the engine's pairing and for an arbiter's, the
values of the edition's criteria in the order they count. The definitions are
the engine's own: the functions of :mod:`mipair.systems.fide.dutch.criteria` and
:mod:`~mipair.systems.fide.dutch.criteria2017`, listed per edition in
``models/dutch-<edition>.toml`` with what each shown value is (``value``),
which way is better (``better``) and how it is levelled (``levels``). This
module only walks a finished pairing through the brackets and sums each
function over the bracket's pairs, with the context the edition's procedure
object gives the engine (:class:`~mipair.systems.fide.dutch.procedures.DutchProcedure`:
its opening, bracket context, pairs kept apart and look-ahead below):

* 2026 (C.04.3 (2026) Articles 1-4): C5 first in an odd field (the PAB
  recipient's score, lower is better); then each bracket (scoregroup plus
  the players floated into it) with its next scoregroup. C9 counts only in a
  bracket the rules' note allows (odd round, the PAB score S* at least the
  bracket's score, no player of the bracket paired below it).
* 2017 (C.04.3 (2017) A.8-A.9): the same walk; each bracket is paired in a
  window with the next scoregroup, its PSD measured from one point below the
  window's lowest score; the last bracket holds every remaining player. The
  Penultimate Pairing Bracket of A.9 is not re-enacted: a bracket is judged
  as a bracket of the walk.
* 2012 (Istanbul 2012, A3, A11, C10, D4): the same walk as 2026, without C5
  (the bye is the B3 factor's unpaired player of the last bracket); each
  bracket's B3 factor and B5/B6 for downfloaters are measured from its
  residents' score, and in a heterogeneous bracket (fewer MDPs than half, A3)
  a pair of two MDPs counts for nothing, since S1 (the MDPs) meets S2 (the
  residents) only (A6, C4; the C14.b2 fall-back to a homogeneous bracket is
  not re-enacted).
* The look-ahead criteria (2026 C8, 2017 C.7, 2012 C12) are the best the following
  bracket (this bracket's downfloaters plus the next scoregroup) can do on
  the bracket criteria they name (:mod:`mipair.systems.fide.dutch.lookahead`),
  not the pairs a pairing forms there.
* After a bracket's criteria, its pairs: two pairings equal on every
  criterion but with different pairs differ only in the order in which the
  rules generate candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.reports import ORDER_ONLY, CriterionValue
from mipair.systems.fide.colours import preference
from mipair.systems.fide.dutch.bracket_rules import BracketRules, BracketView, Opening, RoundView
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.lookahead import best_following
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.values import Total, add, shown
from mipair.systems.swiss_brackets import Bracket, scoregroups
from mipair.systems.swiss_brackets import mates as paired

ORDER = "order"


def mates(pairing: RoundPairing) -> dict[int, int]:
    """Each player's opponent (the bye: the player itself)."""
    mate = paired(pairing)
    if pairing.bye is not None:
        mate[pairing.bye] = pairing.bye
    return mate


@dataclass
class Round:
    """What the evaluation of one round reads, computed once for every pairing."""

    snap: Snapshot
    specs: tuple[CriterionSpec, ...]
    procedure: BracketRules
    rank: dict[int, int]
    view: RoundView
    groups: list[list[int]]
    ahead: dict[tuple[tuple[int, ...], int], list[Total]] = field(default_factory=dict)
    """The look-ahead answers by following bracket (the same for both pairings compared)."""

    def walk(self, mate: dict[int, int]) -> Iterator[Bracket]:
        """The brackets from the top; players not paired inside a bracket float on."""
        groups = self.groups
        bracket, k = list(groups[0]) if groups else [], 1
        while len(bracket) > 1 or k < len(groups):
            nxt = groups[k] if k < len(groups) else []
            score = self.snap.players[groups[k - 1][0]].pairing_score
            k += 1
            yield Bracket(tuple(bracket), tuple(nxt), score, k == len(groups))
            inside = set(bracket)
            bracket = sorted(
                [v for v in bracket if mate[v] not in inside or mate[v] == v] + nxt,
                key=self.rank.__getitem__,
            )


def dutch_criteria(
    snap: Snapshot, procedure: BracketRules
) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete legal pairings of ``snap``'s round by the bracket rules
    ``procedure`` and the criteria of ``snap.edition`` (see the module docstring)."""
    st = snap.players
    edition = snap.edition
    ids = sorted(snap.to_pair, key=lambda p: (-st[p].pairing_score, st[p].tpn))
    groups = scoregroups(ids, lambda p: st[p].pairing_score)
    view = RoundView(
        prefs={p: preference(st[p]) for p in ids},
        eligible={p: not st[p].pab_ineligible for p in ids},
        odd_round=snap.round % 2 == 1,
    )
    rnd = Round(
        snap, edition.active(snap.round), procedure, {p: i for i, p in enumerate(ids)}, view, groups
    )
    return lambda pairing: evaluate(rnd, pairing)


def evaluate(rnd: Round, pairing: RoundPairing) -> list[CriterionValue]:
    """Every criterion of ``pairing``, bracket by bracket, in the declared order."""
    mate = mates(pairing)
    odd = len(rnd.rank) % 2 == 1
    opening = rnd.procedure.opening(rnd.snap, list(rnd.rank), pairing.bye if odd else None)
    out: list[CriterionValue] = list(opening.values)
    round_view = rnd.view._replace(
        bye_score=opening.bye_score, unplayed_rank=dict(opening.unplayed_rank)
    )
    for bracket in rnd.walk(mate):
        view = bracket_view(rnd, bracket, mate, opening, odd)
        base = rnd.procedure.bracket_context(round_view, view)
        window = bracket.members + bracket.following
        label = f"bracket of score {points_to_str(bracket.score)}"
        pairs = [
            (h, mate[h])
            for h in sorted(window, key=rnd.rank.__getitem__)
            if mate[h] != h and mate[h] in window and rnd.rank[mate[h]] > rnd.rank[h]
        ]
        totals = bracket_totals(rnd, bracket, view, base, pairs, mate)
        for spec, total in zip(rnd.specs, totals):
            if total is not None:
                out += shown(spec, total, label, levels_of(rnd, spec, window))
        inside = tuple(sorted((h, low) for h, low in pairs if low in view.members))
        out.append(CriterionValue(ORDER, "the pairs formed", inside, ORDER_ONLY, label))
    return out


def bracket_view(
    rnd: Round, bracket: Bracket, mate: dict[int, int], opening: Opening, odd: bool
) -> BracketView:
    """The bracket of the walk as the procedure's contexts read it."""
    st = rnd.snap.players
    members = set(bracket.members)
    mdps = [p for p in bracket.members if st[p].pairing_score > bracket.score]
    window = bracket.members + bracket.following
    single = rnd.procedure.single_bye_floater(
        opening, bracket.score, all(mate[v] in members for v in members), odd
    )
    return BracketView(
        members,
        set(bracket.following),
        set(mdps),
        apart=rnd.procedure.keeps_apart(bracket.members, len(mdps)),
        lowest=bracket.score,
        window_min=min(st[p].pairing_score for p in window),
        last_window=not bracket.following,
        next_is_last=bracket.following_is_last,
        single=single,
        previous_single=single,
    )


def bracket_totals(
    rnd: Round,
    bracket: Bracket,
    view: BracketView,
    base: PairContext,
    pairs: list[tuple[int, int]],
    mate: dict[int, int],
) -> list[Total | None]:
    """Each criterion summed over the bracket's pairs (None: not shown for this bracket)."""
    st = rnd.snap.players
    totals: list[Total | None] = []
    for spec in rnd.specs:
        totals.append(None if spec.following else (0 if not spec.levels else {}))
    for h, low in pairs:
        ctx = rnd.procedure.pair_context(base, view, h, low)
        if ctx is None:
            continue  # kept apart: the pair is not one of this bracket's
        for k, spec in enumerate(rnd.specs):
            total = totals[k]
            if total is not None:  # None: a look-ahead criterion, judged below
                totals[k] = add(total, spec.function(ctx, st[h], st[low]))
    looking = {k: spec.following for k, spec in enumerate(rnd.specs) if spec.following}
    ahead = list(looking)
    if ahead and bracket.following:
        bset = view.members
        following = sorted(
            [p for p in bracket.members if mate[p] not in bset or mate[p] == p]
            + list(bracket.following),
            key=rnd.rank.__getitem__,
        )
        context = replace(base, in_bracket=True, h_in_bracket=True, special=False)
        key = (tuple(following), base.window_min)
        if key not in rnd.ahead:
            next_score = st[bracket.following[0]].pairing_score
            rnd.ahead[key] = best_following(
                rnd.snap,
                [st[p] for p in following],
                context,
                list(looking.values()),
                rnd.procedure.players_below(rnd.snap, next_score),
            )
        best = rnd.ahead[key]
        for k, total in zip(ahead, best):
            totals[k] = total if not rnd.specs[k].levels or isinstance(total, dict) else {}
    return totals


def levels_of(rnd: Round, spec: CriterionSpec, window: tuple[int, ...]) -> list[int]:
    """The levels a levelled criterion is shown at, highest first: the window's scores,
    or (score difference) every difference among them and every A.8 downfloat value."""
    scores = sorted({rnd.snap.players[p].pairing_score for p in window}, reverse=True)
    if spec.levels != "score difference":
        return scores
    from mipair.systems.fide.dutch.criteria2017 import ONE_POINT

    low = min(scores)
    keys = {a - b for a in scores for b in scores if a >= b} | {s - low + ONE_POINT for s in scores}
    return sorted(keys, reverse=True)
