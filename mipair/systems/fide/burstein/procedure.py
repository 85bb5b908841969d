"""The Burstein System's edition object: :class:`BursteinProcedure` (models/burstein-2026.toml).

The seeding rounds (1.6: the first ``min(rounds // divisor, at_most)``, as the
model file's ``seeding_rounds`` says) are paired, judged and explained by the
Dutch system, reached through the registry; every later round by the Burstein
engine (:mod:`~mipair.systems.fide.burstein.engine`) and judged by the same
criteria (:mod:`~mipair.systems.fide.burstein.evaluate`). Its absolute rules
are C.04.1's with C3 (2.1.3): two players with the same absolute colour
preference never meet, topscorers included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mipair.errors import InputError
from mipair.systems.fide.burstein.settings import BursteinSettings
from mipair.systems.fide.colours import Preference, absolute_class, colour_detail
from mipair.systems.fide.procedure import Evaluator
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.strict_colours import StrictColourRules

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing
    from mipair.systems.base import AnySystem


class BursteinProcedure(StrictColourRules):
    """C.04.4.2 (2026): the Dutch system for the seeding rounds, then the Burstein rules."""

    criterion_tables = ("mipair.systems.fide.burstein.criteria:CRITERIA",)
    settings_type = BursteinSettings
    settings: BursteinSettings

    # -- the seeding rounds (1.6) ------------------------------------------------------

    def seeding_rounds(self, snapshot: Snapshot) -> int:
        """1.6.2: how many rounds the Dutch system pairs (the number of rounds is needed)."""
        t = snapshot.tournament
        if t.total_rounds is None:
            raise InputError(
                "the number of rounds is needed: the Burstein system pairs its first "
                "min(rounds / 2, 4) rounds by the Dutch system (C.04.4.2 1.6)",
                file=t.source or "<text>",
                line=1,
                field="XXR/142",
            )
        seeding = self.settings.seeding_rounds
        return min(t.total_rounds // seeding.divisor, seeding.at_most)

    def seeding(self, snapshot: Snapshot) -> tuple[AnySystem, Snapshot] | None:
        """The system that pairs a seeding round and its state of the round (None: a
        Burstein round)."""
        if snapshot.round > self.seeding_rounds(snapshot):
            return None
        from mipair.systems.registry import get_system

        seeding = self.settings.seeding_rounds
        system = get_system(seeding.system)
        state = system.state_before(snapshot.tournament, snapshot.round, seeding.edition)
        return system, state

    def rank(self, snapshot: Snapshot) -> Callable[[PlayerState], tuple[int, ...]]:
        """1.8: the players' sort key by the Index, the highest ranked first."""
        from mipair.systems.fide.burstein.index import ranking

        return ranking(snapshot, self.settings.index.order)

    # -- the edition's procedure ---------------------------------------------------------

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        seeded = self.seeding(snapshot)
        if seeded is not None:
            system, state = seeded
            return system.pair(state)
        from mipair.systems.fide.burstein.engine import pair_round

        return pair_round(snapshot, self.rank(snapshot), self.settings.bye_order)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        seeded = self.seeding(snapshot)
        if seeded is not None:
            system, state = seeded
            return lambda pairing: system.evaluate(state, pairing)
        from mipair.systems.fide.burstein.evaluate import burstein_criteria

        return burstein_criteria(snapshot, self.rank(snapshot), self.settings.bye_order)

    def colour_note(self, snapshot: Snapshot, engine: RoundPairing, published: RoundPairing) -> str:
        return colour_detail(snapshot, engine, published)

    # -- what the round's field asks (:class:`mipair.systems.fide.field.FieldRules`) --

    def clash_class(self, snap: Snapshot, player: PlayerState, pref: Preference) -> object:
        """C3 (2.1.3): no exception for topscorers."""
        return absolute_class(pref)

    def signature(
        self, player: PlayerState, pref: Preference, eligible: bool
    ) -> tuple[object, ...]:
        from mipair.systems.fide.burstein.criteria import signature

        return signature(player, pref, eligible)
