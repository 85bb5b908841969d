"""The absolute rules every FIDE Swiss system shares (C.04.1), as predicates.

* no two players meet twice (a forfeit is not a game: it does not count);
* the pairing-allocated bye (PAB) only to a player the edition allows
  (:func:`mipair.systems.fide.state.pab_ineligible` for each edition's rule);
* pairs the organiser forbids (TRF-2026 260 / XXP) never meet in the rounds
  their record names.

The engines read these; :mod:`mipair.systems.fide.facts` states them as facts
in an arbiter's words for ``why`` and ``explain``.
"""

from __future__ import annotations

from mipair.systems.fide.state import PlayerState, Snapshot


def forbidden_pairs(snap: Snapshot) -> set[frozenset[int]]:
    """Pairs the organiser forbids in this round (every two players of one XXP/260 record)."""
    out: set[frozenset[int]] = set()
    for fp in snap.tournament.forbidden:
        if fp.applies(snap.round):
            ids = fp.players
            out.update(frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :] if a != b)
    return out


def rematch(a: PlayerState, b: PlayerState) -> bool:
    """C.04.1: a and b have already played each other (C.04.3 (2026) C1)."""
    return b.id in a.opponents


def pab_eligible(state: PlayerState) -> bool:
    """C.04.1: may this player receive the pairing-allocated bye? (C.04.3 (2026) C2)"""
    return not state.pab_ineligible
