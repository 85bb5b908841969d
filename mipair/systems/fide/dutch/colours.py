"""Colour preferences and colour allocation of the Dutch system.

Preferences: C.04.3 (2026) 1.7 / (2017) A.6, the definitions every FIDE Swiss
system shares (:mod:`mipair.systems.fide.colours`: |CD| >= 2 first, then two
equal colours in a row, then |CD| = 1, then the last colour). Allocation:
C.04.3 (2026) Article 5 / (2017) E.1-E.5; only played games count (C.04.2
(2026) 3.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.model import Colour
from mipair.systems.fide.colours import Preference, played_colours, preference
from mipair.systems.fide.state import PlayerState, Snapshot

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing


def ranks_higher(a: PlayerState, b: PlayerState) -> bool:
    """C.04.3 (2026) 1.2: higher pairing score, then smaller pairing number."""
    return (a.pairing_score, -a.tpn) > (b.pairing_score, -b.tpn)


def allocate(snap: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
    """C.04.3 (2026) Article 5: return (white id, black id) for the pair a-b."""
    hi, lo = (a, b) if ranks_higher(a, b) else (b, a)
    ph, pl = preference(hi), preference(lo)
    colour = _hi_colour(snap, hi, lo, ph, pl)
    return (hi.id, lo.id) if colour is Colour.WHITE else (lo.id, hi.id)


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
        for ch, cl in zip(reversed(played_colours(hi)), reversed(played_colours(lo))):
            if ch is not cl:
                return cl
        # 5.2.4 the higher-ranked player's preference
        return ph.colour
    # 5.2.5 no preference at all: pairing-number parity and the initial colour
    initial = snap.initial_colour or Colour.WHITE
    return initial if hi.tpn % 2 == 1 else initial.opposite


# -- a published round with the engine's pairs and other colours (``check``) --


def colour_detail(snap: Snapshot, engine: RoundPairing, published: RoundPairing) -> str:
    """Same pairs, other colours: the boards and the preferences the published colours miss."""
    names = {Colour.WHITE: "White", Colour.BLACK: "Black"}
    kinds = {1: "mild", 2: "strong", 3: "absolute"}
    mine = {(b.white, b.black) for b in engine.boards}
    swapped, missed = [], []
    for b in published.boards:
        if (b.black, b.white) not in mine:
            continue
        swapped.append(f"{b.white}-{b.black}")
        for pid, got in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            pref = preference(snap.players[pid])
            if pref.colour is not None and pref.colour is not got:
                missed.append(
                    f"player {pid} prefers {names[pref.colour]} "
                    f"({kinds[int(pref.strength)]}) and gets {names[got]}"
                )
    text = (
        "the published colours break Article 5 (colour allocation) on board"
        f"{'s' if len(swapped) > 1 else ''} {', '.join(swapped)} (published White first)"
    )
    if missed:
        text += ": " + "; ".join(missed)
    return (
        f"{text}. Colour preferences not granted: mipair {colour_misses(engine, snap)}, "
        f"published {colour_misses(published, snap)}."
    )


def colour_misses(pairing: RoundPairing, snap: Snapshot) -> int:
    """Players whose colour preference the pairing's colours do not grant (Article 5)."""
    miss = 0
    for b in pairing.boards:
        for pid, got in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            want = preference(snap.players[pid]).colour
            miss += want is not None and want is not got
    return miss
