"""The Double-Swiss quality criteria (C.04.5 2.3) as values of a bracket's pairs.

Each function takes what it knows of the bracket (:class:`~mipair.systems.swiss_brackets.ScoreBracket`) and one
pair, the resident first, and gives a count to minimise (C5: one term per
score level, compared from the lowest score up). The engine weighs them as
the tiers of a matching model (:mod:`.upfloaters`, :mod:`.bracket`) and
``why``/``check`` sum the same functions over a finished pairing
(:mod:`.evaluate`). Their order, and which of them choose the set of
upfloaters (3.5.5) and which the bracket's pairing (3.6.4), is declared once in
``models/double-swiss-2026.toml``; :data:`CRITERIA` maps the names used there
to these functions. The readings cited (DS...) are ``models/double-swiss-2026.md``'s.
"""

from __future__ import annotations

from mipair.systems.fide.double.state import DoublePlayer
from mipair.systems.fide.procedure import Criterion, Value
from mipair.systems.swiss_brackets import ScoreBracket


def upfloater_count(ctx: ScoreBracket, resident: DoublePlayer, other: DoublePlayer) -> Value:
    """C4 (2.3.1, 3.5.2): a pair with an upfloater."""
    return int(ctx.upfloater(other))


def upfloater_scores(ctx: ScoreBracket, resident: DoublePlayer, other: DoublePlayer) -> Value:
    """C5 (2.3.2, 3.5.2): an upfloater at its score; the fewer at the lower scores, the
    smaller the score differences (the scores sorted ascending, higher better)."""
    return [(other.pairing_score, 1)] if ctx.upfloater(other) else 0


def following_split(ctx: ScoreBracket, one: DoublePlayer, other: DoublePlayer) -> Value:
    """C6 (2.3.3, 3.5.5, DS6): a pair of the players left below the bracket that takes a
    player of the following scoregroup out of it, to a lower score. Met when what is left
    of that scoregroup pairs within itself, but one player when its number is odd."""
    return int(ctx.in_following(one) != ctx.in_following(other))


def floated_upfloaters(ctx: ScoreBracket, resident: DoublePlayer, other: DoublePlayer) -> Value:
    """C7 (2.3.4, 3.5.5): the upfloater was a floater in the previous round (1.5)."""
    return int(ctx.upfloater(other) and other.floated_last)


def floated_opponents(ctx: ScoreBracket, resident: DoublePlayer, other: DoublePlayer) -> Value:
    """C8 (2.3.5, 3.6.4, DS7): the upfloater's opponent, a resident, was a floater in the
    previous round (1.5)."""
    return int(ctx.upfloater(other) and resident.floated_last)


CRITERIA: dict[str, Criterion[ScoreBracket, DoublePlayer]] = {
    f.__name__: f
    for f in (
        upfloater_count,
        upfloater_scores,
        following_split,
        floated_upfloaters,
        floated_opponents,
    )
}
"""The criterion functions by the names ``models/double-swiss-2026.toml`` uses."""
