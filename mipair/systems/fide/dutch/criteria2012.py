"""The quality criteria of the 2012 edition (FIDE Dutch, Istanbul 2012, A11 and C10).

Same conventions as :mod:`mipair.systems.fide.dutch.criteria`: a function per
criterion, the pair given higher-ranked player first, larger is better. The
2012 edition reuses the 2026 functions for the number of pairs, the look-ahead
of C12, the colour preferences (X) and the upfloaters (B5/B6 up); the ones
below are its own. Where each stands in the order of A11 / C10, and why, is
written in ``models/dutch-2012.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mipair.systems.fide.colours import Preference, Strength
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.criteria import repeat_up_1 as upfloat_repeat_1
from mipair.systems.fide.dutch.criteria import repeat_up_2 as upfloat_repeat_2
from mipair.systems.fide.procedure import Value
from mipair.systems.fide.state import PlayerState

ONE_POINT = 10  # pairing scores are in tenths of a point


@dataclass
class PairContext2012(PairContext):
    """What the 2012 criteria need besides :class:`PairContext`."""

    bracket_min: int = 0  # the lowest pairing score in the bracket (its residents' score)
    odd_round: bool = False  # the round being paired has an odd number (A7.d, A8.b)


def floated(p: PlayerState, back: int) -> str | None:
    """p's float ``back`` rounds before the one being paired (1: the previous round)."""
    return p.floats[-back] if len(p.floats) >= back else None


def _virtual(ctx: PairContext2012, p: PlayerState) -> int:
    """D4: a player left unpaired counts as meeting an opponent one point below
    the bracket's lowest score; this is the square of that difference."""
    return (p.pairing_score - ctx.bracket_min + ONE_POINT) ** 2


def b3_factor(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """2012 B3 / D4: the sum of squared score differences of the bracket as low as possible.

    Every player of the bracket counts as unpaired (:func:`_virtual`) until a
    pair takes both out: a pair earns what its players would cost unpaired,
    less the square of its own score difference.
    """
    if not ctx.in_bracket or not isinstance(ctx, PairContext2012):
        return 0
    difference = h.pairing_score - l.pairing_score
    return _virtual(ctx, h) + _virtual(ctx, l) - difference**2


def _same_colour(ph: Preference, pl: Preference, at_least: Strength) -> bool:
    """Both preferences at least ``at_least`` strong and for the same colour."""
    return (
        ph.strength >= at_least
        and pl.strength >= at_least
        and ph.colour is not None
        and ph.colour is pl.colour
    )


def b2_kept(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """2012 B2 and its note: two players with the same absolute preference do not
    meet; only topscorers may (C10.g drops B2 last, for as few pairs as possible)."""
    if not ctx.in_bracket:
        return 0
    return int(not _same_colour(ctx.prefs[h.id], ctx.prefs[l.id], Strength.ABSOLUTE))


def _strong_kept(odd: bool) -> Callable[[PairContext, PlayerState, PlayerState], Value]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket or not isinstance(ctx, PairContext2012) or ctx.odd_round != odd:
            return 0
        return int(not _same_colour(ctx.prefs[h.id], ctx.prefs[l.id], Strength.STRONG))

    return criterion


strong_as_absolute = _strong_kept(odd=True)
strong_as_absolute.__doc__ = """2012 A7.d (odd rounds): strong preferences count as absolute
(no two players strongly preferring one colour meet), dropped by C10.f after X."""
strong_preferences_z = _strong_kept(odd=False)
strong_preferences_z.__doc__ = """2012 A8.b / C10.e (even rounds): Z, the pairs where two
strong (or absolute) preferences for the same colour meet, as few as possible."""


def _resident_down(back: int) -> Callable[[PairContext, PlayerState, PlayerState], Value]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket or not isinstance(ctx, PairContext2012):
            return 0
        return sum(
            int(p.pairing_score == ctx.bracket_min and floated(p, back) == "down") for p in (h, l)
        )

    return criterion


downfloat_repeat_1 = _resident_down(1)
downfloat_repeat_1.__doc__ = """2012 B5 for downfloaters (C10.d): the bracket's residents who
downfloated in the previous round are paired in it (an MDP has floated already)."""
downfloat_repeat_2 = _resident_down(2)
downfloat_repeat_2.__doc__ = """2012 B6 for downfloaters (C10.c): as B5, two rounds before."""

CRITERIA_2012 = {
    "b3_factor": b3_factor,
    "b2_kept": b2_kept,
    "strong_as_absolute": strong_as_absolute,
    "strong_preferences_z": strong_preferences_z,
    "downfloat_repeat_1": downfloat_repeat_1,
    "downfloat_repeat_2": downfloat_repeat_2,
    "upfloat_repeat_1": upfloat_repeat_1,
    "upfloat_repeat_2": upfloat_repeat_2,
}
