"""Each edition's bracket procedure, by the ``procedure`` key of its model file.

A procedure pairs a :class:`mipair.systems.dutch.field.RoundField` and returns
vertex -> vertex (the PAB recipient maps to itself); its colour allocation
gives each pair found its colours (Article 5 unless the edition says
otherwise). Adding an edition is its ``models/dutch-<edition>.toml`` and, if
its procedure is new, one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mipair.model import PlayerState, Snapshot
from mipair.systems.dutch.colours import allocate
from mipair.systems.dutch.field import RoundField
from mipair.systems.dutch.procedure2012 import allocate_2012, brackets_2012
from mipair.systems.dutch.procedure2017 import brackets_2017
from mipair.systems.dutch.procedure2026 import brackets_2026

Brackets = Callable[[RoundField], dict[int, int]]
Allocation = Callable[[Snapshot, PlayerState, PlayerState], tuple[int, int]]


@dataclass(frozen=True)
class Procedure:
    """An edition's bracket procedure and its colour allocation."""

    brackets: Brackets
    allocate: Allocation = allocate


PROCEDURES: dict[str, Procedure] = {
    "2026": Procedure(brackets_2026),
    "2017": Procedure(brackets_2017),
    "2012": Procedure(brackets_2012, allocate_2012),
}
