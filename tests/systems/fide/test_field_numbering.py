"""The candidate pairs numbered from the matrix of allowed pairs (RoundField's
edges) and the pair table that finds their numbers."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.systems.fide import pair_table
from mipair.systems.fide.pair_table import FILL_BLOCK, PairTable


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=0, max_value=2 * FILL_BLOCK + 7),
    density=st.floats(min_value=0.0, max_value=1.0),
    seed=st.integers(min_value=0, max_value=2**31),
    square=st.booleans(),
)
def test_pairs_are_numbered_row_by_row_above_the_diagonal(
    n: int, density: float, seed: int, square: bool
) -> None:
    """Every allowed pair above the diagonal is an edge, in row order then column
    order (what ``np.triu`` and ``np.nonzero`` list), whatever the entries on and
    below the diagonal say; the table finds its number both ways round, and -1
    wherever there is no edge, through each of its ways of reading, held as a
    square table or as the triangle above the diagonal. Sizes cross the blocks
    of rows numbered at a time."""
    rng = np.random.default_rng(seed)
    allowed = rng.random((n, n)) < density
    first, second = np.nonzero(np.triu(allowed, 1))
    square_below, pair_table.SQUARE_BELOW = pair_table.SQUARE_BELOW, n + 1 if square else 0
    try:
        table = PairTable(n)
    finally:
        pair_table.SQUARE_BELOW = square_below
    assert table.square == square
    table.number(allowed.copy())
    assert len(table) == len(first)
    numbers = rng.permutation(len(first))[: rng.integers(0, len(first) + 1)]
    higher, lower = table.ends(numbers)  # from the table's rows
    assert higher.tolist() == first[numbers].tolist() and lower.tolist() == second[numbers].tolist()
    edges = table.edges()
    assert edges.u.tolist() == first.tolist()
    assert edges.v.tolist() == second.tolist()
    assert table.edges() is edges  # made once
    higher, lower = table.ends(numbers)  # from the edges
    assert higher.tolist() == first[numbers].tolist() and lower.tolist() == second[numbers].tolist()
    expected = np.full((n, n), -1, dtype=np.int64)
    expected[first, second] = expected[second, first] = np.arange(len(first))
    assert np.array_equal(table.present(), expected >= 0)
    for u in range(n):
        assert table.numbers(u).tolist() == expected[u].tolist()
        assert [table.get(u, v) for v in range(n)] == expected[u].tolist()
    members = np.flatnonzero(rng.random(n) < 0.7)
    excluded = [k for k in range(len(members)) if rng.random() < 0.2]
    cut = int(rng.integers(0, len(members) + 1))  # asked in two parts, as a window's blocks
    parts = [table.within(members, *rows, excluded) for rows in ((0, cut), (cut, len(members)))]
    a, b, numbers = (np.concatenate(found) for found in zip(*parts))
    sub = expected[np.ix_(members, members)]
    sub[:, excluded] = -1
    want_a, want_b = np.nonzero(np.triu(sub >= 0, 1))
    assert a.tolist() == want_a.tolist() and b.tolist() == want_b.tolist()
    assert numbers.tolist() == sub[want_a, want_b].tolist()
    assert table.count(members, members) == int((expected[np.ix_(members, members)] >= 0).sum())


def test_a_large_field_keeps_its_places_in_two_bytes() -> None:
    """The table of a field below 32,767 players holds int16 places above the
    diagonal only, and the
    numbers it gives back past 32,767 are exact (a place plus its row's start),
    as are the ends of those pairs."""
    n = 300
    square_below, pair_table.SQUARE_BELOW = pair_table.SQUARE_BELOW, 0
    try:
        table = PairTable(n)
    finally:
        pair_table.SQUARE_BELOW = square_below
    table.number(np.ones((n, n), dtype=bool))
    edges = table.edges()
    assert table.place.dtype == np.int16 and len(table.place) == n * (n - 1) // 2
    assert len(edges) == n * (n - 1) // 2 > 2**15
    assert table.get(n - 1, n - 2) == len(edges) - 1
    assert table.numbers(n - 2)[n - 1] == len(edges) - 1
    assert (int(edges.u[-1]), int(edges.v[-1])) == (n - 2, n - 1)
