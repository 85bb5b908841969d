"""A criterion's total over a bracket's pairs, and the values ``why`` and ``check`` show of it.

Every FIDE Swiss system judges a complete pairing bracket by bracket: each
criterion of its model file summed over the bracket's pairs (:func:`add`),
one number or one number per score level, shown as the model file says
(:func:`shown`: ``value``, ``better``, ``levels``, ``sign``);
:func:`bracket_values` does both for every criterion of a bracket.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mipair.model import points_to_str
from mipair.reports import HIGHER, LOWER, CriterionValue
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.fide.procedure import EditionCriterion, Value

Total = int | dict[int, int]
"""A criterion summed over pairs: one number, or one number per level."""


def add(total: Total, value: Value) -> Total:
    """``total`` plus one pair's value of a criterion."""
    if isinstance(value, int):
        return total + value if isinstance(total, int) else total
    levels = dict(total) if isinstance(total, dict) else {}
    for level, weight in value:
        levels[level] = levels.get(level, 0) + weight
    return levels


def shown(spec: CriterionSpec, total: Total, label: str, levels: list[int]) -> list[CriterionValue]:
    """A criterion's total as the values ``why`` and ``check`` show (see the model file)."""
    text = f"{spec.text}; value: {spec.value}"
    better = HIGHER if spec.better == "higher" else LOWER
    if not spec.levels:
        assert isinstance(total, int)
        return [CriterionValue(spec.id, text, spec.sign * total, better, label)]
    per_level = total if isinstance(total, dict) else {}
    return [
        CriterionValue(
            spec.id,
            text,
            spec.sign * per_level.get(level, 0),
            better,
            f"{label}, {spec.levels} {points_to_str(level)}",
        )
        for level in levels
    ]


def total(
    function: EditionCriterion,
    context: Any,
    players: Sequence[Any],
    pairs: Sequence[tuple[int, int]],
) -> Total:
    """``function`` summed over ``pairs`` (vertices of ``players``), in its ``context``."""
    result: Total = 0
    for v, w in pairs:
        result = add(result, function(context, players[v], players[w]))
    return result


def bracket_values(
    specs: Sequence[CriterionSpec],
    context: Any,
    players: Sequence[Any],
    pairs: Sequence[tuple[int, int]],
    label: str,
    levels: list[int],
) -> list[CriterionValue]:
    """Every criterion of ``specs`` summed over a bracket's ``pairs`` and shown."""
    out: list[CriterionValue] = []
    for spec in specs:
        out += shown(spec, total(spec.function, context, players, pairs), label, levels)
    return out
