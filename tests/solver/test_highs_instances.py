"""HiGHS instances and what they hold: a model's solver data let go, spare instances,
and the MIPs that run HiGHS's feasibility jump.

HiGHS keeps the arrays of an instance's last solve until the instance is destroyed,
so a model waiting on a part of it (``isolate``) moves to a copy without them
(``release_solver``), and only instances of small models are kept as spares.
HiGHS runs for real.
"""

from __future__ import annotations

import gc
import random
from itertools import combinations
from unittest.mock import patch

from mipair.solver import highs
from mipair.solver._detail import model as search
from mipair.solver._detail.model import Model
from mipair.solver._detail.state import Problem


def _graph(n: int, seed: int) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """A random graph on n nodes and a weight per edge."""
    rng = random.Random(seed)
    pairs = [p for p in combinations(range(n), 2) if rng.random() < 0.4]
    return pairs, {c: rng.randint(-9, 30) for c in range(len(pairs))}


def test_a_released_model_starts_its_next_lp_from_its_basis() -> None:
    """After ``release_solver`` the model is in a new instance, with the same columns
    and rows, and its next LP of the same objective needs no simplex iteration: the
    basis came along (without it, the same LP takes dozens)."""
    pairs, weights = _graph(30, 1)
    model = Model(Problem(30, pairs, range(30)))
    bound = model.relaxation.bound(weights)
    before = model.highs.h
    columns, rows = before.getNumCol(), before.getNumRow()
    assert before.getInfo().simplex_iteration_count > 0
    model.highs.release_solver()
    assert model.highs.h is not before
    assert (model.highs.h.getNumCol(), model.highs.h.getNumRow()) == (columns, rows)
    assert model.relaxation.bound(weights) == bound
    assert model.highs.h.getInfo().simplex_iteration_count == 0


def test_a_released_model_answers_as_one_never_released() -> None:
    """The lexicographic answers of a model released between its questions are those
    of the same model never released."""
    pairs, first = _graph(24, 2)
    _, second = _graph(24, 3)
    second = {c: w for c, w in second.items() if c < len(pairs)}
    answers = []
    for release in (False, True):
        model = Model(Problem(24, pairs, range(24)))
        model.maximise([first])
        if release:
            model.highs.release_solver()
        model.maximise([second])
        answers.append(sorted(model.state.solution))
    assert answers[0] == answers[1]


def test_only_instances_of_small_models_are_kept_as_spares() -> None:
    """A model's instance goes back to the spares when the model is collected only if
    its model had at most ``SPARE_COLUMNS_UP_TO`` columns, and the instance a model
    let go by ``release_solver`` never does."""
    pairs, _ = _graph(12, 4)
    with (
        patch.object(highs, "SPARE_COLUMNS_UP_TO", len(pairs) - 1),
        patch.object(highs, "_spare", []),
    ):
        large = Model(Problem(12, pairs, range(12)))
        instance = large.highs.h
        del large
        gc.collect()
        assert not any(spare is instance for spare in highs._spare)
        small = Model(Problem(12, pairs[:3], ()))
        released = small.highs.h
        small.highs.release_solver()
        kept = small.highs.h
        del small
        gc.collect()
        assert any(spare is kept for spare in highs._spare)
        assert not any(spare is released for spare in highs._spare)


def test_a_mip_runs_feasibility_jump_only_in_a_model_of_the_sizes_named() -> None:
    """A MIP with an objective runs HiGHS's feasibility jump in a model whose number
    of columns is in ``FEASIBILITY_JUMP`` and not otherwise; either way its answer is
    a matching of the largest total that enumerating every matching finds."""
    n = 10
    pairs, weights = _graph(n, 5)
    best = max(
        sum(weights[c] for c in chosen)
        for k in range(n // 2 + 1)
        for chosen in combinations(range(len(pairs)), k)
        if len({v for c in chosen for v in pairs[c]}) == 2 * k
    )
    for sizes, runs in ((range(len(pairs) + 1), True), (range(len(pairs)), False)):
        with patch.object(search, "FEASIBILITY_JUMP", sizes):
            model = Model(Problem(n, pairs, ()))
            model.highs.objective(weights)
            x = model.solve(presolve=False)
        assert model.highs.h.getOptionValue("mip_heuristic_run_feasibility_jump")[1] is runs
        assert x is not None
        chosen = [c for c in range(len(pairs)) if x[c] > 0.5]
        assert len({v for c in chosen for v in pairs[c]}) == 2 * len(chosen)
        assert sum(weights[c] for c in chosen) == best
