"""The odd-set loop of a large model: an answer sought at each fractional LP, and a
bound's loop ended when its rounds leave the bound unchanged (``relaxation.EARLY_FROM``).

Both are taken from 1,000,000 columns; with the threshold at 0 (and the step near the
LP's at 0, ``lexmatch.NEAR_RELAXATION_FROM``) every model of a generated tournament
takes them, and each round must pair exactly as the tournament
was paired with neither. The tournaments are chosen so that answers are found early
(counted, around the real method). A stalled bound against brute force:
``tests/test_lexmatch.py``. HiGHS and minicard run for real.
"""

from __future__ import annotations

from collections import Counter
from unittest.mock import patch

import pytest
from dutch_tools import check_tournament, generate

from mipair.check.config import GeneratorConfig
from mipair.solver import lexmatch, relaxation
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.relaxation import LinearRelaxation

NEVER = 10**12


@pytest.mark.parametrize(
    ("players", "rounds", "seed"),
    [(80, 9, 2), (120, 7, 4), (70, 9, 5)],
)
def test_early_answers_and_stalled_bounds_pair_as_thirty_rounds_of_cuts(
    players: int, rounds: int, seed: int
) -> None:
    with patch.object(relaxation, "EARLY_FROM", NEVER):
        tournament = generate(
            GeneratorConfig(players=players, rounds=rounds, forfeit_rate=20), seed
        )
    seen: Counter[str] = Counter()
    loop, near = LinearRelaxation._odd_set_cuts, LexMatcher._near_relaxation
    inside: list[bool] = []

    def counted_loop(model: LinearRelaxation, *args, **kwargs):
        inside.append(True)
        try:
            return loop(model, *args, **kwargs)
        finally:
            inside.pop()

    def counted_near(model: LexMatcher, weights):
        answer = near(model, weights)
        if inside:  # asked while a loop runs, before its rounds of cuts ran out
            seen["early answer"] += answer is not None
        return answer

    with (
        patch.object(relaxation, "EARLY_FROM", 0),
        patch.object(lexmatch, "NEAR_RELAXATION_FROM", 0),
        patch.object(LinearRelaxation, "_odd_set_cuts", counted_loop),
        patch.object(LexMatcher, "_near_relaxation", counted_near),
    ):
        replayed = check_tournament(tournament)
    assert [r.verdict for r in replayed.rounds] == ["same"] * len(replayed.rounds)
    assert seen["early answer"] >= 1, seen
