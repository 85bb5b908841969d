"""Colour allocation of the Dubov system (C.04.4.1 (2026) 5.2): the first rule that decides.

1. 5.2.1: neither has played: the higher ranked gets the initial colour (152 / XXC)
   if his TPN is odd, the other colour if it is even;
2. 5.2.2: they seek different colours: both get theirs;
3. 5.2.3: the stronger preference (absolute, strong, mild) gets its colour;
4. 5.2.4: at the latest game (aligned from the last one played, C.04.2 3.4) where
   their colours differed, each gets the colour the other had then;
5. 5.2.5: the higher ranked player's preference.

Higher ranked (5.2.1): more points, then the smaller TPN.
"""

from __future__ import annotations

from mipair.model import Colour
from mipair.systems.fide.colours import give, latest_difference
from mipair.systems.fide.dubov.field import DubovPlayer


def allocate(a: DubovPlayer, b: DubovPlayer, initial: Colour) -> tuple[int, int]:
    """5.2: (white id, black id) for the pair a-b."""
    high, low = (a, b) if (a.score, -a.id) > (b.score, -b.id) else (b, a)
    if a.state.played_games == 0 and b.state.played_games == 0:  # 5.2.1
        return give(high.id, low.id, initial if high.id % 2 == 1 else initial.opposite)
    pa, pb = a.preference, b.preference
    if a.colour is not b.colour:  # 5.2.2
        return give(a.id, b.id, a.colour)
    if pa.strength != pb.strength:  # 5.2.3
        stronger, other = (a, b) if pa.strength > pb.strength else (b, a)
        return give(stronger.id, other.id, stronger.colour)
    latest = latest_difference(a.state, b.state)  # 5.2.4
    if latest is not None:
        return give(a.id, b.id, latest)
    return give(high.id, low.id, high.colour)  # 5.2.5
