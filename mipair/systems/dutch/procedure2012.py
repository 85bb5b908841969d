"""The 2012 bracket procedure (FIDE Dutch, Istanbul 2012, C1-C14 and D1-D3).

Brackets are paired from the top scoregroup down, each in a window with the
next scoregroup (the look-ahead of C12), the rest of the round kept
completable (C13: a bracket may not leave the lowest one unpairable), the
quality of ``models/dutch-2012.toml`` maximised tier after tier (A11, in the
order C10 lowers the requirements). The order in which D1-D3 generate
candidates then decides between pairings of equal quality, by the questions
of :class:`mipair.systems.dutch.bracket.Bracket`: which MDPs are paired (D3),
their opponents (D1.2), the exchanges of the residual bracket (D2) and its
transpositions (D1.1). ``models/dutch-2012.md`` says which reading of the
text each step takes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

import numpy as np

from mipair.errors import NoPairingError
from mipair.model import Colour, Snapshot
from mipair.pairing import Board, RoundPairing
from mipair.solver.edges import Positions
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.dutch.colours import allocate, played_colours, preference, ranks_higher
from mipair.systems.dutch.criteria2012 import PairContext2012
from mipair.systems.dutch.weigh import kinds, roles

if TYPE_CHECKING:  # pragma: no cover
    from mipair.model import PlayerState
    from mipair.systems.dutch.engine import _Round


def heterogeneous(bracket: list[int], n_mdp: int) -> bool:
    """A3: a bracket with players moved down is heterogeneous, unless they make
    half of it or more (then it is paired as a homogeneous one)."""
    return n_mdp > 0 and 2 * n_mdp < len(bracket)


def tiers_2012(
    rnd: _Round, lm: LexMatcher, role, bracket: list[int], nxt: list[int]
) -> list[Weights]:
    """The 2012 quality criteria of a window as lexicographic tiers."""
    bset, gset = set(bracket), set(nxt)
    lowest = min(rnd.sc[v] for v in bracket)
    odd = rnd.snap.round % 2 == 1

    def context(u: int, v: int) -> PairContext2012:
        return PairContext2012(
            prefs=rnd.prefs,
            in_bracket=v in bset,
            in_next=v in gset,
            bracket_min=lowest,
            odd_round=odd,
        )

    return rnd.weigh(lm, role, context)


def bracket_model(
    rnd: _Round, bracket: list[int], nxt: list[int], n_mdp: int, paired: set[int]
) -> tuple[LexMatcher, Positions, int, np.ndarray]:
    """The bracket's window model, its quality pinned (:func:`tiers_2012`).

    In a heterogeneous bracket the MDPs meet residents only (S1 the MDPs, S2
    the residents, A6/C4); when no pairing of the round allows that, C14.b2
    ends with the bracket paired as a homogeneous one, and so does this.
    Returns the model, its columns, the MDP count the procedure uses and the
    players' kinds.
    """
    mdps = bracket[:n_mdp] if heterogeneous(bracket, n_mdp) else []
    window = sorted(bracket + nxt)
    for split in (mdps, []) if mdps else ([],):
        lm, cols = rnd.window(bracket, nxt, paired)
        for k, u in enumerate(split):
            for v in split[k + 1 :]:
                edge = rnd.edge(u, v)
                column = None if edge is None else cols.get(edge)
                if column is not None:
                    lm.forbid(column)
        role = roles(rnd.n, window, set(split), set(bracket), set(nxt))
        kind = kinds(rnd.signature, role)
        try:
            lm.maximise(tiers_2012(rnd, lm, role, bracket, nxt), classes=kind)
        except Infeasible:
            continue
        return lm, cast(Positions, cols), len(split), kind
    raise NoPairingError("no pairing of a bracket completes the round (C13)")


def brackets_2012(rnd: _Round) -> dict[int, int]:
    """Pair the round bracket by bracket (2012); return vertex -> vertex (bye: itself)."""
    from mipair.systems.dutch.bracket import Bracket

    n, sc = rnd.n, rnd.sc
    pos = 0
    while pos < n and sc[pos] >= sc[0]:
        pos += 1
    bracket, n_mdp = list(range(pos)), 0
    final: dict[int, int] = {}
    while len(bracket) > 1 or pos < n:
        nxt: list[int] = []
        while pos < n and (not nxt or sc[pos] >= sc[nxt[0]]):
            nxt.append(pos)
            pos += 1
        lm, cols, split, kind = bracket_model(rnd, bracket, nxt, n_mdp, set(final))
        matched = Bracket(rnd, lm, cols, bracket, split, nxt, kind).decide()
        mate = lm.mate({"down": n})
        rnd.hint = rnd.completed(mate, bracket + nxt, set(final))
        carried = [v for v in bracket if v not in matched]
        final.update((v, mate[v]) for v in bracket if v in matched)
        bracket, n_mdp = carried + nxt, len(carried)
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
    colour = ph.colour
    for ch, cl in zip(reversed(played_colours(hi)), reversed(played_colours(lo))):
        if ch is not cl:
            colour = cl
            break
    return (hi.id, lo.id) if colour is Colour.WHITE else (lo.id, hi.id)


def publish_2012(rnd: _Round, final: dict[int, int]) -> RoundPairing:
    """The pairs found with colours by E1-E5 (:func:`allocate_2012`), in the board
    order of F1 (which does not depend on colours)."""
    pairing = rnd.publish(final)
    players = rnd.snap.players
    boards = tuple(
        Board(*allocate_2012(rnd.snap, players[b.white], players[b.black])) for b in pairing.boards
    )
    return replace(pairing, boards=boards)
