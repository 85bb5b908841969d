"""The absolute colour rules of a system that has no exception to them (Dubov, Burstein).

C.04.1's colour rules as absolute criteria (C3, 2.1.3: two players with the
same absolute colour preference never meet; Art. 6 and 7 on a pairing's own
colours), as procedure hooks (:class:`~mipair.systems.fide.procedure.SwissProcedure`),
the one place every FIDE system states its own absolute rules: the Dutch
system's, with the topscorers' exception, are its procedure's
(:class:`~mipair.systems.fide.dutch.procedures.DutchProcedure`), Lim's
compatibility its own (:class:`~mipair.systems.fide.lim.procedure.LimProcedure`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mipair.systems.fide.procedure import SwissProcedure

if TYPE_CHECKING:
    from mipair.explain.facts import Fact
    from mipair.pairing import RoundPairing
    from mipair.reports import Violation
    from mipair.systems.fide.state import Snapshot


class StrictColourRules(SwissProcedure["Snapshot"]):
    """A system whose colour rules have no exception (Dubov and Burstein C3, 2.1.3): two
    players with the same absolute colour preference never meet, and C.04.1 Art. 6 and
    7 hold on every pairing's own colours (the Dutch topscorers are that system's own)."""

    def pair_facts(self, snapshot: Snapshot) -> Callable[[int, int], list[Fact]]:
        """C3: a fact for each pair with the same absolute colour preference."""
        from mipair.systems.fide.facts import colour_clashes

        return colour_clashes(snapshot)

    def colour_violations(self, snapshot: Snapshot, pairing: RoundPairing) -> list[Violation]:
        """C.04.1 Art. 6 and 7 on the pairing's own colours, with no exception."""
        from mipair.systems.fide.colours import colour_breaches

        return colour_breaches(snapshot, pairing)
