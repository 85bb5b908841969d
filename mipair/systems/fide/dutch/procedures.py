"""An edition's procedure object: :class:`DutchProcedure`.

Its bracket rules (:class:`~mipair.systems.fide.dutch.bracket_rules.BracketRules`)
run by the engine (:mod:`~mipair.systems.fide.dutch.engine`) to pair a round and
by the evaluation (:mod:`~mipair.systems.fide.dutch.evaluate`) to judge one, the
criteria named in the model file looked up in the Dutch criterion tables.
Each edition's class is in its procedure module (``procedure2026``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mipair.systems.fide.dutch import colours
from mipair.systems.fide.dutch.bracket_rules import BracketRules
from mipair.systems.fide.procedure import Evaluator, SwissProcedure

if TYPE_CHECKING:
    from mipair.explain.facts import Fact
    from mipair.pairing import RoundPairing
    from mipair.reports import Violation
    from mipair.systems.fide.colours import Preference
    from mipair.systems.fide.state import PlayerState, Snapshot


class DutchProcedure(SwissProcedure["Snapshot"], BracketRules):
    """One edition of the Dutch system: its bracket rules, paired and evaluated."""

    criterion_tables = (
        "mipair.systems.fide.dutch.criteria:CRITERIA",
        "mipair.systems.fide.dutch.criteria2017:CRITERIA_2017",
        "mipair.systems.fide.dutch.criteria2012:CRITERIA_2012",
    )

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        from mipair.systems.fide.dutch.engine import pair_dutch

        return pair_dutch(snapshot, self)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        from mipair.systems.fide.dutch.evaluate import dutch_criteria

        return dutch_criteria(snapshot, self)

    def allocate(self, snapshot: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
        """Article 5 (2017: E.1-E.5, the same rules)."""
        return colours.allocate(snapshot, a, b)

    # -- the system's own absolute rules (C3, the colour rules; topscorers excepted) -----

    def pair_facts(self, snapshot: Snapshot) -> Callable[[int, int], list[Fact]]:
        """C3: two non-topscorers with the same absolute colour preference never meet."""
        from mipair.systems.fide.dutch.facts import colour_clashes

        return colour_clashes(snapshot)

    def colour_violations(self, snapshot: Snapshot, pairing: RoundPairing) -> list[Violation]:
        """C.04.1: |CD| <= 2, no colour three times in a row, on the pairing's own colours;
        a pair with a topscorer excepted."""
        from mipair.systems.fide.dutch.facts import colour_breaches

        return colour_breaches(snapshot, pairing)

    def colour_note(self, snapshot: Snapshot, engine: RoundPairing, published: RoundPairing) -> str:
        from mipair.systems.fide.colours import colour_detail

        return colour_detail(snapshot, engine, published)

    # -- what the round's field asks (:class:`mipair.systems.fide.field.FieldRules`) --

    def clash_class(self, snap: Snapshot, player: PlayerState, pref: Preference) -> object:
        """C3: non-topscorers with the same absolute colour preference do not meet."""
        from mipair.systems.fide.dutch.absolute import clash_class

        return clash_class(snap, player, pref)

    def signature(
        self, player: PlayerState, pref: Preference, eligible: bool
    ) -> tuple[object, ...]:
        from mipair.systems.fide.dutch.criteria import signature

        return signature(player, pref, eligible)
