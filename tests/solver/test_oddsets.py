"""Odd-set separation: every set it returns is a real, violated odd-set inequality,
the two families it searches (fractional components, tight components) are found, and
the exact separation (minimum odd cuts) finds a violated set whenever one exists."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver.oddsets import blossoms, components, inside, violated


def test_half_cycle_is_cut():
    x = {(0, 1): 0.5, (1, 2): 0.5, (2, 3): 0.5, (3, 4): 0.5, (0, 4): 0.5, (5, 6): 1.0}
    assert violated(x) == [frozenset(range(5))]


def test_even_half_cycle_is_not_cut():
    x = {(0, 1): 0.5, (1, 2): 0.5, (2, 3): 0.5, (0, 3): 0.5}
    assert violated(x) == []


def test_integral_matching_has_no_cut():
    assert violated({(0, 1): 1.0, (2, 3): 1.0}, tight=[(1, 2), (0, 4)]) == []


def test_tight_component_joins_the_half_cycle_and_its_neighbours():
    # a half triangle and a matched pair that ties with it: the five nodes
    # are one odd group whose parity the LP breaks
    x = {(0, 1): 0.5, (1, 2): 0.5, (0, 2): 0.5, (3, 4): 1.0}
    found = violated(x, tight=[(2, 3)])
    assert frozenset({0, 1, 2}) in found and frozenset(range(5)) in found
    # without the tie the pair is no part of it
    assert violated(x) == [frozenset({0, 1, 2})]


def test_odd_part_of_an_even_component_is_found():
    # a heavy triangle with a light tail: the fractional component {0, 1, 2, 3}
    # is even (the guesses see nothing), but the triangle breaks its inequality
    x = {(0, 1): 0.45, (1, 2): 0.45, (0, 2): 0.45, (2, 3): 0.1}
    assert violated(x) == []
    assert violated(x, exact=True) == blossoms(x) == [frozenset({0, 1, 2})]


@st.composite
def fractional_matchings(draw):
    """A random point of the fractional matching polytope (degrees at most one) on
    a small graph; many break some odd-set inequality."""
    n = draw(st.integers(3, 9))
    x: dict[tuple[int, int], float] = {}
    for p in combinations(range(n), 2):
        val = draw(st.sampled_from([0, 0, 0, 0.25, 0.5, 0.5, 0.75, 1.0]))
        if val:
            x[p] = val
    degree = [sum(v for p, v in x.items() if u in p) for u in range(n)]
    return {p: v / max(1.0, degree[p[0]], degree[p[1]]) for p, v in x.items()}


@given(fractional_matchings())
@settings(max_examples=200, deadline=None)
def test_exact_separation_finds_a_violated_set_when_there_is_one(x):
    nodes = sorted({u for p in x for u in p})
    worst = max(
        (
            inside(x, set(s)) - (len(s) - 1) / 2
            for k in range(3, len(nodes) + 1, 2)
            for s in combinations(nodes, k)
        ),
        default=-1.0,
    )
    found = blossoms(x)
    for s in found:
        assert len(s) % 2 == 1 and inside(x, set(s)) > (len(s) - 1) / 2
    if worst > 1e-4:
        assert found
    if worst <= 0:
        assert not found


@st.composite
def half_matchings(draw):
    """x = (M1 + M2) / 2 for two random matchings of a random graph: a point of
    the fractional matching polytope, with tight pairs drawn from the graph."""
    n = draw(st.integers(3, 12))
    pairs = [p for p in combinations(range(n), 2) if draw(st.booleans())]

    def matching():
        used: set[int] = set()
        chosen = []
        for p in draw(st.permutations(pairs)) if pairs else []:
            if draw(st.booleans()) and not used & set(p):
                used |= set(p)
                chosen.append(p)
        return chosen

    x: dict[tuple[int, int], float] = {}
    for p in matching() + matching():
        x[p] = x.get(p, 0.0) + 0.5
    tight = [p for p in pairs if draw(st.booleans())]
    return x, tight


@given(half_matchings())
@settings(max_examples=150, deadline=None)
def test_every_returned_set_is_odd_and_violated(case):
    x, tight = case
    for nodes in violated(x, tight):
        assert len(nodes) % 2 == 1 and len(nodes) >= 3
        assert inside(x, set(nodes)) > (len(nodes) - 1) / 2


@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40)).filter(lambda p: p[0] != p[1]),
        max_size=60,
    )
)
@settings(max_examples=200, deadline=None)
def test_components_are_those_a_graph_search_finds(pairs):
    """The numpy labelling partitions the nodes exactly as a breadth-first search does,
    whether the pairs come as tuples or as an array."""
    import numpy as np

    near: dict[int, set[int]] = {}
    for u, v in pairs:
        near.setdefault(u, set()).add(v)
        near.setdefault(v, set()).add(u)
    expected, seen = [], set()
    for start in near:
        if start in seen:
            continue
        comp, todo = {start}, [start]
        while todo:
            for w in near[todo.pop()] - comp:
                comp.add(w)
                todo.append(w)
        seen |= comp
        expected.append(frozenset(comp))
    assert sorted(map(frozenset, components(pairs)), key=sorted) == sorted(expected, key=sorted)
    as_array = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    assert sorted(map(frozenset, components(as_array)), key=sorted) == sorted(expected, key=sorted)
