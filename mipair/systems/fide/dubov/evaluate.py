"""The Dubov quality criteria evaluated on a complete pairing, bracket by bracket.

``why`` and ``check`` need, for the engine's pairing and for an arbiter's, the
values of what the text decides by, in the order it decides: first the PAB
(3.1.3 its score, lower first; 3.1.4 its games played, more first; 3.1.5 its
TPN, larger first), then the brackets from the top. A bracket of a pairing is
its residents (the unpaired players of the highest score) and the players
paired with them (its upfloaters, 1.3.2); its values are the criteria of
``models/dubov-2026.toml`` summed over its pairs by the very functions the
engine weighs (:mod:`mipair.systems.fide.dubov.criteria`), C6 shown per score
level from the lowest up, C8-C10 outside the last round; then, values that
only tell pairings apart, the upfloaters' sequence numbers (4.2) and the
bracket's pairs (3.2.3-3.2.6).
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.reports import HIGHER, LOWER, ORDER_ONLY, CriterionValue
from mipair.systems.fide.dubov.criteria import Bracket
from mipair.systems.fide.dubov.field import DubovField
from mipair.systems.fide.state import Snapshot

BYE_VALUES = {
    "lowest-score": ("3.1.3", "the PAB goes to the lowest score; value: its score", LOWER),
    "most-games-played": ("3.1.4", "then to the most games played; value: its games", HIGHER),
    "largest-tpn": ("3.1.5", "then to the largest TPN; value: its TPN", HIGHER),
}


def dubov_criteria(snap: Snapshot) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete legal pairings of ``snap``'s round (see the module docstring)."""
    field = DubovField(snap)
    return lambda pairing: evaluate(field, pairing)


def bye_values(field: DubovField, bye: int | None) -> list[CriterionValue]:
    """3.1.3-3.1.5 of the PAB, in the model file's ``bye_order``."""
    if bye is None or bye not in field.vertex:
        return []
    player = field.players[field.vertex[bye]]
    values = {
        "lowest-score": player.score / 10,  # in points (compared as a number, not as text)
        "most-games-played": player.state.played_games,
        "largest-tpn": player.id,
    }
    out = []
    for name in field.snapshot.edition.settings["bye_order"]:
        article, text, better = BYE_VALUES[name]
        value = values[name]
        out.append(CriterionValue(article, text, value, better, "pairing-allocated bye"))
    return out


def evaluate(field: DubovField, pairing: RoundPairing) -> list[CriterionValue]:
    """Every value of ``pairing``, the PAB first, then each bracket from the top."""
    vertex, players = field.vertex, field.players
    mate: dict[int, int] = {}
    for b in pairing.boards:
        if b.white in vertex and b.black in vertex:
            v, w = vertex[b.white], vertex[b.black]
            mate[v], mate[w] = w, v
    out = bye_values(field, pairing.bye)
    snap = field.snapshot
    specs = snap.edition.active(snap.round, field.last_round)
    unpaired = sorted(mate)
    while unpaired:
        top = players[unpaired[0]].score
        ctx = Bracket(top)
        residents = [v for v in unpaired if players[v].score == top]
        pairs = sorted({(min(v, mate[v]), max(v, mate[v])) for v in residents})
        upfloaters = sorted(w for _, w in pairs if players[w].score < top)
        label = f"bracket of score {points_to_str(top)}"
        levels = sorted({players[v].score for v in unpaired if players[v].score < top})
        for spec in specs:
            total: dict[int, int] = {}
            count = 0
            for v, w in pairs:
                value = spec.function(ctx, players[v], players[w])
                if isinstance(value, int):
                    count += value
                else:
                    for level, k in value:
                        total[level] = total.get(level, 0) + k
            text = f"{spec.text}; value: {spec.value}"
            better = HIGHER if spec.better == "higher" else LOWER
            if not spec.levels:
                out.append(CriterionValue(spec.id, text, count, better, label))
                continue
            out += [
                CriterionValue(
                    spec.id, text, total.get(s, 0), better, f"{label}, score {points_to_str(s)}"
                )
                for s in levels
            ]
        out.append(
            CriterionValue(
                "4.2",
                "the upfloaters, by sequence number (score, then TPN)",
                tuple(players[w].id for w in upfloaters),
                ORDER_ONLY,
                label,
            )
        )
        out.append(
            CriterionValue(
                "3.2.3-3.2.6",
                "the pairs formed",
                tuple(sorted((players[v].id, players[w].id) for v, w in pairs)),
                ORDER_ONLY,
                label,
            )
        )
        inside = {v for pair in pairs for v in pair}
        unpaired = [v for v in unpaired if v not in inside]
    return out
