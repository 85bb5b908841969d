"""A matching that makes given counts of a class model's columns.

The class model (:mod:`mipair.solver._detail.classes`) answers in counts: so many
pairs of each pair of classes, so many exits of each class. :func:`realize`
turns such counts into model columns, the nodes of each class handed out in
order and matched by a small bipartite linear program.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.solver._detail.classes import CHUNK, Aggregate

CANDIDATES = (16, 64)  # partners offered to each node when a class pair's counts are realised


def realize(
    agg: Aggregate,
    counts: np.ndarray,
    ends: np.ndarray,
    exits: Sequence[tuple[int, str]],
    fixed: Sequence[int] = (),
) -> list[int] | None:
    """A set of model columns, ``fixed`` among them, that makes exactly
    ``counts`` of every class column, or None if none is found.

    Each class hands its nodes out in order: the first ones to its pair
    columns, the last ones to its exits. The nodes handed to a pair of
    classes are then matched, one side (or, within one class, the first half)
    against the other, by a linear program over a few candidate partners per
    node (a bipartite matching: its basic solutions are integral)."""
    ne = ends.shape[1]
    n = len(agg.node_class)
    usable = agg.col_of >= 0
    counts = counts - agg.counts_of(fixed)
    if np.any(counts < 0):
        return None
    taken = np.zeros(n, dtype=bool)
    for c in fixed:
        taken[[int(ends[0][c]), int(ends[1][c])] if c < ne else exits[c - ne][0]] = True
    members: list[list[int]] = [[] for _ in agg.count]
    for v in np.flatnonzero((agg.node_class >= 0) & ~taken).tolist():
        members[int(agg.node_class[v])].append(v)
    front = [0] * len(members)
    back = [len(m) for m in members]
    sides: list[tuple[list[int], list[int]]] = []
    chosen: list[int] = []
    exit_col = {(v, tag): ne + k for k, (v, tag) in enumerate(exits) if usable[ne + k]}
    for k in np.flatnonzero(counts).tolist():
        a, b, y = int(agg.col_a[k]), int(agg.col_b[k]), int(counts[k])
        if b < 0:
            tag = agg.tags[-1 - b]
            for v in members[a][back[a] - y : back[a]]:
                chosen.append(exit_col[(v, tag)])
            back[a] -= y
            continue
        take = 2 * y if a == b else y
        left = members[a][front[a] : front[a] + take]
        front[a] += take
        if a == b:
            sides.append((left[:y], left[y:]))
        else:
            sides.append((left, members[b][front[b] : front[b] + y]))
            front[b] += y
    if any(f > b for f, b in zip(front, back)):
        return None
    live = np.flatnonzero(usable[:ne])
    key = np.empty(len(live), dtype=np.int64)  # a block at a time: no model-sized temporaries
    for start in range(0, len(live), CHUNK):
        part = live[start : start + CHUNK]
        lo, hi = ends[0][part].astype(np.int64), ends[1][part].astype(np.int64)
        key[start : start + CHUNK] = np.minimum(lo, hi) * n + np.maximum(lo, hi)
    if len(key) > 1 and not np.all(key[1:] >= key[:-1]):  # a round's pairs come in order
        order = np.argsort(key)
        key, live = key[order], live[order]
    for width in CANDIDATES:
        pairs = _bipartite(sides, key, live, n, width)
        if pairs is not None:
            return sorted([*fixed, *chosen, *pairs])
    return None


def _bipartite(
    sides: list[tuple[list[int], list[int]]], key: np.ndarray, live: np.ndarray, n: int, width: int
) -> list[int] | None:
    """A perfect matching of every (left, right) of ``sides``, each left node
    offered ``width`` right nodes, as edge columns; None if there is none."""
    cols, us, vs = [], [], []
    for left, right in sides:
        s = len(left)
        if not s:
            continue
        L, R = np.asarray(left, dtype=np.int64), np.asarray(right, dtype=np.int64)
        i = np.repeat(np.arange(s), min(width, s))
        j = (i + np.tile(np.arange(min(width, s)), s)) % s
        u, v = L[i], R[j]
        want = np.minimum(u, v) * n + np.maximum(u, v)
        at = np.minimum(np.searchsorted(key, want), max(len(key) - 1, 0))
        hit = key[at] == want if len(key) else np.zeros(len(want), dtype=bool)
        cols.append(live[at[hit]])
        us.append(u[hit])
        vs.append(v[hit])
    if not cols:
        return []
    col, u, v = np.concatenate(cols), np.concatenate(us), np.concatenate(vs)
    need = sum(len(left) for left, _ in sides)
    from mipair.solver.highs import load, maximiser

    hs = load()
    h = maximiser(hs)
    nodes, row = np.unique(np.concatenate([u, v]), return_inverse=True)
    h.addRows(
        len(nodes),
        np.zeros(len(nodes)),
        np.ones(len(nodes)),
        0,
        np.zeros(0, dtype=np.int32),
        np.zeros(0, dtype=np.int32),
        np.zeros(0),
    )
    m = len(col)
    rows = np.vstack([row[:m], row[m:]]).T.ravel().astype(np.int32)
    h.addCols(
        m,
        np.ones(m),
        np.zeros(m),
        np.ones(m),
        2 * m,
        np.arange(0, 2 * m, 2, dtype=np.int32),
        rows,
        np.ones(2 * m),
    )
    h.run()
    if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
        return None
    x = np.asarray(h.getSolution().col_value)
    if np.any((x > 1e-6) & (x < 1 - 1e-6)) or round(x.sum()) != need:
        return None
    chosen: list[int] = col[x > 0.5].tolist()
    return chosen
