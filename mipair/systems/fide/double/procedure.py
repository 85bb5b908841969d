"""The Double-Swiss procedure (C.04.5 3.3-3.6, Article 4): the edition's procedure object.

1. The PAB first (3.4), when the players to pair are odd: to the first player,
   in the model file's ``bye_order`` (lowest score, most matches played,
   largest TPN: :data:`~mipair.systems.swiss_bye.MATCH_BYE_KEYS`), who may have it ([C2]) and whose leaving lets the others all
   be paired (3.4.1, [C3]): completion questions, asked in that order.
2. Brackets from the top (3.3.2): the residents are the unpaired players of the
   highest score; the upfloaters are chosen by C4-C7 and 3.5.4
   (:mod:`.upfloaters`), the bracket is paired by C8 and 3.6.3 (:mod:`.bracket`)
   and leaves.
3. The colours of the matches by Article 4 (:mod:`.colours`), boards in the
   order of C.04.2 3.6 (:func:`board_order`).

There is no colour criterion: the games of a match alternate by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.errors import NoPairingError
from mipair.pairing import Board, RoundPairing
from mipair.systems.fide.double.settings import DoubleSwissSettings
from mipair.systems.fide.double.state import DoubleState
from mipair.systems.fide.procedure import Evaluator, SwissProcedure
from mipair.systems.swiss_bye import MATCH_BYE_KEYS, bye_key

if TYPE_CHECKING:
    from mipair.systems.fide.double.field import DoubleField


class DoubleSwissProcedure(SwissProcedure[DoubleState]):
    """C.04.5: the PAB, then the brackets from the top, then the colours."""

    criterion_tables = ("mipair.systems.fide.double.criteria:CRITERIA",)
    settings_type = DoubleSwissSettings

    def pair(self, snapshot: DoubleState) -> RoundPairing:
        from mipair.systems.fide.double.colours import match_colours
        from mipair.systems.fide.double.field import DoubleField

        field = DoubleField(snapshot)
        bye, brackets = pair_field(field)
        players = field.players
        games = [
            match_colours(players[v], players[w], snapshot.initial_colour)
            for pairs in brackets
            for v, w in pairs
        ]
        boards = tuple(Board(*game) for game in board_order(snapshot, games))
        return RoundPairing(snapshot.round, boards, None if bye is None else players[bye].id)

    def evaluator(self, snapshot: DoubleState) -> Evaluator:
        from mipair.systems.fide.double.evaluate import double_criteria

        return double_criteria(snapshot)


def board_order(state: DoubleState, games: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """C.04.2 3.6: by the higher score of the pair, the sum of the scores, then the
    higher ranked player's TPN."""
    players = state.players

    def key(game: tuple[int, int]) -> tuple[int, int, int]:
        a, b = players[game[0]], players[game[1]]
        return (-max(a.score, b.score), -(a.score + b.score), min(a.id, b.id))

    return sorted(games, key=key)


def bye_of(field: DoubleField, vertices: list[int]) -> int:
    """3.4: the PAB's vertex (see the module docstring)."""
    order = DoubleSwissSettings.of(field.edition.settings).bye_order
    key = bye_key(order, table=MATCH_BYE_KEYS)
    players = field.players
    eligible = [v for v in vertices if not players[v].pab_barred]
    eligible.sort(key=lambda v: key(players[v]))
    bye = field.pairable.first_single(vertices, eligible)
    if bye is None:
        raise NoPairingError(
            "no player may take the pairing-allocated bye: each is barred (C2) or leaves "
            "the others without a legal pairing (3.4.1, C3)"
        )
    return bye


def pair_field(field: DoubleField) -> tuple[int | None, list[list[tuple[int, int]]]]:
    """The PAB (a vertex, None in an even field) and each bracket's pairs, from the top."""
    from mipair.systems.fide.double.bracket import pair_bracket
    from mipair.systems.fide.double.upfloaters import upfloaters

    vertices = list(range(field.n))
    bye = bye_of(field, vertices) if field.n % 2 else None
    unpaired = [v for v in vertices if v != bye]
    if bye is None and not field.pairable.all(unpaired):
        raise NoPairingError("the players cannot all be paired legally (C1, C3)")
    brackets = []
    while unpaired:
        top = field.score(unpaired[0])
        residents = [v for v in unpaired if field.score(v) == top]
        pool = unpaired[len(residents) :]
        chosen = upfloaters(field, residents, pool)
        brackets.append(pair_bracket(field, residents, chosen))
        inside = set(residents) | set(chosen)
        unpaired = [v for v in unpaired if v not in inside]
    return bye, brackets
