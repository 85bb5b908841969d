"""The solver layer against brute force: lexicographic matchings on small graphs.

Hypothesis draws small graphs with exits, integer objective tiers and a
series of questions like the Dutch engine asks (maximise, pin, forbid, force,
maximise again, with or without pinning the answer: a pin lets the model
forbid for good the columns its LP rules out); after each question the answer
must be feasible and reach exactly the lexicographic optimum that enumerating
every matching finds.
HiGHS runs for real.
"""

from __future__ import annotations

from itertools import combinations
from unittest.mock import patch

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mipair.solver._detail import model as search
from mipair.solver._detail import relaxation
from mipair.solver._detail.model import Model
from mipair.solver._detail.packing import pack
from mipair.solver._detail.state import Problem
from mipair.solver.lexmatch import Infeasible, LexMatcher
from tests.support.brute_matchings import all_matchings, lexicographic_best


@st.composite
def problems(draw):
    n = draw(st.integers(min_value=2, max_value=10))
    pairs = [p for p in combinations(range(n), 2) if draw(st.booleans())]
    exits = [(v, "out") for v in range(n) if draw(st.integers(0, 3)) == 0]
    must = {v for v in range(n) if draw(st.booleans())}
    limit = draw(st.none() | st.integers(min_value=0, max_value=2))
    m = len(pairs) + len(exits)
    weight = st.integers(min_value=-9, max_value=9)
    tiers = draw(st.lists(st.lists(weight, min_size=m, max_size=m), min_size=1, max_size=3))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["forbid", "force", "ask", "feasible", "pin"]),
                st.integers(min_value=0, max_value=max(m - 1, 0)),
                st.lists(weight, min_size=m, max_size=m),
            ),
            max_size=4 if m else 0,
        )
    )
    core = [k for k in range(len(pairs)) if draw(st.booleans())] if draw(st.booleans()) else None
    packed_pins = draw(st.booleans())  # a group's optimum pinned as one row, or a row a tier
    near = draw(
        st.booleans()
    )  # a fractional LP's answer first sought where it and the answer differ
    early = draw(st.booleans())  # an answer sought at each fractional LP of the loop
    return n, pairs, exits, must, limit, tiers, steps, core, packed_pins, near, early


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_lexicographic_answers_equal_brute_force(problem) -> None:
    *problem, packed_pins, near, early = problem
    with (
        patch.object(search, "PACKED_PINS_UP_TO", 10**9 if packed_pins else 0),
        patch.object(search, "NEAR_RELAXATION_FROM", 0 if near else 10**9),
        patch.object(relaxation, "EARLY_FROM", 0 if early else 10**12),
    ):
        answers_equal_brute_force(problem)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_a_bound_whose_loop_stalls_is_still_an_upper_bound(problem) -> None:
    """From ``EARLY_FROM`` columns a bound's loop ends after rounds that leave it
    unchanged: what it returns must still be at least every matching's total."""
    n, pairs, exits, must, limit, tiers, _, core, *_ = problem
    lm, allowed = _model_and_matchings(n, pairs, exits, must, limit, core)
    if lm is None or not allowed:
        return
    with patch.object(relaxation, "EARLY_FROM", 0):
        for tier in tiers:
            top, _ = lexicographic_best(allowed, [tier])
            assert lm.bound({c: w for c, w in enumerate(tier)}) >= top[0] - 1e-6


def _model_and_matchings(n, pairs, exits, must, limit, core):
    """The model of a drawn problem (None when it cannot be built) and every matching
    it allows, enumerated."""
    cols = [tuple(p) for p in pairs] + [(v,) for v, _ in exits]
    allowed = all_matchings(n, cols, must, limit)
    limits = {"out": limit} if limit is not None else None
    try:
        return LexMatcher(
            n, pairs, sorted(must), exits=exits, exit_limits=limits, core=core
        ), allowed
    except Infeasible:
        return None, allowed


def answers_equal_brute_force(problem) -> None:
    n, pairs, exits, must, limit, tiers, steps, core = problem
    lm, allowed = _model_and_matchings(n, pairs, exits, must, limit, core)
    if lm is None:
        assert not allowed
        return
    as_maps = [{c: w for c, w in enumerate(t)} for t in tiers]
    if not allowed:
        try:
            lm.maximise(as_maps)
        except Infeasible:
            return
        raise AssertionError("an infeasible model was solved")
    lm.maximise(as_maps)
    top, key = lexicographic_best(allowed, tiers)
    assert key(tuple(sorted(lm.answer.columns))) == top
    allowed = [s for s in allowed if key(s) == top]  # the pins keep this level
    touched: set[int] = set()  # each column is frozen once
    for kind, col, weights in steps:
        if kind == "feasible":  # a question with no objective
            kind, weights = "ask", [0] * len(weights)
        keep = kind == "pin"
        if keep:
            kind = "ask"
        if kind != "ask":
            if col in touched:
                continue
            touched.add(col)
        if kind == "forbid":
            lm.forbid(col)
            allowed = [s for s in allowed if col not in s]
        elif kind == "force":
            lm.force(col)
            allowed = [s for s in allowed if col in s]
        if kind != "ask":
            continue
        ask = {c: w for c, w in enumerate(weights)}
        if not allowed:
            try:
                lm.maximise([ask], keep=keep)
            except Infeasible:
                return
            raise AssertionError("a model with no solution left was solved")
        lm.maximise([ask], keep=keep)
        best, k2 = lexicographic_best(allowed, [weights])
        assert tuple(sorted(lm.answer.columns)) in allowed
        assert k2(tuple(sorted(lm.answer.columns))) == best
        if keep:
            allowed = [s for s in allowed if k2(s) == best]


def test_pack_keeps_the_order_of_tiers() -> None:
    """A unit of an earlier tier outweighs everything later tiers of its group can add."""
    tiers = [{0: 1, 1: 0, 2: 0}, {0: 0, 1: 3, 2: 3}, {0: -2, 1: 0, 2: 1}]
    ((indices, packed),) = pack(tiers, pairs=2)
    assert indices == [0, 1, 2]
    assert packed[0] > packed[1] + packed[2]
    assert packed[2] > packed[1]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=2, max_value=4), st.data())
def test_an_isolated_part_answers_as_the_whole(half_a: int, half_b: int, data) -> None:
    """Two parts that share no node: questions asked of one part alone, its
    answer adopted, give the whole model's lexicographic optimum."""
    a = list(range(2 * half_a))
    b = list(range(2 * half_a, 2 * half_a + 2 * half_b))
    pairs = [p for part in (a, b) for p in combinations(part, 2) if data.draw(st.booleans())]
    n, m = len(a) + len(b), len(pairs)
    weight = st.integers(min_value=-9, max_value=9)
    tiers = [data.draw(st.lists(weight, min_size=m, max_size=m)) for _ in range(2)]
    ask = data.draw(st.lists(weight, min_size=m, max_size=m))
    allowed = all_matchings(n, [tuple(p) for p in pairs], set(range(n)), None)
    if not allowed:
        return
    lm = LexMatcher(n, pairs, range(n))
    lm.maximise([{c: w for c, w in enumerate(t)} for t in tiers])
    in_a = [c for c, (u, v) in enumerate(pairs) if u in a]
    part = lm.part(in_a)
    part.model.maximise([{k: ask[c] for k, c in enumerate(part.back)}])
    part.rejoin()
    top, key = lexicographic_best(
        allowed, tiers + [[w if c in in_a else 0 for c, w in enumerate(ask)]]
    )
    assert tuple(sorted(lm.answer.columns)) in allowed
    assert key(tuple(sorted(lm.answer.columns))) == top


def test_an_adopted_answer_is_among_the_columns_in_highs() -> None:
    """A model started from a core (the other pairs outside HiGHS until priced in)
    adopts a part's answer that uses pairs outside its core: they enter HiGHS, so
    the next LP starts from the current answer, which is kept when still optimal."""
    pairs = [(0, 1), (2, 3), (0, 2), (1, 3)]
    model = Model(Problem(4, pairs, range(4)), core=[0, 1])
    state = model.state
    model.maximise([{0: 1, 1: 1}], keep=False)
    assert sorted(state.solution) == [0, 1] and {2, 3} <= set(state.inactive)
    sub, back = model.isolate(range(4))
    sub.maximise([{k: 1 for k, c in enumerate(back) if c in (2, 3)}])
    model.adopt(sub, back, force=False)
    assert sorted(state.solution) == [2, 3]
    assert not set(state.solution) & set(state.inactive)
    model.maximise([{2: 1, 3: 1}], keep=False)
    assert sorted(state.solution) == [2, 3]


@st.composite
def limited_exits(draw):
    """Small dense graphs where most nodes must be covered and may leave by an
    exit, with at most one or two exits in all: the side row keeps some LPs
    fractional after the odd-set cuts, where the answer is first sought near the
    LP (``Model.disagreeing``)."""
    n = draw(st.integers(min_value=6, max_value=10))
    pairs = [p for p in combinations(range(n), 2) if draw(st.integers(0, 4)) < 3]
    exits = [v for v in range(n) if draw(st.integers(0, 9)) < 7]
    must = sorted(v for v in range(n) if draw(st.integers(0, 4)) < 4)
    limit = draw(st.integers(min_value=1, max_value=2))
    m = len(pairs) + len(exits)
    weights = st.lists(st.integers(min_value=-9, max_value=9), min_size=m, max_size=m)
    kinds = st.sampled_from(["ask", "pin", "forbid", "force"])
    col = st.integers(min_value=0, max_value=m - 1)
    steps = draw(st.lists(st.tuples(kinds, col, weights), min_size=4, max_size=4))
    return n, pairs, exits, must, limit, [draw(weights)], steps


# found with the step accepting an answer short of the LP bound (each fails then)
@example(
    (
        6,
        [(0, 3), (1, 5), (2, 3), (2, 4), (2, 5), (3, 4), (4, 5)],
        [0, 1, 2, 3, 5],
        [2, 3, 4, 5],
        1,
        [[6, -7, 6, -2, 8, -9, -8, -4, 2, -2, 8, -3]],
        [
            ("pin", 8, [-7, 9, -5, -8, -9, -4, 0, 7, -5, 9, 8, 4]),
            ("ask", 3, [-3, -3, 1, -3, -1, 9, 9, 0, 0, 3, 7, -2]),
            ("ask", 9, [5, 5, 6, 8, -3, -9, 9, 1, 2, 3, -9, 7]),
            ("ask", 9, [-8, 7, 3, -2, 1, 0, 3, -8, 2, 1, 4, 6]),
        ],
    )
)
@example(
    (
        6,
        [(0, 1), (0, 2), (0, 3), (1, 3), (1, 5), (2, 4), (3, 4), (3, 5)],
        [0, 1, 2, 3, 4, 5],
        [1, 3, 4, 5],
        1,
        [[8, -4, 6, -3, 8, -8, 1, -1, 1, 3, -6, 8, -3, 2]],
        [
            ("forbid", 3, [-4, -3, 2, -2, 2, 2, -5, 9, -5, 2, 1, -9, 7, -8]),
            ("pin", 13, [-5, 8, -3, -7, 8, -3, 4, -1, 4, 0, 8, -7, -4, -6]),
            ("forbid", 5, [0, -9, -7, 0, -4, 7, -9, 2, -4, 7, -1, -5, -9, -5]),
            ("pin", 7, [6, -6, -5, -7, 3, -6, 3, 4, 0, -9, -7, 4, 6, -2]),
        ],
    )
)
@example(
    (
        6,
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (1, 5), (3, 5), (4, 5)],
        [0, 2, 3],
        [3, 5],
        1,
        [[9, 7, 9, 2, 2, 5, -4, 2, -4, 1, 7, 2, 2]],
        [
            ("ask", 4, [-1, -8, -4, 7, 2, 5, 1, 9, -2, 0, -2, 3, -5]),
            ("forbid", 8, [-5, -7, -2, -7, -8, 5, -3, -1, -7, -3, 4, -5, -3]),
            ("pin", 0, [-7, 2, 1, 2, -4, 6, 0, 3, 1, 3, 2, 3, 9]),
            ("force", 6, [-8, -2, -7, 1, 9, -3, -4, -6, -2, -1, 5, 2, 0]),
        ],
    )
)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(limited_exits())
def test_an_answer_sought_near_the_lp_is_kept_only_when_optimal(problem) -> None:
    n, pairs, exits, must, limit, tiers, steps = problem
    with patch.object(search, "NEAR_RELAXATION_FROM", 0):
        answers_equal_brute_force(
            (n, pairs, [(v, "out") for v in exits], set(must), limit, tiers, steps, None)
        )
