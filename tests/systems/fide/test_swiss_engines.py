"""The Dubov and Lim engines against the brute forces written from the texts (tests/support/swiss_brute).

For random small tournaments (4 to 12 players, every round before the one paired
paired by the brute force, with draws, forfeits, absences and half-point byes in
random measure, and for Dubov now and then a forbidden pair: the Lim brute force's
compatibility does not read them), the engine's pairing of the next round must be
the brute force's, pairs, colours and PAB, every time; when the brute force finds
no legal pairing, the engine must say so too. The brute forces share no code with
the engines (they read the file through mipair.formats only). MIPAIR_SWISS_EXAMPLES
sets the number of random tournaments per system (default 200).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, event, given, settings

from mipair.model import Tournament
from tests.support.swiss_brute import dubov, lim, simulate
from tests.support.swiss_brute.history import Field, RoundPairing
from tests.support.swiss_engines import brute, engine, tournaments


def pair_dubov(field: Field) -> RoundPairing:
    return dubov.DubovRound(field).pair()


def pair_lim(field: Field) -> RoundPairing:
    return lim.LimRound(field).pair()


def kind_of(pairing: RoundPairing | str, rnd: int) -> str:
    """What kind of round a case is (hypothesis's statistics count them)."""
    if isinstance(pairing, str):
        return "no legal pairing"
    return f"round {'1' if rnd == 1 else '2+'}, {'a PAB' if pairing.bye else 'no PAB'}"


EXAMPLES = settings(
    max_examples=int(os.environ.get("MIPAIR_SWISS_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@EXAMPLES
@given(tournaments(pair_dubov))
def test_the_dubov_engine_pairs_as_the_text_does(case: tuple[Tournament, int]) -> None:
    t, rnd = case
    expected = brute(pair_dubov, t, rnd)
    event(kind_of(expected, rnd))
    assert engine("dubov", t, rnd) == expected


@EXAMPLES
@given(tournaments(pair_lim, forbidden=False))
def test_the_lim_engine_pairs_as_the_text_does(case: tuple[Tournament, int]) -> None:
    t, rnd = case
    expected = brute(pair_lim, t, rnd)
    event(kind_of(expected, rnd))
    assert engine("lim", t, rnd) == expected


@pytest.mark.parametrize("seed", range(24))
@pytest.mark.parametrize(("name", "pairer"), [("dubov", pair_dubov), ("lim", pair_lim)])
def test_the_random_rounds_of_the_brute_force_suites(name: str, pairer, seed: int) -> None:  # type: ignore[no-untyped-def]
    """The random rounds the brute forces' own tests use (6-10 players)."""
    field, expected = simulate.random_round(seed, pairer)
    assert engine(name, field.tournament, field.round) == expected
