"""Exact packing of lexicographic objective tiers into single integer objectives.

Adjacent tiers of integer column weights can be merged into one objective
when every unit of an earlier tier outweighs anything the later ones can
add; :func:`pack` merges them only while the totals and coefficients stay
small enough for HiGHS to compare exactly, and starts a new group otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from mipair.solver.weights import KeyedWeights, Tier, Weights, combine, weights

SMALL_TIER = 64  # tiers of at most this many weights are bounded in plain Python
PACK_BITS = 30  # packed objective totals stay below 2**30
_COEF_BITS = 20  # and single coefficients below 2**20, so that a pinned
# row's feasibility tolerance stays far below one unit


def _tier_range(tier: Weights, pairs: int) -> tuple[int, int]:
    """Bounds (low, high) of a tier's total over any solution of at most ``pairs`` of its columns."""
    if isinstance(tier, KeyedWeights):
        vals, counts = tier.spectrum()
        return -_largest(-vals, counts, pairs), _largest(vals, counts, pairs)
    vals = tier.vals  # one column a value
    if len(vals) <= SMALL_TIER:  # sorting a short list beats numpy's calls
        values = vals.tolist()
        high = sorted((v for v in values if v > 0), reverse=True)[:pairs]
        low = sorted(v for v in values if v < 0)[:pairs]
        return sum(low), sum(high)
    return -_largest_distinct(-vals, pairs), _largest_distinct(vals, pairs)


def _largest_distinct(vals: np.ndarray, k: int) -> int:
    """The sum of the (at most) ``k`` largest positive values of ``vals``."""
    pos = vals[vals > 0]
    if len(pos) > k:
        pos = np.partition(pos, len(pos) - k)[len(pos) - k :] if k > 0 else pos[:0]
    return int(pos.sum())


def _largest(vals: np.ndarray, counts: np.ndarray, k: int) -> int:
    """The sum of the (at most) ``k`` largest positive values, value ``vals[i]``
    held by ``counts[i]`` columns."""
    if np.all(counts == 1):
        return _largest_distinct(vals, k)
    keep = vals > 0
    order = np.argsort(-vals[keep], kind="stable")
    vals, counts = vals[keep][order], counts[keep][order]
    taken = np.minimum(counts, np.maximum(k - (np.cumsum(counts) - counts), 0))
    return int((vals * taken).sum())


def _biggest(tier: Weights) -> int:
    """The largest weight of ``tier`` in absolute value."""
    vals = tier.spectrum()[0] if isinstance(tier, KeyedWeights) else tier.vals
    if len(vals) <= SMALL_TIER:
        listed: list[int] = vals.tolist()
        return max(map(abs, listed))
    return int(np.abs(vals).max())


NO_WEIGHTS = weights({})  # an empty total (weights are never changed in place)


class _Group:
    """The packed total of a group of tiers being built: ``spread * total + tier``
    for each tier added. Plain tiers of a small model are summed in one dense
    array (no sorting and merging of columns for each tier added)."""

    def __init__(self, dense_size: int | None) -> None:
        self.indices: list[int] = []
        self.span = 1
        self._dense = np.zeros(dense_size, dtype=np.int64) if dense_size is not None else None
        self._sparse = NO_WEIGHTS  # (unused when dense)

    def biggest(self) -> int:
        """The largest packed coefficient in absolute value."""
        if self._dense is not None:
            return int(np.abs(self._dense).max())
        return _biggest(self._sparse)

    def add(self, index: int, tier: Weights, spread: int) -> None:
        if self._dense is not None:
            self._dense *= spread
            self._dense[tier.cols] += tier.vals
        else:
            self._sparse = combine(self._sparse, spread, tier)
        self.indices.append(index)
        self.span *= spread

    def packed(self) -> tuple[list[int], Weights]:
        total = Weights.dense(self._dense) if self._dense is not None else self._sparse
        return self.indices, total


DENSE_UP_TO = 1 << 16  # columns up to which a group is summed in a dense array


def _dense_size(tiers: Sequence[Weights]) -> int | None:
    """The dense array's size for these tiers (None: sum them sparse)."""
    if any(isinstance(tier, KeyedWeights) for tier in tiers):
        return None
    size = 1 + max((int(tier.cols[-1]) for tier in tiers if len(tier)), default=0)
    return size if size <= DENSE_UP_TO else None


def pack(
    tiers: Sequence[Tier], pairs: int | Sequence[int] | Callable[[Weights], int]
) -> list[tuple[list[int], Weights]]:
    """Group adjacent tiers into exact packed objectives.

    Returns a list of ``(tier indices, packed weights)``. Within a group the
    weight of tier i is multiplied by the spread (high - low + 1) of every
    later tier of the group, so a unit of tier i outweighs anything later ones
    can do; a group closes before its totals or coefficients grow too large.
    ``pairs``: how many columns of a tier one solution can hold (one number
    for all tiers, one per tier, or a function of the tier, asked only of
    tiers with a column).
    """
    converted = [weights(raw) for raw in tiers]
    size = _dense_size(converted)
    groups: list[tuple[list[int], Weights]] = []
    group = _Group(size)
    for i, tier in enumerate(converted):
        if not len(tier):
            continue
        most = pairs if isinstance(pairs, int) else pairs(tier) if callable(pairs) else pairs[i]
        low, high = _tier_range(tier, most)
        spread = high - low + 1
        biggest = _biggest(tier)
        if group.indices and (
            group.span * spread >= 2**PACK_BITS or group.biggest() * spread >= 2**_COEF_BITS
        ):
            groups.append(group.packed())
            group = _Group(size)
        if biggest >= 2**_COEF_BITS or spread >= 2**PACK_BITS:
            raise OverflowError("a single objective tier is too large to solve exactly")
        group.add(i, tier, spread)
    if group.indices:
        groups.append(group.packed())
    return groups
