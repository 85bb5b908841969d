"""The 2012 criteria ``why`` and ``check`` compare (mipair/systems/fide/dutch/evaluate.py).

The evaluation walks a complete pairing bracket by bracket in the order of
models/dutch-2012.toml with the functions the engine optimises: the engine's
own pairing must never come out worse than another legal pairing of the round
(drawn rounds, every complete legal pairing enumerated), and each criterion
tells two hand-made pairings apart where the text says it should.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from mipair.errors import NoPairingError
from mipair.model import Colour
from mipair.pairing import Board, RoundPairing
from mipair.reports import ORDER_ONLY, CriterionValue
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.state import Snapshot
from tests.support.dutch_2012 import SYSTEM, pairings, roster, round_of, rounds

W, B = Colour.WHITE, Colour.BLACK


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


EXAMPLES = int(os.environ.get("MIPAIR_2012_EXAMPLES", "60"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


# (criterion, round, players, last round?, better pairing, its bye, worse pairing, its bye,
#  bracket of the first difference, the better value, the worse value), worked by hand:
CASES = [
    # 1 and 2 (1.0) can meet: 1-2 3-4 pairs the 1.0 bracket, 1-3 2-4 floats both down.
    ("A11/C14", 2, roster((1, "W"), (1, "B"), (0, "W"), (0, "B")), False,
     [(1, 2), (3, 4)], None, [(1, 3), (2, 4)], None, 1.0, 1, 0),
    # 1 (2.0) moves down into 2, 3 (1.0). Pairing it there (1-2 3-4) saves its B3 cost
    # 20² (one point below the bracket: 2.0 - 0.0) plus 2's 10², less the pair's 10²:
    # 400; pairing 2-3 instead (1-4) saves 10² + 10²: 200 (D4).
    ("B3/D4", 2, roster((2,), (1,), (1,), (0,), (0,)), False,
     [(1, 2), (3, 4)], 5, [(2, 3), (1, 4)], 5, 1.0, 400, 200),
    # 1, 2, 3 (2.0) pair two and float one to 4 (1.0), who met 3: floating 1 lets the
    # next bracket make its pair, floating 3 does not (C12).
    ("C12", 2, roster((2,), (2,), (2, "", "", [4]), (1, "", "", [3]), (0,)), False,
     [(2, 3), (1, 4)], 5, [(1, 2), (3, 5)], 4, 2.0, 1, 0),
    # Last round: all four are topscorers (A10); 1 and 2 must have Black, 3 and 4 White
    # (two equal colours in a row). 1-2 and 3-4 are allowed between topscorers but
    # count against B2; 1-3 and 2-4 keep it.
    ("B2/C10.g", 3, roster((2, "WW"), (2, "WW"), (2, "BB"), (2, "BB")), True,
     [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 2.0, 2, 0),
    # Round 3: 1 and 2 had one White (strong Black), 3 and 4 one Black (strong White);
    # 1-2 and 3-4 join equal strong preferences, which A7.d treats as absolute.
    ("A7.d/C10.f", 3, roster((1, "W-"), (1, "W-"), (1, "B-"), (1, "B-")), False,
     [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 1.0, 2, 0),
    # Round 3, weak preferences (CD 0): 1 and 2 White, 3 and 4 Black. 1-3 2-4 grants
    # all; 1-2 3-4 none (X = 2).
    ("B4/A8.a/C10.e", 3, roster((1, "WB"), (1, "WB"), (1, "BW"), (1, "BW")), False,
     [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 1.0, 2, 0),
    # Round 4: 1 and 2 strongly prefer Black (CD +1), 3 and 4 weakly (CD 0, last White).
    # Every pairing breaks two preferences (X equal); 1-2 joins two strong ones (Z = 1).
    ("A8.b/C10.e", 4, roster((1.5, "WBW"), (1.5, "WBW"), (1.5, "BW-"), (1.5, "BW-")),
     False, [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 1.5, 2, 1),
    # 1, 2, 3 (1.0) pair two and float one to 4 (0.0); 2 floated down in round 1, so it
    # is paired in its bracket (B5 for downfloaters).
    ("B5/C10.d", 2, roster((1, "-"), (1, "-", "d"), (1, "-"), (0, "-")), False,
     [(1, 2), (3, 4)], None, [(1, 3), (2, 4)], None, 1.0, 1, 0),
    # As B5, 2 having floated down two rounds before (B6).
    ("B6/C10.c", 3, roster((1, "--"), (1, "--", "d-"), (1, "--"), (0, "--")), False,
     [(1, 2), (3, 4)], None, [(1, 3), (2, 4)], None, 1.0, 1, 0),
    # 1 (1.0) moves down to 2, 3, 4 (0.0); 2 floated up in round 1, so 1 meets 3 (B5 up).
    ("B5/C10.b", 2, roster((1, "-"), (0, "-", "u"), (0, "-"), (0, "-")), False,
     [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 0.0, 2, 1),
    # As B5 for upfloaters, 2 having floated up two rounds before (B6).
    ("B6/C10.a", 3, roster((1, "--"), (0, "--", "u-"), (0, "--"), (0, "--")), False,
     [(1, 3), (2, 4)], None, [(1, 2), (3, 4)], None, 0.0, 2, 1),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_each_criterion_tells_its_pairings_apart(case) -> None:
    """The first difference is the case's criterion, in its bracket, the better pairing
    winning by the values worked out by hand."""
    cid, rnd, players, last, better, better_bye, worse, worse_bye, score, good, bad = case
    snap = round_of(rnd, *players, last=last)
    found = first_difference(
        list(SYSTEM.evaluate(snap, pairing_of(snap, better, better_bye))),
        list(SYSTEM.evaluate(snap, pairing_of(snap, worse, worse_bye))),
    )
    assert found is not None
    first, second = found
    assert (first.id, first.where, first.value, second.value) == (
        cid,
        f"bracket of score {score:.1f}",
        good,
        bad,
    )
    assert first.better == "higher"


def test_every_2012_criterion_has_a_case() -> None:
    assert {case[0] for case in CASES} == {
        spec.id for spec in load_edition("dutch", "2012").criteria
    }
