"""The set of upfloaters the rules' order picks among those of the best values.

Dubov (4.2), the Double-Swiss system (3.5.3, 3.5.4) and the Team Swiss system (3.5.4)
rank the sets of upfloaters that are best by their criteria by the candidates' order
(score, then TPN: the order of the pool's vertices): the first such set is the one whose
earliest candidates are upfloated. Asked of the solver as tiers after the criteria: each
candidate of a score that has upfloaters, earliest first, upfloated or not.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mipair.solver.lexmatch import LexMatcher

CHUNK = 24
"""Candidates' tiers asked of the solver at once."""

CORE_FROM = 3000
"""Pairs from which the model of a set of upfloaters starts from a core of them (column
generation: the other pairs come in only when they must)."""

REACH = 8
"""Pairs among the possible upfloaters in the core: vertices at most this far apart."""


def residents_of(n: int, residents: list[int]) -> np.ndarray:
    """The bracket's own vertices among the round's ``n``, as a mask."""
    resident = np.zeros(n, dtype=bool)
    resident[residents] = True
    return resident


def upfloat_core(resident: np.ndarray, ends: np.ndarray) -> list[int] | None:
    """The columns the model of a large choice of upfloaters starts from: every pair of a
    resident, and the pairs of near vertices (the residents' own vertices first: ``ends``
    holds each column's two vertices); None below :data:`CORE_FROM` pairs (all of them)."""
    if len(ends[0]) < CORE_FROM:
        return None
    near = np.abs(ends[1] - ends[0]) <= REACH
    return np.flatnonzero(resident[ends[0]] | near).tolist()


def upfloat_columns(resident: np.ndarray, ends: np.ndarray) -> dict[int, list[int]]:
    """Each lower vertex's columns that pair it with a resident (``resident``: the
    bracket's own vertices; ``ends``: each column's two vertices, either end the lower)."""
    columns: dict[int, list[int]] = {}
    for c in np.flatnonzero(resident[ends[0]] ^ resident[ends[1]]).tolist():
        lower = int(ends[1][c]) if resident[ends[0][c]] else int(ends[0][c])
        columns.setdefault(lower, []).append(c)
    return columns


def choose_in_order(
    model: LexMatcher,
    score: Callable[[int], int],
    resident: np.ndarray,
    pool: list[int],
    ends: np.ndarray,
) -> None:
    """Among the sets of the best values in ``model``, the first by the pool's order
    (``score``: a vertex's score; ``resident``: the bracket's own vertices; ``ends``: each
    column's two vertices). With one upfloater in all, one tier weighing each candidate by
    its place does the same in one question."""
    mate = model.answer.mate()
    quota: dict[int, int] = {}
    for v in pool:
        if resident[mate[v]]:
            quota[score(v)] = quota.get(score(v), 0) + 1
    candidates = [v for v in pool if score(v) in quota]
    columns = upfloat_columns(resident, ends)
    if sum(quota.values()) == 1:
        last = len(candidates)
        model.maximise(
            [{c: last - k for k, v in enumerate(candidates) for c in columns.get(v, [])}]
        )
        return
    for start in range(0, len(candidates), CHUNK):
        if not any(quota.values()):
            break
        chunk = candidates[start : start + CHUNK]
        model.maximise([{c: 1 for c in columns.get(v, [])} for v in chunk])
        mate = model.answer.mate()
        for v in chunk:
            if resident[mate[v]]:
                quota[score(v)] -= 1
