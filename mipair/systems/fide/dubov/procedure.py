"""The Dubov procedure (C.04.4.1 (2026) 1.9, 3, 4): the edition's procedure object.

1. The PAB first (3.1), when the players to pair are odd: to the first player,
   by lowest score, most games played, largest TPN (the model file's
   ``bye_order``), who may have it (C2) and whose leaving lets the others all
   be paired (C4): completion questions, asked in that order.
2. Brackets from the top (1.9): the residents are the unpaired players of the
   highest score; the upfloaters are chosen by the quality criteria
   (:mod:`mipair.systems.fide.dubov.upfloaters`), the bracket is paired
   (:mod:`mipair.systems.fide.dubov.bracket`) and leaves.
3. Colours by 5.2 (:mod:`mipair.systems.fide.dubov.colours`), boards in the
   order of C.04.2 3.6 (:mod:`mipair.systems.fide.order`).

Besides C.04.1's rules, C3 (2.1.3: two players with the same absolute colour
preference do not meet, with no exception) and the general colour rules on a
pairing's own colours (C.04.1 Art. 6 and 7, with no exception either).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.errors import NoPairingError
from mipair.pairing import RoundPairing
from mipair.systems.fide.dubov.settings import DubovSettings
from mipair.systems.fide.procedure import Evaluator
from mipair.systems.fide.rules import pab_eligible
from mipair.systems.fide.strict_colours import StrictColourRules
from mipair.systems.swiss_bye import bye_key

if TYPE_CHECKING:
    from mipair.systems.fide.dubov.field import DubovField
    from mipair.systems.fide.state import Snapshot


class DubovProcedure(StrictColourRules):
    """C.04.4.1: the PAB, then the brackets from the top, then the colours."""

    criterion_tables = ("mipair.systems.fide.dubov.criteria:CRITERIA",)
    settings_type = DubovSettings
    settings: DubovSettings

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        from mipair.systems.fide.dubov.colours import allocate
        from mipair.systems.fide.dubov.field import DubovField
        from mipair.systems.fide.order import published

        field = DubovField(snapshot)
        bye, brackets = pair_field(field)
        players = field.players
        games = [
            allocate(players[v], players[w], field.initial_colour)
            for pairs in brackets
            for v, w in pairs
        ]
        return published(snapshot, games, None if bye is None else players[bye].id)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        from mipair.systems.fide.dubov.evaluate import dubov_criteria

        return dubov_criteria(snapshot)


def bye_of(field: DubovField, vertices: list[int]) -> int:
    """3.1: the PAB's vertex (see the module docstring)."""
    players = field.players
    key = bye_key(field.settings.bye_order)
    eligible = [v for v in vertices if pab_eligible(players[v].state)]
    eligible.sort(key=lambda v: key(players[v].state))
    bye = field.pairable.first_single(vertices, eligible)
    if bye is None:
        raise NoPairingError(
            "no player may take the pairing-allocated bye: each is barred (C2) or leaves "
            "the others without a legal pairing (C4)"
        )
    return bye


def pair_field(field: DubovField) -> tuple[int | None, list[list[tuple[int, int]]]]:
    """The PAB (a vertex, None in an even field) and each bracket's pairs, from the top."""
    from mipair.systems.fide.dubov.bracket import BracketPairing
    from mipair.systems.fide.dubov.upfloaters import upfloaters

    vertices = list(range(field.n))
    bye = bye_of(field, vertices) if field.n % 2 else None
    unpaired = [v for v in vertices if v != bye]
    if bye is None and not field.pairable.all(unpaired):
        raise NoPairingError("the players cannot all be paired legally (C1, C3, C4)")
    brackets = []
    players = field.players
    while unpaired:
        top = players[unpaired[0]].score
        residents = [v for v in unpaired if players[v].score == top]
        pool = unpaired[len(residents) :]
        chosen, start = upfloaters(field, residents, pool)
        bracket = residents + chosen
        brackets.append(BracketPairing(field, bracket, start).pairs())
        inside = set(bracket)
        unpaired = [v for v in unpaired if v not in inside]
    return bye, brackets
