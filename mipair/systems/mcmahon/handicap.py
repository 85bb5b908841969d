"""Handicap and colour of a game (reference section 4).

The handicap compares pseudo-ranks: the McMahon score before the round
(``hdBasedOnMMS``) or the declared rank, held at the no-handicap threshold,
minus the correction (towards zero), held within the ceiling. The stronger
player of a handicap game is White. An even game gives Black to the player
with the larger colour balance (White minus Black over earlier games without
handicap); with equal balances OpenGotha's deterministic coin decides
(:func:`det_random` with 1), the first player of the list White on 0.
"""

from __future__ import annotations

from dataclasses import dataclass


def det_random(maximum: int, first: tuple[str, str], second: tuple[str, str]) -> int:
    """OpenGotha's deterministic pseudo-random number in 0..maximum for two players (5.3).

    Players are (surname, first name). The names are put in string order,
    each character code weighted by its position, the sum scrambled modulo
    ``maximum + 1``; when the arguments came in reverse order the result is
    mirrored (``maximum - value``), so the value is not symmetric.
    """
    name1, name2 = first[0] + first[1], second[0] + second[1]
    swapped = name1 > name2
    if swapped:
        name1, name2 = name2, name1
    total = sum(ord(ch) * (i + 1) for i, ch in enumerate(name1 + name2))
    value = total * 1234567 % (maximum + 1)
    return maximum - value if swapped else value


def pseudo_rank(mms2: int, rank: int, based_on_mms: bool, zero: int) -> int:
    """The rank a handicap is computed from: MMS before the round (floored) or the rank (4.1)."""
    return mms2 // 2 + zero if based_on_mms else rank


def stones(rank_first: int, rank_second: int, threshold: int, correction: int, ceiling: int) -> int:
    """Signed handicap between two pseudo-ranks: > 0 when the first player is stronger (4.1)."""
    diff = min(rank_first, threshold) - min(rank_second, threshold)
    if diff > 0:
        diff = max(0, diff - correction)
    elif diff < 0:
        diff = min(0, diff + correction)
    return max(-ceiling, min(ceiling, diff))


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
