"""SAT's answer to a feasibility question against brute force: on small random
graphs with exits, must-nodes, forced columns, a pair count and an exit limit,
`sat_matching` finds a matching exactly when enumeration finds one, and what
it returns meets every constraint. minicard runs for real."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver.lexmatch import LexMatcher
from mipair.solver.witness import sat_matching
from tests.support.brute_matchings import all_matchings


def _valid(n, ends, chosen, must, forced, pairs, limit, exits) -> bool:
    covered = [0] * n
    for c in chosen:
        for node in ends[c]:
            covered[node] += 1
    return (
        all(k <= 1 for k in covered)
        and all(covered[v] == 1 for v in must)
        and set(forced) <= set(chosen)
        and (pairs is None or sum(len(ends[c]) == 2 for c in chosen) == pairs)
        and (limit is None or sum(c in exits for c in chosen) <= limit)
    )


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_sat_finds_a_matching_exactly_when_one_exists(data) -> None:
    n = data.draw(st.integers(1, 8))
    ends = [p for p in combinations(range(n), 2) if data.draw(st.booleans())]
    exits = list(range(len(ends), len(ends) + n))
    ends += [(v,) for v in range(n) if data.draw(st.integers(0, 2)) == 0]
    exits = [c for c in exits if c < len(ends)]
    must = {v for v in range(n) if data.draw(st.booleans())}
    forced = [c for c in range(len(ends)) if data.draw(st.integers(0, 5)) == 0]
    pairs = data.draw(st.none() | st.integers(0, n // 2))
    limit = data.draw(st.none() | st.integers(0, 2))
    limits = {"out": (exits, limit)} if limit is not None else {}
    chosen = sat_matching(n, ends, range(len(ends)), must, forced, pairs, limits)
    exists = any(
        _valid(n, ends, sub, must, forced, pairs, limit, exits)
        for sub in all_matchings(n, ends, set(), None)
    )
    assert (chosen is not None) == exists
    if chosen is not None:
        assert _valid(n, ends, chosen, must, forced, pairs, limit, exits)


def test_a_feasibility_question_on_a_large_graph_is_answered() -> None:
    """A perfect matching of 2,000 nodes, each joined to its rank neighbours and
    to the nodes half the field away: the question with no objective is
    answered with a perfect matching (by SAT in a second; HiGHS's MIP alone took 94 s)."""
    n, half = 2000, 1000
    edges = [(i, j) for i in range(n) for j in range(i + 1, min(n, i + 7))]
    edges += [(i, j) for i in range(n) for j in range(i + half - 6, i + half + 7) if i < j < n]
    lm = LexMatcher(n, edges, range(n), n // 2)
    lm.maximise([])
    covered = sorted(v for e in lm.answer.columns for v in edges[e])
    assert covered == list(range(n))
