"""Integer column weights held as numpy arrays (an objective tier or a pinned row).

A quality criterion of a large round weighs millions of candidate pairs; as
Python dicts, copied into packed objectives and pinned rows, they would take
most of the engine's memory. :class:`Weights` keeps
one tier as two arrays, its columns (sorted, distinct) and their non-zero
integer values, and offers what the solver layer needs: the lookups of a
mapping, exact totals over a solution, restriction to a sub-model. Small
tiers may stay plain ``{column: weight}`` dicts; :func:`weights` converts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Union

import numpy as np

from mipair.solver.edges import search

LOOKUP_CHOSEN = 64  # a total over at most this many chosen columns
LOOKUP_COLUMNS = 4096  # of a tier of at most this many columns is summed from a dict


NARROW_FROM = 1 << 12  # columns from which a tier keeps them as int32


def column_numbers(cols: np.ndarray | Sequence[int]) -> np.ndarray:
    """A tier's column numbers as an array: int32 for a tier of at least
    NARROW_FROM columns (below 2**31), which then take half the room of its values;
    int64 for a smaller one, which
    numpy's indexing and searches take as they are (no conversion at each use)."""
    cols = np.asarray(cols)
    if len(cols) < NARROW_FROM:
        return cols.astype(np.int64, copy=False)
    if cols.dtype == np.int32:
        return cols
    wide = int(cols.max()) >= 2**31 or int(cols.min()) < -(2**31)
    return cols.astype(np.int64 if wide else np.int32, copy=False)


class Weights:
    """Non-zero integer weights of columns: ``cols`` (sorted, distinct) and ``vals``."""

    __slots__ = ("_lookup", "cols", "vals")

    def __init__(self, cols: np.ndarray, vals: np.ndarray) -> None:
        cols = column_numbers(cols)
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
        self._lookup: dict[int, int] | None = None

    @classmethod
    def dense(cls, values: np.ndarray) -> Weights:
        """The weights of a value per column 0..len(values)-1."""
        values = np.asarray(values, dtype=np.int64)
        cols = column_numbers(np.flatnonzero(values))
        made = cls.__new__(cls)  # the columns are sorted, distinct, of non-zero weight already
        made.cols, made.vals, made._lookup = cols, values[cols], None
        return made

    # -- a read-only mapping ------------------------------------------------
    def get(self, c: int, default: int = 0) -> int:
        i = int(search(self.cols, c))
        return int(self.vals[i]) if i < len(self.cols) and self.cols[i] == c else default

    def __getitem__(self, c: int) -> int:
        i = int(search(self.cols, c))
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
        listed: list[int] = self.vals.tolist()
        return listed

    # -- arithmetic ----------------------------------------------------------
    def total(self, chosen: Sequence[int]) -> int:
        """The exact total over the columns ``chosen``."""
        if not len(chosen) or not len(self.cols):
            return 0
        if len(chosen) <= LOOKUP_CHOSEN and len(self.cols) <= LOOKUP_COLUMNS:
            lookup = self._lookup
            if lookup is None:  # a small tier asked again and again (a pin, a tier's value)
                lookup = self._lookup = dict(zip(self.cols.tolist(), self.vals.tolist()))
            return sum([lookup.get(c, 0) for c in chosen])
        picked = np.asarray(chosen, dtype=np.int64)
        i = np.minimum(search(self.cols, picked), len(self.cols) - 1)
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

    def at(self, cols: np.ndarray) -> np.ndarray:
        """The weight of every column of ``cols`` (0 where it has none)."""
        cols = np.asarray(cols, dtype=np.int64)
        if not len(self.cols):
            return np.zeros(len(cols), dtype=np.int64)
        i = np.minimum(search(self.cols, cols), len(self.cols) - 1)
        return np.where(self.cols[i] == cols, self.vals[i], 0)

    def spectrum(self) -> tuple[np.ndarray, np.ndarray]:
        """The non-zero weights and how many columns carry each."""
        return self.vals, np.ones(len(self.vals), dtype=np.int64)

    def __repr__(self) -> str:
        return f"Weights({dict(self.items())!r})"


class ColumnKeys:
    """A small number per column, its *key* (the kind of its pair: the Dutch
    criteria weigh a pair by the kinds of its two players), shared by every
    tier of one model; columns from ``len(key)`` on have no key and weigh 0."""

    __slots__ = ("counts", "key")

    def __init__(self, key: np.ndarray, size: int) -> None:
        self.key = np.asarray(key, dtype=np.int32)
        self.counts = np.bincount(self.key, minlength=size).astype(np.int64)

    def __len__(self) -> int:
        return len(self.key)


class KeyedWeights(Weights):
    """Weights given by a table over keys: column c weighs ``table[key[c]]``.

    A large first round has tens of millions of candidate pairs but a handful
    of kinds of pair; every tier of its criteria held as explicit arrays would
    take 16 bytes a pair (gigabytes for the round). Here a tier is its small table
    and the shared keys (4 bytes a column for all tiers); the columns and
    values are computed when a caller asks for them."""

    __slots__ = ("keys", "table")

    def __init__(self, keys: ColumnKeys, table: np.ndarray) -> None:
        self.keys = keys
        self.table = np.asarray(table, dtype=np.int64)

    @property
    def cols(self) -> np.ndarray:  # type: ignore[override]
        """The columns of non-zero weight, sorted (computed on each call)."""
        return np.flatnonzero(self.table[self.keys.key])

    @property
    def vals(self) -> np.ndarray:  # type: ignore[override]
        found: np.ndarray = self.table[self.keys.key[self.cols]]
        return found

    def at(self, cols: np.ndarray) -> np.ndarray:
        cols = np.asarray(cols, dtype=np.int64)
        key = self.keys.key
        if len(cols) and int(cols.max()) < len(key):
            found: np.ndarray = self.table[key[cols]]
            return found
        out = np.zeros(len(cols), dtype=np.int64)
        inside = cols < len(key)
        out[inside] = self.table[key[cols[inside]]]
        return out

    def spectrum(self) -> tuple[np.ndarray, np.ndarray]:
        used = (self.table != 0) & (self.keys.counts > 0)
        return self.table[used], self.keys.counts[used]

    def get(self, c: int, default: int = 0) -> int:
        value = int(self.at(np.array([c]))[0])
        return value if value else default

    def __getitem__(self, c: int) -> int:
        value = self.get(c)
        if not value:
            raise KeyError(c)
        return value

    def __len__(self) -> int:
        return int(self.keys.counts[self.table != 0].sum())

    def total(self, chosen: Sequence[int]) -> int:
        if not len(chosen):
            return 0
        return int(self.at(np.asarray(chosen, dtype=np.int64)).sum())

    def without(self, off: np.ndarray) -> Weights:
        cols = self.cols
        keep = ~off[cols]
        return Weights(cols[keep], self.table[self.keys.key[cols[keep]]])

    def split(self, position: np.ndarray) -> tuple[Weights, int]:
        inside = np.flatnonzero(position >= 0)  # a sub-model is small: explicit weights
        vals = self.at(inside)
        held = int(self.at(np.flatnonzero(position == -2)).sum())
        return Weights(position[inside], vals), held

    def restrict(self, back: np.ndarray, made: dict[int, ColumnKeys]) -> KeyedWeights:
        """These weights on a sub-model whose column k is our column ``back[k]``
        (:meth:`split` for a sub-model of a chosen part; its keys made once
        for every tier of these keys, in ``made``)."""
        sub = made.get(id(self.keys))
        if sub is None:
            key, size = self.keys.key, len(self.keys.counts)
            beyond = back >= len(key)  # columns without a key (exits): the last key
            mine = np.where(beyond, size, key[np.where(beyond, 0, back)]) if len(back) else back
            sub = made[id(self.keys)] = ColumnKeys(mine, size + 1)
        return KeyedWeights(sub, np.append(self.table, 0)[: len(sub.counts)])

    def __repr__(self) -> str:
        return f"KeyedWeights({self.table.tolist()!r} over {len(self.keys)} columns)"


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
    if isinstance(a, KeyedWeights) or isinstance(b, KeyedWeights):
        if not len(a) and isinstance(b, KeyedWeights):
            return b
        if isinstance(a, KeyedWeights) and isinstance(b, KeyedWeights) and a.keys is b.keys:
            return KeyedWeights(a.keys, a.table * k + b.table)
        a, b = Weights(a.cols, a.vals), Weights(b.cols, b.vals)
    if len(a.cols) == len(b.cols) and np.array_equal(a.cols, b.cols):
        return Weights(a.cols, a.vals * k + b.vals)
    return Weights(np.concatenate([a.cols, b.cols]), np.concatenate([a.vals * k, b.vals]))
