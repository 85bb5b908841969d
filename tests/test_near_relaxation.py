"""The answer sought near the LP before a MIP (``LexMatcher._disagreeing``).

When an LP of the odd-set loop stays fractional, the solver first asks a model
of the columns where that LP and the current answer differ, the rest held, and
keeps its answer only when it attains the LP bound. Taking the step on every
model (its size threshold at 0) must pair each round of a generated tournament
exactly as the tournament was paired without it; the tournaments are chosen so
that the step settles some questions (it is counted, calling the real method).
HiGHS and minicard run for real.
"""

from __future__ import annotations

from collections import Counter
from unittest.mock import patch

import pytest
from dutch_tools import check_tournament, generate

from mipair.check.config import GeneratorConfig
from mipair.solver import lexmatch
from mipair.solver.lexmatch import LexMatcher

NEVER = 10**9


@pytest.mark.parametrize(("players", "rounds", "seed"), [(80, 9, 2), (60, 11, 1)])
def test_the_answer_sought_near_the_lp_pairs_as_the_mip(
    players: int, rounds: int, seed: int
) -> None:
    with patch.object(lexmatch, "NEAR_RELAXATION_FROM", NEVER):
        tournament = generate(
            GeneratorConfig(players=players, rounds=rounds, forfeit_rate=20), seed
        )
    settled: Counter[str] = Counter()
    real = LexMatcher._locally

    def counted(model: LexMatcher, weights, within):
        answer = real(model, weights, within)
        if within is not model.within:  # the step near the LP, not a caller's own columns
            settled["asked"] += 1
            settled["proven"] += answer is not None
        return answer

    with (
        patch.object(lexmatch, "NEAR_RELAXATION_FROM", 0),
        patch.object(LexMatcher, "_locally", counted),
    ):
        replayed = check_tournament(tournament)
    assert [r.verdict for r in replayed.rounds] == ["same"] * len(replayed.rounds)
    assert settled["proven"] >= 1, settled
