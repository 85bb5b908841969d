"""Pricing with central duals (the interior point method's, without crossover) when
column generation stalls: the answers stay those of the simplex method's duals.

HiGHS runs for real; the tests make the central duals price every round (where the
engine takes them only after a full batch of columns left the LP's optimum where it
was, in models of ``mipair.solver._detail.relaxation.CENTRAL`` columns).
"""

from __future__ import annotations

import random
from itertools import combinations
from unittest.mock import patch

import numpy as np

from mipair.solver._detail.model import Model
from mipair.solver._detail.relaxation import LinearRelaxation
from mipair.solver._detail.state import Problem
from mipair.solver.lexmatch import LexMatcher


def _questions(n: int, seed: int, central: bool) -> tuple[list[list[int]], int]:
    """A model of every pair of n players started from a core of neighbours, asked
    two tiers kept pinned and then a question of a few columns: its answers and
    how often the central duals priced."""
    rng = random.Random(seed)
    pairs = list(combinations(range(n), 2))
    group = [rng.randint(0, 3) for _ in range(n)]
    tiers = [
        {c: rng.randint(0, 3) for c, (u, v) in enumerate(pairs) if group[u] == group[v]},
        {c: rng.randint(1, 5) for c in range(len(pairs)) if rng.random() < 0.3},
    ]
    few = {c: rng.randint(1, 4) for c in rng.sample(range(len(pairs)), n // 3)}
    core = [k for k, (u, v) in enumerate(pairs) if v == u + 1]
    calls = []
    take = LinearRelaxation._central

    def counted(relaxation: LinearRelaxation) -> bool:
        calls.append(len(relaxation.highs.ours))
        return take(relaxation)

    with (
        patch.object(LinearRelaxation, "_stalled", lambda relaxation, last, value: central),
        patch.object(LinearRelaxation, "_central", counted),
    ):
        model = LexMatcher(n, pairs, range(n), core=core)
        model.maximise(tiers)
        answers = [sorted(model.answer.columns)]
        model.maximise([few], keep=False)
        answers.append(sorted(model.answer.columns))
    return answers, len(calls)


def test_central_duals_price_to_the_same_answers() -> None:
    """With the central duals pricing every full batch, each question's answer is
    the one the simplex method's duals lead to, and they did price."""
    priced = 0
    for n, seed in ((40, 1), (60, 2), (90, 3)):
        plain, none = _questions(n, seed, central=False)
        central, calls = _questions(n, seed, central=True)
        assert none == 0
        assert central == plain
        priced += calls
    assert priced > 0


def test_central_duals_leave_the_basis_and_the_answer() -> None:
    """After the central duals are taken, the LP solved again from the model's
    basis needs no simplex iteration and gives the same optimum: the basis of
    the simplex method's answer was put back."""
    pairs = list(combinations(range(30), 2))
    rng = random.Random(5)
    weights = {c: rng.randint(0, 9) for c in range(len(pairs))}
    model = Model(Problem(30, pairs, range(30)))
    bound = model.relaxation.bound(weights)
    assert model.relaxation._central()
    h, lp = model.highs.h, model.state.lp
    assert lp.row_duals is not None and len(lp.row_duals) == h.getNumRow()
    h.setOptionValue("solve_relaxation", True)
    h.run()
    assert h.getInfo().simplex_iteration_count == 0
    assert abs(h.getInfo().objective_function_value - bound) < 1e-6


def test_central_duals_are_optimal_duals_of_the_lp() -> None:
    """The duals taken are those of the LP HiGHS holds, and optimal: each column's
    reduced cost is its cost less its rows' duals, the dual objective (each row's dual
    at the bound it presses on, plus the positive reduced costs at the columns' upper
    bounds of 1) is the LP's optimum, and the simplex method's optimal answer meets
    them with complementary slackness."""
    pairs = list(combinations(range(30), 2))
    rng = random.Random(6)
    weights = {c: rng.randint(0, 9) for c in range(len(pairs))}
    model = Model(Problem(30, pairs, range(30)))
    bound = model.relaxation.bound(weights)
    h = model.highs.h
    answer = np.asarray(h.getSolution().col_value)
    h.setOptionValue("solve_relaxation", True)
    assert model.relaxation._central()
    duals, reduced = model.state.lp.row_duals, model.state.lp.duals
    assert duals is not None and reduced is not None
    lp = h.getLp()
    start, index = np.asarray(lp.a_matrix_.start_), np.asarray(lp.a_matrix_.index_)
    value = np.asarray(lp.a_matrix_.value_)
    priced = [
        value[start[j] : start[j + 1]] @ duals[index[start[j] : start[j + 1]]]
        for j in range(lp.num_col_)
    ]
    assert np.allclose(np.asarray(lp.col_cost_) - priced, reduced, atol=1e-6)
    lower, upper = np.asarray(lp.row_lower_), np.asarray(lp.row_upper_)
    assert np.all((duals <= 1e-7) | np.isfinite(upper))
    assert np.all((duals >= -1e-7) | np.isfinite(lower))
    dual_objective = np.where(duals > 0, upper, lower) @ duals + np.maximum(reduced, 0).sum()
    assert abs(dual_objective - bound) < 1e-5
    assert np.all(reduced[answer < 1e-6] <= 1e-6)
    assert np.all(reduced[answer > 1 - 1e-6] >= -1e-6)
