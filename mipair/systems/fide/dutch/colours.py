"""Colour allocation of the Dutch system.

Allocation: C.04.3 (2026) Article 5 / (2017) E.1-E.5; only played games count
(C.04.2 (2026) 3.4). The preferences it allocates by (C.04.3 (2026) 1.7 /
(2017) A.6) are those every FIDE Swiss system shares
(:mod:`mipair.systems.fide.colours`).
"""

from __future__ import annotations

from mipair.model import Colour
from mipair.systems.fide.colours import Preference, give, latest_difference, preference
from mipair.systems.fide.state import PlayerState, Snapshot


def ranks_higher(a: PlayerState, b: PlayerState) -> bool:
    """C.04.3 (2026) 1.2: higher pairing score, then smaller pairing number."""
    return (a.pairing_score, -a.tpn) > (b.pairing_score, -b.tpn)


def allocate(snap: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
    """C.04.3 (2026) Article 5: return (white id, black id) for the pair a-b."""
    hi, lo = (a, b) if ranks_higher(a, b) else (b, a)
    ph, pl = preference(hi), preference(lo)
    return give(hi.id, lo.id, _hi_colour(snap, hi, lo, ph, pl))


def _hi_colour(
    snap: Snapshot, hi: PlayerState, lo: PlayerState, ph: Preference, pl: Preference
) -> Colour:
    """The colour of the higher-ranked player of a pair (rules 5.2.1 - 5.2.5)."""
    # 5.2.1 both preferences can be granted (or only one player has one)
    if ph.colour is None and pl.colour is not None:
        return pl.colour.opposite
    if ph.colour is not None and (pl.colour is None or pl.colour is not ph.colour):
        return ph.colour
    if ph.colour is not None:
        # 5.2.2 the stronger preference; both absolute: the larger |CD|
        if ph.strength != pl.strength:
            return ph.colour if ph.strength > pl.strength else ph.colour.opposite
        if ph.absolute and abs(ph.cd) != abs(pl.cd):
            return ph.colour if abs(ph.cd) > abs(pl.cd) else ph.colour.opposite
        # 5.2.3 latest played round where the colours differed: swap them
        # 5.2.4 else the higher-ranked player's preference
        return latest_difference(hi, lo) or ph.colour
    # 5.2.5 no preference at all: pairing-number parity and the initial colour
    initial = snap.initial_colour or Colour.WHITE
    return initial if hi.tpn % 2 == 1 else initial.opposite
