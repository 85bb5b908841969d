"""The Lim procedure (C.04.4.3 (2026)): the edition's procedure object.

The round is paired by :class:`~mipair.systems.fide.lim.run.LimRun`, the
colours by Article 5 (:mod:`mipair.systems.fide.lim.colours`), the boards in
the order of C.04.2 3.6 (:mod:`mipair.systems.fide.order`). Lim has no quality
criteria: a pairing is judged by the first of the text's choices it does not
make (:mod:`mipair.systems.fide.lim.evaluate`). Besides C.04.1's rules,
compatibility (2.1): outside the last round, no pair for whom every colour
allocation breaks the colour limits (:mod:`mipair.systems.fide.lim.facts`), and
no pairing whose own colours break them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mipair.pairing import RoundPairing
from mipair.systems.fide.lim.settings import LimSettings
from mipair.systems.fide.procedure import Evaluator, SwissProcedure

if TYPE_CHECKING:
    from mipair.explain.facts import Fact
    from mipair.reports import Violation
    from mipair.systems.fide.lim.field import LimField
    from mipair.systems.fide.lim.run import LimRun
    from mipair.systems.fide.state import Snapshot


class LimProcedure(SwissProcedure["Snapshot"]):
    """C.04.4.3: the PAB, the groups toward the median, the median, the colours."""

    settings_type = LimSettings
    settings: LimSettings

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        from mipair.systems.fide.lim.field import LimField
        from mipair.systems.fide.lim.run import LimRun
        from mipair.systems.fide.order import published

        field = LimField(snapshot)
        run = LimRun(field)
        games = [colours(field, run, v, w, below) for v, w, below in run.pairs]
        return published(snapshot, games, None if run.bye is None else field.players[run.bye].id)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        from mipair.systems.fide.lim.evaluate import lim_steps

        return lim_steps(snapshot)

    def pair_facts(self, snapshot: Snapshot) -> Callable[[int, int], list[Fact]] | None:
        """2.1: outside the last round, the pairs no colour allocation keeps within the limits."""
        from mipair.systems.fide.lim.facts import incompatible_pairs

        return None if limits_lifted(snapshot) else incompatible_pairs(snapshot)

    def colour_violations(self, snapshot: Snapshot, pairing: RoundPairing) -> list[Violation]:
        """The colour limits (C.04.1 Art. 6 and 7) on the pairing's own colours, outside
        the last round (Article 6)."""
        from mipair.systems.fide.colours import colour_breaches

        return [] if limits_lifted(snapshot) else colour_breaches(snapshot, pairing)


def limits_lifted(snapshot: Snapshot) -> bool:
    """Article 6: the colour limits do not hold in the last round (as the model file says)."""
    total = snapshot.tournament.total_rounds
    last = total is not None and snapshot.round >= total
    return last and LimSettings.of(snapshot.edition.settings).colour_limits.lifted_in_last_round


def colours(field: LimField, run: LimRun, v: int, w: int, below: bool) -> tuple[int, int]:
    """(white id, black id): round 1 by 7.2, later rounds by Article 5."""
    from mipair.systems.fide.lim.colours import allocate

    white = run.white.get(frozenset((v, w)))
    if white is None:
        return allocate(field, v, w, below)
    black = w if white == v else v
    return field.players[white].id, field.players[black].id
