"""The Double-Swiss criteria evaluated on a complete pairing, bracket by bracket.

``why`` and ``check`` need, for the engine's pairing and for an arbiter's, the
values of what the text decides by, in the order it decides: first the PAB
(3.4.2 its score, lower first; 3.4.3 its matches played, more first; 3.4.4 its
TPN, larger first), then the brackets from the top. A bracket of a pairing is
its residents (the unpaired players of the highest score) and the players
paired with them (its upfloaters); its values are the criteria of
``models/double-swiss-2026.toml`` summed over its pairs by the very functions
the engine weighs (:mod:`.criteria`): C5 per score level from the lowest up,
C6 as met (0) or not (1), C7 and C8 outside the last round; then, values that
only tell pairings apart, the upfloaters in the order of 3.5.3 (3.5.4) and the
bracket's identifier (3.6.2).
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.reports import HIGHER, LOWER, ORDER_ONLY, CriterionValue
from mipair.systems.fide.double.criteria import following_split
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.double.settings import DoubleSwissSettings
from mipair.systems.fide.double.single import following_met
from mipair.systems.fide.double.state import DoubleState
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_bye import MATCH_BYE_KEYS, MATCH_BYE_TEXTS, bye_values

PAB = "pairing-allocated bye"


def double_criteria(state: DoubleState) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete legal pairings of ``state``'s round."""
    field = DoubleField(state)
    return lambda pairing: evaluate(field, pairing)


def pab_values(field: DoubleField, bye: int | None) -> list[CriterionValue]:
    """3.4.2-3.4.4 of the PAB, in the model file's ``bye_order``."""
    if bye is None or bye not in field.vertex:
        return []
    player = field.players[field.vertex[bye]]
    order = DoubleSwissSettings.of(field.edition.settings).bye_order
    return bye_values(order, MATCH_BYE_TEXTS, player, label=PAB, table=MATCH_BYE_KEYS)


def spec_values(
    field: DoubleField,
    spec: CriterionSpec,
    ctx: ScoreBracket,
    pairs: list[tuple[int, int]],
    rest: list[int],
    label: str,
) -> list[CriterionValue]:
    """One criterion of one bracket (a value per score level for C5)."""
    text = f"{spec.text}; value: {spec.value}"
    better = HIGHER if spec.better == "higher" else LOWER
    if spec.function is following_split:
        missed = int(not following_met(field, ctx, rest))
        return [CriterionValue(spec.id, text, missed, better, label)]
    players = field.players
    total: dict[int, int] = {}
    count = 0
    for v, w in pairs:
        value = spec.function(ctx, players[v], players[w])
        if isinstance(value, int):
            count += value
        else:
            for level, k in value:
                total[level] = total.get(level, 0) + k
    if not spec.levels:
        return [CriterionValue(spec.id, text, count, better, label)]
    levels = sorted({field.score(v) for v in rest} | set(total))
    return [
        CriterionValue(spec.id, text, total.get(s, 0), better, f"{label}, score {points_to_str(s)}")
        for s in levels
        if s < ctx.score
    ]


def evaluate(field: DoubleField, pairing: RoundPairing) -> list[CriterionValue]:
    """Every value of ``pairing``, the PAB first, then each bracket from the top."""
    vertex, players = field.vertex, field.players
    mate: dict[int, int] = {}
    for b in pairing.boards:
        if b.white in vertex and b.black in vertex:
            v, w = vertex[b.white], vertex[b.black]
            mate[v], mate[w] = w, v
    out = pab_values(field, pairing.bye)
    specs = field.edition.active(field.state.round, field.last_round)
    unpaired = sorted(mate)
    while unpaired:
        top = field.score(unpaired[0])
        ctx = ScoreBracket(top, field.following(top))
        residents = [v for v in unpaired if field.score(v) == top]
        pairs = sorted({(min(v, mate[v]), max(v, mate[v])) for v in residents})
        upfloaters = sorted(w for _, w in pairs if field.score(w) < top)
        inside = {v for pair in pairs for v in pair}
        rest = [v for v in unpaired if v not in inside]
        label = f"bracket of score {points_to_str(top)}"
        for spec in specs:
            out += spec_values(field, spec, ctx, pairs, rest, label)
        out.append(
            CriterionValue(
                "3.5.4",
                "the upfloaters, by descending score, then TPN (3.5.3)",
                tuple(players[w].id for w in upfloaters),
                ORDER_ONLY,
                label,
            )
        )
        by_top = sorted(
            (min(players[v].id, players[w].id), max(players[v].id, players[w].id)) for v, w in pairs
        )
        out.append(
            CriterionValue(
                "3.6.2",
                "the bracket's identifier: top members, then their bottom members",
                tuple(t for t, _ in by_top) + tuple(b for _, b in by_top),
                ORDER_ONLY,
                label,
            )
        )
        unpaired = rest
    return out
