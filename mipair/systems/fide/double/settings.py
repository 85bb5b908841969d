"""The Double-Swiss System's own settings (``models/double-swiss-<edition>.toml``), checked
when it loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from mipair.systems.swiss_settings import AtLeast, SwissSettings

CriteriaList = Literal["set_criteria", "pairing_criteria"]
"""The two lists of criteria a model file states (:class:`DoubleSwissSettings`)."""


@dataclass(frozen=True, kw_only=True)
class DoubleSwissSettings(SwissSettings):
    """What ``models/double-swiss-<edition>.toml`` states besides the criteria: the PAB
    order (3.4.2-3.4.4), and the orders and criteria lists the procedure implements one
    way only (3.5.3, 3.6.2; the criteria ranking the sets of upfloaters, 3.5.2 and 3.5.5,
    with C5 before C6 as :mod:`~mipair.systems.fide.double.single` needs, and the
    bracket's pairings, 3.6.4)."""

    bye_order: Annotated[
        tuple[Literal["lowest-score", "most-matches-played", "largest-tpn"], ...], AtLeast(1)
    ]
    upfloater_order: tuple[Literal["score-descending"], Literal["tpn-ascending"]]
    pairing_order: Literal["identifier"]
    set_criteria: tuple[Literal["C4"], Literal["C5"], Literal["C6"], Literal["C7"]]
    pairing_criteria: tuple[Literal["C8"]]

    def criteria(self, which: CriteriaList) -> tuple[str, ...]:
        """The criteria ids of the list ``which``."""
        return self.set_criteria if which == "set_criteria" else self.pairing_criteria
