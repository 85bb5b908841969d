"""The edges a large pairing model starts from (column generation's core).

A big scoregroup has tens of thousands of possible pairs, but the Dutch
order puts each player near its natural opponent (S1[i] - S2[i], half the
group away) or near its neighbours in rank. The solver layer starts from
those pairs and lets any other pair in as soon as the LP's reduced costs say
it could matter, so the answers are those of the full model
(:class:`mipair.solver.lexmatch.LexMatcher`, ``core``).
"""
from __future__ import annotations

from typing import Sequence

SPARSE_FROM = 3000      # models with fewer candidate pairs keep them all
REACH = 6               # ranks either side of a natural opponent or neighbour


def core(edges: Sequence[tuple[int, int]], scores: Sequence[float],
         reach: int = REACH) -> list[int] | None:
    """Indices of ``edges`` (pairs of vertices ranked by score, then number)
    near a natural pairing, or None when the model is small enough to keep whole."""
    if len(edges) < SPARSE_FROM:
        return None
    nodes = sorted({v for e in edges for v in e})
    pos = {v: k for k, v in enumerate(nodes)}
    size: dict[float, int] = {}
    for v in nodes:
        size[scores[v]] = size.get(scores[v], 0) + 1
    keep = []
    for k, (u, v) in enumerate(edges):
        gap = abs(pos[v] - pos[u])
        half = max(size[scores[u]], size[scores[v]]) // 2
        if gap <= reach or abs(gap - half) <= reach:
            keep.append(k)
    return keep
