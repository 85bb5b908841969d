"""Exact packing of lexicographic objective tiers into single integer objectives.

Adjacent tiers of integer column weights can be merged into one objective
when every unit of an earlier tier outweighs anything the later ones can
add; :func:`pack` merges them only while the totals and coefficients stay
small enough for HiGHS to compare exactly, and starts a new group otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.solver.weights import Tier, Weights, combine, weights

PACK_BITS = 30  # packed objective totals stay below 2**30
_COEF_BITS = 20  # and single coefficients below 2**20, so that a pinned
# row's feasibility tolerance stays far below one unit


def _tier_range(tier: Weights, pairs: int) -> tuple[int, int]:
    """Bounds (low, high) of a tier's total over any solution of at most ``pairs`` of its columns."""
    vals, counts = tier.spectrum()
    return -_largest(-vals, counts, pairs), _largest(vals, counts, pairs)


def _largest(vals: np.ndarray, counts: np.ndarray, k: int) -> int:
    """The sum of the (at most) ``k`` largest positive values, value ``vals[i]``
    held by ``counts[i]`` columns."""
    if np.all(counts == 1):
        pos = vals[vals > 0]
        if len(pos) > k:
            pos = np.partition(pos, len(pos) - k)[len(pos) - k :] if k > 0 else pos[:0]
        return int(pos.sum())
    keep = vals > 0
    order = np.argsort(-vals[keep], kind="stable")
    vals, counts = vals[keep][order], counts[keep][order]
    taken = np.minimum(counts, np.maximum(k - (np.cumsum(counts) - counts), 0))
    return int((vals * taken).sum())


def _biggest(tier: Weights) -> int:
    """The largest weight of ``tier`` in absolute value."""
    vals, _ = tier.spectrum()
    return int(np.abs(vals).max())


def pack(tiers: Sequence[Tier], pairs: int | Sequence[int]) -> list[tuple[list[int], Weights]]:
    """Group adjacent tiers into exact packed objectives.

    Returns a list of ``(tier indices, packed weights)``. Within a group the
    weight of tier i is multiplied by the spread (high - low + 1) of every
    later tier of the group, so a unit of tier i outweighs anything later ones
    can do; a group closes before its totals or coefficients grow too large.
    ``pairs``: how many columns of a tier one solution can hold (one number
    for all tiers, or one per tier).
    """
    groups: list[tuple[list[int], Weights]] = []
    cur_idx: list[int] = []
    cur = weights({})
    span = 1
    for i, raw in enumerate(tiers):
        tier = weights(raw)
        if not len(tier):
            continue
        low, high = _tier_range(tier, pairs if isinstance(pairs, int) else pairs[i])
        spread = high - low + 1
        biggest = _biggest(tier)
        if cur_idx and (span * spread >= 2**PACK_BITS or _biggest(cur) * spread >= 2**_COEF_BITS):
            groups.append((cur_idx, cur))
            cur_idx, cur, span = [], weights({}), 1
        if biggest >= 2**_COEF_BITS or spread >= 2**PACK_BITS:
            raise OverflowError("a single objective tier is too large to solve exactly")
        cur = combine(cur, spread, tier)
        cur_idx.append(i)
        span *= spread
    if cur_idx:
        groups.append((cur_idx, cur))
    return groups
