"""The criteria of ``models/double-swiss-2026.toml`` as tiers of a matching model.

A criterion function (:mod:`.criteria`) reads only a player's pairing score and
whether he floated in the previous round, so it is called once per kind of pair
and its values spread over the edges, as every Swiss system's tiers
(:func:`~mipair.systems.swiss_tiers.kind_tiers`).
"""

from __future__ import annotations

import numpy as np

from mipair.solver.weights import Weights
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_tiers import kind_numbers, kind_tiers


def kinds_of(field: DoubleField) -> tuple[np.ndarray, int]:
    """A number per vertex for what the criteria read of it: vertices of one number weigh
    alike."""
    return kind_numbers((p.pairing_score, p.floated_last) for p in field.players)


def tiers_of(
    field: DoubleField,
    spec: CriterionSpec,
    ctx: ScoreBracket,
    ends: np.ndarray,
    weighed: np.ndarray,
) -> list[Weights]:
    """``spec`` over the edges ``ends`` (shape (2, m), the smaller vertex first: the
    higher score) where ``weighed`` holds, as tiers to maximise: one, or one per score
    level from the lowest up for a criterion compared level by level."""
    criterion = (spec.function, bool(spec.levels))
    return kind_tiers([criterion], ctx, field.players, kinds_of(field), ends, weighed)


def adjacency(n: int, ends: np.ndarray) -> list[list[tuple[int, int]]]:
    """Each vertex's ``(column, other end)`` over the edges ``ends``."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c, (a, b) in enumerate(zip(ends[0].tolist(), ends[1].tolist())):
        out[a].append((c, b))
        out[b].append((c, a))
    return out
