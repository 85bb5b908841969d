"""The class model (mipair.solver._detail.classes) against brute force, and in the Dutch engine.

Hypothesis draws small graphs whose nodes fall into classes, with objective
tiers that weigh a column by the classes of its nodes alone. Whenever
``ClassModel.settle`` answers from the class model, its answer must reach the
lexicographic optimum that enumerating every matching finds, and the columns
it forbids must not change the answer of any later question; the class
relaxation must never call impossible a set of columns some matching uses, and
an LP point it rounds down is kept exactly when HiGHS finds that point feasible.
Last, the Dutch engine with the class shortcuts switched on for every model
must pair generated tournaments exactly as it does with them off.
HiGHS runs for real.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mipair.solver._detail.model import Model
from mipair.solver._detail.state import Problem
from mipair.solver.lexmatch import ClassModel, Infeasible, LexMatcher
from tests.support.brute_matchings import all_matchings, lexicographic_best


@st.composite
def class_problems(draw):
    n = draw(st.integers(min_value=2, max_value=9))
    classes = [draw(st.integers(0, 2)) for _ in range(n)]
    pairs = [p for p in combinations(range(n), 2) if draw(st.integers(0, 4)) > 0]
    exits = [(v, "out") for v in range(n) if draw(st.integers(0, 3)) == 0]
    must = {v for v in range(n) if draw(st.booleans())}
    limit = draw(st.none() | st.integers(min_value=0, max_value=2))
    weight = st.integers(min_value=-5, max_value=5)
    tiers = []
    for _ in range(draw(st.integers(1, 3))):
        by_pair = {(a, b): draw(weight) for a in range(3) for b in range(a, 3)}
        by_exit = {a: draw(weight) for a in range(3)}
        cols = [by_pair[tuple(sorted((classes[u], classes[v])))] for u, v in pairs]
        cols += [by_exit[classes[v]] for v, _ in exits]
        tiers.append(cols)
    m = len(pairs) + len(exits)
    ask = draw(st.lists(weight, min_size=m, max_size=m))
    forced = draw(st.none() | st.integers(0, max(m - 1, 0))) if m else None
    return n, classes, pairs, exits, must, limit, tiers, ask, forced


def _model(problem):
    n, classes, pairs, exits, must, limit, tiers, ask, forced = problem
    cols = [tuple(p) for p in pairs] + [(v,) for v, _ in exits]
    allowed = all_matchings(n, cols, must, limit)
    limits = {"out": limit} if limit is not None else None
    lm = Model(Problem(n, pairs, sorted(must), exits=exits, exit_limits=limits))
    if forced is not None:
        lm.highs.force(forced)
        allowed = [s for s in allowed if forced in s]
    return lm, allowed


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_problems())
def test_settled_answers_equal_brute_force(problem) -> None:
    n, classes, pairs, exits, must, limit, tiers, ask, forced = problem
    try:
        lm, allowed = _model(problem)
    except Infeasible:
        return
    maps = [{c: w for c, w in enumerate(t)} for t in tiers]
    if not ClassModel(lm, np.array(classes)).settle(maps):
        assert lm.state.pins == [] and lm.state.solution == []  # nothing changed
        return
    assert allowed, "a model with no matching was settled"
    top, key = lexicographic_best(allowed, tiers)
    assert tuple(sorted(lm.state.solution)) in allowed
    assert key(tuple(sorted(lm.state.solution))) == top
    # the pins and the forbidden columns leave exactly the optimal matchings
    kept = [s for s in allowed if key(s) == top]
    lm.maximise([{c: w for c, w in enumerate(ask)}], keep=False)
    best, k2 = lexicographic_best(kept, [ask])
    assert tuple(sorted(lm.state.solution)) in kept
    assert k2(tuple(sorted(lm.state.solution))) == best


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_problems(), st.data())
def test_the_relaxation_never_rules_out_a_matching(problem, data) -> None:
    try:
        lm, allowed = _model(problem)
    except Infeasible:
        return
    m = lm.problem.m
    if not m:
        return
    wanted = data.draw(st.lists(st.integers(0, m - 1), min_size=1, max_size=2, unique=True))
    relax = ClassModel(lm, np.array(problem[1]))
    if any(set(wanted) <= set(s) for s in allowed):
        assert relax.allows(wanted)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_problems(), st.data())
def test_a_series_of_questions_answers_as_each_asked_alone(problem, data) -> None:
    """The relaxation answers later questions from integer solutions it found for
    earlier ones (``Relaxation._known``): each answer must be the one a relaxation
    asked that question alone gives (its LP, then its integer program)."""
    try:
        lm, _ = _model(problem)
    except Infeasible:
        return
    if not lm.problem.m:
        return
    classes = np.array(problem[1])
    column = st.integers(0, lm.problem.m - 1)
    questions = data.draw(st.lists(st.lists(column, max_size=3, unique=True), max_size=8))
    relax = ClassModel(lm, classes)
    for wanted in questions:
        assert relax.allows(wanted) == ClassModel(lm, classes).allows(wanted)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_problems(), st.data())
def test_a_point_rounded_down_and_mended_is_one_highs_finds_feasible(problem, data) -> None:
    """``class_solve._rounded`` (an LP point rounded down, with ``mend`` mended where
    rows fall short) against HiGHS itself: the point rounded down comes back exactly
    when HiGHS finds it feasible (fixed as the columns' bounds); a mended point is
    integral, at least the point rounded down, and feasible."""
    from mipair.solver._detail.class_solve import _rounded

    try:
        lm, _ = _model(problem)
    except Infeasible:
        return
    agg = lm.shortcuts.aggregate(np.array(problem[1]))
    relax = lm.shortcuts.relaxation(agg, lm.state.pins)
    h, hs = relax.h, relax.hs
    ncol = h.getNumCol()
    if not ncol:
        return
    halves = st.integers(min_value=0, max_value=6)
    x = np.array(data.draw(st.lists(halves, min_size=ncol, max_size=ncol)), dtype=float) / 2
    mend = data.draw(st.booleans())
    kept = _rounded(h, x, mend)
    y = np.floor(x)
    if _feasible_at(h, hs, y):
        assert kept is not None and np.array_equal(kept, y)
    elif not mend:
        assert kept is None
    if kept is not None:
        assert np.array_equal(kept, np.rint(kept)) and np.all(kept >= y)
        assert _feasible_at(h, hs, kept)


def _feasible_at(h, hs, point: np.ndarray) -> bool:
    """Whether HiGHS finds the model ``h`` feasible with its columns fixed at ``point``
    (the columns' bounds are left so)."""
    ncol = len(point)
    h.changeColsBounds(ncol, np.arange(ncol, dtype=np.int32), point, point)
    h.setOptionValue("solve_relaxation", True)
    h.run()
    h.setOptionValue("solve_relaxation", False)
    return h.getModelStatus() == hs.HighsModelStatus.kOptimal


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_problems())
def test_the_class_optimum_with_points_mended_has_the_same_levels(problem) -> None:
    """``class_solve.solve`` with ``mend`` (a tier's LP point rounded down and mended
    taken when it attains the LP bound) is still the lexicographic optimum: the same
    levels as with HiGHS's MIP, its counts making the last tier's level."""
    from mipair.solver._detail.class_solve import solve
    from mipair.solver.weights import weights

    classes = np.array(problem[1])
    try:
        lm, _ = _model(problem)
    except Infeasible:
        return
    agg = lm.shortcuts.aggregate(classes)
    vals = [agg.weigh(weights(dict(enumerate(tier)))) for tier in problem[6]]
    if any(v is None for v in vals):
        return
    question = (
        agg,
        vals,
        lm.shortcuts.limit_counts(),
        lm.problem.fixed_pairs,
        agg.pins(lm.state.pins),
    )
    plain = solve(*question, fixed=sorted(lm.state.forced))
    mended = solve(*question, fixed=sorted(lm.state.forced), mend=True)
    assert (plain is None) == (mended is None)
    if plain is not None and mended is not None:
        assert mended.levels == plain.levels
        assert int(vals[-1] @ mended.counts) == mended.levels[-1]


def test_an_odd_cycle_of_halves_is_mended_by_a_pair_and_an_exit() -> None:
    """Three classes of one node each, all to be matched (rows = 1), their three
    pairs at 1/2 (the LP's odd cycle) and an exit per class, one exit allowed: rounded
    down, every class falls short; mending takes a pair (two short rows) and then the
    third class's exit, the only integer points of the model."""
    from mipair.solver._detail.class_solve import _rounded
    from mipair.solver.highs import load, maximiser

    hs = load()
    h = maximiser(hs)
    for _ in range(3):
        h.addRow(1.0, 1.0, 0, [], [])
    h.addRow(0.0, 1.0, 0, [], [])  # exits: at most one
    columns = [[0, 1], [1, 2], [0, 2], [0, 3], [1, 3], [2, 3]]  # pairs, then exits
    for rows in columns:
        h.addCol(0.0, 0.0, hs.kHighsInf, 2, np.array(rows, dtype=np.int32), np.ones(2))
    x = np.array([0.5, 0.5, 0.5, 0.0, 0.0, 0.0])
    assert _rounded(h, x) is None
    kept = _rounded(h, x, mend=True)
    assert kept is not None
    used = {tuple(columns[k]) for k in np.flatnonzero(kept).tolist()}
    assert kept.sum() == 2 and len(used) == 2
    pair = next(rows for rows in used if 3 not in rows)
    exit_class = ({0, 1, 2} - set(pair)).pop()
    assert (exit_class, 3) in used
    assert _feasible_at(h, hs, kept)


def test_a_complete_graph_is_settled_by_classes() -> None:
    """Eight nodes of two colours, every pair allowed: the class model's optimum
    (as many mixed pairs as possible) is realised and pinned."""
    n = 8
    classes = np.array([0, 0, 0, 1, 1, 1, 1, 1])
    pairs = list(combinations(range(n), 2))
    mixed = {c: int(classes[u] != classes[v]) for c, (u, v) in enumerate(pairs)}
    lm = LexMatcher(n, pairs, range(n))
    assert lm.classes(classes).settle([mixed])
    assert lm.answer.value(mixed) == 3
    lm.maximise([{c: -w for c, w in mixed.items()}], keep=False)  # pinned: none worth less
    assert lm.answer.value(mixed) == 3
    # a pair of two 0s leaves at most one mixed pair: its columns are forbidden for good
    # (class duals 1 and 0: reduced cost -2), pairs of two 1s are not (reduced cost 0)
    forbidden = np.flatnonzero(lm.columns.forbidden).tolist()
    assert forbidden == [pairs.index(p) for p in [(0, 1), (0, 2), (1, 2)]]


def test_the_relaxation_rules_out_what_a_pin_forbids() -> None:
    """With 'every pair mixed' pinned, no matching pairs two nodes of class 0."""
    classes = np.array([0, 0, 1, 1])
    pairs = list(combinations(range(4), 2))
    mixed = {c: int(classes[u] != classes[v]) for c, (u, v) in enumerate(pairs)}
    lm = LexMatcher(4, pairs, range(4))
    lm.maximise([mixed])
    relax = lm.classes(classes)
    assert not relax.allows([pairs.index((0, 1))])
    assert relax.allows([pairs.index((0, 2))])


@pytest.mark.parametrize("seed", [3, 11])
def test_dutch_rounds_are_the_same_with_the_class_shortcuts(seed: int, monkeypatch) -> None:
    """Generated tournaments, each round paired with the class model used for
    every model and remainder (thresholds at zero) and without it."""
    from mipair.check.config import GeneratorConfig
    from mipair.solver._detail import model as search
    from mipair.systems.fide.dutch import bracket
    from mipair.systems.fide.system import pair_snapshot as pair_round
    from tests.support.dutch_tools import generate

    compared = []

    def both(snap):
        monkeypatch.setattr(search, "CLASSES_FROM", 0)
        monkeypatch.setattr(bracket, "RELAX_FROM", 3)
        with_classes = pair_round(snap)
        monkeypatch.setattr(search, "CLASSES_FROM", 10**12)
        monkeypatch.setattr(bracket, "RELAX_FROM", 10**12)
        without = pair_round(snap)
        assert with_classes == without, f"round {snap.round}"
        compared.append(snap.round)
        return without

    generate(GeneratorConfig(players=40, rounds=5), seed, pair=both)
    assert len(compared) == 5
