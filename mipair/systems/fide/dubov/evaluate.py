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
from mipair.reports import ORDER_ONLY, CriterionValue
from mipair.systems.fide.dubov.field import DubovField
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.values import bracket_values
from mipair.systems.swiss_brackets import Bracket, mates
from mipair.systems.swiss_bye import bye_values

BYE_TEXT = {
    "lowest-score": ("3.1.3", "the PAB goes to the lowest score; value: its score"),
    "most-games-played": ("3.1.4", "then to the most games played; value: its games"),
    "largest-tpn": ("3.1.5", "then to the largest TPN; value: its TPN"),
}


def dubov_criteria(snap: Snapshot) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete legal pairings of ``snap``'s round (see the module docstring)."""
    field = DubovField(snap)
    return lambda pairing: evaluate(field, pairing)


def evaluate(field: DubovField, pairing: RoundPairing) -> list[CriterionValue]:
    """Every value of ``pairing``, the PAB first, then each bracket from the top."""
    players = field.players
    mate = mates(pairing, field.vertex)
    out = []
    if pairing.bye is not None and pairing.bye in field.vertex:
        recipient = players[field.vertex[pairing.bye]].state
        label = "pairing-allocated bye"
        out += bye_values(field.settings.bye_order, BYE_TEXT, recipient, label=label)
    snap = field.snapshot
    specs = snap.edition.active(snap.round, field.last_round)
    unpaired = sorted(mate)
    while unpaired:
        top = players[unpaired[0]].score
        residents = [v for v in unpaired if players[v].score == top]
        pairs = sorted({(min(v, mate[v]), max(v, mate[v])) for v in residents})
        upfloaters = sorted(w for _, w in pairs if players[w].score < top)
        label = f"bracket of score {points_to_str(top)}"
        levels = sorted({players[v].score for v in unpaired if players[v].score < top})
        bracket = Bracket(tuple(residents), (), top)
        out += bracket_values(specs, bracket, players, pairs, label, levels)
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
