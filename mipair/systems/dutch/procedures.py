"""Each edition's bracket procedure, by the ``procedure`` key of its model file.

A procedure pairs a :class:`mipair.systems.dutch.field.RoundField` and returns
vertex -> vertex (the PAB recipient maps to itself). Adding an edition is its
``models/dutch-<edition>.toml`` and, if its procedure is new, one line here.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.systems.dutch.field import RoundField
from mipair.systems.dutch.procedure2017 import brackets_2017
from mipair.systems.dutch.procedure2026 import brackets_2026

Procedure = Callable[[RoundField], dict[int, int]]

PROCEDURES: dict[str, Procedure] = {
    "2026": brackets_2026,
    "2017": brackets_2017,
}
