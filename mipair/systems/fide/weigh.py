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
    first, inverse = _kinds(kind[ends[0]] * size + kind[ends[1]], size * size)
    scalar = np.zeros((len(crits), len(first)), dtype=np.int64)
    leveled: list[dict[int, np.ndarray]] = [{} for _ in crits]
    for k, pair in enumerate(first.tolist()):
        u, v = int(ends[0][pair]), int(ends[1][pair])
        ctx = context(u, v)
        if ctx is None:
            continue
        for i, c in enumerate(crits):
            val = c.function(ctx, players[u], players[v])
            if isinstance(val, int):
                scalar[i, k] += val
            else:
                for level, w in val:
                    leveled[i].setdefault(level, np.zeros(len(first), dtype=np.int64))[k] += w
    tables: list[np.ndarray] = []
    for i in range(len(crits)):
        if leveled[i]:
            tables.extend(leveled[i][s] for s in sorted(leveled[i], reverse=True))
        else:
            tables.append(scalar[i])
    if m < KEYED_FROM:
        return [Weights.dense(table[inverse]) for table in tables]
    keys = ColumnKeys(inverse, len(first))
    return [KeyedWeights(keys, table) for table in tables]


def kinds(signature: np.ndarray, role: np.ndarray) -> np.ndarray:
    """A number per vertex for its signature and role: vertices of one number
    weigh alike under every criterion (the classes of
    :meth:`mipair.solver.lexmatch.LexMatcher.maximise`)."""
    return signature.astype(np.int64) * (int(role.max()) + 1) + role


def _kinds(keys: np.ndarray, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """The first index of every distinct key (keys below ``bound``) and each
    key's kind number, kinds numbered in increasing key order."""
    if bound > 4 * len(keys) + 1024:
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return first, inverse.reshape(-1)
    present = np.zeros(bound, dtype=bool)  # few keys: a table instead of a sort
    present[keys] = True
    number = (np.cumsum(present) - 1).astype(np.int32)
    inverse = number[keys]
    first = np.full(int(present.sum()), len(keys), dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(len(keys)))
    return first, inverse


def roles(n: int, window: Sequence[int], *groups: set[int]) -> np.ndarray:
    """A role per vertex 0..n-1 (0 outside ``window``): the bits of its
    membership in ``groups``."""
    role = np.zeros(n, dtype=np.int64)
    for bit, group in enumerate(groups):
        members = [v for v in window if v in group]
        role[members] |= 1 << bit
    return role
