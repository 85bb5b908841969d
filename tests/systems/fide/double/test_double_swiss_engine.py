"""The Double-Swiss engine against the brute force written from the text (tests/swiss_brute).

For random small tournaments (4 to 12 players, 2 to 6 match rounds, every match
before the one paired paired by the brute force, with draws, games ending ½-0 or
0-0, single forfeited games, forfeited matches, absences and half-point byes in
random measure, now and then a forbidden pair), the engine's pairing of the next
match round must be the brute force's, pairs, game-1 colours and PAB, every time;
when the brute force finds no legal pairing, the engine must say so too. The brute
force shares no code with the engine (it reads the TRF columns through
mipair.formats only). MIPAIR_SWISS_EXAMPLES sets the number of random tournaments
(default 200).
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from mipair.errors import NoPairingError
from mipair.model import ForbiddenPairs, Tournament
from mipair.systems import swiss_upfloaters
from mipair.systems.fide.double import upfloaters
from mipair.systems.registry import get_system
from tests.support.swiss_brute import double_history, double_swiss
from tests.support.swiss_brute.history import RoundPairing
from tests.support.swiss_brute.rules import NoLegalPairing

EXAMPLES = settings(
    max_examples=int(os.environ.get("MIPAIR_SWISS_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[Tournament, int]:
    """A random Double-Swiss tournament before the match round to pair."""
    players = draw(st.integers(4, 12))
    rounds = draw(st.integers(2, 6))
    upto = draw(st.integers(1, rounds))
    mix = double_history.Mix(
        draws=draw(st.sampled_from([0.0, 0.3, 0.6])),
        forfeit_game=draw(st.sampled_from([0.0, 0.03, 0.1])),
        forfeit_match=draw(st.sampled_from([0.0, 0.03, 0.1])),
        odd_game=draw(st.sampled_from([0.0, 0.02])),
        absences=draw(st.sampled_from([0.0, 0.05, 0.12])),
        half_byes=draw(st.sampled_from([0.0, 0.02])),
    )
    seed = draw(st.integers(0, 2**31 - 1))
    try:
        t = double_history.tournament(
            players, rounds, upto, seed, double_swiss.pair_double_swiss, mix
        )
    except NoLegalPairing:
        assume(False)
    if draw(st.booleans()):
        a, b = draw(st.lists(st.integers(1, players), min_size=2, max_size=2, unique=True))
        t = replace(t, forbidden=(ForbiddenPairs((a, b)),))
    return t, upto


def engine(t: Tournament, rnd: int) -> RoundPairing | str:
    """The registered system's pairing of match round ``rnd`` in the brute force's terms."""
    system = get_system("double-swiss")
    try:
        got = system.pair(system.state_before(t, rnd))
    except NoPairingError:
        return "no pairing"
    return RoundPairing(frozenset((b.white, b.black) for b in got.boards), got.bye)


def brute(t: Tournament, rnd: int) -> RoundPairing | str:
    try:
        return double_swiss.pair_double_swiss(t, rnd)
    except NoLegalPairing:
        return "no pairing"


@EXAMPLES
@given(tournaments())
def test_the_double_swiss_engine_pairs_as_the_text_does(case: tuple[Tournament, int]) -> None:
    t, rnd = case
    expected = brute(t, rnd)
    kind = "no legal pairing" if isinstance(expected, str) else ("PAB" if expected.bye else "even")
    event(f"match {'1' if rnd == 1 else '2+'}, {kind}")
    assert engine(t, rnd) == expected


@settings(EXAMPLES, max_examples=max(1, EXAMPLES.max_examples // 4))
@given(tournaments())
def test_the_large_field_paths_pair_as_the_text_does(case: tuple[Tournament, int]) -> None:
    """The paths a large bracket takes (the criteria settled on the class model, the model
    started from a core of pairs), taken by every bracket of a small field."""
    t, rnd = case
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(upfloaters, "SETTLE_FROM", 0)
        patch.setattr(swiss_upfloaters, "CORE_FROM", 0)
        assert engine(t, rnd) == brute(t, rnd)
