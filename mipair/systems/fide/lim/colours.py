"""Colour allocation of the Lim system (C.04.4.3 (2026) Article 5): the first rule that decides.

1. 5.1, 5.3: only one allocation keeps both within the colour limits;
2. 5.1, 5.5, 5.6: they are due different colours, both get theirs; only one
   is due a colour, that one gets it;
3. 5.4: at the latest game (aligned from the last one played) where their
   colours differed, each gets the colour the other had then;
4. 5.4: the higher ranked gets his due colour for a pairing made in the Median
   Scoregroup or above it, the lower ranked below it; the lot colour (152 /
   XXC) when that player has none (reading R11).

Higher ranked (R13): the higher score, then the smaller number.
"""

from __future__ import annotations

from mipair.systems.fide.colours import give, latest_difference
from mipair.systems.fide.lim.field import LimField


def allocate(field: LimField, v: int, w: int, below: bool) -> tuple[int, int]:
    """Article 5: (white id, black id) for the pair of vertices v-w (``below``: made
    below the median)."""
    a, b = field.players[v], field.players[w]
    fits = field.colours_allowed(v, w)
    if len(fits) == 1:  # 5.1, 5.3
        return give(a.id, b.id, fits[0])
    if a.due is not None and b.due is not None and a.due is not b.due:  # 5.1, 5.5, 5.6
        return give(a.id, b.id, a.due)
    if a.due is not None and b.due is None:
        return give(a.id, b.id, a.due)
    if b.due is not None and a.due is None:
        return give(b.id, a.id, b.due)
    latest = latest_difference(a.state, b.state)  # 5.4: the latest difference
    if latest is not None:
        return give(a.id, b.id, latest)
    high, low = (a, b) if (a.score, -a.id) > (b.score, -b.id) else (b, a)
    decider, other = (low, high) if below else (high, low)  # 5.4: the rank
    return give(decider.id, other.id, decider.due or field.initial_colour)
