"""The answer sought near the LP before a MIP (``Model.disagreeing``).

When an LP of the odd-set loop stays fractional, the solver first asks a model
of the columns where that LP and the current answer differ, the rest held, and
keeps its answer only when it attains the LP bound. Taking the step on every
model (its size threshold at 0) must pair each round of a generated tournament
exactly as the tournament was paired without it; the tournaments are chosen so
that the step settles some questions (it is counted, calling the real method).
The same for the step taken inside a large model's loop (``relaxation.EARLY_FROM``) and
for LPs started afresh (``relaxation.FRESH_FROM``) or with no basis at all;
a bound whose loop stalls, against brute force: ``tests/solver/test_lexmatch.py``.
HiGHS and minicard run for real.
"""

from __future__ import annotations

from collections import Counter
from contextlib import ExitStack
from unittest.mock import patch

import pytest

from mipair.check.config import GeneratorConfig
from mipair.solver._detail import model as search
from mipair.solver._detail import relaxation
from mipair.solver._detail.model import Model
from mipair.solver._detail.relaxation import LinearRelaxation
from tests.support.dutch_tools import check_tournament, generate

NEVER = 10**9


def _generated(module: object, threshold: str, players: int, rounds: int, seed: int):
    """A generated tournament, paired with ``module.threshold`` above every model."""
    with patch.object(module, threshold, NEVER):
        return generate(GeneratorConfig(players=players, rounds=rounds, forfeit_rate=20), seed)


def _replays_the_same(tournament, *patches) -> None:
    """Replay ``tournament`` with ``patches`` (from ``patch.object``) applied: every
    round must pair as it was generated."""
    with ExitStack() as stack:
        for active in patches:
            stack.enter_context(active)
        replayed = check_tournament(tournament)
    assert [r.verdict for r in replayed.rounds] == ["same"] * len(replayed.rounds)


# (60, 11, 1) stopped asking the step once LPs with no basis went by dual simplex: seed 3
@pytest.mark.parametrize(("players", "rounds", "seed"), [(80, 9, 2), (60, 11, 3)])
def test_the_answer_sought_near_the_lp_pairs_as_the_mip(
    players: int, rounds: int, seed: int
) -> None:
    tournament = _generated(search, "NEAR_RELAXATION_FROM", players, rounds, seed)
    settled: Counter[str] = Counter()
    real = Model.locally

    def counted(model: Model, weights, within):
        answer = real(model, weights, within)
        if within is not model.within:  # the step near the LP, not a caller's own columns
            settled["asked"] += 1
            settled["proven"] += answer is not None
        return answer

    _replays_the_same(
        tournament,
        patch.object(search, "NEAR_RELAXATION_FROM", 0),
        patch.object(Model, "locally", counted),
    )
    assert settled["proven"] >= 1, settled


@pytest.mark.parametrize(
    ("players", "rounds", "seed"),
    [(80, 9, 2), (120, 7, 4), (70, 9, 5)],
)
def test_early_answers_and_stalled_bounds_pair_as_thirty_rounds_of_cuts(
    players: int, rounds: int, seed: int
) -> None:
    """In a model of ``relaxation.EARLY_FROM`` columns or more the step is also taken
    after each fractional LP of the odd-set loop, and a bound's loop ends when its
    rounds leave it unchanged; with that threshold at 0 (the step's own at 0 too) every
    model takes both, and each round must pair as it did with neither. Answers must
    come early (counted, around the real method)."""
    tournament = _generated(relaxation, "EARLY_FROM", players, rounds, seed)
    seen: Counter[str] = Counter()
    loop, near = LinearRelaxation.cuts, Model.near_relaxation
    inside: list[bool] = []

    def counted_loop(lp: LinearRelaxation, *args, **kwargs):
        inside.append(True)
        try:
            return loop(lp, *args, **kwargs)
        finally:
            inside.pop()

    def counted_near(model: Model, weights):
        answer = near(model, weights)
        if inside:  # asked while a loop runs, before its rounds of cuts ran out
            seen["early answer"] += answer is not None
        return answer

    _replays_the_same(
        tournament,
        patch.object(relaxation, "EARLY_FROM", 0),
        patch.object(search, "NEAR_RELAXATION_FROM", 0),
        patch.object(LinearRelaxation, "cuts", counted_loop),
        patch.object(Model, "near_relaxation", counted_near),
    )
    assert seen["early answer"] >= 1, seen


def _option(lp: LinearRelaxation, name: str) -> object:
    """The value of one of HiGHS's options in ``lp``'s model (highspy returns it alone
    or after a status, by version)."""
    value = lp.highs.h.getOptionValue(name)
    return value[1] if isinstance(value, tuple) else value


@pytest.mark.parametrize(("players", "rounds", "seed"), [(80, 9, 2), (60, 11, 1)])
def test_lps_started_afresh_pair_as_lps_from_the_last_basis(
    players: int, rounds: int, seed: int
) -> None:
    """In a model of ``relaxation.FRESH_FROM`` columns or more the loop's LP after a new
    objective or many new columns starts from the slack basis (dual simplex) rather than from
    the last one (primal simplex), a bound's by the interior point method; with that
    threshold at 0 every model does, and each round must pair as it did with none.
    Fresh starts are counted around the real method (some must drop a basis HiGHS
    held, some be a bound's)."""
    tournament = _generated(relaxation, "FRESH_FROM", players, rounds, seed)
    seen: Counter[str] = Counter()
    real = LinearRelaxation._next_lp

    def counted(lp: LinearRelaxation, cuts: int, solved: int, interior: bool) -> None:
        held = lp.highs.h.getBasis().valid
        real(lp, cuts, solved, interior)
        if not cuts and 4 * (len(lp.highs.ours) - solved) >= len(lp.highs.ours):
            dual = _option(lp, "simplex_strategy") == relaxation.DUAL
            seen["fresh after a basis"] += bool(held) and dual
            seen["basis kept"] += lp.highs.h.getBasis().valid
            seen["interior"] += _option(lp, "solver") == "ipm"

    _replays_the_same(
        tournament,
        patch.object(relaxation, "FRESH_FROM", 0),
        patch.object(LinearRelaxation, "_next_lp", counted),
    )
    assert seen["fresh after a basis"] >= 1, seen
    assert seen["basis kept"] == 0, seen
    assert seen["interior"] >= 1, seen


@pytest.mark.parametrize(("players", "rounds", "seed"), [(80, 9, 2)])
def test_lps_with_no_basis_by_dual_simplex_pair_as_by_primal(
    players: int, rounds: int, seed: int
) -> None:
    """An LP of the loop with no basis in HiGHS (a new model, or after a MIP) goes by dual
    simplex from the slack basis. A tournament generated with such LPs by primal simplex
    from nothing (the option set back after the real method) must replay the same, and
    every such LP met in the replay (some must be) must go by dual simplex."""
    real = LinearRelaxation._next_lp

    def primal(lp: LinearRelaxation, cuts: int, solved: int, interior: bool) -> None:
        held = lp.highs.h.getBasis().valid
        real(lp, cuts, solved, interior)
        if not held and not cuts and len(lp.highs.ours) < relaxation.FRESH_FROM:
            lp.highs.h.setOptionValue("simplex_strategy", relaxation.PRIMAL)

    with patch.object(LinearRelaxation, "_next_lp", primal):
        config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=20)
        tournament = generate(config, seed)
    seen: Counter[str] = Counter()

    def counted(lp: LinearRelaxation, cuts: int, solved: int, interior: bool) -> None:
        held = lp.highs.h.getBasis().valid
        real(lp, cuts, solved, interior)
        if not held:
            seen["no basis"] += 1
            seen["dual"] += _option(lp, "simplex_strategy") == relaxation.DUAL

    _replays_the_same(tournament, patch.object(LinearRelaxation, "_next_lp", counted))
    assert seen["no basis"] >= 1, seen
    assert seen["dual"] == seen["no basis"], seen
