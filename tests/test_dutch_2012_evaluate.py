"""The 2012 criteria ``why`` and ``check`` compare (mipair/systems/dutch/evaluate.py).

The evaluation walks a complete pairing bracket by bracket in the order of
models/dutch-2012.toml with the functions the engine optimises: the engine's
own pairing must never come out worse than another legal pairing of the round
(drawn rounds, every complete legal pairing enumerated), and each criterion
tells two hand-made pairings apart where the text says it should.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from test_dutch_2012_brute import pairings, rounds

from mipair.errors import NoPairingError
from mipair.model import Colour, PlayerState, Snapshot, Tournament
from mipair.pairing import ORDER_ONLY, Board, CriterionValue, RoundPairing
from mipair.systems.registry import get_system

W, B = Colour.WHITE, Colour.BLACK
SYSTEM = get_system("dutch")


def first_difference(
    engine: list[CriterionValue], proposal: list[CriterionValue]
) -> tuple[CriterionValue, CriterionValue] | None:
    """The first criterion where the two evaluations differ (None: equal everywhere)."""
    for ev, pv in zip(engine, proposal):
        assert (ev.id, ev.where) == (pv.id, pv.where)  # the walks agree up to a difference
        if ev.value != pv.value:
            return ev, pv
    return None


def engine_wins(engine: list[CriterionValue], proposal: list[CriterionValue]) -> bool | None:
    """True: the engine's values are better at the first difference; False: the
    proposal's; None: equal up to the order of candidates (or everywhere)."""
    found = first_difference(engine, proposal)
    if found is None or found[0].better == ORDER_ONLY:
        return None
    ev, pv = found
    return (ev.value > pv.value) == (ev.better == "higher")  # type: ignore[operator]


def pairing_of(snap: Snapshot, pairs, bye: int | None) -> RoundPairing:
    return RoundPairing(snap.round, tuple(Board(h, low) for h, low in pairs), bye)


@settings(
    max_examples=int(os.environ.get("MIPAIR_2012_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rounds())
def test_the_engine_is_never_worse_than_a_legal_pairing(snap: Snapshot) -> None:
    try:
        engine = SYSTEM.pair(snap)
    except NoPairingError:
        return
    mine = list(SYSTEM.evaluate(snap, engine))
    order = sorted(
        (p for p in snap.players.values() if not p.absent), key=lambda p: (-p.pairing_score, p.tpn)
    )
    for pairs, bye in pairings(snap, order):
        other = list(SYSTEM.evaluate(snap, pairing_of(snap, pairs, bye)))
        assert engine_wins(mine, other) is not False, first_difference(mine, other)


# -- one hand-worked round per criterion ------------------------------------------------


def player(pid: int, score: float, colours: str = "", floats: str = "", met=()) -> PlayerState:
    """A player before the round: colours as W/B/- (unplayed), floats as u/d/-."""
    colour = {"W": W, "B": B, "-": None}
    drift = {"u": "up", "d": "down", "-": None}
    return PlayerState(
        id=pid,
        score=int(score * 10),
        pairing_score=int(score * 10),
        colours=tuple(colour[c] for c in colours),
        floats=tuple(drift[f] for f in floats),
        opponents=frozenset(met),
        had_pab=False,
        byes=(),
        absent=False,
        rating=2500 - pid,
        tpn=pid,
        played_games=sum(c != "-" for c in colours),
    )


def round_of(rnd: int, *players: PlayerState, last: bool = False) -> Snapshot:
    tournament = Tournament(players={}, results={}, total_rounds=rnd if last else rnd + 3)
    return Snapshot(tournament, rnd, {p.id: p for p in players}, initial_colour=W, rules="2012")


def verdict(snap: Snapshot, better, worse, better_bye=None, worse_bye=None):
    """(criterion id, bracket, value of ``better``, value of ``worse``) where they first differ."""
    found = first_difference(
        list(SYSTEM.evaluate(snap, pairing_of(snap, better, better_bye))),
        list(SYSTEM.evaluate(snap, pairing_of(snap, worse, worse_bye))),
    )
    assert found is not None
    good, bad = found
    assert (good.value > bad.value) == (good.better == "higher")  # type: ignore[operator]
    return good.id, good.where, good.value, bad.value


def test_a11_c14_pairs_in_the_bracket() -> None:
    """1 and 2 (1.0) can meet: 1-2 3-4 pairs the 1.0 bracket, 1-3 2-4 floats both down."""
    snap = round_of(2, player(1, 1, "W"), player(2, 1, "B"), player(3, 0, "W"), player(4, 0, "B"))
    assert verdict(snap, [(1, 2), (3, 4)], [(1, 3), (2, 4)]) == (
        "A11/C14",
        "bracket of score 1.0",
        1,
        0,
    )


def test_b3_d4_the_moved_down_player_meets_the_bracket() -> None:
    """1 (2.0) moves down into 2, 3 (1.0). Pairing it there (1-2, 3-4) saves its
    B3 cost 20² (one point below the bracket: 2.0 - 0.0) plus 2's 10², less the
    pair's 10²: 400; pairing 2-3 instead (1-4) saves 10² + 10²: 200 (D4)."""
    snap = round_of(2, player(1, 2), player(2, 1), player(3, 1), player(4, 0), player(5, 0))
    assert verdict(snap, [(1, 2), (3, 4)], [(2, 3), (1, 4)], 5, 5) == (
        "B3/D4",
        "bracket of score 1.0",
        400,
        200,
    )


def test_c12_the_floater_lets_the_next_bracket_pair() -> None:
    """1, 2, 3 (2.0) pair two and float one to 4 (1.0), who met 3: floating 1
    lets the next bracket make its pair, floating 3 does not (C12)."""
    snap = round_of(2, player(1, 2), player(2, 2), player(3, 2, met=[4]), player(4, 1, met=[3]))
    snap = round_of(2, *snap.players.values(), player(5, 0))
    assert verdict(snap, [(2, 3), (1, 4)], [(1, 2), (3, 5)], 5, 4) == (
        "C12",
        "bracket of score 2.0",
        1,
        0,
    )


def test_b2_c10g_topscorers_with_the_same_absolute_preference() -> None:
    """Last round: all four are topscorers (A10), 1 and 2 must have Black, 3 and 4
    White (two equal colours in a row). 1-2 and 3-4 are allowed between
    topscorers but count against B2; 1-3 and 2-4 keep it."""
    snap = round_of(
        3,
        *(player(1, 2, "WW"), player(2, 2, "WW"), player(3, 2, "BB"), player(4, 2, "BB")),
        last=True,
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "B2/C10.g",
        "bracket of score 2.0",
        2,
        0,
    )


def test_a7d_c10f_strong_preferences_in_an_odd_round() -> None:
    """Round 3: 1 and 2 had one White (strong Black), 3 and 4 one Black (strong
    White); 1-2 and 3-4 join equal strong preferences, which A7.d treats as absolute."""
    snap = round_of(
        3, player(1, 1, "W-"), player(2, 1, "W-"), player(3, 1, "B-"), player(4, 1, "B-")
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "A7.d/C10.f",
        "bracket of score 1.0",
        2,
        0,
    )


def test_b4_x_weak_preferences_granted() -> None:
    """Round 3, weak preferences (CD 0): 1 and 2 White, 3 and 4 Black. 1-3 2-4
    grants all; 1-2 3-4 none (X = 2)."""
    snap = round_of(
        3, player(1, 1, "WB"), player(2, 1, "WB"), player(3, 1, "BW"), player(4, 1, "BW")
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "B4/A8.a/C10.e",
        "bracket of score 1.0",
        2,
        0,
    )


def test_a8b_z_strong_preferences_in_an_even_round() -> None:
    """Round 4: 1 and 2 strongly prefer Black (CD +1), 3 and 4 weakly (CD 0, last
    White). Every pairing breaks two preferences (X equal); 1-2 joins two strong
    ones (Z = 1), 1-3 2-4 none."""
    snap = round_of(
        4,
        *(
            player(1, 1.5, "WBW"),
            player(2, 1.5, "WBW"),
            player(3, 1.5, "BW-"),
            player(4, 1.5, "BW-"),
        ),
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "A8.b/C10.e",
        "bracket of score 1.5",
        2,
        1,
    )


def test_b5_c10d_a_resident_does_not_float_down_again() -> None:
    """1, 2, 3 (1.0) pair two and float one to 4 (0.0); 2 floated down in round 1,
    so it is paired in its bracket (B5)."""
    snap = round_of(
        2, player(1, 1, "-"), player(2, 1, "-", "d"), player(3, 1, "-"), player(4, 0, "-")
    )
    assert verdict(snap, [(1, 2), (3, 4)], [(1, 3), (2, 4)]) == (
        "B5/C10.d",
        "bracket of score 1.0",
        1,
        0,
    )


def test_b6_c10c_nor_as_two_rounds_before() -> None:
    """As B5, 2 having floated down in round 1 of 2 (B6)."""
    snap = round_of(
        3, player(1, 1, "--"), player(2, 1, "--", "d-"), player(3, 1, "--"), player(4, 0, "--")
    )
    assert verdict(snap, [(1, 2), (3, 4)], [(1, 3), (2, 4)]) == (
        "B6/C10.c",
        "bracket of score 1.0",
        1,
        0,
    )


def test_b5_c10b_an_upfloater_does_not_float_up_again() -> None:
    """1 (1.0) moves down to 2, 3, 4 (0.0); 2 floated up in round 1, so 1 meets 3 (B5)."""
    snap = round_of(
        2, player(1, 1, "-"), player(2, 0, "-", "u"), player(3, 0, "-"), player(4, 0, "-")
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "B5/C10.b",
        "bracket of score 0.0",
        2,
        1,
    )


def test_b6_c10a_nor_up_as_two_rounds_before() -> None:
    """As B5 for upfloaters, 2 having floated up in round 1 of 2 (B6)."""
    snap = round_of(
        3, player(1, 1, "--"), player(2, 0, "--", "u-"), player(3, 0, "--"), player(4, 0, "--")
    )
    assert verdict(snap, [(1, 3), (2, 4)], [(1, 2), (3, 4)]) == (
        "B6/C10.a",
        "bracket of score 0.0",
        2,
        1,
    )
