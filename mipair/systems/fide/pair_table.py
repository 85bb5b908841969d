"""The round's pair table: the number of the candidate pair of two players, or none.

The pairs are numbered row by row above the diagonal: the higher ranked
player's row, and in it the lower ranked player's rank order
(:meth:`PairTable.number`). A pair's number is therefore where its row starts
plus its place in the row, and the table holds only that place, which is below
the field's size: two bytes a pair for fields of fewer than 32,767 players, and
only above the diagonal, row after row (a 1,000-player round 0.95 MiB, not the
3.8 MiB of a square table of the numbers themselves; 9,999 players 100 MB, not 400).

A pair's ends are not kept: the higher ranked one is the row its number falls
in, the lower ranked one the column of its place in that row. The
:class:`Edges` of every pair (four bytes an end) are made only for a model of
the whole field (:meth:`PairTable.edges`); the 2017 procedure's windows never
ask for them after a first round (a 1,000-player round: 3.7 MiB).
"""

from __future__ import annotations

import numpy as np

from mipair.solver.edges import Edges

FILL_BLOCK = 64  # rows of the allowed pairs numbered at a time
SQUARE_BELOW = 512  # players below which the places are held in a square table


class PairTable:
    """The candidate pairs of ``n`` players: ``place``, for each two players ``a < b``
    at ``first[a] + b - a - 1``, the pair's place in row ``a`` (-1: no pair), and
    ``start[a]``, the number of the first pair of row ``a``. A field of fewer than
    SQUARE_BELOW players holds its places in a square table instead, both ways
    round, read a row at a time (its few kilobytes are not worth the arithmetic of
    every reading: small rounds took 4% more time)."""

    __slots__ = ("_edges", "first", "n", "place", "square", "start")

    def __init__(self, n: int) -> None:
        self.n = n
        kind = np.int16 if n < 2**15 else np.int32
        self.square = n < SQUARE_BELOW
        rows = np.arange(n, dtype=np.int64)
        self.first = rows * n - rows * (rows + 1) // 2  # where each row's places start
        size = (n, n) if self.square else n * (n - 1) // 2
        self.place: np.ndarray = np.full(size, -1, dtype=kind)
        self.start = np.zeros(n + 1, dtype=np.int64)
        self._edges: Edges | None = None

    def _places(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The places of the pairs ``a[k]``-``b[k]`` (arrays, ``a[k] != b[k]``)."""
        if self.square:
            return self.place[a, b]
        low, high = np.minimum(a, b), np.maximum(a, b)
        return self.place[self.first[low] + high - low - 1]

    def number(self, allowed: np.ndarray) -> None:
        """Number the True entries above the diagonal of the square boolean matrix
        ``allowed`` (its other entries are cleared), row by row, into this table.
        A block of rows at a time (the whole table's temporaries took 7 MiB at
        1,000 players, and four copies of every pair's ends at 9,999)."""
        n = len(allowed)
        for first_row in range(0, n, FILL_BLOCK):
            rows = allowed[first_row : first_row + FILL_BLOCK]
            rows &= np.arange(n)[None, :] > np.arange(first_row, first_row + len(rows))[:, None]
        self.start[1:] = np.cumsum(allowed.sum(axis=1))
        for first_row in range(0, n, FILL_BLOCK):
            higher, lower = np.nonzero(allowed[first_row : first_row + FILL_BLOCK])
            higher += first_row
            at, stop = int(self.start[first_row]), int(self.start[min(first_row + FILL_BLOCK, n)])
            place = np.arange(at, stop, dtype=np.int64) - self.start[higher]
            if self.square:
                self.place[higher, lower] = self.place[lower, higher] = place
            else:
                self.place[self.first[higher] + lower - higher - 1] = place

    def __len__(self) -> int:
        return int(self.start[self.n])

    def _upper(self, u: int) -> np.ndarray:
        """The places of row u: its pairs with ``u + 1 .. n - 1`` (a view)."""
        if self.square:
            return self.place[u, u + 1 :]
        at = int(self.first[u]) if u < self.n else 0
        return self.place[at : at + self.n - u - 1]

    def row(self, u: int) -> np.ndarray:
        """The place of u's pair with every vertex (-1: none, and at u itself; read only)."""
        if self.square:
            return self.place[u]
        out = np.full(self.n, -1, dtype=self.place.dtype)
        out[u + 1 :] = self._upper(u)
        before = np.arange(u, dtype=np.int64)
        out[:u] = self.place[self.first[before] + u - before - 1]
        return out

    def edges(self) -> Edges:
        """Every pair as an edge, in number order (made on first use, then kept)."""
        if self._edges is None:
            ends = np.empty((2, len(self)), dtype=np.int32)
            everyone = np.arange(self.n)
            at = 0
            for top in range(0, self.n, FILL_BLOCK):
                higher, lower, _ = self._pairs_from(everyone, top, min(top + FILL_BLOCK, self.n))
                ends[0, at : at + len(higher)], ends[1, at : at + len(higher)] = higher, lower
                at += len(higher)
            self._edges = Edges.wrap(ends)
        return self._edges

    def _pairs_from(
        self, members: np.ndarray, top: int, stop: int, kept: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The pairs of ``members`` (sorted) from rows ``top..stop-1`` of them to a
        later one (marked in ``kept``, if given), in number order: the positions in
        ``members`` of their ends and their places."""
        later = np.arange(len(members))[None, :] > np.arange(top, stop)[:, None]
        if kept is not None:
            later &= kept[None, :]
        i, j = np.nonzero(later)
        i += top
        places = self._places(members[i], members[j])
        hit = places >= 0
        return i[hit], j[hit], places[hit]

    def ends(self, numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The higher and the lower ranked end of the pairs ``numbers``: the row
        each number falls in, and the column of its place in the row (one pass
        over each row asked)."""
        numbers = np.asarray(numbers, dtype=np.int64)
        if self._edges is not None:
            return self._edges.u[numbers], self._edges.v[numbers]
        higher = np.searchsorted(self.start, numbers, side="right") - 1
        lower = np.empty(len(numbers), dtype=np.int64)
        order = np.argsort(higher, kind="stable")
        rows = higher[order]
        cuts = np.flatnonzero(rows[1:] != rows[:-1]) + 1
        for group in np.split(order, cuts) if len(order) else []:
            row = int(higher[group[0]])
            columns = np.flatnonzero(self._upper(row) >= 0) + row + 1
            lower[group] = columns[numbers[group] - self.start[row]]
        return higher, lower

    def get(self, u: int, v: int) -> int:
        """The number of the pair of u and v (-1: none)."""
        a, b = (u, v) if u < v else (v, u)
        if a == b:
            return -1
        place = int(self.place[a, b] if self.square else self.place[int(self.first[a]) + b - a - 1])
        return -1 if place < 0 else int(self.start[a]) + place

    def numbers(self, u: int, others: np.ndarray | None = None) -> np.ndarray:
        """The number of u's pair with each vertex of ``others`` (None: every
        vertex), -1 where there is none."""
        others = np.arange(self.n) if others is None else np.asarray(others, dtype=np.int64)
        if self.square:
            place = self.place[u, others].astype(np.int64)
        else:
            place = np.full(len(others), -1, dtype=np.int64)
            apart = others != u  # (u has no pair with itself, nor a place)
            place[apart] = self._places(np.full(int(apart.sum()), u), others[apart])
        found = place >= 0
        place[found] += self.start[np.minimum(others[found], u)]
        return place

    def present(self) -> np.ndarray:
        """The pairs as a symmetric n-by-n boolean matrix (filled above the
        diagonal row by row, then mirrored a block of rows at a time)."""
        n = self.n
        if self.square:
            return self.place >= 0
        out = np.zeros((n, n), dtype=bool)
        for u in range(n):
            out[u, u + 1 :] = self._upper(u) >= 0
        for first_row in range(0, n, FILL_BLOCK):
            block = slice(first_row, min(first_row + FILL_BLOCK, n))
            out[block] |= out[:, block].T
        return out

    def count(self, rows: np.ndarray, members: np.ndarray) -> int:
        """How many pairs there are from a vertex of ``rows`` to one of ``members``."""
        if self.square:
            return int((self.place[rows][:, members] >= 0).sum())
        total = 0
        for top in range(0, len(rows), FILL_BLOCK):
            a, b = np.broadcast_arrays(rows[top : top + FILL_BLOCK, None], members[None, :])
            apart = a != b  # (a vertex has no pair with itself, nor a place)
            total += int((self._places(a[apart], b[apart]) >= 0).sum())
        return total

    def within(
        self, members: np.ndarray, first_row: int, stop: int, excluded: list[int]
    ) -> tuple[np.ndarray, ...]:
        """The pairs of ``members`` (sorted vertices) from rows ``first_row..stop-1``
        of them to a later one not at a position of ``excluded``: the positions in
        ``members`` of their two ends (int32) and their numbers."""
        kept = np.ones(len(members), dtype=bool)
        kept[excluded] = False
        found_a, found_b, found_numbers = [], [], []
        for top in range(first_row, stop, FILL_BLOCK):  # a block of rows: no square temporaries
            i, j, places = self._pairs_from(members, top, min(top + FILL_BLOCK, stop), kept)
            found_a.append(i.astype(np.int32))
            found_b.append(j.astype(np.int32))
            found_numbers.append(self.start[members[i]] + places)
        if not found_a:
            return (np.zeros(0, np.int32),) * 2 + (np.zeros(0, np.int64),)
        return np.concatenate(found_a), np.concatenate(found_b), np.concatenate(found_numbers)
