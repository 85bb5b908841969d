"""The Dubov quality criteria (C.04.4.1 (2026) 2.3) as values of a bracket's pairs.

The criteria rank the candidate sets of upfloaters of a bracket (3.2.2); each
is counted over the bracket's pairs, a resident first and the other player
second, so that a matching model can weigh every candidate pair and
``why``/``check`` can sum the same functions over a finished pairing. Each
function gives a count to minimise (C6: one term per score level, compared
from the lowest score up). The order in which they count is declared once in
``models/dubov-2026.toml``; :data:`CRITERIA` maps the names used there to
these functions.
"""

from __future__ import annotations

from mipair.systems.fide.dubov.field import DubovPlayer
from mipair.systems.fide.procedure import Criterion, Value
from mipair.systems.swiss_brackets import Bracket


def upfloater_count(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C5 (2.3.1): a pair with an upfloater."""
    return int(ctx.from_below(other.score))


def upfloater_scores(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C6 (2.3.2): an upfloater at its score; the fewer at the lower scores, the smaller
    the score differences, largest first."""
    return [(other.score, 1)] if ctx.from_below(other.score) else 0


def colour_misses(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C7 (2.3.3): both seek the same colour, so one of them does not get it."""
    return int(resident.colour is other.colour)


def maximum_upfloaters(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C8 (2.3.4): the upfloater is a maximum upfloater (1.8.1)."""
    return int(ctx.from_below(other.score) and other.maximum)


def maximum_upfloats(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C9 (2.3.5): the times a maximum upfloater has been upfloated."""
    return other.upfloats if ctx.from_below(other.score) and other.maximum else 0


def upfloated_last_round(ctx: Bracket, resident: DubovPlayer, other: DubovPlayer) -> Value:
    """C10 (2.3.6): the upfloater was upfloated in the previous round."""
    return int(ctx.from_below(other.score) and other.upfloated_last)


CRITERIA: dict[str, Criterion[Bracket, DubovPlayer]] = {
    f.__name__: f
    for f in (
        upfloater_count,
        upfloater_scores,
        colour_misses,
        maximum_upfloaters,
        maximum_upfloats,
        upfloated_last_round,
    )
}
"""The criterion functions by the names ``models/dubov-2026.toml`` uses."""
