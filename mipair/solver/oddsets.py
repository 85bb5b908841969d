"""Separation of odd-set (blossom) inequalities for a fractional matching.

For any set S of an odd number of nodes, a matching has at most (|S|-1)/2
edges inside S. An LP relaxation of a matching model can break this with
half-integral cycles; each such inequality it violates is a valid cut.

Two families of candidate sets are tested, both cheap:

- the connected components of the fractional edges (a half-cycle is one);
- the connected components of the *tight* graph: the LP's support together
  with every edge of zero reduced cost. Where many pairs tie (players of
  equal score and colour), the LP can move a half-cycle to any of thousands
  of equally good places, and cutting them one at a time does not end; the
  tight component around them is the odd group whose parity they all break,
  and its single inequality cuts them all.

The layer knows nothing of chess: nodes are integers, x maps pairs to values.
"""
from __future__ import annotations

from typing import Iterable, Mapping

EPS = 1e-6
Pair = tuple[int, int]


def components(pairs: Iterable[Pair]) -> list[set[int]]:
    """Connected components (of two or more nodes) of a graph given by its pairs."""
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a
    for u, v in pairs:
        parent[find(u)] = find(v)
    comps: dict[int, set[int]] = {}
    for node in list(parent):
        comps.setdefault(find(node), set()).add(node)
    return list(comps.values())


def inside(x: Mapping[Pair, float], nodes: set[int]) -> float:
    """x(E(S)): the value of the pairs with both ends in ``nodes``."""
    return sum(val for (u, v), val in x.items() if u in nodes and v in nodes)


def violated(x: Mapping[Pair, float], tight: Iterable[Pair] = ()) -> list[frozenset[int]]:
    """Odd node sets, among the two families above, whose inequality x violates.

    ``tight`` is only read when x has a fractional value (it may be a generator)."""
    fractional = [p for p, val in x.items() if EPS < val < 1 - EPS]
    if not fractional:
        return []
    candidates = components(fractional) + components([*x, *tight])
    found: set[frozenset[int]] = set()
    for comp in candidates:
        if len(comp) >= 3 and len(comp) % 2 and inside(x, comp) > (len(comp) - 1) / 2 + EPS:
            found.add(frozenset(comp))
    return sorted(found, key=len)
