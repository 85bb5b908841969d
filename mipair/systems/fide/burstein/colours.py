"""Colour allocation of the Burstein System (C.04.4.2 (2026) 5.2).

The preferences are those every FIDE Swiss system shares (1.5:
:mod:`mipair.systems.fide.colours`; a player who has not played has none,
1.5.4). The rules, in order, for a pair a-b:

1. 5.2.1: neither has played a game: the higher ranked, by points and then
   pairing number (5.2.1 defines its own order), gets the initial colour if
   his pairing number is odd, the other colour if it is even;
2. 5.2.2: both preferences granted when they differ (one without a
   preference: the other's is granted, which 5.2.3 then does);
3. 5.2.3: the stronger preference is granted;
4. 5.2.4: going back through both players' games, at the latest round in
   which they had different colours, each gets the colour the other had;
5. 5.2.5: the preference of the player ranked higher by the Index (1.8).
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.model import Colour
from mipair.systems.fide.colours import give, latest_difference, preference
from mipair.systems.fide.state import PlayerState, Snapshot


def allocate(
    snap: Snapshot, a: PlayerState, b: PlayerState, rank: Callable[[PlayerState], tuple[int, ...]]
) -> tuple[int, int]:
    """5.2: (White's id, Black's id) for the pair a-b; ``rank``: the 1.8 sort key."""
    pa, pb = preference(a), preference(b)
    if a.played_games == 0 and b.played_games == 0:  # 5.2.1
        high, low = (a, b) if (a.pairing_score, -a.tpn) > (b.pairing_score, -b.tpn) else (b, a)
        initial = snap.initial_colour or Colour.WHITE
        return give(high.id, low.id, initial if high.tpn % 2 else initial.opposite)
    if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:  # 5.2.2
        return give(a.id, b.id, pa.colour)
    if pa.strength != pb.strength:  # 5.2.3 (no preference is the weakest)
        stronger, other = (a, b) if pa.strength > pb.strength else (b, a)
        wanted = preference(stronger).colour
        assert wanted is not None
        return give(stronger.id, other.id, wanted)
    latest = latest_difference(a, b)  # 5.2.4
    if latest is not None:
        return give(a.id, b.id, latest)
    high, low = (a, b) if rank(a) < rank(b) else (b, a)  # 5.2.5
    wanted = preference(high).colour
    assert wanted is not None
    return give(high.id, low.id, wanted)
