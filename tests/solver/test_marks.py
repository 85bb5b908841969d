"""Marks held as bits (the edges a round rules out for good) against a boolean array."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver import edges
from mipair.solver.edges import Marks


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(min_value=0, max_value=70),
    steps=st.lists(st.lists(st.integers(min_value=0, max_value=69), max_size=12), max_size=6),
    kept=st.integers(min_value=0, max_value=6),
    as_bits=st.booleans(),
)
def test_marks_read_set_and_restore_as_a_boolean_array_would(
    m: int, steps: list[list[int]], kept: int, as_bits: bool
) -> None:
    """Every read (one number, an array) gives what a boolean array holding the
    same marks gives; marking returns the numbers not marked before, each once,
    sorted; a record taken midway brings back the marks and their count. Arrays
    are read in blocks of 4 numbers here, so that blocks are crossed; held as
    bits or a byte each."""
    edges.MARKS_BLOCK, block = 4, edges.MARKS_BLOCK
    edges.MARKS_AS_BITS_FROM, bits_from = (0 if as_bits else m + 1), edges.MARKS_AS_BITS_FROM
    try:
        marks, truth = Marks(m), np.zeros(m, dtype=bool)
        assert (marks.flags is None) == as_bits
        record = None
        for k, step in enumerate(steps):
            numbers = np.array([x for x in step if x < m], dtype=np.int64)
            if k == kept:
                record = (marks.record(), truth.copy())
            new = marks.mark(numbers)
            assert new.tolist() == sorted({x for x in numbers.tolist() if not truth[x]})
            truth[numbers] = True
            assert marks.count == int(truth.sum())
            assert marks.of(np.arange(m)).tolist() == truth.tolist()
            assert [marks.get(x) for x in range(m)] == truth.tolist()
        if record is not None:
            marks.restore(record[0])
            assert marks.of(np.arange(m)).tolist() == record[1].tolist()
            assert marks.count == int(record[1].sum())
    finally:
        edges.MARKS_BLOCK, edges.MARKS_AS_BITS_FROM = block, bits_from
