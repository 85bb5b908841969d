"""The quality criteria of the 2017 edition (C.04.3 (2017) C.5 - C.19) as edge weights.

Same conventions as :mod:`mipair.systems.fide.dutch.criteria` (higher-ranked
player first, larger is better, ``(level, value)`` terms compared level by
level from the highest). The 2017 edition compares *pairing score
differences* (A.8 PSD) instead of scores, so its levels are score
differences in tenths of a point:

* a pair in the bracket counts its score difference ``SD = s(h) - s(l)``;
* a downfloater counts ``s(x) - (m - 1 point)``, where ``m`` is the lowest
  score of the window the bracket is paired in (A.8: the artificial value one
  point below the bracket), written here as the key ``s(x) - m + 10``.

Maximising ``D(h) + D(l) - SD(h, l)`` over the pairs of the bracket, with
every player of the bracket counted as a downfloater by default, minimises the
PSD vector; both kinds of keys share one scale, as in the reference engine.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.systems.fide.dutch.criteria import PairContext, float_back
from mipair.systems.fide.procedure import Value
from mipair.systems.fide.state import PlayerState

ONE_POINT = 10  # the artificial value of A.8 is one point (10 tenths) below the window


def _d(ctx: PairContext, p: PlayerState) -> tuple[int, int]:
    """A.8: the downfloater term of p."""
    return (p.pairing_score - ctx.window_min + ONE_POINT, 1)


def _sd(h: PlayerState, l: PlayerState, sign: int) -> tuple[int, int]:
    """A.8: the score-difference term of the pair h-l."""
    return (h.pairing_score - l.pairing_score, sign)


def psd(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2017) C.6: minimise the PSD of the bracket (A.8)."""
    if not ctx.in_bracket:
        return 0
    return [_d(ctx, h), _d(ctx, l), _sd(h, l, -1)]


def next_bracket(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2017) C.7 (and C.4 in the PPB): pair the next bracket as far as possible.

    Before the last bracket the whole window must complete the round with an
    eligible PAB recipient (C.4): every pair counts, non-eligible players double.
    """
    if ctx.special:
        return 0
    if ctx.final:
        return 1 + (not ctx.eligible[h.id]) + (not ctx.eligible[l.id])
    return int(not ctx.in_bracket)


def next_psd(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2017) C.7, second step: the next bracket's PSD (C.6) as low as possible."""
    if ctx.special:
        return 0
    terms = []
    if ctx.h_in_bracket:
        terms.append(_d(ctx, h))
    if ctx.in_bracket:
        terms.append(_d(ctx, l))
    return terms


def _up_count(back: int, doc: str) -> Callable[[PairContext, PlayerState, PlayerState], Value]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        return -int(
            ctx.in_bracket and h.pairing_score > l.pairing_score and float_back(l, back) == "up"
        )

    criterion.__doc__ = doc
    return criterion


def _down_sd(back: int, doc: str) -> Callable[[PairContext, PlayerState, PlayerState], Value]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket:
            return 0
        terms = []
        if float_back(l, back) == "down":
            terms.append(_d(ctx, l))
        if float_back(h, back) == "down":
            terms.append(_d(ctx, h))
            if h.pairing_score > l.pairing_score:
                terms.append(_sd(h, l, -1))
        return terms

    criterion.__doc__ = doc
    return criterion


def _up_sd(back: int, doc: str) -> Callable[[PairContext, PlayerState, PlayerState], Value]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if ctx.in_bracket and float_back(l, back) == "up" and h.pairing_score > l.pairing_score:
            return [_sd(h, l, -1)]
        return 0

    criterion.__doc__ = doc
    return criterion


up_count_1 = _up_count(
    1, "C.04.3 (2017) C.13: fewest upfloaters who upfloated in the previous round."
)
up_count_2 = _up_count(2, "C.04.3 (2017) C.15: fewest upfloaters who upfloated two rounds before.")
down_sd_1 = _down_sd(
    1, "C.04.3 (2017) C.16: minimise the score differences of repeated downfloaters."
)
up_sd_1 = _up_sd(1, "C.04.3 (2017) C.17: minimise the score differences of repeated upfloaters.")
down_sd_2 = _down_sd(2, "C.04.3 (2017) C.18: as C.16, two rounds before.")
up_sd_2 = _up_sd(2, "C.04.3 (2017) C.19: as C.17, two rounds before.")

CRITERIA_2017 = {
    "psd": psd,
    "next_bracket": next_bracket,
    "next_psd": next_psd,
    "up_count_1": up_count_1,
    "up_count_2": up_count_2,
    "down_sd_1": down_sd_1,
    "up_sd_1": up_sd_1,
    "down_sd_2": down_sd_2,
    "up_sd_2": up_sd_2,
}
