"""Handicap and colour of a game (reference section 4).

The handicap compares pseudo-ranks: the McMahon score before the round
(``hdBasedOnMMS``) or the declared rank, held at the no-handicap threshold,
minus the correction (towards zero), held within the ceiling. The stronger
player of a handicap game is White. An even game gives Black to the player
with the larger colour balance (White minus Black over earlier games without
handicap); with equal balances OpenGotha's deterministic coin decides
(``det_random`` of :mod:`~mipair.systems.mcmahon.weights` with 1), the first
player of the list White on 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def stones(rank_first, rank_second, threshold: int, correction: int, ceiling: int):
    """Signed handicap between pseudo-ranks (numbers or arrays): > 0 when the first is stronger (4.1)."""
    diff = np.minimum(rank_first, threshold) - np.minimum(rank_second, threshold)
    diff = np.where(diff > 0, np.maximum(0, diff - correction), diff)
    diff = np.where(diff < 0, np.minimum(0, diff + correction), diff)
    return np.clip(diff, -ceiling, ceiling)


@dataclass(frozen=True)
class Colours:
    """A game's orientation: White, Black (player indices) and the handicap stones."""

    white: int
    black: int
    handicap: int


def orient(
    first: int,
    second: int,
    signed_stones: int,
    balance_first: int,
    balance_second: int,
    coin: int,
) -> Colours:
    """Who plays White (4.2): the stronger in a handicap game, else by colour balance, else the coin.

    ``first`` is the player listed first (OpenGotha's list order); ``coin`` is
    ``det_random(1, first, second)``: 0 gives ``first`` White.
    """
    if signed_stones > 0:
        return Colours(first, second, signed_stones)
    if signed_stones < 0:
        return Colours(second, first, -signed_stones)
    if balance_first != balance_second:
        return (
            Colours(second, first, 0)
            if balance_first > balance_second
            else Colours(first, second, 0)
        )
    return Colours(first, second, 0) if coin == 0 else Colours(second, first, 0)
