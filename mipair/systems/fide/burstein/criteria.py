"""The Burstein quality criteria (C.04.4.2 (2026) 2.3) as edge weights, one small function each.

Each function gives the value of one criterion for a candidate pair of the
bracket's window (the bracket and the next scoregroup), the higher-ranked
player first; larger is better, as the solver maximises. A function returns an
``int``, or a list of ``(score, value)`` terms for a criterion compared score
by score, highest first (each score level one lexicographic tier). The order
in which they count, and what ``why`` shows of each, is declared once in
``models/burstein-2026.toml``; :data:`CRITERIA` maps its names to these.

Minimising the outgoing floaters (C5) is pairing the most players; minimising
their scores, highest first (C6), is pairing the most players at the highest
score, then at the next (the bracket's players are given); the same two for
the following bracket (C7); and fewest pairs whose two players want one colour
(C8).
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.systems.fide.colours import Preference
from mipair.systems.fide.procedure import Criterion, Value
from mipair.systems.fide.state import PlayerState


@dataclass(frozen=True)
class PairContext:
    """Where a pair stands in the window being paired, and the round's preferences."""

    prefs: dict[int, Preference]
    in_bracket: bool  # both players are the bracket's
    in_following: bool  # the pair is the following bracket's (a player of the next scoregroup)


def bracket_pairs(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.4.2 (2026) 2.3.1 (C5): minimise the outgoing floaters: pair the most players."""
    return int(ctx.in_bracket)


def paired_scores(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.4.2 (2026) 2.3.2 (C6): minimise the outgoing floaters' scores, highest first:
    pair the most players at each score, from the highest."""
    return [(h.pairing_score, 1), (l.pairing_score, 1)] if ctx.in_bracket else 0


def following_pairs(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.4.2 (2026) 2.3.3 (C7), as C5: the following bracket pairs the most players."""
    return int(ctx.in_following)


def following_scores(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.4.2 (2026) 2.3.3 (C7), as C6: the following bracket pairs the highest scores."""
    return [(h.pairing_score, 1), (l.pairing_score, 1)] if ctx.in_following else 0


def colour_misses(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.4.2 (2026) 2.3.4 (C8): minimise the players who do not get their colour
    preference: a pair of the bracket whose two players want the same colour counts -1."""
    if not ctx.in_bracket:
        return 0
    wanted = ctx.prefs[h.id].colour
    return -int(wanted is not None and wanted is ctx.prefs[l.id].colour)


CRITERIA: dict[str, Criterion[PairContext, PlayerState]] = {
    "bracket_pairs": bracket_pairs,
    "paired_scores": paired_scores,
    "following_pairs": following_pairs,
    "following_scores": following_scores,
    "colour_misses": colour_misses,
}


def signature(p: PlayerState, pref: Preference, eligible: bool) -> tuple[object, ...]:
    """Everything these criteria read of a player (:mod:`mipair.systems.fide.weigh`)."""
    return (p.pairing_score, pref.colour)
