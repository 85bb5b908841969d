"""A Go round that only rematches can pair: OpenGotha weighs a rematch rather than barring it,
so ``mipair explain`` says the round is paired all the same (exit 0), with as few rematches as
``mipair solve`` gives, instead of calling it impossible while ``mcmahon pair`` pairs it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mipair.explain.explanation import explain_problem
from mipair.explain.facts import Fact, PairingProblem, pair
from tests.support.cli_process import run_cli

PLAYERS = (("Aa", "Bb", "2D"), ("Cc", "Dd", "1D"), ("Ee", "Ff", "1K"), ("Gg", "Hh", "2K"))


def round_robin_played(tmp_path: Path) -> Path:
    """Four players who have all met after three rounds (each round's tables won by White)."""
    event = tmp_path / "four.xml"
    assert run_cli("mcmahon", "new", str(event), "--name", "Four", "--rounds", "5").returncode == 0
    for surname, first, rank in PLAYERS:
        done = run_cli("mcmahon", "register", str(event), surname, first, rank)
        assert done.returncode == 0, done.stderr
    for _ in range(3):
        assert run_cli("mcmahon", "pair", str(event), "--save").returncode == 0
        done = run_cli("mcmahon", "result", str(event), "1", "1-0", "2", "1-0")
        assert done.returncode == 0, done.stderr
    return event


def test_a_round_only_rematches_pair_is_explained_as_paired_all_the_same(
    tmp_path: Path,
) -> None:
    event = round_robin_played(tmp_path)
    explained = run_cli("explain", str(event), "--json")
    assert explained.returncode == 0, explained.stderr
    answer = json.loads(explained.stdout)
    assert answer["pairable"] is False and answer["paired_anyway"] is True
    least = answer["relaxations"][0]["waive"]
    assert least and all(fact["kind"] == "duplicate" for fact in least)
    text = run_cli("explain", str(event))
    assert text.returncode == 0 and "pairs it all the same" in text.stdout
    paired = run_cli("mcmahon", "pair", str(event), "--json")
    assert paired.returncode == 0, paired.stderr
    games = json.loads(paired.stdout)["games"]
    # every pair of the four has met once: each table of round 4 is a rematch, and the least
    # relaxation waives exactly as many meetings as the pairing repeats
    assert len(games) == len(least) == 2


def meetings(kind: str, pairs: list[tuple[int, int]]) -> list[Fact]:
    return [
        Fact(kind, (a, b), f"{a}-{b} {kind}", f"let {a}-{b}", frozenset({pair(a, b)}))
        for a, b in pairs
    ]


@pytest.mark.parametrize("forbidden", [[], [(1, 2)], [(1, 2), (1, 3)], [(1, 2), (1, 3), (1, 4)]])
def test_only_avoided_facts_are_waived_by_the_system(forbidden: list[tuple[int, int]]) -> None:
    """Four players who have all met: the round is paired all the same unless the forbidden
    pairs (never waived) leave player 1 without an opponent."""
    everyone = [(a, b) for a in range(1, 5) for b in range(a + 1, 5)]
    problem = PairingProblem(
        round=4,
        players=(1, 2, 3, 4),
        facts=tuple(meetings("duplicate", everyone) + meetings("forbidden", forbidden)),
        avoided={"duplicate": "rematches"},
    )
    explained = explain_problem(problem, seconds=2.0)
    assert not explained.pairable
    assert explained.paired_anyway is (len(forbidden) < 3)
    assert explained.has_pairing is explained.paired_anyway
    without = explain_problem(replace(problem, avoided={}), seconds=2.0)
    assert not without.paired_anyway and not without.has_pairing
