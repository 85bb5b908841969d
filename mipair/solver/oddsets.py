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

When neither family holds a violated set, :func:`blossoms` can separate
exactly (minimum odd cuts of a Gomory-Hu tree, networkx), if the caller asks:
the guesses can run out while the LP stays fractional, and the MIP that
follows is then slow on a large model; on smaller models the MIP is the
cheaper way out.

The layer knows nothing of chess: nodes are integers, x maps pairs to values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

EPS = 1e-6
DIRECT_LABELS_UP_TO = 1 << 24  # node numbers below which components label nodes by number
Pair = tuple[int, int]


def components(pairs: Iterable[Pair] | np.ndarray) -> list[set[int]]:
    """Connected components (of two or more nodes) of a graph given by its pairs
    (an iterable of pairs or an array of shape (m, 2)).

    Labels are propagated with numpy: each round every tree's root is hooked
    under the smallest root across its edges, then every node is pointed at
    its root; the trees of a component at least halve each round."""
    import numpy as np

    ends = _array(pairs)
    if not ends.size:
        return []
    if int(ends.min()) >= 0 and int(ends.max()) < DIRECT_LABELS_UP_TO:
        top = int(ends.max()) + 1  # a label per node number: no sort of the ends
        u, v = ends[:, 0], ends[:, 1]
        present = np.zeros(top, dtype=bool)
        present[u] = present[v] = True
        nodes = np.flatnonzero(present)
    else:
        nodes, idx = np.unique(ends.ravel(), return_inverse=True)
        u, v = idx.reshape(-1, 2).T
        top = len(nodes)
    label = np.arange(top)
    while True:
        lu, lv = label[u], label[v]
        cross = lu != lv
        if not cross.any():
            break
        np.minimum.at(label, np.maximum(lu, lv)[cross], np.minimum(lu, lv)[cross])
        while True:
            up = label[label]
            if np.array_equal(up, label):
                break
            label = up
    if top != len(nodes):
        label = label[nodes]
    order = np.argsort(label, kind="stable")
    grouped = nodes[order].tolist()
    bounds = [0, *(np.flatnonzero(np.diff(label[order])) + 1).tolist(), len(grouped)]
    return [set(grouped[a:b]) for a, b in pairwise(bounds)]


def _array(pairs: Iterable[Pair] | np.ndarray) -> np.ndarray:
    """Pairs as an integer array of shape (m, 2)."""
    import numpy as np

    pairs = pairs if hasattr(pairs, "shape") else list(pairs)
    return np.asarray(pairs, dtype=np.int64).reshape(-1, 2)


def inside(x: Mapping[Pair, float], nodes: set[int]) -> float:
    """x(E(S)): the value of the pairs with both ends in ``nodes``."""
    return sum(val for (u, v), val in x.items() if u in nodes and v in nodes)


def blossoms(x: Mapping[Pair, float]) -> list[frozenset[int]]:
    """Every odd set whose inequality x violates that a minimum odd cut finds
    (Padberg and Rao): exact separation, where the two families above are
    guesses.

    With s(v) = 1 - x(delta(v)) (what v's exits and slack hold), an odd set S
    is violated exactly when x(delta(S)) + s(S) < 1: a cut of capacity below
    one in the graph of x's pairs joined to an extra node z by capacities s.
    The cuts of a Gomory-Hu tree of that graph (networkx) hold a minimum
    odd one, and every tree cut below one whose side away from z is odd is
    a violated set. Only the components of x's fractional pairs need a tree:
    a pair at 1 fills both its ends, so a violated set keeps it whole or
    leaves it out, and one that spans components is violated in one of them.
    """
    fractional = [p for p, val in x.items() if EPS < val < 1 - EPS]
    if not fractional:
        return []
    import networkx as nx

    degree: dict[int, float] = {}
    for (u, v), val in x.items():
        degree[u] = degree.get(u, 0.0) + val
        degree[v] = degree.get(v, 0.0) + val
    z = -1
    found: set[frozenset[int]] = set()
    for comp in components(fractional):
        g = nx.Graph()
        for (u, v), val in x.items():
            if u in comp and v in comp and val > EPS:
                g.add_edge(u, v, capacity=val)
        for v in comp:
            if 1.0 - degree[v] > EPS:
                g.add_edge(v, z, capacity=1.0 - degree[v])
        # no slack: the component itself is the cut from z
        if z not in g and len(comp) % 2 and inside(x, comp) > (len(comp) - 1) / 2 + EPS:
            found.add(frozenset(comp))
        tree = nx.gomory_hu_tree(g)
        for a, b, cut in list(tree.edges(data="weight")):
            if cut >= 1 - EPS:
                continue
            tree.remove_edge(a, b)
            side = nx.node_connected_component(tree, a)
            tree.add_edge(a, b, weight=cut)
            if z in side:
                side = set(g) - side
            if len(side) >= 3 and len(side) % 2 and inside(x, side) > (len(side) - 1) / 2 + EPS:
                found.add(frozenset(side))
    return sorted(found, key=len)


def violated(
    x: Mapping[Pair, float], tight: Iterable[Pair] | np.ndarray = (), exact: bool = False
) -> list[frozenset[int]]:
    """Odd node sets, among the two families above, whose inequality x violates.

    ``tight``, pairs or an array of shape (m, 2), is only read when x has a
    fractional value (it may be a generator)."""
    fractional = [p for p, val in x.items() if EPS < val < 1 - EPS]
    if not fractional:
        return []
    import numpy as np

    candidates = components(fractional) + components(np.concatenate([_array(x), _array(tight)]))
    found: set[frozenset[int]] = set()
    for comp in candidates:
        if len(comp) >= 3 and len(comp) % 2 and inside(x, comp) > (len(comp) - 1) / 2 + EPS:
            found.add(frozenset(comp))
    if not found and exact:
        return blossoms(x)
    return sorted(found, key=len)
