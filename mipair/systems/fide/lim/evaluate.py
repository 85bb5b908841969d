"""Where a pairing leaves the Lim text's order: the values ``why`` and ``check`` compare.

Lim has no quality criteria (``models/lim-2026.md`` section 3): every choice is
the first, in an order the text gives, that works. The procedure is run once
(:class:`~mipair.systems.fide.lim.run.LimRun`) and each of its choices
(:class:`~mipair.systems.fide.lim.steps.Step`) becomes one value for a
pairing: the place of the pairing's own choice in the text's order there (1:
the text's choice; a candidate that does not work there comes after those that
do). The engine's pairing has 1 everywhere; another pairing's values stop at
the first choice it does not make, which ``why`` then names: "3.9 in the group
of score 2, floater 1: engine 1, proposal 3". The text's choices undone by
cracking the median (2.6) are not counted: the crack itself is.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.pairing import RoundPairing
from mipair.reports import LOWER, CriterionValue
from mipair.systems.fide.lim.field import LimField
from mipair.systems.fide.lim.run import LimRun
from mipair.systems.fide.lim.steps import BYE, CRACK, FLOAT, TAKE, Step
from mipair.systems.fide.state import Snapshot
from mipair.systems.swiss_brackets import mates


def lim_steps(snap: Snapshot) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete pairings of ``snap``'s round (see the module docstring)."""
    field = LimField(snap)
    steps = LimRun(field).steps
    return lambda pairing: evaluate(field, steps, pairing)


def evaluate(field: LimField, steps: list[Step], pairing: RoundPairing) -> list[CriterionValue]:
    """The value of each of the text's choices for ``pairing``, up to the first it leaves."""
    vertex = field.vertex
    mate = mates(pairing, vertex)
    bye = vertex.get(pairing.bye) if pairing.bye is not None else None
    cracked = [
        frozenset(s.chosen) for s in steps if s.kind == CRACK and isinstance(s.chosen, tuple)
    ]
    out = []
    for step in steps:
        if step.kind == TAKE and frozenset((step.subject, step.chosen)) in cracked:
            continue  # undone by 2.6: the crack is counted instead
        value = place(step, mate, bye, cracked)
        out.append(
            CriterionValue(
                step.article,
                f"{step.text}; value: the place of the pairing's choice in that order "
                "(1: the text's choice)",
                value,
                LOWER,
                step.where,
            )
        )
        if value != 1:
            break
    return out


def place(step: Step, mate: dict[int, int], bye: int | None, cracked: list[frozenset[int]]) -> int:
    """The place of the pairing's choice at ``step`` in the text's order."""
    if step.kind == BYE:
        return step.rank(bye) if bye is not None else len(step.order) + 1
    if step.kind == TAKE:
        assert step.subject is not None
        return step.rank(mate.get(step.subject, -1))
    if step.kind == CRACK:
        assert isinstance(step.chosen, tuple)
        v, w = step.chosen
        return 1 if mate.get(v) != w else 2
    assert step.kind == FLOAT
    undone = {v for pair in cracked if pair <= step.scope for v in pair}
    floated = (v for v in step.order if v not in undone and mate.get(v, -1) not in step.scope)
    return step.rank(next(floated, -1))
