"""Integer column weights held as numpy arrays (an objective tier or a pinned row).

A quality criterion of a 5,000-player round weighs millions of candidate
pairs; as Python dicts, copied into packed objectives and pinned rows, they
took most of the engine's memory (about 2 KB a pair). :class:`Weights` keeps
one tier as two arrays, its columns (sorted, distinct) and their non-zero
integer values, and offers what the solver layer needs: the lookups of a
mapping, exact totals over a solution, restriction to a sub-model. Small
tiers may stay plain ``{column: weight}`` dicts; :func:`weights` converts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Union

import numpy as np


class Weights:
    """Non-zero integer weights of columns: ``cols`` (sorted, distinct) and ``vals``."""

    __slots__ = ("cols", "vals")

    def __init__(self, cols: np.ndarray, vals: np.ndarray) -> None:
        cols = np.asarray(cols, dtype=np.int64)
        vals = np.asarray(vals, dtype=np.int64)
        keep = vals != 0
        if not keep.all():
            cols, vals = cols[keep], vals[keep]
        if len(cols) > 1 and not np.all(cols[1:] > cols[:-1]):
            order = np.argsort(cols, kind="stable")  # merges sorted runs in linear time
            cols, vals = cols[order], vals[order]
            start = np.flatnonzero(np.concatenate(([True], cols[1:] != cols[:-1])))
            cols, vals = cols[start], np.add.reduceat(vals, start)
            keep = vals != 0
            cols, vals = cols[keep], vals[keep]
        self.cols, self.vals = cols, vals

    @classmethod
    def dense(cls, values: np.ndarray) -> Weights:
        """The weights of a value per column 0..len(values)-1."""
        values = np.asarray(values, dtype=np.int64)
        cols = np.flatnonzero(values)
        return cls(cols, values[cols])

    # -- a read-only mapping ------------------------------------------------
    def get(self, c: int, default: int = 0) -> int:
        i = int(np.searchsorted(self.cols, c))
        return int(self.vals[i]) if i < len(self.cols) and self.cols[i] == c else default

    def __getitem__(self, c: int) -> int:
        i = int(np.searchsorted(self.cols, c))
        if i < len(self.cols) and self.cols[i] == c:
            return int(self.vals[i])
        raise KeyError(c)

    def __contains__(self, c: object) -> bool:
        return isinstance(c, (int, np.integer)) and self.get(int(c), 0) != 0

    def __len__(self) -> int:
        return len(self.cols)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cols.tolist())

    def items(self) -> Iterator[tuple[int, int]]:
        return zip(self.cols.tolist(), self.vals.tolist())

    def values(self) -> list[int]:
        return self.vals.tolist()

    # -- arithmetic ----------------------------------------------------------
    def total(self, chosen: Sequence[int]) -> int:
        """The exact total over the columns ``chosen``."""
        if not len(chosen) or not len(self.cols):
            return 0
        picked = np.asarray(chosen, dtype=np.int64)
        i = np.searchsorted(self.cols, picked).clip(0, len(self.cols) - 1)
        hit = self.cols[i] == picked
        return int(self.vals[i[hit]].sum())

    def without(self, off: np.ndarray) -> Weights:
        """These weights less the columns marked True in the mask ``off``."""
        keep = ~off[self.cols] if len(self.cols) else np.zeros(0, dtype=bool)
        return self if keep.all() else Weights(self.cols[keep], self.vals[keep])

    def split(self, position: np.ndarray) -> tuple[Weights, int]:
        """Split by ``position`` (our column -> its column in a sub-model, or -1;
        chosen columns marked -2): the weights of the sub-model's columns, and
        the total of the chosen columns outside it."""
        pos = position[self.cols]
        inside = pos >= 0
        return Weights(pos[inside], self.vals[inside]), int(self.vals[pos == -2].sum())

    def __repr__(self) -> str:
        return f"Weights({dict(self.items())!r})"


Tier = Union[Mapping[int, int], Weights]  # noqa: UP007 - a runtime alias


def weights(tier: Tier) -> Weights:
    """``tier`` as :class:`Weights` (itself if it already is)."""
    if isinstance(tier, Weights):
        return tier
    if not tier:
        return Weights(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
    cols = np.fromiter(tier.keys(), dtype=np.int64, count=len(tier))
    vals = np.fromiter(tier.values(), dtype=np.int64, count=len(tier))
    return Weights(cols, vals)


def total(tier: Tier, chosen: Sequence[int]) -> int:
    """The exact total of ``tier`` over the columns ``chosen``."""
    if isinstance(tier, Weights):
        return tier.total(chosen)
    return sum(tier.get(c, 0) for c in chosen)


def combine(a: Weights, k: int, b: Weights) -> Weights:
    """The exact sum ``k * a + b``."""
    if len(a.cols) == len(b.cols) and np.array_equal(a.cols, b.cols):
        return Weights(a.cols, a.vals * k + b.vals)
    return Weights(np.concatenate([a.cols, b.cols]), np.concatenate([a.vals * k, b.vals]))
