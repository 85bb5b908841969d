"""The 2012 bracket procedure (FIDE Dutch, Istanbul 2012, C1-C14 and D1-D3).

Brackets are paired from the top scoregroup down, each in a window with the
next scoregroup (the look-ahead of C12), the rest of the round kept
completable (C13: a bracket may not leave the lowest one unpairable), the
quality of ``models/dutch-2012.toml`` maximised tier after tier (A11, in the
order C10 lowers the requirements). The order in which D1-D3 generate
candidates then decides between pairings of equal quality, by the questions
of :class:`mipair.systems.fide.dutch.bracket.Bracket`: which MDPs are paired (D3),
their opponents (D1.2), the exchanges of the residual bracket (D2) and its
transpositions (D1.1). ``models/dutch-2012.md`` says which reading of the
text each step takes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.edges import Positions
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.colours import give, latest_difference, preference
from mipair.systems.fide.dutch.bracket import Bracket
from mipair.systems.fide.dutch.bracket_rules import BracketRules, BracketView, RoundView
from mipair.systems.fide.dutch.colours import allocate, ranks_higher
from mipair.systems.fide.dutch.criteria2012 import PairContext2012
from mipair.systems.fide.dutch.procedure2026 import first_matching
from mipair.systems.fide.dutch.procedures import DutchProcedure
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.weigh import kinds, roles
from mipair.systems.fide.windows import WindowModels


class Dutch2012(DutchProcedure):
    """Istanbul 2012: C1-C14 and D1-D3, the bye left over by the lowest bracket (A5, D4)."""

    def brackets(self, field: RoundField) -> dict[int, int]:
        return brackets_2012(field, self)

    def allocate(self, snapshot: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
        return allocate_2012(snapshot, a, b)

    def bracket_context(self, round_view: RoundView, bracket: BracketView) -> PairContext2012:
        return PairContext2012(
            prefs=round_view.prefs,
            bracket_min=bracket.lowest,
            odd_round=round_view.odd_round,
        )

    def keeps_apart(self, bracket: Sequence[int], n_mdp: int) -> bool:
        """A6, C4: in a heterogeneous bracket S1 (the MDPs) meets S2 (the residents) only."""
        return heterogeneous(list(bracket), n_mdp)

    def players_below(self, snapshot: Snapshot, score: int) -> list[PlayerState]:
        """C12 under C13: the look-ahead keeps the players below pairable too."""
        st = snapshot.players
        below = [st[p] for p in snapshot.to_pair if st[p].pairing_score < score]
        return sorted(below, key=lambda p: (-p.pairing_score, p.tpn))


def heterogeneous(bracket: list[int], n_mdp: int) -> bool:
    """A3: a bracket with players moved down is heterogeneous, unless they make
    half of it or more (then it is paired as a homogeneous one)."""
    return n_mdp > 0 and 2 * n_mdp < len(bracket)


def tiers_2012(
    field: RoundField,
    model: LexMatcher,
    role: np.ndarray,
    view: BracketView,
    procedure: BracketRules,
) -> list[Weights]:
    """The 2012 quality criteria of a window as lexicographic tiers."""
    round_view = RoundView(prefs=field.preferences, odd_round=field.snapshot.round % 2 == 1)
    base = procedure.bracket_context(round_view, view)
    return field.weigh(model, role, lambda u, v: procedure.pair_context(base, view, u, v))


def bracket_model(
    windows: WindowModels,
    bracket: list[int],
    following: list[int],
    n_mdp: int,
    paired: set[int],
    procedure: BracketRules,
) -> tuple[LexMatcher, Positions, int, np.ndarray]:
    """The bracket's window model, its quality pinned (:func:`tiers_2012`).

    In a heterogeneous bracket the MDPs meet residents only (S1 the MDPs, S2
    the residents, A6/C4); when no pairing of the round allows that, C14.b2
    ends with the bracket paired as a homogeneous one, and so does this.
    Returns the model, its columns, the MDP count the procedure uses and the
    players' kinds.
    """
    field = windows.field
    mdps = bracket[:n_mdp] if procedure.keeps_apart(bracket, n_mdp) else []
    window = sorted(bracket + following)
    for split in (mdps, []) if mdps else ([],):
        model, cols = windows.window(bracket, following, paired)
        for k, u in enumerate(split):
            for v in split[k + 1 :]:
                edge = field.edge(u, v)
                column = None if edge is None else cols.get(edge)
                if column is not None:
                    model.forbid(column)
        role = roles(field.n, window, set(split), set(bracket), set(following))
        kind = kinds(field.signature, role)
        try:
            view = BracketView(
                set(bracket), set(following), lowest=min(field.scores[v] for v in bracket)
            )
            model.maximise(tiers_2012(field, model, role, view, procedure), classes=kind)
        except Infeasible:
            continue
        return model, cols, len(split), kind
    raise NoPairingError("no pairing of a bracket completes the round (C13)")


def bye_candidates(field: RoundField) -> set[int]:
    """A5, B1.b: in an odd field, every player who has not had a point without playing."""
    return {v for v in range(field.n) if field.odd and field.eligible[v]}


def brackets_2012(field: RoundField, procedure: BracketRules) -> dict[int, int]:
    """Pair the round bracket by bracket (2012); return vertex -> vertex (bye: itself).

    The round's first matching is the 2026 procedure's (NoPairingError when
    none). Any player B1.b allows may be the bye (A5: the one left unpaired):
    the brackets above pair as many as they can, and the lowest bracket's B3
    factor (D4) gives the bye to its lowest player it can."""
    first_matching(field)
    windows = WindowModels(field, bye_candidates(field))
    n, scores = field.n, field.scores
    position = 0
    while position < n and scores[position] >= scores[0]:
        position += 1
    bracket, n_mdp = list(range(position)), 0
    final: dict[int, int] = {}
    while len(bracket) > 1 or position < n:
        following: list[int] = []
        while position < n and (not following or scores[position] >= scores[following[0]]):
            following.append(position)
            position += 1
        model, cols, split, kind = bracket_model(
            windows, bracket, following, n_mdp, set(final), procedure
        )
        matched = Bracket(field, model, cols, bracket, split, following, kind).decide()
        mate = field.mate_of(model)
        field.hint = windows.completed(model, mate, bracket + following, set(final))
        carried = [v for v in bracket if v not in matched]
        final.update((v, mate[v]) for v in bracket if v in matched)
        bracket, n_mdp = carried + following, len(carried)
    final.update((v, v) for v in bracket)
    return final


def allocate_2012(snap: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
    """2012 E1-E5: (white id, black id) for the pair a-b.

    The rules are those of :func:`allocate` but for one step: E2 grants the
    stronger preference and says nothing of two absolute ones (topscorers,
    B2), which E3 (alternate from the latest round the colours differed) and
    E4 (the higher-ranked player's preference) then settle.
    """
    hi, lo = (a, b) if ranks_higher(a, b) else (b, a)
    ph, pl = preference(hi), preference(lo)
    if not (ph.absolute and pl.absolute and ph.colour is pl.colour):
        return allocate(snap, a, b)
    colour = latest_difference(hi, lo) or ph.colour
    assert colour is not None
    return give(hi.id, lo.id, colour)
