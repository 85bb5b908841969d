"""A round's check list kept as its system formatted it: a table of rows, and the rows as data.

The round robin, the Double-Swiss and the team systems each lay out their own columns
(:mod:`mipair.systems.roundrobin.checklist` and the others); what a check list file
does with them is the same for all (:class:`~mipair.systems.records.CheckList`): a text
section headed ``Round #N``, or one entry of a JSON document's ``rounds`` with the rows
under ``players`` (``teams`` for a team tournament).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True)
class TableCheckList:
    """One round's check list: its table as text and its rows as data."""

    round: int
    rules: str
    table: str
    """The system's heading and rows, as text."""
    rows: tuple[dict[str, object], ...]
    key: str = "players"
    """The JSON entry's name for the rows."""

    @classmethod
    def of(
        cls,
        round_number: int,
        rules: str,
        table: str,
        rows: Sequence[DataclassInstance],
        key: str = "players",
    ) -> TableCheckList:
        """The check list of dataclass ``rows`` (each one a JSON object of its fields)."""
        return cls(round_number, rules, table, tuple(asdict(row) for row in rows), key)

    def text(self) -> str:
        return f"Round #{self.round}\n" + self.table

    def to_json(self) -> dict[str, object]:
        return {"round": self.round, "rules": self.rules, self.key: list(self.rows)}
