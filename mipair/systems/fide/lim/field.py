"""The players of one Lim round as the text sees them, and the pairs it allows.

Vertex ``i`` of the round is the ``i``-th player present by score then pairing
number (the file's number, #1 the highest numbered: ``models/lim-2026.md``
section 1). Compatible (2.1): the two have not played each other and some
colour allocation keeps both within the colour limits (no third colour in a
row, no colour three times more often than the other); in the last round only
the meeting counts (Article 6). The organiser's forbidden pairs are kept apart
too. Due colour (Article 5): the colour that evens the counts, else the other
than the last; none before a first game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mipair.model import Colour
from mipair.systems.fide.colours import played_colours
from mipair.systems.fide.lim.settings import ColourLimits, LimSettings
from mipair.systems.fide.pairable import basic_pairs
from mipair.systems.fide.players import RoundPlayer
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.swiss_pairable import Pairable


@dataclass(frozen=True)
class LimPlayer(RoundPlayer):
    """One player present in the round, with what the Lim text reads of it."""

    due: Colour | None  # Article 5
    floated_last: bool  # 3.10: floated in the previous round


def due_colour(state: PlayerState) -> Colour | None:
    """Article 5: the colour that evens the counts, else the other than the last game."""
    history = played_colours(state)
    cd = state.colour_difference
    if cd:
        return Colour.BLACK if cd > 0 else Colour.WHITE
    return history[-1].opposite if history else None


def within_limits(state: PlayerState, colour: Colour, limits: ColourLimits) -> bool:
    """5.1: after ``colour``, no colour more than ``max_in_a_row`` times in a row and a
    difference of at most ``max_difference``."""
    history = [*played_colours(state), colour]
    cd = sum(1 if c is Colour.WHITE else -1 for c in history)
    run = limits.max_in_a_row + 1
    repeated = len(history) >= run and len(set(history[-run:])) == 1
    return abs(cd) <= limits.max_difference and not repeated


def floated_last_round(snap: Snapshot, state: PlayerState) -> bool:
    """3.10 (reading R8): a game last round against an opponent of another score then."""
    last = snap.round - 1
    return (
        last >= 1
        and len(state.floats) >= last
        and (state.colours[last - 1] is not None and state.floats[last - 1] is not None)
    )


class LimField:
    """The players of one round by score then number, and the compatible pairs."""

    def __init__(self, snap: Snapshot) -> None:
        self.snapshot = snap
        self.settings = LimSettings.of(snap.edition.settings)
        self.limits = self.settings.colour_limits
        t = snap.tournament
        states = sorted(
            (snap.players[pid] for pid in snap.to_pair), key=lambda p: (-p.pairing_score, p.id)
        )
        self.players = [
            LimPlayer(s, v, due_colour(s), floated_last_round(snap, s))
            for v, s in enumerate(states)
        ]
        self.n = len(self.players)
        self.vertex = {p.id: p.vertex for p in self.players}
        self.last_round = t.total_rounds is not None and snap.round >= t.total_rounds
        self.initial_colour = snap.initial_colour or Colour.WHITE
        self.win = t.point_system.win
        self.compatible = self.compatible_pairs()
        self.pairable = Pairable(self.compatible)

    def within(self, v: int, colour: Colour) -> bool:
        return within_limits(self.players[v].state, colour, self.limits)

    def colours_allowed(self, v: int, w: int) -> list[Colour]:
        """The colours of v (w the other) that keep both within the limits."""
        return [
            c
            for c in (Colour.WHITE, Colour.BLACK)
            if self.within(v, c) and self.within(w, c.opposite)
        ]

    def compatible_pairs(self) -> np.ndarray:
        """2.1 (see the module docstring) and the forbidden pairs, as a symmetric matrix."""
        n = self.n
        allowed = basic_pairs(self.snapshot, [p.state for p in self.players])
        if not (self.last_round and self.limits.lifted_in_last_round):
            kinds: dict[tuple[bool, bool], list[int]] = {}
            for v in range(n):
                key = (self.within(v, Colour.WHITE), self.within(v, Colour.BLACK))
                kinds.setdefault(key, []).append(v)
            for (white_a, black_a), group_a in kinds.items():
                for (white_b, black_b), group_b in kinds.items():
                    if not ((white_a and black_b) or (black_a and white_b)):
                        allowed[np.ix_(group_a, group_b)] = False
            np.fill_diagonal(allowed, False)
        return allowed
