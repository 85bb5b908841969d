"""The Lim procedure (C.04.4.3 (2026)): the edition's procedure object.

The round is paired by :class:`~mipair.systems.fide.lim.run.LimRun`, the
colours by Article 5 (:mod:`mipair.systems.fide.lim.colours`), the boards in
the order of C.04.2 3.6. Lim has no quality criteria: a pairing is judged by
the first of the text's choices it does not make
(:mod:`mipair.systems.fide.lim.evaluate`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from mipair.pairing import Board, RoundPairing
from mipair.systems.fide.procedure import Evaluator, SwissProcedure

if TYPE_CHECKING:
    from mipair.systems.fide.lim.field import LimField
    from mipair.systems.fide.lim.run import LimRun
    from mipair.systems.fide.state import Snapshot


class LimProcedure(SwissProcedure["Snapshot"]):
    """C.04.4.3: the PAB, the groups toward the median, the median, the colours."""

    fixed_settings: ClassVar[Mapping[str, object]] = {
        "median": {"numerator": "rounds-played * win", "denominator": 2},  # 2.2
        "maxi_tournament": False,  # 3.2.3, 3.8, 5.7: not implemented
        "maxi_rating_window": 100,
        "floater_order": [  # 3.9, 3.10, 3.2.2, 3.2.4
            "type-d-c-b-a",
            "not-floated-last-round",
            "colour-balance",
            "lowest-numbered-downward",
        ],
        "floater_pairing_order": {  # 3.6-3.8
            "down": ["score-descending", "tpn-ascending"],
            "up": ["score-ascending", "tpn-descending"],
        },
        "exchange_order": ["bottom-half-in-order", "top-half-upwards"],  # 4.2-4.3
        "colour_exchange": "first-due-other-colour",  # 5.2
        "cracking": {  # 2.6
            "more_from_above": "lower-side",
            "otherwise": "higher-side",
            "order": "last-made-first",
        },
    }

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        from mipair.systems.fide.lim.field import LimField
        from mipair.systems.fide.lim.run import LimRun
        from mipair.systems.fide.system import boards_in_order

        field = LimField(snapshot)
        run = LimRun(field)
        boards = [Board(*colours(field, run, v, w, below)) for v, w, below in run.pairs]
        bye = None if run.bye is None else field.players[run.bye].id
        return RoundPairing(snapshot.round, boards_in_order(snapshot, boards), bye)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        from mipair.systems.fide.lim.evaluate import lim_steps

        return lim_steps(snapshot)


def colours(field: LimField, run: LimRun, v: int, w: int, below: bool) -> tuple[int, int]:
    """(white id, black id): round 1 by 7.2, later rounds by Article 5."""
    from mipair.systems.fide.lim.colours import allocate

    white = run.white.get(frozenset((v, w)))
    if white is None:
        return allocate(field, v, w, below)
    black = w if white == v else v
    return field.players[white].id, field.players[black].id
