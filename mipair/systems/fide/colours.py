"""Colour preferences, as every FIDE Swiss system defines them, and the colour rules.

Preferences: C.04.3 (2026) 1.7, which Burstein (C.04.4.2 1.5) takes word for word:
absolute beyond a colour difference of +-1 or after two equal colours in a row,
strong at +-1, mild otherwise, none before a first game; decided in the order
the reference engine uses (|CD| >= 2 first, then two equal colours in a row,
then |CD| = 1, then the last colour). Dubov (C.04.4.1 (2026) 1.6) has the same
definitions but gives a player who has not played a mild preference for Black
(1.6.4): the ``newcomer`` argument (the edition's ``newcomer_preference``). Only played games count (C.04.2 (2026)
3.4). The general colour rules (C.04.1 (2026) Art. 6 and 7): no colour
difference beyond +-2, no colour three times in a row; a system may except
some pairs (the Dutch topscorers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from mipair.model import Colour
from mipair.systems.fide.state import PlayerState, Snapshot

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing
    from mipair.reports import Violation  # not loaded by a drop-in round

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
    """C.04.3 (2026) 1.7: absolute, strong, mild or no colour preference;
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


def give(first: int, second: int, colour: Colour) -> tuple[int, int]:
    """(White's id, Black's id) when the player ``first`` gets ``colour`` against ``second``:
    what every system's colour allocation returns."""
    return (first, second) if colour is Colour.WHITE else (second, first)


def latest_difference(a: PlayerState, b: PlayerState) -> Colour | None:
    """The colour ``a`` gets by the rule every FIDE Swiss system has (Dutch 5.2.3,
    Burstein and Dubov 5.2.4, Lim 5.4): at the latest game, aligned from the last one
    played (C.04.2 3.4), in which the two had different colours, the colour ``b`` had
    then; None when they never differed."""
    for mine, theirs in zip(reversed(played_colours(a)), reversed(played_colours(b))):
        if mine is not theirs:
            return theirs
    return None


def absolute_class(pref: Preference) -> object:
    """Two players may not meet when their classes are equal and not None: both
    with an absolute preference for one colour (C.04.1 (2026) Art. 6 and 7)."""
    return ("absolute", pref.colour) if pref.absolute else None


def colour_breach(state: PlayerState, colour: Colour, rules: tuple[str, str]) -> Violation | None:
    """The general colour rules ``state`` breaks when given ``colour`` (None: none),
    named as the edition numbers them (``rules``: |CD| > 2, a third colour in a row)."""
    from mipair.reports import Violation  # not loaded by a drop-in round

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


# -- a published round with the engine's pairs and other colours (``check``) --


def colour_detail(snap: Snapshot, engine: RoundPairing, published: RoundPairing) -> str:
    """Same pairs, other colours: the boards and the preferences the published colours miss."""
    kinds = {1: "mild", 2: "strong", 3: "absolute"}
    mine = {(b.white, b.black) for b in engine.boards}
    swapped, missed = [], []
    for b in published.boards:
        if (b.black, b.white) not in mine:
            continue
        swapped.append(f"{b.white}-{b.black}")
        for pid, got in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            pref = preference(snap.players[pid])
            if pref.colour is not None and pref.colour is not got:
                missed.append(
                    f"player {pid} prefers {COLOUR_NAME[pref.colour]} "
                    f"({kinds[int(pref.strength)]}) and gets {COLOUR_NAME[got]}"
                )
    text = (
        "the published colours break Article 5 (colour allocation) on board"
        f"{'s' if len(swapped) > 1 else ''} {', '.join(swapped)} (published White first)"
    )
    if missed:
        text += ": " + "; ".join(missed)
    return (
        f"{text}. Colour preferences not granted: mipair {colour_misses(engine, snap)}, "
        f"published {colour_misses(published, snap)}."
    )


def colour_misses(pairing: RoundPairing, snap: Snapshot) -> int:
    """Players whose colour preference the pairing's colours do not grant (Article 5)."""
    miss = 0
    for b in pairing.boards:
        for pid, got in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            want = preference(snap.players[pid]).colour
            miss += want is not None and want is not got
    return miss
