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

A class is refined by what the aggregated rows need to be exact: whether the
node must be covered and which exits it has, so every node of a class has the
same row bounds and the same exits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from mipair.solver.edges import distinct
from mipair.solver.weights import KeyedWeights, Weights

CHUNK = 1 << 22  # columns looked at a time (a 10,000-player model has 50 million)
CANDIDATES = (16, 64)  # partners offered to each node when a class pair's counts are realised


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
    _keyed: tuple | None = None  # the keys last weighed, and the (class column, key) pairs

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
        return np.minimum(a, b) * width + np.maximum(a, b)

    blocks = [slice(start, min(start + CHUNK, ne)) for start in range(0, ne, CHUNK)]
    exit_key = node_class[ex_node] * width + nclass + ex_tag
    present = np.zeros(nclass * width + width, dtype=bool)  # keys are small: no sort
    for part in blocks:
        present[edge_keys(part)[usable[part]]] = True
    present[exit_key[ex_ok]] = True
    uniq = np.flatnonzero(present)
    number = (np.cumsum(present) - 1).astype(np.int32)
    col_of = np.full(len(usable), -1, dtype=np.int32)
    first = np.full(len(uniq), len(usable), dtype=np.int64)
    for part in blocks:
        ok = usable[part]
        mine = np.where(ok, number[np.where(ok, edge_keys(part), 0)], -1)
        col_of[part] = mine
        np.minimum.at(first, mine[ok], np.flatnonzero(ok) + part.start)  # the lowest column
    col_of[ne:] = np.where(ex_ok, number[np.where(ex_ok, exit_key, 0)], -1)
    exit_cols = np.flatnonzero(ex_ok)
    np.minimum.at(first, col_of[ne + exit_cols], ne + exit_cols)
    col_a, second = uniq // width, uniq % width
    col_b = np.where(second < nclass, second, nclass - 1 - second)
    return Aggregate(node_class, count, cls_must, col_a, col_b, col_of, first, tags)


@dataclass
class Levels:
    """The lexicographic optimum of the class model."""

    levels: list[int]  # each tier's optimum
    counts: np.ndarray  # per class column, how many the optimum uses
    reduced: list[np.ndarray]  # per tier, the reduced cost of every class column
    slack: list[float]  # per tier, its LP bound less its optimum


def _model(
    agg: Aggregate,
    limits: Mapping[str, int],
    pairs: int | None,
    pins: Sequence[tuple[np.ndarray, int]],
):
    """The class model in HiGHS (no objective yet): a row per class, per exit
    limit, for the pair count and per pin (class weights, level); an integer
    column per class column. Returns the highspy module and the model."""
    from mipair.solver.highs import load, maximiser

    hs = load()
    h = maximiser(hs)
    nclass, ncol = len(agg.count), len(agg.col_a)
    for c in range(nclass):
        hi = float(agg.count[c])
        h.addRow(hi if agg.must[c] else 0.0, hi, 0, [], [])
    extra: dict[str, int] = {}
    for tag, k in limits.items():
        if tag in agg.tags:
            extra[tag] = h.getNumRow()
            h.addRow(0.0, float(k), 0, [], [])
    pair_row = -1
    if pairs is not None:
        pair_row = h.getNumRow()
        h.addRow(float(pairs), float(pairs), 0, [], [])
    for k in range(ncol):
        a, b = int(agg.col_a[k]), int(agg.col_b[k])
        if b >= 0:
            rows, vals = ([a], [2.0]) if a == b else ([a, b], [1.0, 1.0])
            if pair_row >= 0:
                rows, vals = rows + [pair_row], vals + [1.0]
        else:
            tag = agg.tags[-1 - b]
            rows, vals = [a], [1.0]
            if tag in extra:
                rows, vals = rows + [extra[tag]], vals + [1.0]
        h.addCol(0.0, 0.0, hs.kHighsInf, len(rows), np.array(rows, dtype=np.int32), np.array(vals))
    h.changeColsIntegrality(
        ncol, np.arange(ncol, dtype=np.int32), np.array([hs.HighsVarType.kInteger] * ncol)
    )
    for pinned, level in pins:
        _at_least(h, hs, pinned, level)
    return hs, h


def _at_least(h, hs, vals: np.ndarray, level: int) -> None:
    """Add the row ``vals . counts >= level`` (a tier kept at its level)."""
    nz = np.flatnonzero(vals)
    h.addRow(float(level), hs.kHighsInf, len(nz), nz.astype(np.int32), vals[nz].astype(float))


def _use(h, hs, least: np.ndarray) -> None:
    """Make every solution use at least ``least[k]`` of each class column k."""
    ncol = len(least)
    h.changeColsBounds(
        ncol, np.arange(ncol, dtype=np.int32), least.astype(float), np.full(ncol, hs.kHighsInf)
    )


def solve(
    agg: Aggregate,
    tiers: Sequence[np.ndarray],
    limits: Mapping[str, int],
    pairs: int | None,
    pins: Sequence[tuple[np.ndarray, int]] = (),
    fixed: Sequence[int] = (),
) -> Levels | None:
    """Maximise ``tiers`` (a weight per class column) lexicographically over
    the class model with HiGHS; None if it has no solution. ``limits``: at most
    so many exits of a tag; ``pairs``: exactly so many pairs, if given;
    ``pins``: rows (class weights, level) kept; ``fixed``: model columns every
    solution uses."""
    least = agg.counts_of(fixed)
    if not tiers or least is None:
        return None
    hs, h = _model(agg, limits, pairs, pins)
    ncol = len(agg.col_a)
    out = Levels([], np.zeros(ncol, dtype=np.int64), [], [])
    idx = np.arange(ncol, dtype=np.int32)
    _use(h, hs, least)
    for vals in tiers:
        h.changeColsCost(ncol, idx, vals.astype(float))
        h.setOptionValue("solve_relaxation", True)
        h.run()
        if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
            return None
        bound = h.getInfo().objective_function_value
        reduced = np.asarray(h.getSolution().col_dual, dtype=float)
        h.setOptionValue("solve_relaxation", False)
        h.run()
        if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
            return None
        counts = np.rint(np.asarray(h.getSolution().col_value)).astype(np.int64)
        level = int(vals @ counts)
        if h.getInfo().mip_dual_bound > level + 0.5:
            return None
        out.levels.append(level)
        out.counts = counts
        out.reduced.append(reduced)
        out.slack.append(bound - level)
        _at_least(h, hs, vals, level)
    return out


class Relaxation:
    """The class model of a matching model's current state, kept to test
    quickly whether columns can be used together: when the class model
    cannot make their counts, no matching of the model can use them (every
    matching's counts solve it). Pins whose weights are not class-wise are
    left out, which keeps it a relaxation."""

    def __init__(
        self,
        agg: Aggregate,
        pins: Sequence[tuple[Weights, int]],
        limits: Mapping[str, int],
        pairs: int | None,
    ) -> None:
        self.agg = agg
        self.hs, self.h = _model(agg, limits, pairs, agg.pins(pins))
        self.memo: dict[bytes, bool] = {}

    def allows(self, cols: Sequence[int]) -> bool:
        """Whether the class model can use every column of ``cols`` (model
        columns) at once."""
        need = self.agg.counts_of(sorted(set(cols)))
        if need is None:
            return False
        key = need.tobytes()
        if key not in self.memo:
            _use(self.h, self.hs, need)
            self.memo[key] = self._feasible()
        return self.memo[key]

    def _feasible(self) -> bool:
        """Whether the class model has an integer solution: its linear relaxation
        first (infeasible: none; an integral optimum: one), the integer
        program only when the relaxation's answer is fractional."""
        h, status = self.h, self.hs.HighsModelStatus
        h.setOptionValue("solve_relaxation", True)
        try:
            h.run()
            relaxed = h.getModelStatus()
            if relaxed == status.kInfeasible:
                return False
            if relaxed == status.kOptimal:
                x = np.asarray(h.getSolution().col_value)
                if np.all(np.abs(x - np.rint(x)) < 1e-9):
                    return True
        finally:
            h.setOptionValue("solve_relaxation", False)
        h.run()
        return h.getModelStatus() != status.kInfeasible

    def most(self, weights: Weights, fixed: Sequence[int]) -> int | None:
        """An upper bound on the total of ``weights`` over every matching of the
        model that uses the columns ``fixed``: the class model's optimum; None
        when the weights are not class-wise or it has no answer."""
        vals = self.agg.weigh(weights)
        need = self.agg.counts_of(sorted(set(fixed)))
        if vals is None or need is None:
            return None
        h, hs, ncol = self.h, self.hs, len(need)
        idx = np.arange(ncol, dtype=np.int32)
        _use(h, hs, need)
        h.changeColsCost(ncol, idx, vals.astype(float))
        try:
            h.run()
            if h.getModelStatus() != hs.HighsModelStatus.kOptimal:
                return None
            return int(np.floor(h.getInfo().mip_dual_bound + 1e-6))
        finally:
            h.changeColsCost(ncol, idx, np.zeros(ncol))


def ruled_out(agg: Aggregate, opt: Levels, chosen: Sequence[int]) -> np.ndarray:
    """A mask of the model columns that no answer as good as ``opt`` can use,
    those of ``chosen`` (such an answer) aside: each class's dual of a tier's
    relaxation, given to every node of the class, is a dual solution of the
    matching model with the same bound, under which such a column's reduced
    cost is below minus the tier's slack (reduced-cost fixing; levels are
    integers, hence the 1/2)."""
    bad = np.zeros(len(agg.col_a), dtype=bool)  # per class column
    for reduced, slack in zip(opt.reduced, opt.slack):
        bad |= reduced < -(slack + 0.5 + 1e-9 * abs(slack))
    out = bad[np.maximum(agg.col_of, 0)] & (agg.col_of >= 0)
    out[np.asarray(chosen, dtype=np.int64)] = False
    return out


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
    lo, hi = ends[0][live].astype(np.int64), ends[1][live].astype(np.int64)
    key = np.minimum(lo, hi) * n + np.maximum(lo, hi)
    del lo, hi
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
    return col[x > 0.5].tolist()
