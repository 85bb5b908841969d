"""Tiers solved on a matching model whose nodes fall into classes of equals.

When every objective weighs a pair by the classes of its two nodes alone (the
Dutch criteria read a few facts of each player: :mod:`mipair.systems.fide.weigh`),
a matching can be summed up by how many pairs it makes of each pair of classes
and how many nodes of each class leave by each exit. Those counts obey one row
per class instead of one per node: the lexicographic optimum of the counts is
an integer program of tens of columns where the matching model has millions,
and it bounds every matching of that model from above (every matching's counts
are one of its solutions). So a matching that makes exactly the optimal counts
is optimal (:func:`realize` looks for one). And the dual solution of a tier's
linear relaxation, each class's dual given to every node of the class, is a
dual solution of the large model with the same objective: its reduced costs
rule columns out of every optimal matching for good (reduced-cost fixing).
This module builds the class model's data (:func:`aggregate`);
:mod:`mipair.solver._detail.class_solve` solves it in HiGHS and
:mod:`mipair.solver._detail.realize` finds a matching that makes its counts.

A class is refined by what the aggregated rows need to be exact: whether the
node must be covered and which exits it has, so every node of a class has the
same row bounds and the same exits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mipair.solver.edges import distinct
from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights

CHUNK = 1 << 22  # columns looked at a time (the largest models have tens of millions)


@dataclass
class Aggregate:
    """The class model of a matching model (see :func:`aggregate`)."""

    node_class: np.ndarray  # per node, its class (-1: no usable column)
    count: np.ndarray  # nodes per class
    must: np.ndarray  # per class, whether its nodes must be covered
    col_a: np.ndarray  # per class column, its two classes (b = -1 - tag for an exit)
    col_b: np.ndarray
    col_of: np.ndarray  # per model column, its class column (-1: not usable)
    first: np.ndarray  # per class column, one model column of it
    tags: list[str]
    _keyed: tuple[ColumnKeys, np.ndarray, np.ndarray] | None = None  # the keys last
    # weighed, and the (class column, key) pairs

    def weigh(self, tier: Weights) -> np.ndarray | None:
        """The weight of every class column under ``tier`` (a model tier), or
        None when two model columns of one class column weigh differently."""
        if isinstance(tier, KeyedWeights):
            return self._weigh_keyed(tier)
        m = len(self.col_of)
        w = np.zeros(m, dtype=np.int64)
        w[tier.cols] = tier.vals
        used = self.col_of >= 0  # weights of unusable columns never count
        mine = w[self.first]
        return mine if np.array_equal(w[used], mine[self.col_of[used]]) else None

    def _weigh_keyed(self, tier: KeyedWeights) -> np.ndarray | None:
        """:meth:`weigh` for weights given by keys: compared class column by
        class column over the distinct keys each one holds (no array per column)."""
        if self._keyed is None or self._keyed[0] is not tier.keys:
            key = tier.keys.key
            size = len(tier.table) + 1  # the last: columns without a key (weight 0)
            bound = len(self.first) * size
            small = bound <= 1 << 26  # few codes: a table instead of a sort
            present = np.zeros(bound if small else 0, dtype=bool)
            found = []
            for start in range(0, len(self.col_of), CHUNK):  # no temporaries per column
                cols = self.col_of[start : start + CHUNK]
                at = np.flatnonzero(cols >= 0) + start
                ks = np.full(len(at), size - 1, dtype=np.int64)
                inside = at < len(key)
                ks[inside] = key[at[inside]]
                code = self.col_of[at].astype(np.int64) * size + ks
                if small:
                    present[code] = True
                else:
                    found.append(distinct(code))
            pairs = np.flatnonzero(present) if small else distinct(np.concatenate(found))
            self._keyed = (tier.keys, pairs // size, pairs % size)
        _, class_col, keys = self._keyed
        table = np.append(tier.table, 0)
        vals = table[keys]
        mine = table[keys[np.searchsorted(class_col, np.arange(len(self.first)))]]
        return mine if np.array_equal(vals, mine[class_col]) else None

    def pins(self, pins: Sequence[tuple[Weights, int]]) -> list[tuple[np.ndarray, int]]:
        """The pinned rows of a model that are class-wise, as class weights and levels
        (leaving the others out keeps the class model a relaxation)."""
        out = []
        for weights, level in pins:
            vals = self.weigh(weights)
            if vals is not None:
                out.append((vals, level))
        return out

    def counts_of(self, cols: Sequence[int]) -> np.ndarray | None:
        """How many of the model columns ``cols`` each class column holds
        (None if one is not usable)."""
        k = self.col_of[np.asarray(cols, dtype=np.int64)]
        if np.any(k < 0):
            return None
        return np.bincount(k, minlength=len(self.col_a))


def aggregate(
    n: int,
    ends: np.ndarray,
    exits: Sequence[tuple[int, str]],
    usable: np.ndarray,
    must: np.ndarray,
    classes: np.ndarray,
) -> Aggregate:
    """The class model of a matching model: nodes ``0..n-1``, edge columns
    ``ends`` (shape (2, ne)), then exit columns ``exits``; ``usable`` marks the
    columns a solution may use, ``must`` the nodes it must cover, ``classes``
    the caller's class of every node (nodes of a class weigh alike)."""
    ne = ends.shape[1]
    tags = sorted({tag for _, tag in exits})
    ex_node = np.array([v for v, _ in exits], dtype=np.int64)
    ex_tag = np.array([tags.index(t) for _, t in exits], dtype=np.int64)
    ex_ok = usable[ne:]
    covered = np.zeros(n, dtype=bool)
    covered[ends[0][usable[:ne]]] = covered[ends[1][usable[:ne]]] = True
    covered[ex_node[ex_ok]] = True
    features = [np.asarray(classes, dtype=np.int64), must.astype(np.int64)]
    for t in range(len(tags)):
        has = np.zeros(n, dtype=np.int64)
        has[ex_node[ex_ok & (ex_tag == t)]] = 1
        features.append(has)
    table = np.vstack(features).T[covered]
    node_class = np.full(n, -1, dtype=np.int64)
    if len(table):
        _, inverse = np.unique(table, axis=0, return_inverse=True)
        node_class[covered] = inverse.reshape(-1)
    nclass = int(node_class.max()) + 1
    count = np.bincount(node_class[covered], minlength=nclass)
    cls_must = np.zeros(nclass, dtype=bool)
    cls_must[node_class[covered & must]] = True
    width = nclass + len(tags)
    cls = node_class.astype(np.int32) if nclass * width + width < 2**31 else node_class

    def edge_keys(part: slice) -> np.ndarray:  # a block of edge columns, no square temporaries
        a, b = cls[ends[0][part]], cls[ends[1][part]]
        keys: np.ndarray = np.minimum(a, b) * width + np.maximum(a, b)
        return keys

    blocks = [slice(start, min(start + CHUNK, ne)) for start in range(0, ne, CHUNK)]
    exit_key = node_class[ex_node] * width + nclass + ex_tag
    present = np.zeros(nclass * width + width, dtype=bool)  # keys are small: no sort
    for part in blocks:
        present[edge_keys(part)[usable[part]]] = True
    present[exit_key[ex_ok]] = True
    uniq = np.flatnonzero(present)  # a key's class column: its place here, searched (a
    del present  # running count over every possible key would be an array of them all)
    col_of = np.full(len(usable), -1, dtype=np.int32)
    first = np.full(len(uniq), len(usable), dtype=np.int64)
    for part in blocks:
        ok = usable[part]
        mine = np.full(len(ok), -1, dtype=np.int32)
        mine[ok] = np.searchsorted(uniq, edge_keys(part)[ok])
        col_of[part] = mine
        np.minimum.at(first, mine[ok], np.flatnonzero(ok) + part.start)  # the lowest column
    col_of[ne:] = np.where(ex_ok, np.searchsorted(uniq, exit_key), -1)
    exit_cols = np.flatnonzero(ex_ok)
    np.minimum.at(first, col_of[ne + exit_cols], ne + exit_cols)
    col_a, second = uniq // width, uniq % width
    col_b = np.where(second < nclass, second, nclass - 1 - second)
    return Aggregate(node_class, count, cls_must, col_a, col_b, col_of, first, tags)
