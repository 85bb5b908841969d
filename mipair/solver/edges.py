"""A graph's edges as two numpy arrays, read as a sequence of ``(u, v)`` pairs.

A large round has millions of candidate pairs, and a Python tuple costs
tens of bytes where an array entry costs four. :class:`Edges` keeps the two
ends as arrays and hands out plain ``(int, int)`` tuples one at a time.

The other sets and maps over such numbers are held as arrays too: a set of
columns as a mask (:class:`ColumnSet`), a mark per number as bits
(:class:`Marks`), where each of some numbers stands in a list of them
(:class:`Positions`), and a search of sorted numbers that does not copy them
(:func:`search`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np

Edge = tuple[int, int]
MARKS_BLOCK = 1 << 20  # numbers whose marks are read at a time
MARKS_AS_BITS_FROM = 1 << 16  # numbers from which marks are held as bits, not bytes
POSITIONS_SEARCHED_FROM = 1 << 16  # numbers from which increasing positions are searched
LISTED_UP_TO = 1 << 12  # edges up to which a graph also keeps them as a list of tuples,
# read one at a time many times over (numpy's item access costs more than the list);
# a larger graph's are read from its arrays (the tuples would take more room than they save)


class Edges(Sequence[Edge]):
    """Edges ``(u[k], v[k])``, held as one array of shape (2, m): int32 nodes
    where they fit (half the room of int64, for the tens of millions of pairs of
    the largest rounds), else int64."""

    __slots__ = ("_pairs", "ends", "u", "v")

    def __init__(self, u: np.ndarray, v: np.ndarray) -> None:
        u, v = np.asarray(u), np.asarray(v)
        top = max(int(u.max()), int(v.max())) if len(u) else 0
        kind = np.int32 if top < 2**31 - 1 else np.int64
        ends = np.empty((2, len(u)), dtype=kind)
        ends[0], ends[1] = u, v
        self._hold(ends)

    def _hold(self, ends: np.ndarray) -> None:
        self.ends, self.u, self.v = ends, ends[0], ends[1]
        self._pairs: list[Edge] | None = None

    @classmethod
    def wrap(cls, ends: np.ndarray) -> Edges:
        """The edges of an array of shape (2, m), held as it is (not copied)."""
        edges = cls.__new__(cls)
        edges._hold(ends)
        return edges

    @classmethod
    def of(cls, edges: Edges | Iterable[Edge]) -> Edges:
        if isinstance(edges, Edges):
            return edges
        ends = np.array(list(edges), dtype=np.int64).reshape(-1, 2)
        return cls(ends[:, 0], ends[:, 1])

    def __len__(self) -> int:
        return len(self.u)

    def __getitem__(self, k: int) -> Edge:  # type: ignore[override]
        pairs = self.listed()
        return pairs[k] if pairs is not None else (int(self.u[k]), int(self.v[k]))

    def __iter__(self) -> Iterator[Edge]:
        return zip(self.u.tolist(), self.v.tolist())

    def listed(self) -> list[Edge] | None:
        """The edges as a list of tuples (made once, read only), or None for a
        graph of more than LISTED_UP_TO edges."""
        if self._pairs is None and len(self.u) <= LISTED_UP_TO:
            self._pairs = list(zip(self.u.tolist(), self.v.tolist()))
        return self._pairs

    def take(self, ks: Sequence[int] | np.ndarray) -> Edges:
        """The edges numbered ``ks``, in that order."""
        idx = np.asarray(ks, dtype=np.int64)
        return Edges(self.u[idx], self.v[idx])

    def array(self) -> np.ndarray:
        """The ends as one array of shape (2, len(self)) (held, not copied: read only)."""
        return self.ends


class ColumnSet:
    """A set of column numbers ``0..m-1`` held as a mask (the inactive columns
    of a model can be millions)."""

    __slots__ = ("count", "mask")

    def __init__(self, m: int) -> None:
        self.mask = np.zeros(m, dtype=bool)
        self.count = 0

    @classmethod
    def all_but(cls, m: int, upto: int, kept: Iterable[int]) -> ColumnSet:
        """The columns ``0..upto-1`` except ``kept``, of ``m`` columns."""
        out = cls(m)
        out.mask[:upto] = True
        out.mask[np.fromiter(kept, dtype=np.int64)] = False
        out.count = int(out.mask.sum())
        return out

    def __bool__(self) -> bool:
        return self.count > 0

    def __len__(self) -> int:
        return self.count

    def members(self) -> np.ndarray:
        return np.flatnonzero(self.mask)

    def __contains__(self, c: object) -> bool:
        return bool(isinstance(c, (int, np.integer)) and 0 <= c < len(self.mask) and self.mask[c])

    def __iter__(self) -> Iterator[int]:
        return iter(self.members().tolist())

    def add(self, c: int) -> None:
        if not self.mask[c]:
            self.mask[c] = True
            self.count += 1

    def update(self, cols: Iterable[int]) -> None:
        """Add the columns ``cols`` (an array or any iterable)."""
        idx = cols if isinstance(cols, np.ndarray) else np.fromiter(cols, dtype=np.int64)
        self.mask[idx] = True
        self.count = int(self.mask.sum())

    def discard(self, c: int) -> None:
        if self.mask[c]:
            self.mask[c] = False
            self.count -= 1

    def take(self, cols: ColumnSet | Iterable[int]) -> np.ndarray:
        """Remove the members among ``cols``; return them, sorted."""
        if isinstance(cols, ColumnSet):
            found = np.flatnonzero(self.mask & cols.mask)
        else:
            idx = np.fromiter(cols, dtype=np.int64) if not isinstance(cols, np.ndarray) else cols
            if len(idx) * 16 > len(self.mask):  # many: a mask, not a sort
                chosen = np.zeros(len(self.mask), dtype=bool)
                chosen[idx] = True
                found = np.flatnonzero(chosen & self.mask)
            else:
                found = distinct(idx[self.mask[idx]])
        self.mask[found] = False
        self.count -= len(found)
        return found

    def isdisjoint(self, cols: Iterable[int]) -> bool:
        if not self.count:
            return True
        idx = np.fromiter(cols, dtype=np.int64)
        return not self.mask[idx].any()


class Marks:
    """A mark per number ``0..m-1`` (True or False), held as bits from
    MARKS_AS_BITS_FROM numbers: the pairs a round has ruled out for good, an
    eighth of the room of a byte each. Asked of an array a block at a time (no
    temporary of 8 bytes a number for a window's millions). Fewer are held a
    byte each, read without arithmetic."""

    __slots__ = ("bits", "count", "flags", "size")

    def __init__(self, m: int) -> None:
        as_bits = m >= MARKS_AS_BITS_FROM
        self.bits = np.zeros((m + 7) // 8 if as_bits else 0, dtype=np.uint8)
        self.flags = None if as_bits else np.zeros(m, dtype=bool)
        self.size = m
        self.count = 0  # how many are marked

    def __len__(self) -> int:
        return self.size

    def get(self, k: int) -> bool:
        if self.flags is not None:
            return bool(self.flags[k])
        return bool((int(self.bits[k >> 3]) >> (k & 7)) & 1)

    def of(self, numbers: np.ndarray) -> np.ndarray:
        """Whether each of ``numbers`` is marked (a boolean array)."""
        marked: np.ndarray
        if self.flags is not None:
            marked = self.flags[numbers]
            return marked
        numbers = np.asarray(numbers, dtype=np.int64)
        if len(numbers) <= MARKS_BLOCK:
            marked = (self.bits[numbers >> 3] >> (numbers & 7).astype(np.uint8) & 1).view(bool)
            return marked
        out = np.empty(len(numbers), dtype=bool)
        for start in range(0, len(numbers), MARKS_BLOCK):
            part = numbers[start : start + MARKS_BLOCK]
            found = self.bits[part >> 3] >> (part & 7).astype(np.uint8)
            out[start : start + len(part)] = (found & 1).view(bool)
        return out

    def mark(self, numbers: np.ndarray) -> np.ndarray:
        """Mark ``numbers``; return those not marked before (distinct, sorted)."""
        numbers = np.asarray(numbers, dtype=np.int64)
        new = distinct(numbers[~self.of(numbers)])
        if self.flags is not None:
            self.flags[new] = True
        else:
            np.bitwise_or.at(self.bits, new >> 3, np.left_shift(1, new & 7).astype(np.uint8))
        self.count += len(new)
        return new

    def record(self) -> tuple[np.ndarray, int]:
        """The marks as they are now (for :meth:`restore`)."""
        return (self.bits if self.flags is None else np.packbits(self.flags)).copy(), self.count

    def restore(self, record: tuple[np.ndarray, int]) -> None:
        bits, self.count = record
        if self.flags is not None:
            self.flags[:] = np.unpackbits(bits, count=self.size)
        else:
            self.bits[:] = bits


class Positions:
    """Where each of some distinct numbers stands in a list of them
    (``{ids[k]: k}`` as a read-only mapping, held as arrays).

    Numbers listed in increasing order, the largest from POSITIONS_SEARCHED_FROM,
    are found by binary search: a window's edge numbers are a few of the round's,
    and a table indexed by edge number (the size of the round's pairs, for each
    window) is kept only for numbers out of order or small."""

    __slots__ = ("_at", "ids")

    def __init__(self, ids: np.ndarray) -> None:
        ids = np.asarray(ids)
        top = int(ids.max()) + 1 if len(ids) else 0
        held: np.ndarray = ids.astype(np.int32 if top < 2**31 else np.int64, copy=False)
        self.ids = held
        self._at: np.ndarray | None = None  # None: ids increase, searched
        if len(held) > 1 and (
            top < POSITIONS_SEARCHED_FROM or not bool(np.all(held[1:] > held[:-1]))
        ):
            self._at = np.full(top, -1, dtype=np.int32)
            self._at[self.ids] = np.arange(len(self.ids), dtype=np.int32)

    @classmethod
    def identity(cls, m: int) -> Positions:
        """The numbers ``0..m-1`` in order: each stands at itself."""
        out = cls(np.zeros(0, dtype=np.int64))
        out.ids = out._at = np.arange(m, dtype=np.int32)  # one array serves as both
        return out

    def take(self, ks: np.ndarray | Sequence[int]) -> Positions:
        """The positions of the numbers at ``ks``, in that order."""
        return Positions(self.ids[np.asarray(ks, dtype=np.int64)])

    def get(self, e: int, default: int | None = None) -> int | None:
        if self._at is not None:
            k = int(self._at[e]) if 0 <= e < len(self._at) else -1
        else:
            k = int(search(self.ids, e))
            k = k if k < len(self.ids) and self.ids[k] == e else -1
        return default if k < 0 else k

    def lookup(self, es: np.ndarray) -> np.ndarray:
        """The position of every number of ``es`` (-1: not there)."""
        es = np.asarray(es, dtype=np.int64)
        out = np.full(len(es), -1, dtype=np.int64)
        if self._at is not None:
            there = es < len(self._at)
            out[there] = self._at[es[there]]
        elif len(self.ids):
            k = np.minimum(search(self.ids, es), len(self.ids) - 1)
            there = self.ids[k] == es
            out[there] = k[there]
        return out

    def __len__(self) -> int:
        return len(self.ids)


def search(haystack: np.ndarray, needles: np.ndarray | int) -> np.ndarray:
    """``np.searchsorted`` of integer ``needles`` in the sorted integer array
    ``haystack``, the needles cast to its type: else numpy casts the whole array
    to the needles' wider type, a copy at every call (int32 positions searched
    with int64 needles). Needles are column or edge numbers, below 2**31."""
    return np.searchsorted(haystack, np.asarray(needles).astype(haystack.dtype, copy=False))


def mask(n: int, members: Iterable[int]) -> np.ndarray:
    """A boolean mask of length ``n`` marking ``members``."""
    out = np.zeros(n, dtype=bool)
    out[np.fromiter(members, dtype=np.int64)] = True
    return out


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values of an integer array, sorted (``np.unique`` without
    its import of ``numpy.ma``, a noticeable part of a small round's process)."""
    out = np.sort(values)
    if len(out) > 1:
        out = out[np.concatenate(([True], out[1:] != out[:-1]))]
    return out
