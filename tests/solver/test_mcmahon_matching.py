"""The exact maximum-weight perfect matching of the McMahon engine against networkx's blossom."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver.lexmatch import Infeasible
from mipair.solver.perfect import max_weight_perfect_matching


def reference_total(n: int, edges, weights) -> int | None:
    """networkx's best total over perfect matchings, None when there is none."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((u, v, w) for (u, v), w in zip(edges, weights))
    best = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(best) < n:
        return None
    return sum(graph[u][v]["weight"] for u, v in best)


@st.composite
def graphs(draw):
    """A graph of 2-16 nodes, dense or sparse, with weights that tie (a few values) or are
    OpenGotha-sized (up to 10^15)."""
    n = draw(st.integers(1, 8)) * 2
    pairs = list(itertools.combinations(range(n), 2))
    keep = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    edges = [p for p, k in zip(pairs, keep) if k] or pairs[:1]
    values = draw(st.sampled_from([st.integers(0, 3), st.integers(0, 10**15)]))
    weights = draw(st.lists(values, min_size=len(edges), max_size=len(edges)))
    return n, edges, weights


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_the_total_is_networkx_best_or_there_is_no_perfect_matching(graph) -> None:
    n, edges, weights = graph
    expected = reference_total(n, edges, weights)
    if expected is None:
        with pytest.raises(Infeasible):
            max_weight_perfect_matching(n, edges, weights)
        return
    chosen = max_weight_perfect_matching(n, edges, weights)
    covered = sorted(v for k in chosen for v in edges[k])
    assert covered == list(range(n))
    assert sum(weights[k] for k in chosen) == expected


def test_a_field_of_a_hundred_with_one_heavy_edge_a_node_and_many_ties() -> None:
    """Large enough that the first LP holds only a core of the edges: the rest must be priced
    in, and ties (every weight in 0..2) make the LP fractional, so odd sets are cut."""
    n = 100
    edges = list(itertools.combinations(range(n), 2))
    weights = [(u * 7 + v * 13) % 3 for u, v in edges]
    heavy = {(k, (k + 37) % n) for k in range(0, n, 2)}  # a perfect matching far from the core
    weights = [
        w + 10**12 * ((u, v) in heavy or (v, u) in heavy) for (u, v), w in zip(edges, weights)
    ]
    chosen = max_weight_perfect_matching(n, edges, weights)
    assert sum(weights[k] for k in chosen) == reference_total(n, edges, weights)


@settings(max_examples=40, deadline=None)
@given(graphs(), st.data())
def test_a_second_tier_is_maximised_among_the_first_tier_optima(graph, data) -> None:
    """Against networkx on the packed weight w K + then, K above any difference of then-totals."""
    n, edges, weights = graph
    then = data.draw(st.lists(st.integers(0, 1000), min_size=len(edges), max_size=len(edges)))
    step = (n // 2) * 1000 + 1
    packed = reference_total(n, edges, [w * step + t for w, t in zip(weights, then)])
    if packed is None:
        return
    chosen = max_weight_perfect_matching(n, edges, weights, then=then)
    assert sum(weights[k] for k in chosen) == packed // step
    assert sum(then[k] for k in chosen) == packed % step


def test_nodes_without_an_edge_have_no_perfect_matching() -> None:
    """Two players whose only pair is excluded (a real OpenGotha file: two players who
    met in round 1): no perfect matching, said as such, not an arithmetic error."""
    with pytest.raises(Infeasible):
        max_weight_perfect_matching(2, [], [], [(0, 1)])
