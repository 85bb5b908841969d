"""Colour preferences and the general colour rules every FIDE Swiss system shares.

* Preferences (Dutch C.04.3 (2026) 1.7, Dubov C.04.4.1 (2026) 1.6, the same
  definitions): *absolute* when the colour difference is beyond +-1 or the last
  two games had the same colour (the difference decides when the two point
  different ways), *strong* at +-1, *mild* at 0 (the other colour than the last
  game). A player who has not played has none in the Dutch system, a mild
  preference for Black in the Dubov system (1.6.4): the ``newcomer`` argument.
  Only played games count (C.04.2 (2026) 3.4).
* The general colour rules (C.04.1 (2026) Art. 6 and 7): nobody ends a round
  with a colour difference beyond +-2 or a colour three times in a row. Each
  edition numbers them (``colour_rules`` of its model file); a system may
  except some pairs (the Dutch topscorers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from mipair.model import Colour
from mipair.systems.fide.state import PlayerState, Snapshot

if TYPE_CHECKING:
    from mipair.explain.facts import Fact
    from mipair.pairing import RoundPairing
    from mipair.reports import Violation

COLOUR_NAME = {Colour.WHITE: "White", Colour.BLACK: "Black"}


class Strength(IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class Preference:
    """A player's colour preference for the round being paired."""

    colour: Colour | None
    strength: Strength
    cd: int  # colour difference (whites - blacks)
    repeated: Colour | None  # colour of the last two played games, if equal

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE


def played_colours(state: PlayerState) -> list[Colour]:
    """Colours of the played games, oldest first (unplayed rounds removed)."""
    return [c for c in state.colours if c is not None]


def preference(state: PlayerState, newcomer: Colour | None = None) -> Preference:
    """Absolute, strong, mild or no colour preference (see the module docstring);
    ``newcomer``: the mild preference of a player who has not played (None: none)."""
    history = played_colours(state)
    cd = sum(1 if c is Colour.WHITE else -1 for c in history)
    repeated = history[-1] if len(history) >= 2 and history[-1] is history[-2] else None
    if cd <= -2 or cd >= 2:
        return Preference(Colour.WHITE if cd < 0 else Colour.BLACK, Strength.ABSOLUTE, cd, repeated)
    if repeated is not None:
        return Preference(repeated.opposite, Strength.ABSOLUTE, cd, repeated)
    if cd:
        return Preference(Colour.WHITE if cd < 0 else Colour.BLACK, Strength.STRONG, cd, repeated)
    if history:
        return Preference(history[-1].opposite, Strength.MILD, cd, repeated)
    if newcomer is not None:
        return Preference(newcomer, Strength.MILD, cd, repeated)
    return Preference(None, Strength.NONE, cd, repeated)


def why_absolute(p: Preference) -> str:
    """Why a colour preference is absolute, e.g. 'colour difference -2'."""
    if abs(p.cd) >= 2:
        return f"colour difference {p.cd:+d}"
    assert p.repeated is not None
    return f"two {COLOUR_NAME[p.repeated]}s in a row"


def colour_fact(a: int, b: int, pa: Preference, pb: Preference, exception: str = "") -> Fact:
    """Two players with the same absolute preference may not meet, as a removable
    fact (``exception``: what the system adds, e.g. that neither is a topscorer)."""
    from mipair.explain.facts import Fact, pair

    assert pa.colour is not None
    col = COLOUR_NAME[pa.colour]
    return Fact(
        "colour",
        (a, b),
        f"players {a} ({why_absolute(pa)}) and {b} ({why_absolute(pb)}) must both have "
        f"{col}{exception}",
        f"let {a} and {b} meet although one of them cannot have {col}",
        frozenset({pair(a, b)}),
        note=col,
    )


def colour_breach(state: PlayerState, colour: Colour, rules: tuple[str, str]) -> Violation | None:
    """The general colour rules ``state`` breaks when given ``colour`` (None: none)."""
    from mipair.reports import Violation

    history = played_colours(state) + [colour]
    cd = sum(1 if c is Colour.WHITE else -1 for c in history)
    broken, why = [], []
    if abs(cd) > 2:
        broken.append(rules[0])
        why.append(f"colour difference {cd:+d}")
    if len(history) >= 3 and history[-1] is history[-2] is history[-3]:
        broken.append(rules[1])
        why.append(f"a third {COLOUR_NAME[colour]} in a row")
    if not broken:
        return None
    return Violation(
        " and ".join(broken),
        (state.id,),
        f"player {state.id} would get {COLOUR_NAME[colour]}: {' and '.join(why)}",
    )


def colour_breaches(
    snap: Snapshot,
    pairing: RoundPairing,
    excepted: Callable[[PlayerState], bool] = lambda state: False,
) -> list[Violation]:
    """Every player to whom the pairing's own colours give |CD| > 2 or a third equal
    colour in a row, but on boards with an ``excepted`` player."""
    rules = snap.edition.colour_rules
    out = []
    for b in pairing.boards:
        white, black = snap.players.get(b.white), snap.players.get(b.black)
        if white is None or black is None or b.white == b.black:
            continue  # not in the round: the structural checks say so
        if excepted(white) or excepted(black):
            continue
        for state, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            found = colour_breach(state, colour, rules)
            if found is not None:
                out.append(found)
    return out
