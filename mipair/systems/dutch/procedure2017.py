"""The 2017 bracket procedure: windows without look-below, PPB and collapsed last bracket.

C.04.3 (2017) A.9: brackets are paired from the top; when the pairing of a
bracket leaves the rest of the round impossible to complete, that bracket
becomes the Penultimate Pairing Bracket (PPB) and is paired again against
all remaining players, which form the Collapsed Last Bracket (CLB). The
quality criteria (``models/dutch-2017.toml``) are those of the 2017 text
(PSD instead of scores); the ordering decisions inside a bracket are the
same as in 2026 (:class:`mipair.systems.dutch.bracket.Bracket`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Positions
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.dutch.criteria import PairContext
from mipair.systems.dutch.weigh import kinds, roles

if TYPE_CHECKING:  # pragma: no cover
    from mipair.systems.dutch.engine import _Round


def completable(rnd: _Round, rest: list[int]) -> bool:
    """A.9: can ``rest`` be paired completely, an eligible player (C.2) left for the PAB?"""
    if not rest:
        return True
    live = {u: rnd.neighbours(u) for u in rest}
    single = {v for v in rest if rnd.eligible[v]} if len(rest) % 2 else set()
    oracle = CompletionOracle(live, single)
    try:
        return oracle.check(set(rest), (), (), len(rest) % 2 == 1) is None
    finally:
        oracle.close()


def window_model(
    rnd: _Round, bracket: list[int], nxt: list[int], n_mdp: int, special: bool
) -> tuple[LexMatcher, Positions]:
    """The matching model of a 2017 window: MDPs never meet each other in it."""
    win = sorted(bracket + nxt)
    edges, cols = rnd.window_edges(win, exclude=set(bracket[:n_mdp]))
    if special:  # C.4: the last bracket (or PPB + CLB) completes the round
        must = [v for v in win if not rnd.eligible[v]]
        return LexMatcher(rnd.n, edges, must, len(win) // 2), cols
    return LexMatcher(rnd.n, edges), cols


def tiers_2017(
    rnd: _Round,
    lm: LexMatcher,
    role: np.ndarray,
    bracket: list[int],
    nxt: list[int],
    n_mdp: int,
    special: bool,
    final: bool,
) -> list[Weights]:
    """The 2017 quality criteria of a window as lexicographic tiers."""
    bset = set(bracket)
    mdps = set(bracket[:n_mdp])
    win = sorted(bset | set(nxt))
    common = dict(
        prefs=rnd.prefs,
        window_min=rnd.sc[win[-1]],
        special=special,
        final=final,
        eligible={p.id: rnd.eligible[i] for i, p in enumerate(rnd.p)},
    )

    def context(u: int, v: int) -> PairContext | None:
        if v in mdps:
            return None
        return PairContext(
            in_bracket=v in bset, in_next=v not in bset, h_in_bracket=u in bset, **common
        )

    return rnd.weigh(lm, role, context)


def brackets_2017(rnd: _Round) -> dict[int, int]:
    """Pair the round bracket by bracket (2017); return vertex -> vertex (bye: itself)."""
    from mipair.systems.dutch.bracket import Bracket

    n, sc = rnd.n, rnd.sc
    if not completable(rnd, list(range(n))):
        raise NoPairingError(
            "no pairing satisfies the absolute criteria "
            "(rematches, colours, forbidden pairs, PAB eligibility)"
        )
    pos = 0
    while pos < n and sc[pos] >= sc[0]:
        pos += 1
    bracket = list(range(pos))
    n_mdp = 0
    special = pos == n
    final: dict[int, int] = {}
    while len(bracket) > 1 or pos < n:
        start = pos
        nxt: list[int] = []
        while pos < n and (special or sc[pos] >= sc[start]):
            nxt.append(pos)
            pos += 1
        last = pos == n
        dead = set(rnd.dead)
        lm, cols = window_model(rnd, bracket, nxt, n_mdp, special)
        role = roles(rnd.n, sorted(bracket + nxt), set(bracket[:n_mdp]), set(bracket))
        kind = kinds(rnd.signature, role)
        lm.maximise(tiers_2017(rnd, lm, role, bracket, nxt, n_mdp, special, last), classes=kind)
        matched = Bracket(rnd, lm, cols, bracket, n_mdp, nxt, kind).decide()
        mate = lm.mate()
        if not special:
            rest = [v for v in range(n) if v not in final and v not in matched]
            if not completable(rnd, rest):
                rnd.dead = dead  # A.9: this bracket is the PPB; pair it again
                pos, special = start, True
                continue
        special = pos == n
        bset = set(bracket)
        carried, n_mdp = [], 0
        for v in bracket + nxt:
            if v in bset and v in matched:
                final[v] = mate[v]
            else:
                carried.append(v)
                n_mdp += v in bset
        bracket = carried
    for v in bracket:
        final[v] = v
    return final
