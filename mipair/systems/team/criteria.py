"""The quality criteria of C.04.6 (2.3), one small function each, as the model file names them.

Each function takes the bracket being made (:class:`~mipair.systems.swiss_brackets.ScoreBracket`) and the two teams of a
pair, and says what the pair adds to the criterion: a count (the engine minimises the
sum over a pairing's pairs) or, for C5, a count per score. A pair with one *resident*
(a team of the top-scoregroup) and one lower team makes that team an upfloater (1.3,
3.5.1); a minimal set of upfloaters never pairs two upfloaters together (T17), so the
functions read a pair of two residents as a pair inside the scoregroup. The engine
(:mod:`mipair.systems.team.upfloaters`, :mod:`mipair.systems.team.bracket`) weighs
them as the tiers of a matching model, and ``why``/``check``
(:mod:`mipair.systems.team.evaluate`) sum them over a pairing's brackets: the same code.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.team.field import TeamEntrant

Value = int | list[tuple[int, int]]


def upfloater(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> TeamEntrant | None:
    """The pair's upfloater: its lower team when the other is a resident (3.5.1)."""
    if a.pairing_score == ctx.score and b.pairing_score < ctx.score:
        return b
    if b.pairing_score == ctx.score and a.pairing_score < ctx.score:
        return a
    return None


def resident_of(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> TeamEntrant:
    """The resident of a pair with an upfloater."""
    return a if a.pairing_score == ctx.score else b


def in_bracket(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> bool:
    """Whether the pair is one of the bracket's: it has a resident."""
    return ctx.score in (a.pairing_score, b.pairing_score)


def upfloater_count(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C4] (2.3.1, 3.5.2): the pair brings an upfloater into the bracket."""
    return int(upfloater(ctx, a, b) is not None)


def upfloater_scores(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C5] (2.3.2): the score of the pair's upfloater; the fewest at the lowest score
    first maximises the upfloaters' scores in ascending order (the largest differences
    first)."""
    up = upfloater(ctx, a, b)
    return [] if up is None else [(up.pairing_score, 1)]


def following_group_floats(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C6] (2.3.3, T16): a team of the following scoregroup left outside the bracket is
    paired with a lower team. What is left of that group can be paired in its own
    bracket with the fewest upfloaters exactly when a pairing has at most one such
    pair (its parity is fixed by the upfloaters' profile, [C5])."""
    if ctx.following is None or in_bracket(ctx, a, b):
        return 0
    scores = {a.pairing_score, b.pairing_score}
    return int(ctx.following in scores and min(scores) < ctx.following)


def upfloaters_floated(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C7] (2.3.4): the pair's upfloater floated in the previous round (1.5)."""
    up = upfloater(ctx, a, b)
    return int(up is not None and up.floated)


def colour_clashes(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C8] (2.3.5, T15): both teams of a bracket pair want the same colour, so one of
    them does not get it (Article 4 grants every other preference)."""
    pa, pb = a.preference, b.preference
    if not in_bracket(ctx, a, b) or pa is None or pb is None:
        return 0
    return int(pa.colour == pb.colour)


def strong_colour_clashes(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C9] (2.3.6, type B, T15): both want the same colour strongly (4.3.4 grants a strong
    preference over a mild one)."""
    pa, pb = a.preference, b.preference
    if not in_bracket(ctx, a, b) or pa is None or pb is None:
        return 0
    return int(pa.colour == pb.colour and pa.strong and pb.strong)


def opponents_floated(ctx: ScoreBracket, a: TeamEntrant, b: TeamEntrant) -> Value:
    """[C10] (2.3.7): the opponent of the pair's upfloater floated in the previous round."""
    if upfloater(ctx, a, b) is None:
        return 0
    return int(resident_of(ctx, a, b).floated)


Criterion = Callable[[ScoreBracket, TeamEntrant, TeamEntrant], Value]

CRITERIA: dict[str, Criterion] = {
    f.__name__: f
    for f in (
        upfloater_count,
        upfloater_scores,
        following_group_floats,
        upfloaters_floated,
        colour_clashes,
        strong_colour_clashes,
        opponents_floated,
    )
}
"""The functions the model file may name."""
