"""The edges a large pairing model starts from (column generation's core).

A big scoregroup has tens of thousands of possible pairs, but the Dutch
order puts each player near its natural opponent (S1[i] - S2[i], half the
group away) or near its neighbours in rank. The solver layer starts from
those pairs and lets any other pair in as soon as the LP's reduced costs say
it could matter, so the answers are those of the full model
(:class:`mipair.solver.lexmatch.LexMatcher`, ``core``).
"""

from __future__ import annotations

from collections.abc import Sequence

SPARSE_FROM = 3000  # models with fewer candidate pairs keep them all
REACH = 6  # ranks either side of a natural opponent or neighbour
CHUNK = 1 << 22  # pairs looked at a time


def core(
    edges: Sequence[tuple[int, int]], scores: Sequence[float], reach: int = REACH
) -> list[int] | None:
    """Indices of ``edges`` (pairs of vertices ranked by score, then number)
    near a natural pairing, or None when the model is small enough to keep whole."""
    if len(edges) < SPARSE_FROM:
        return None
    import numpy as np

    from mipair.solver.edges import Edges

    ends = Edges.of(edges)
    present = np.zeros(max(int(ends.u.max()), int(ends.v.max())) + 1, dtype=bool)
    present[ends.u] = present[ends.v] = True
    nodes = np.flatnonzero(present)
    pos = np.full(len(present), -1, dtype=np.int32)
    pos[nodes] = np.arange(len(nodes), dtype=np.int32)
    score = np.asarray(scores, dtype=float)
    _, group, size = np.unique(score[nodes], return_inverse=True, return_counts=True)
    half = np.zeros(len(pos), dtype=np.int32)
    half[nodes] = size[group.reshape(-1)]
    near = np.zeros(len(ends), dtype=bool)
    for start in range(0, len(ends), CHUNK):  # no temporaries the size of the model
        u, v = ends.u[start : start + CHUNK], ends.v[start : start + CHUNK]
        gap = np.abs(pos[v] - pos[u])
        apart = np.maximum(half[u], half[v]) // 2
        near[start : start + CHUNK] = (gap <= reach) | (np.abs(gap - apart) <= reach)
    return np.flatnonzero(near).tolist()
