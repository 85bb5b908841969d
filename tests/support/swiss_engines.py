"""What the engine tests of the Dubov and Lim systems share: random small tournaments
whose history a brute force of tests/support/swiss_brute paired, and the engine's pairing of
their next round in the brute force's terms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import assume
from hypothesis import strategies as st

from mipair.errors import NoPairingError
from mipair.model import ForbiddenPairs, Tournament
from mipair.systems.fide.system import FideSystem
from mipair.systems.registry import get_system
from tests.support.swiss_brute import simulate
from tests.support.swiss_brute.history import Field, RoundPairing, field_of
from tests.support.swiss_brute.rules import NoLegalPairing

Pairer = Callable[[Field], RoundPairing]


def fide_system(name: str) -> FideSystem:
    system = get_system(name)
    assert isinstance(system, FideSystem)
    return system


def engine(name: str, t: Tournament, rnd: int) -> RoundPairing | str:
    """The engine's pairing of round ``rnd`` in the brute force's terms (or its refusal)."""
    system = fide_system(name)
    try:
        got = system.pair(system.snapshot(t, rnd))
    except NoPairingError:
        return "no pairing"
    return RoundPairing(frozenset((b.white, b.black) for b in got.boards), got.bye)


def brute(pairer: Pairer, t: Tournament, rnd: int) -> RoundPairing | str:
    """The brute force's pairing of round ``rnd`` (or its refusal)."""
    try:
        return pairer(field_of(t, rnd))
    except NoLegalPairing:
        return "no pairing"


@st.composite
def tournaments(
    draw: st.DrawFn, pairer: Pairer, forbidden: bool = True, most: int = 12
) -> tuple[Tournament, int]:
    """A random tournament of 4 to ``most`` players before the round to pair, its history
    paired by ``pairer``: draws, forfeits, absences, half-point byes in random measure,
    and (``forbidden``) now and then a forbidden pair."""
    players = draw(st.integers(4, most))
    rounds = draw(st.integers(3, 9))
    upto = draw(st.integers(1, rounds))
    mix = simulate.Mix(
        draws=draw(st.sampled_from([0.0, 0.25, 0.5])),
        forfeits=draw(st.sampled_from([0.0, 0.04, 0.15])),
        absences=draw(st.sampled_from([0.0, 0.04, 0.12])),
        half_byes=draw(st.sampled_from([0.0, 0.02])),
    )
    seed = draw(st.integers(0, 2**31 - 1))
    try:
        t = simulate.tournament(players, rounds, upto, seed, pairer, mix)
    except NoLegalPairing:
        assume(False)
    if forbidden and draw(st.booleans()):
        a, b = draw(st.lists(st.integers(1, players), min_size=2, max_size=2, unique=True))
        t = replace(t, forbidden=(ForbiddenPairs((a, b)),))
    return t, upto
