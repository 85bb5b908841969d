"""Odd-set separation: every set it returns is a real, violated odd-set inequality,
and the two families it searches (fractional components, tight components) are found."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver.oddsets import components, inside, violated


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


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)).filter(lambda p: p[0] != p[1]),
                max_size=60))
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
