"""The quality criteria of a window, evaluated once per kind of pair.

A criterion reads only a few facts about each player of a pair (its
*signature*, which the edition's procedure object gives: the Dutch
:func:`mipair.systems.fide.dutch.criteria.signature`) and the pair's place in the
window (whether each player is an MDP, in the bracket, in the next
scoregroup: its *role*). Two pairs whose players share signatures and roles
get the same values, so the criteria are called once per kind of pair, and
the values are spread to every pair of that kind with numpy: a 5,000-player
first round has 12.5 million pairs but a handful of kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.fide.state import PlayerState

Context = Callable[[int, int], object]
"""The context of the pair of vertices (u, v) that the criteria read (None: leave the pair out)."""

BLOCK = 1 << 22  # pairs keyed at a time
KEYED_FROM = 50_000  # pairs from which tiers are kept as a table per kind of pair
# (KeyedWeights: 4 bytes a pair for all tiers, instead of 16 a pair for each)


def weigh(
    crits: Sequence[CriterionSpec],
    players: Sequence[PlayerState],
    signature: np.ndarray,
    ends: np.ndarray,
    role: np.ndarray,
    context: Context,
) -> list[Weights]:
    """Every criterion of ``crits`` as tiers of weights over the pairs ``ends``.

    ``ends``: shape (2, m), pair k (model column k) = vertices ``ends[0][k]``
    (ranked higher) and ``ends[1][k]``; ``signature`` and ``role``: a small
    integer per vertex, such that ``context(u, v)`` (the pair's
    context, e.g. the Dutch ``PairContext``; None to leave it out) and the criteria depend on
    nothing else. Criteria that compare levels become one tier per level,
    highest level first.
    """
    m = ends.shape[1]
    if m == 0:
        return [Weights.dense(np.zeros(0, dtype=np.int64)) for _ in crits]
    kind = kinds(signature, role)
    size = int(kind.max()) + 1
    if size * size < 2**31:
        kind = kind.astype(np.int32)
    first, inverse = _pair_kinds(kind, ends, size)
    count = len(first)
    scalar = [[0] * count for _ in crits]  # Python lists: numpy's item access is slow here
    leveled: list[dict[int, list[int]]] = [{} for _ in crits]
    numbered = list(enumerate(crits))
    for k, (u, v) in enumerate(zip(ends[0][first].tolist(), ends[1][first].tolist())):
        ctx = context(u, v)
        if ctx is None:
            continue
        higher, lower = players[u], players[v]
        for i, c in numbered:
            val = c.function(ctx, higher, lower)
            if isinstance(val, int):
                scalar[i][k] += val
            else:
                for level, w in val:
                    leveled[i].setdefault(level, [0] * count)[k] += w
    tables: list[np.ndarray] = []
    for i in range(len(crits)):
        if leveled[i]:
            tables.extend(
                np.array(leveled[i][s], dtype=np.int64) for s in sorted(leveled[i], reverse=True)
            )
        else:
            tables.append(np.array(scalar[i], dtype=np.int64))
    if m < KEYED_FROM:
        return [Weights.dense(table[inverse]) for table in tables]
    keys = ColumnKeys(inverse, len(first))
    return [KeyedWeights(keys, table) for table in tables]


def kinds(signature: np.ndarray, role: np.ndarray) -> np.ndarray:
    """A number per vertex for its signature and role: vertices of one number
    weigh alike under every criterion (the classes of
    :meth:`mipair.solver.lexmatch.LexMatcher.maximise`)."""
    return signature.astype(np.int64) * (int(role.max()) + 1) + role


def _pair_kinds(kind: np.ndarray, ends: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The first pair of every kind of pair (its key: the kinds of its two
    ends, each below ``size``) and each pair's kind number, kinds numbered in
    increasing key order. With few possible keys, a table instead of a sort,
    filled a block of pairs at a time (a 9,999-player round has 50 million:
    no temporaries of that size)."""
    m, bound = ends.shape[1], size * size

    def keys(start: int, stop: int) -> np.ndarray:
        return kind[ends[0][start:stop]] * size + kind[ends[1][start:stop]]

    if bound > 4 * m + 1024:
        _, first, inverse = np.unique(keys(0, m), return_index=True, return_inverse=True)
        return first, inverse.reshape(-1)
    present = np.zeros(bound, dtype=bool)
    for start in range(0, m, BLOCK):
        present[keys(start, start + BLOCK)] = True
    number = (np.cumsum(present) - 1).astype(np.int32)
    inverse = np.empty(m, dtype=np.int32)
    first = np.full(int(present.sum()), m, dtype=np.int64)
    for start in range(0, m, BLOCK):
        part = number[keys(start, start + BLOCK)]
        inverse[start : start + len(part)] = part
        np.minimum.at(first, part, np.arange(start, start + len(part)))
    return first, inverse


def roles(n: int, window: Sequence[int], *groups: set[int]) -> np.ndarray:
    """A role per vertex 0..n-1 (0 outside ``window``): the bits of its
    membership in ``groups``."""
    role = np.zeros(n, dtype=np.int64)
    for bit, group in enumerate(groups):
        members = [v for v in window if v in group]
        role[members] |= 1 << bit
    return role
