"""The FIDE Dubov System (C.04.4.1) behind the common interface.

Every edition with a model file ``models/dubov-<edition>.toml`` (2026); its
procedure object is :class:`mipair.systems.fide.dubov.procedure.DubovProcedure`.
Besides C.04.1's rules, C3 (two players with the same absolute colour
preference do not meet, with no exception) and the general colour rules on a
pairing's own colours (C.04.1 Art. 6 and 7, with no exception either).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.pairing import RoundPairing
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.system import FideSystem

if TYPE_CHECKING:
    from mipair.explain.facts import PairingProblem
    from mipair.reports import Violation


class DubovSystem(FideSystem):
    """FIDE Dubov System, C.04.4.1."""

    name = "dubov"
    title = "FIDE Dubov system"

    def problem(self, state: Snapshot) -> PairingProblem:
        from mipair.systems.fide.dubov.facts import dubov_problem

        return dubov_problem(state)

    def violations(
        self, state: Snapshot, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """The generic checks, then C.04.1 Art. 6 and 7 on the pairing's own colours."""
        from mipair.systems.fide.colours import colour_breaches

        return super().violations(state, pairing, problem) + colour_breaches(state, pairing)
