"""Quality criteria over a round's pairs as tiers of a matching model, a value per kind of pair.

The criteria of Dubov, the Double-Swiss and the Team Swiss systems read only a few
fields of a pair's two entrants (their scores, floats, colours sought): entrants that
agree on them are one kind (:func:`kind_numbers`), and each criterion is called once
per kind of pair and its values spread over the edges (a large round has hundreds of
thousands of legal pairs). The tiers are maximised, so the counts are negated: one tier
a criterion, or one per score level from the lowest up for a criterion compared level
by level.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import numpy as np

from mipair.solver.weights import Weights

Criterion = tuple[Callable[[Any, Any, Any], Any], bool]
"""A criterion function ``(bracket, one, other) -> value`` and whether it counts per level."""


def kind_numbers(keys: Iterable[Hashable]) -> tuple[np.ndarray, int]:
    """A number per vertex (``keys``: what the criteria read of each vertex, in vertex
    order), the same for the same key, and how many numbers: vertices of one number
    weigh alike."""
    number: dict[Hashable, int] = {}
    kinds = [number.setdefault(key, len(number)) for key in keys]
    return np.array(kinds, dtype=np.int64), len(number)


def kind_tiers(
    criteria: Sequence[Criterion],
    ctx: object,
    players: Sequence[Any],
    kinds: tuple[np.ndarray, int],
    ends: np.ndarray,
    weighed: np.ndarray | None = None,
) -> list[Weights]:
    """The ``criteria`` over the edges ``ends`` (shape (2, m): their two vertices, the smaller first) of
    the bracket ``ctx``, as tiers to maximise; an edge where ``weighed`` is false weighs
    nothing. ``kinds``: :func:`kind_numbers` of ``players``."""
    kind, count = kinds
    example = {k: v for v, k in reversed(list(enumerate(kind.tolist())))}
    keys = kind[ends[0]] * count + kind[ends[1]]
    if weighed is not None:
        keys[~weighed] = -1
    unique, inverse = np.unique(keys, return_inverse=True)
    out: list[Weights] = []
    for function, by_level in criteria:
        scalar = np.zeros(len(unique), dtype=np.int64)
        levels: dict[int, np.ndarray] = {}
        for k, key in enumerate(unique.tolist()):
            if key < 0:
                continue
            a, b = players[example[key // count]], players[example[key % count]]
            value = function(ctx, a, b)
            if isinstance(value, int):
                scalar[k] = value
            else:
                for level, times in value:
                    levels.setdefault(level, np.zeros(len(unique), dtype=np.int64))[k] += times
        if by_level:
            out += [Weights.dense(-levels[s][inverse]) for s in sorted(levels)]
        else:
            out.append(Weights.dense(-scalar[inverse]))
    return out
