"""The 2017 bracket procedure: windows without look-below, PPB and collapsed last bracket.

C.04.3 (2017) A.9: brackets are paired from the top; when the pairing of a
bracket leaves the rest of the round impossible to complete, that bracket
becomes the Penultimate Pairing Bracket (PPB) and is paired again against
all remaining players, which form the Collapsed Last Bracket (CLB). The
quality criteria (``models/dutch-2017.toml``) are those of the 2017 text
(PSD instead of scores); the ordering decisions inside a bracket are the
same as in 2026 (:class:`mipair.systems.fide.dutch.bracket.Bracket`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Positions
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.dutch.bracket import Bracket
from mipair.systems.fide.dutch.bracket_rules import BracketRules, BracketView, RoundView
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.procedures import DutchProcedure
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.sparse import core
from mipair.systems.fide.weigh import kinds, roles


class Dutch2017(DutchProcedure):
    """C.04.3 (2017): windows without look-below, PPB and collapsed last bracket (A.9)."""

    def brackets(self, field: RoundField) -> dict[int, int]:
        return brackets_2017(field, self)

    def bracket_context(self, round_view: RoundView, bracket: BracketView) -> PairContext:
        return PairContext(
            prefs=round_view.prefs,
            window_min=bracket.window_min,
            special=bracket.last_window,
            final=bracket.next_is_last,
            eligible=round_view.eligible,
        )

    def keeps_apart(self, bracket: Sequence[int], n_mdp: int) -> bool:
        """A.3: a bracket's MDPs are paired with residents (S1 against S2) only."""
        return True


def completable(field: RoundField, rest: list[int]) -> bool:
    """A.9: can ``rest`` be paired completely, an eligible player (C.2) left for the PAB?"""
    if not rest:
        return True
    allowed = field.live_pairs(np.asarray(rest, dtype=np.int64))
    single = {v for v in rest if field.eligible[v]} if len(rest) % 2 else set()
    oracle = CompletionOracle.dense(allowed, rest, single)
    try:
        return oracle.check(set(rest), (), (), len(rest) % 2 == 1) is None
    finally:
        oracle.close()


def window_model(
    field: RoundField,
    bracket: list[int],
    following: list[int],
    n_mdp: int,
    special: bool,
    procedure: BracketRules,
) -> tuple[LexMatcher, Positions]:
    """The matching model of a 2017 window: MDPs never meet each other in it."""
    win = sorted(bracket + following)
    apart = procedure.keeps_apart(bracket, n_mdp)
    edges, cols = field.window_edges(win, exclude=set(bracket[:n_mdp]) if apart else ())
    base = core(edges, field.scores)  # a large window starts from its natural pairs
    if special:  # C.4: the last bracket (or PPB + CLB) completes the round
        must = [v for v in win if not field.eligible[v]]
        return LexMatcher(field.n, edges, must, len(win) // 2, core=base), cols
    return LexMatcher(field.n, edges, core=base), cols


def tiers_2017(
    field: RoundField,
    model: LexMatcher,
    role: np.ndarray,
    view: BracketView,
    procedure: BracketRules,
) -> list[Weights]:
    """The 2017 quality criteria of a window as lexicographic tiers."""
    eligible = {p.id: field.eligible[i] for i, p in enumerate(field.players)}
    round_view = RoundView(prefs=field.preferences, eligible=eligible)
    base = procedure.bracket_context(round_view, view)
    return field.weigh(model, role, lambda u, v: procedure.pair_context(base, view, u, v))


def brackets_2017(field: RoundField, procedure: BracketRules) -> dict[int, int]:
    """Pair the round bracket by bracket (2017); return vertex -> vertex (bye: itself)."""
    n, scores = field.n, field.scores
    if not completable(field, list(range(n))):
        raise NoPairingError(
            "no pairing satisfies the absolute criteria "
            "(rematches, colours, forbidden pairs, PAB eligibility)"
        )
    position = 0
    while position < n and scores[position] >= scores[0]:
        position += 1
    bracket = list(range(position))
    n_mdp = 0
    special = position == n
    final: dict[int, int] = {}
    while len(bracket) > 1 or position < n:
        start = position
        following: list[int] = []
        while position < n and (special or scores[position] >= scores[start]):
            following.append(position)
            position += 1
        last = position == n
        dead = field.deaths_record()  # restored if this bracket is the PPB
        model, cols = window_model(field, bracket, following, n_mdp, special, procedure)
        role = roles(field.n, sorted(bracket + following), set(bracket[:n_mdp]), set(bracket))
        kind = kinds(field.signature, role)
        view = BracketView(
            set(bracket),
            set(following),
            set(bracket[:n_mdp]),
            apart=procedure.keeps_apart(bracket, n_mdp),
            window_min=field.scores[max(bracket + following)],
            last_window=special,
            next_is_last=last,
        )
        model.maximise(tiers_2017(field, model, role, view, procedure), classes=kind)
        matched = Bracket(field, model, cols, bracket, n_mdp, following, kind).decide()
        mate = model.answer.mate()
        del model  # the rest's check and the next window's model are made without it
        if not special:
            rest = [v for v in range(n) if v not in final and v not in matched]
            if not completable(field, rest):
                field.restore(dead)  # A.9: this bracket is the PPB; pair it again
                position, special = start, True
                continue
        special = position == n
        members = set(bracket)
        carried, n_mdp = [], 0
        for v in bracket + following:
            if v in members and v in matched:
                final[v] = mate[v]
            else:
                carried.append(v)
                n_mdp += v in members
        bracket = carried
    for v in bracket:
        final[v] = v
    return final
