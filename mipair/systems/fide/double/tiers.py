"""The criteria of ``models/double-swiss-2026.toml`` as tiers of a matching model.

A criterion function (:mod:`.criteria`) reads only a player's pairing score and
whether he floated in the previous round, so it is called once per kind of pair
and its values spread over the edges (a large round has hundreds of thousands of
legal pairs). The tiers are maximised, so the counts are negated.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mipair.solver.weights import Weights
from mipair.systems.fide.double.criteria import Bracket
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.edition import CriterionSpec

PairFilter = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""Which edges a criterion weighs, from its two ends' vertex arrays (the smaller first)."""


def kinds_of(field: DoubleField) -> tuple[np.ndarray, int]:
    """A number per vertex for what the criteria read of it: vertices of one number weigh
    alike."""
    kind_of: dict[tuple[int, bool], int] = {}
    kinds = [
        kind_of.setdefault((p.pairing_score, p.floated_last), len(kind_of)) for p in field.players
    ]
    return np.array(kinds, dtype=np.int64), len(kind_of)


def tiers_of(
    field: DoubleField, spec: CriterionSpec, ctx: Bracket, ends: np.ndarray, weighed: np.ndarray
) -> list[Weights]:
    """``spec`` over the edges ``ends`` (shape (2, m), the smaller vertex first: the
    higher score) where ``weighed`` holds, as tiers to maximise: one, or one per score
    level from the lowest up for a criterion compared level by level."""
    players = field.players
    kinds, count = kinds_of(field)
    example = {k: v for v, k in reversed(list(enumerate(kinds.tolist())))}
    keys = kinds[ends[0]] * count + kinds[ends[1]]
    keys[~weighed] = -1
    unique, inverse = np.unique(keys, return_inverse=True)
    scalar = np.zeros(len(unique), dtype=np.int64)
    levels: dict[int, np.ndarray] = {}
    for k, key in enumerate(unique.tolist()):
        if key < 0:
            continue
        a, b = players[example[key // count]], players[example[key % count]]
        value = spec.function(ctx, a, b)
        if isinstance(value, int):
            scalar[k] = value
        else:
            for level, times in value:
                levels.setdefault(level, np.zeros(len(unique), dtype=np.int64))[k] += times
    if spec.levels:
        return [Weights.dense(-levels[s][inverse]) for s in sorted(levels)]
    return [Weights.dense(-scalar[inverse])]


def adjacency(n: int, ends: np.ndarray) -> list[list[tuple[int, int]]]:
    """Each vertex's ``(column, other end)`` over the edges ``ends``."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c, (a, b) in enumerate(zip(ends[0].tolist(), ends[1].tolist())):
        out[a].append((c, b))
        out[b].append((c, a))
    return out
