"""Each edition's bracket procedure, by the ``procedure`` key of its model file.

A procedure pairs a :class:`mipair.systems.dutch.field.RoundField` and returns
vertex -> vertex (the PAB recipient maps to itself); its colour allocation
gives each pair found its colours (Article 5 unless the edition says
otherwise). Adding an edition is its ``models/dutch-<edition>.toml`` and, if
its procedure is new, one line here.

The table names functions as ``module:function`` strings, imported on first
use: a drop-in call (a whole process per round) loads one edition's code only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from mipair.lazy import named

if TYPE_CHECKING:
    from mipair.model import PlayerState, Snapshot
    from mipair.systems.dutch.field import RoundField

Brackets = Callable[["RoundField"], dict[int, int]]
Allocation = Callable[["Snapshot", "PlayerState", "PlayerState"], tuple[int, int]]

ARTICLE_5 = "mipair.systems.dutch.colours:allocate"

PROCEDURES: dict[str, tuple[str, str]] = {
    "2026": ("mipair.systems.dutch.procedure2026:brackets_2026", ARTICLE_5),
    "2017": ("mipair.systems.dutch.procedure2017:brackets_2017", ARTICLE_5),
    "2012": (
        "mipair.systems.dutch.procedure2012:brackets_2012",
        "mipair.systems.dutch.procedure2012:allocate_2012",
    ),
}
"""Procedure name -> (its bracket procedure, its colour allocation)."""


class Procedure(NamedTuple):
    """An edition's bracket procedure and its colour allocation."""

    brackets: Brackets
    allocate: Allocation


@cache
def load_procedure(name: str) -> Procedure:
    """The procedure ``name`` (a key of :data:`PROCEDURES`), its modules imported."""
    brackets, allocation = PROCEDURES[name]
    return Procedure(named(brackets), named(allocation))
