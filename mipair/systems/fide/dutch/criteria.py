"""The Dutch quality criteria as edge weights, one small function per criterion.

The engine pairs a round as a series of maximum-weight matchings over all
players still to be paired (C.04.3 (2026) 4.6: one global matching with the
criteria as lexicographic fields). Each function below gives the value of one
criterion for a candidate pair, *higher-ranked player first*; larger is
better. A function returns either an ``int`` or a list of ``(score, value)``
terms: those criteria compare scores level by level, highest score first,
and the engine turns every score level into its own lexicographic tier.

The order in which criteria count is not here: it is declared once per
edition in ``models/dutch-<edition>.toml``; :data:`CRITERIA` maps the names
used there to these functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mipair.systems.fide.colours import Preference, Strength
from mipair.systems.fide.procedure import Criterion, Value
from mipair.systems.fide.state import PlayerState


@dataclass
class PairContext:
    """What the criteria need to know about the bracket being paired."""

    prefs: dict[int, Preference]
    in_bracket: bool = False  # both players belong to the current bracket (set by pair)
    in_next: bool = False  # the lower player belongs to the next scoregroup (set by pair)
    bye_score: int = 0  # S*: the lowest score a PAB recipient can have (C5)
    single_bye_floater: bool = False  # C9 applies to this pair (see the engine)
    unplayed_rank: dict[int, int] = field(default_factory=dict)  # played games -> C9 rank
    # 2017 edition only (see criteria2017)
    h_in_bracket: bool = False  # the higher player belongs to the current bracket
    window_min: int = 0  # lowest pairing score of the window being paired
    special: bool = False  # the window holds every remaining player (PPB/last bracket)
    final: bool = False  # the window's look-ahead part is the last scoregroup
    eligible: dict[int, bool] = field(default_factory=dict)  # PAB eligibility by player id


def float_back(p: PlayerState, back: int) -> str | None:
    """p's float ``back`` rounds before the current one (1: the previous round)."""
    return p.floats[-back] if len(p.floats) >= back else None


def signature(p: PlayerState, pref: Preference, eligible: bool) -> tuple[object, ...]:
    """Everything the criteria of both editions read about a player: players
    with equal signatures are interchangeable to them (see
    :mod:`mipair.systems.fide.weigh`)."""
    return (p.pairing_score, tuple(p.floats[-2:]), p.played_games, pref, eligible)


# -- C6-C8: pairs and scores -----------------------------------------------


def pairs_in_bracket(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C6: maximise the number of pairs (minimise downfloaters)."""
    return int(ctx.in_bracket)


def paired_scores(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C7: pair the highest scores (float the lowest ones)."""
    return [(h.pairing_score, 1)] if ctx.in_bracket else 0


def pairs_in_next(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C8, first step: the next bracket pairs as many players as possible."""
    return int(ctx.in_next)


def scores_in_next(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C8, second step: the next bracket pairs the highest scores."""
    return [(h.pairing_score, 1)] if ctx.in_next else 0


def bye_unplayed(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C9: the PAB to the candidate with the fewest unplayed rounds.

    Candidates (score S*) with fewer played games earn more when paired, so
    the one left over has played most.
    """
    if not ctx.single_bye_floater:
        return 0
    return sum(
        ctx.unplayed_rank.get(p.played_games, 0) for p in (h, l) if p.pairing_score == ctx.bye_score
    )


# -- C10-C13: colours ------------------------------------------------------


def topscorer_cd(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C10: no topscorer pair ends with |CD| > 2 (both |CD| >= 2, same colour)."""
    if not ctx.in_bracket:
        return 0
    ph, pl = ctx.prefs[h.id], ctx.prefs[l.id]
    return int(not (abs(ph.cd) >= 2 and abs(pl.cd) >= 2 and ph.colour is pl.colour))


def topscorer_repeat(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C11: no topscorer pair gives a third equal colour in a row.

    With both preferences absolute for one colour, the player who yields
    (smaller |CD|) must not already have two equal colours; with equal |CD|
    the pair counts when both repeated the same colour.
    """
    if not ctx.in_bracket:
        return 0
    ph, pl = ctx.prefs[h.id], ctx.prefs[l.id]
    if not (ph.absolute and pl.absolute and ph.colour is pl.colour):
        return 1
    if abs(ph.cd) == abs(pl.cd):
        return int(pl.repeated is None or pl.repeated is not ph.repeated)
    loser = ph if abs(pl.cd) > abs(ph.cd) else pl
    return int(loser.repeated is not (pl.colour.opposite if pl.colour else None))


def colour_preferences(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C12: both colour preferences granted (they differ or one has none)."""
    if not ctx.in_bracket:
        return 0
    ch, cl = ctx.prefs[h.id].colour, ctx.prefs[l.id].colour
    return int(ch is None or cl is None or ch is not cl)


def strong_preferences(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
    """C.04.3 (2026) C13: strong preferences granted (absolute-absolute pairs excepted)."""
    if not ctx.in_bracket:
        return 0
    ph, pl = ctx.prefs[h.id], ctx.prefs[l.id]
    weak = ph.strength < Strength.STRONG or pl.strength < Strength.STRONG
    return int(weak or (ph.absolute and pl.absolute) or ph.colour is not pl.colour)


# -- C14-C21: floats -------------------------------------------------------


def _no_repeat_down(back: int, doc: str) -> Criterion[PairContext, PlayerState]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket:
            return 0
        resident_h = h.pairing_score <= l.pairing_score
        return int(float_back(l, back) == "down") + int(
            resident_h and float_back(h, back) == "down"
        )

    criterion.__doc__ = doc
    return criterion


def _no_repeat_up(back: int, doc: str) -> Criterion[PairContext, PlayerState]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket:
            return 0
        return int(not (h.pairing_score > l.pairing_score and float_back(l, back) == "up"))

    criterion.__doc__ = doc
    return criterion


def _down_scores(back: int, doc: str) -> Criterion[PairContext, PlayerState]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket:
            return 0
        return [(p.pairing_score, 1) for p in (l, h) if float_back(p, back) == "down"]

    criterion.__doc__ = doc
    return criterion


def _up_scores(back: int, doc: str) -> Criterion[PairContext, PlayerState]:
    def criterion(ctx: PairContext, h: PlayerState, l: PlayerState) -> Value:
        if not ctx.in_bracket or (
            float_back(l, back) == "up" and h.pairing_score > l.pairing_score
        ):
            return 0
        return [(h.pairing_score, 1)]

    criterion.__doc__ = doc
    return criterion


repeat_down_1 = _no_repeat_down(
    1, "C.04.3 (2026) C14: pair the residents who downfloated in round n-1."
)
repeat_up_1 = _no_repeat_up(1, "C.04.3 (2026) C15: MDPs' opponents did not upfloat in round n-1.")
repeat_down_2 = _no_repeat_down(
    2, "C.04.3 (2026) C16: pair the residents who downfloated in round n-2."
)
repeat_up_2 = _no_repeat_up(2, "C.04.3 (2026) C17: MDPs' opponents did not upfloat in round n-2.")
down_scores_1 = _down_scores(
    1, "C.04.3 (2026) C18: pair the MDPs who downfloated in round n-1, highest first."
)
up_scores_1 = _up_scores(
    1, "C.04.3 (2026) C19: round n-1 upfloaters meet the MDPs of lowest score."
)
down_scores_2 = _down_scores(2, "C.04.3 (2026) C20: as C18 for round n-2.")
up_scores_2 = _up_scores(2, "C.04.3 (2026) C21: as C19 for round n-2.")

CRITERIA: dict[str, Criterion[PairContext, PlayerState]] = {
    "pairs_in_bracket": pairs_in_bracket,
    "paired_scores": paired_scores,
    "pairs_in_next": pairs_in_next,
    "scores_in_next": scores_in_next,
    "bye_unplayed": bye_unplayed,
    "topscorer_cd": topscorer_cd,
    "topscorer_repeat": topscorer_repeat,
    "colour_preferences": colour_preferences,
    "strong_preferences": strong_preferences,
    "repeat_down_1": repeat_down_1,
    "repeat_up_1": repeat_up_1,
    "repeat_down_2": repeat_down_2,
    "repeat_up_2": repeat_up_2,
    "down_scores_1": down_scores_1,
    "up_scores_1": up_scores_1,
    "down_scores_2": down_scores_2,
    "up_scores_2": up_scores_2,
}
