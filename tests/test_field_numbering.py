"""The candidate pairs numbered from the matrix of allowed pairs (RoundField's edges)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.systems.fide.field import FILL_BLOCK, number_pairs


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=0, max_value=2 * FILL_BLOCK + 7),
    density=st.floats(min_value=0.0, max_value=1.0),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_pairs_are_numbered_row_by_row_above_the_diagonal(
    n: int, density: float, seed: int
) -> None:
    """Every allowed pair above the diagonal is an edge, in row order then column
    order (what ``np.triu`` and ``np.nonzero`` list), whatever the entries on and
    below the diagonal say; the table numbers it both ways round and holds -1
    wherever there is no edge. Sizes cross the blocks of rows numbered at a time."""
    rng = np.random.default_rng(seed)
    allowed = rng.random((n, n)) < density
    first, second = np.nonzero(np.triu(allowed, 1))
    table = np.full((n, n), -1, dtype=np.int32)
    edges = number_pairs(allowed.copy(), table)
    assert edges.u.tolist() == first.tolist()
    assert edges.v.tolist() == second.tolist()
    expected = np.full((n, n), -1, dtype=np.int32)
    expected[first, second] = expected[second, first] = np.arange(len(first))
    assert np.array_equal(table, expected)
