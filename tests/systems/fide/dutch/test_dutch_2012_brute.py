"""The 2012 edition against a brute force written here from the seed's text.

For rounds of up to 10 players (random scores, colour histories, floats,
previous opponents, players barred from the bye, last rounds with
topscorers), the engine's pairing must equal the one found by enumerating
every complete legal pairing of the round and keeping, bracket after bracket
from the top, the best by the quality of A11 (in the order C10 lowers the
requirements, as models/dutch-2012.md reads it), then the first in the order
D1-D3 generate candidates. Nothing here comes from mipair's Dutch modules:
preferences, topscorers, the quality and the D-order are written out again.
"""

from __future__ import annotations

import itertools
import os

from hypothesis import HealthCheck, assume, given, settings

from mipair.errors import NoPairingError
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.system import pair_snapshot
from tests.support.dutch_2012 import brute_force, exchange_key, rounds


def engine_pairing(snap: Snapshot) -> tuple[frozenset, int | None] | None:
    try:
        result = pair_snapshot(snap)
    except NoPairingError:
        return None
    hi = {p.id: (-p.pairing_score, p.tpn) for p in snap.players.values()}
    pairs = frozenset(tuple(sorted((b.white, b.black), key=hi.__getitem__)) for b in result.boards)
    return pairs, result.bye


@settings(
    max_examples=int(os.environ.get("MIPAIR_2012_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rounds())
def test_engine_equals_brute_force(snap: Snapshot) -> None:
    expected = brute_force(snap)
    assume(expected is not None)
    assert engine_pairing(snap) == expected


def d2_ranked(size: int) -> list[tuple[set[int], set[int]]]:
    """The exchanges of ``size`` players between S1 = 1-5 and S2 = 6-11, in D2's order."""
    number = {x: x for x in range(1, 12)}
    options = [
        (set(o), set(i))
        for o in itertools.combinations(range(1, 6), size)
        for i in itertools.combinations(range(6, 12), size)
    ]
    return sorted(options, key=lambda oi: exchange_key(*oi, number))


def test_d2_order_of_one_exchange() -> None:
    """D2's one-player table: 5-6 (1), 5-7 (2), 4-6 (3), 5-8 (4), 4-7 (5), 3-6 (6), ... 1-11 (30)."""
    ranked = d2_ranked(1)
    assert ranked[:6] == [({5}, {6}), ({5}, {7}), ({4}, {6}), ({5}, {8}), ({4}, {7}), ({3}, {6})]
    assert ranked.index(({1}, {6})) + 1 == 15 and ranked[-1] == ({1}, {11})


def test_d2_order_of_two_exchanges() -> None:
    """D2's two-player table: 5;4-6;7 (1), 5;4-6;8 (2), 5;3-6;7 (3), 5;4-6;9 (4),
    5;4-7;8 (5), 5;3-6;8 (6); 4;1-6;7 is the 28th, 2;1-10;11 the 150th."""
    ranked = d2_ranked(2)
    assert ranked[:6] == [
        ({5, 4}, {6, 7}),
        ({5, 4}, {6, 8}),
        ({5, 3}, {6, 7}),
        ({5, 4}, {6, 9}),
        ({5, 4}, {7, 8}),
        ({5, 3}, {6, 8}),
    ]
    assert ranked.index(({4, 1}, {6, 7})) + 1 == 28 and ranked[-1] == ({2, 1}, {10, 11})


def test_d2_order_of_three_exchanges() -> None:
    """D2's three-player example: 5;4;3-6;7;8 (9), 5;4;3-6;7;9, 5;4;2-6;7;8 (10), ..."""
    ranked = d2_ranked(3)
    assert ranked[:6] == [
        ({5, 4, 3}, {6, 7, 8}),
        ({5, 4, 3}, {6, 7, 9}),
        ({5, 4, 2}, {6, 7, 8}),
        ({5, 4, 3}, {6, 7, 10}),
        ({5, 4, 3}, {6, 8, 9}),
        ({5, 4, 2}, {6, 7, 9}),
    ]
