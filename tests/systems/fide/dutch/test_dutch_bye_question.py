"""The bye question of an odd round of one score (C5 before the brackets): the
feasibility model (everyone paired but one eligible single, asked of SAT) gives
the answer the tiered integer program gives, and a round matching that model
cannot pair is refused. HiGHS and minicard run for real."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mipair.errors import NoPairingError
from mipair.formats.trf import read_tournament
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.fide.dutch.procedure2026 import ByeScore, bye_score, bye_tiers
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.sparse import core


def first_round(directory: Path, players: int, forbidden: list[tuple[int, int]]) -> RoundField:
    """Round 1 of ``players`` players (none absent), ``forbidden`` pairs barred (XXP)."""
    lines = ["012 bye question", "XXR 5"]
    lines += [f"XXP {a} {b}" for a, b in forbidden]
    lines += [
        f"001 {i:4d}      {f'Player {i}':<34}{2500 - i:4d} EUR{'0.0':>28}"
        for i in range(1, players + 1)
    ]
    path = directory / "round1.trfx"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    snap = snapshot(read_tournament(path), 1)
    return RoundField(snap, load_edition("dutch", "2026"))


def tiered(field: RoundField) -> ByeScore | None:
    """C5 as the integer program over every pair answers it (the question asked
    before a round of one score was a feasibility question); None if infeasible."""
    n, scores = field.n, field.scores
    must = [i for i in range(n) if not field.eligible[i]]
    try:
        model = LexMatcher(n, field.edges, must, n // 2, core=core(field.edges, scores))
        model.maximise(bye_tiers(field))
    except Infeasible:
        return None
    mate = model.answer.mate()
    bye = next(v for v in range(n) if mate[v] == v)
    top = scores[0]
    single = scores[bye] >= top and all(
        scores[mate[v]] >= top for v in range(n) if scores[v] >= top
    )
    return ByeScore(scores[bye], single)


def is_first_matching(field: RoundField) -> bool:
    """``field.hint`` pairs everyone along allowed pairs but one eligible player."""
    mate = field.hint
    assert mate is not None
    singles = [v for v in range(field.n) if mate[v] == v]
    pairs_ok = all(
        mate[mate[v]] == v and field.edge(v, mate[v]) is not None
        for v in range(field.n)
        if mate[v] != v
    )
    return pairs_ok and len(singles) == 1 and field.eligible[singles[0]]


def answers_as_the_tiers(field: RoundField) -> None:
    """``bye_score`` gives the integer program's S* and C9 flag and leaves a first
    matching, or refuses the round as the integer program does."""
    expected = tiered(RoundField(field.snapshot, field.edition))
    if expected is None:
        with pytest.raises(NoPairingError):
            bye_score(field)
        return
    assert bye_score(field) == expected
    assert is_first_matching(field)


@given(st.data())
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_the_feasibility_model_answers_as_the_integer_program(tmp_path: Path, data) -> None:
    players = data.draw(st.integers(1, 12)) * 2 + 1
    pairs = [(a, b) for a in range(1, players + 1) for b in range(a + 1, players + 1)]
    density = data.draw(st.sampled_from([0.0, 0.1, 0.5, 0.9]))
    forbidden = [p for p in pairs if data.draw(st.floats(0, 1)) < density]
    field = first_round(tmp_path, players, forbidden)
    answers_as_the_tiers(field)


def test_a_large_first_round_is_answered(tmp_path: Path) -> None:
    """501 players (column generation's core is in play): a first matching with one
    single, S* the round's one score, C9's single bye floater in the first bracket."""
    field = first_round(tmp_path, 501, [(1, k) for k in range(2, 400)])
    assert bye_score(field) == ByeScore(0, True)
    assert is_first_matching(field)


def test_an_unpairable_first_round_is_refused(tmp_path: Path) -> None:
    """Five players: player 1 may meet nobody, so it would take the bye; of the
    other four only 2 and 3 may meet, and 4 and 5 are left with nobody."""
    barred = [(1, k) for k in range(2, 6)] + [(2, 4), (2, 5), (3, 4), (3, 5), (4, 5)]
    with pytest.raises(NoPairingError):
        bye_score(first_round(tmp_path, 5, barred))


def later_round(players: int, seed: int) -> RoundField:
    """Round 2 of a generated tournament of ``players`` (forfeits, half-point
    byes and retirements: several scores, some players not PAB-eligible)."""
    from mipair.check.config import GeneratorConfig
    from mipair.check.generate import generate
    from mipair.systems.registry import get_system

    config = GeneratorConfig(
        players=players, rounds=2, forfeit_rate=10, half_point_bye_rate=20, retired_rate=40
    )
    t = generate(config, seed, get_system("dutch"), "2026")
    return RoundField(snapshot(t, 2), load_edition("dutch", "2026"))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_large_round_of_several_scores_is_answered_by_its_scoregroups(seed: int) -> None:
    """An odd round 2 of 301 to 311 players (tens of thousands of pairs: the tiers are
    settled on the class model of the scoregroups) gives the integer program's S*
    and C9 flag, and a first matching with one eligible single."""
    field = later_round(311, seed)
    if not field.odd:
        field = later_round(310, seed)
    assert field.odd and len(set(field.scores)) > 1 and not all(field.eligible)
    assert len(field.edges) >= 20_000
    expected = tiered(RoundField(field.snapshot, field.edition))
    assert expected is not None
    assert bye_score(field) == expected
    assert is_first_matching(field)


@given(st.integers(1, 10_000), st.integers(7, 30))
@settings(max_examples=25, deadline=None)
def test_a_small_round_of_several_scores_is_answered_as_the_tiers_answer(
    seed: int, players: int
) -> None:
    """An odd round 2 under the class model's size: the PAB at the lowest level an eligible
    player has, found by SAT with no tiers, gives the integer program's S* and C9 flag."""
    field = later_round(players, seed)
    if not field.odd:
        field = later_round(players + 1, seed)
    assume(field.odd)  # the players to pair: the entrants less the absent ones
    answers_as_the_tiers(field)
