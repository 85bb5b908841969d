"""The colours of a Double-Swiss match (C.04.5 Article 4).

A match's colour is the colour of its game 1 (1.6); the player given White
plays game 1 with White and game 2 with Black (4.4). For each pair, the first
rule that decides (the readings cited are ``models/double-swiss-2026.md``'s):

* 4.3.1: neither has had a colour: the higher ranked player (4.2: the higher
  score, then the smaller TPN; DS13) gets the initial colour (4.1) if his TPN
  is odd, the other if it is even;
* 4.3.2: White to the player who had White in fewer matches (DS11);
* 4.3.3: back through both sequences of match colours, aligned on the latest
  (DS12), at the latest place where they differ each gets the other's colour;
* 4.3.4: the higher ranked player gets the colour other than his latest;
* 4.3.5: the opponent gets the colour other than his latest.
"""

from __future__ import annotations

from mipair.model import Colour
from mipair.systems.fide.double.state import DoublePlayer


def higher_ranked(a: DoublePlayer, b: DoublePlayer) -> tuple[DoublePlayer, DoublePlayer]:
    """4.2: (the higher ranked player, the other): the higher real score, then the
    smaller TPN."""
    return (a, b) if (a.score, -a.id) > (b.score, -b.id) else (b, a)


def give(player: int, other: int, colour: Colour) -> tuple[int, int]:
    """(White, Black) when ``player`` gets ``colour``."""
    return (player, other) if colour is Colour.WHITE else (other, player)


def match_colours(a: DoublePlayer, b: DoublePlayer, initial: Colour) -> tuple[int, int]:
    """(White in game 1, Black in game 1) for the pair (see the module docstring)."""
    high, low = higher_ranked(a, b)
    if not high.colours and not low.colours:  # 4.3.1
        return give(high.id, low.id, initial if high.id % 2 else initial.opposite)
    if high.whites != low.whites:  # 4.3.2
        return give(high.id, low.id, Colour.WHITE if high.whites < low.whites else Colour.BLACK)
    for mine, theirs in zip(reversed(high.colours), reversed(low.colours)):  # 4.3.3
        if mine != theirs:
            return give(high.id, low.id, theirs)
    if high.colours:  # 4.3.4
        return give(high.id, low.id, high.colours[-1].opposite)
    return give(low.id, high.id, low.colours[-1].opposite)  # 4.3.5
