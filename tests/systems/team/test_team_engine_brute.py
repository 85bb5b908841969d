"""The Team Swiss engine against the brute force written from C.04.6 (tests/support/swiss_brute/team.py).

For random small team tournaments (4 to 11 teams of 1 to 4 boards, types A, B and no
colour preferences, every round before the one paired paired by the brute force, with
drawn boards, forfeited boards and matches, absences and half-point byes in random
measure), the engine's pairing of the next round must be the brute force's, pairs,
colours (the team with White on board 1) and PAB, every time; when the brute force finds
no legal pairing, the engine must say so too. The brute force shares no code with the
engine (it reads the file through mipair.formats only). MIPAIR_TEAM_EXAMPLES sets the
number of random tournaments (default 60).
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from mipair.errors import NoPairingError
from mipair.model import Tournament
from mipair.systems.registry import get_system
from tests.support.swiss_brute.history import RoundPairing
from tests.support.swiss_brute.rules import NoLegalPairing
from tests.support.swiss_brute.team import pair_team
from tests.support.swiss_brute.team_simulate import TeamMix, play

SYSTEMS = (
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_MP_GP",
    "FIDE_TEAM_TYPEB_GP",
)


def engine(t: Tournament, rnd: int) -> RoundPairing | str:
    """The engine's pairing of round ``rnd`` in the brute force's terms (or its refusal)."""
    system = get_system("team")
    try:
        got = system.pair(system.state_before(t, rnd))
    except NoPairingError:
        return "no pairing"
    return RoundPairing(frozenset((b.white, b.black) for b in got.boards), got.bye)


def brute(t: Tournament, rnd: int) -> RoundPairing | str:
    try:
        return pair_team(t, rnd)
    except NoLegalPairing:
        return "no pairing"


@st.composite
def team_tournaments(draw: st.DrawFn) -> tuple[Tournament, int]:
    """A random team tournament before the round to pair (see the module docstring)."""
    teams = draw(st.integers(4, 11))
    rounds = draw(st.integers(3, 8))
    played = draw(st.integers(0, rounds - 1))
    mix = TeamMix(
        draws=draw(st.sampled_from([0.0, 0.3, 0.6])),
        board_forfeits=draw(st.sampled_from([0.0, 0.03, 0.1])),
        forfeited_matches=draw(st.sampled_from([0.0, 0.03, 0.1])),
        absences=draw(st.sampled_from([0.0, 0.03, 0.08])),
        half_byes=draw(st.sampled_from([0.0, 0.02, 0.05])),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    try:
        t = play(
            teams,
            rounds,
            played,
            random.Random(seed),
            boards=draw(st.integers(1, 4)),
            system=draw(st.sampled_from(SYSTEMS)),
            mix=mix,
        )
    except NoLegalPairing:  # an earlier round has no pairing: no case
        assume(False)
        raise
    return t, played + 1


@settings(
    max_examples=int(os.environ.get("MIPAIR_TEAM_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(team_tournaments())
def test_the_team_engine_pairs_as_the_text_does(case: tuple[Tournament, int]) -> None:
    t, rnd = case
    expected = brute(t, rnd)
    event("no legal pairing" if isinstance(expected, str) else f"PAB: {expected.bye is not None}")
    assert engine(t, rnd) == expected
