"""The FIDE Lim System (C.04.4.3) behind the common interface.

Every edition with a model file ``models/lim-<edition>.toml`` (2026); its
procedure object is :class:`mipair.systems.fide.lim.procedure.LimProcedure`.
Besides C.04.1's rules, compatibility (2.1): outside the last round, no pair for
whom every colour allocation breaks the colour limits, and no pairing whose own
colours break them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.pairing import RoundPairing
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.system import FideSystem

if TYPE_CHECKING:
    from mipair.explain.facts import PairingProblem
    from mipair.reports import Violation


class LimSystem(FideSystem):
    """FIDE Lim System, C.04.4.3."""

    name = "lim"
    title = "FIDE Lim system"

    def problem(self, state: Snapshot) -> PairingProblem:
        from mipair.systems.fide.lim.facts import lim_problem

        return lim_problem(state)

    def violations(
        self, state: Snapshot, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """The generic checks, then the colour limits on the pairing's own colours
        (outside the last round, Article 6)."""
        from mipair.systems.fide.colours import colour_breaches

        found = super().violations(state, pairing, problem)
        total = state.tournament.total_rounds
        last = total is not None and state.round >= total
        if last and state.edition.settings["colour_limits"]["lifted_in_last_round"]:
            return found
        return found + colour_breaches(state, pairing)
