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
    nodes = np.unique(np.concatenate([ends.u, ends.v]))
    pos = np.full(int(nodes.max()) + 1, -1, dtype=np.int64)
    pos[nodes] = np.arange(len(nodes))
    score = np.asarray(scores, dtype=float)
    _, group, size = np.unique(score[nodes], return_inverse=True, return_counts=True)
    half = np.zeros(len(pos), dtype=np.int64)
    half[nodes] = size[group.reshape(-1)]
    gap = np.abs(pos[ends.v] - pos[ends.u])
    half = np.maximum(half[ends.u], half[ends.v]) // 2
    return np.flatnonzero((gap <= reach) | (np.abs(gap - half) <= reach)).tolist()
