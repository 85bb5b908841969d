"""Absolute criteria of the Dutch system (C1-C3) and organiser-forbidden pairs.

* C.04.3 (2026) C1 / (2017) C.1: no rematch of a played game (forfeits do not count).
* C.04.3 (2026) C2 / (2017) C.2: the PAB only to an eligible player (see
  :func:`mipair.systems.fide.state.pab_ineligible` for each edition's rule).
* C.04.3 (2026) C3 / (2017) C.3: two non-topscorers with the same absolute
  colour preference may not meet.
* Forbidden pairs (TRF-2026 260 / XXP) are extra absolute exclusions.
"""

from __future__ import annotations

from mipair.systems.fide.colours import Preference, absolute_class, preference
from mipair.systems.fide.rules import forbidden_pairs, rematch
from mipair.systems.fide.state import PlayerState, Snapshot


def is_last_round(snap: Snapshot) -> bool:
    total = snap.tournament.total_rounds
    return total is not None and snap.round >= total


def is_topscorer(snap: Snapshot, state: PlayerState) -> bool:
    """C.04.3 (2026) 1.8: last round only; score above half the maximum possible so far."""
    if not is_last_round(snap):
        return False
    ps = snap.tournament.point_system
    return 2 * state.pairing_score > (snap.round - 1) * max(ps.win, ps.draw)


def clash_class(snap: Snapshot, a: PlayerState, pa: Preference | None = None) -> object:
    """C.04.3 (2026) C3: two players may not meet when their classes are equal
    and not None (a non-topscorer's absolute colour preference)."""
    pa = pa or preference(a)
    return None if is_topscorer(snap, a) else absolute_class(pa)


def colour_clash(
    snap: Snapshot,
    a: PlayerState,
    b: PlayerState,
    pa: Preference | None = None,
    pb: Preference | None = None,
) -> bool:
    """C.04.3 (2026) C3: both non-topscorers with the same absolute preference."""
    ka = clash_class(snap, a, pa)
    return ka is not None and ka == clash_class(snap, b, pb)


def compatible(
    snap: Snapshot, a: PlayerState, b: PlayerState, forbidden: set[frozenset[int]] | None = None
) -> bool:
    """May a and b be paired at all (C1, C3 and forbidden pairs)?"""
    if a.id == b.id or rematch(a, b) or colour_clash(snap, a, b):
        return False
    fb = forbidden_pairs(snap) if forbidden is None else forbidden
    return frozenset((a.id, b.id)) not in fb
