"""The C.04.6 procedure (3.3-3.6) and the colours (4): a round of a team tournament paired.

1. The PAB first (3.4), when the teams to pair are odd: to the first team, by lowest
   pairing score (3.4.2), most matches played (3.4.3), largest TPN (3.4.4), that [C2]
   does not bar and whose leaving lets the others all be paired (3.4.1): completion
   questions, asked in that order.
2. Brackets from the top (3.3.2): the residents are the unpaired teams of the highest
   pairing score; their upfloaters are chosen by [C4]-[C7] and 3.5.4
   (:mod:`mipair.systems.team.upfloaters`), the bracket is paired by [C8]-[C10] and
   3.6.2-3.6.3 (:mod:`mipair.systems.team.bracket`) and leaves.
3. Colours by Article 4 (:mod:`mipair.systems.team.colours`), the matches in the order
   of section 7 of the specification.
"""

from __future__ import annotations

from mipair.errors import NoPairingError
from mipair.pairing import Board, RoundPairing
from mipair.systems.swiss_bye import MATCH_BYE_KEYS, bye_key
from mipair.systems.team.bracket import BracketModel
from mipair.systems.team.colours import match_colours
from mipair.systems.team.field import TeamState
from mipair.systems.team.settings import settings
from mipair.systems.team.upfloaters import upfloaters
from mipair.systems.team.vertices import RoundVertices


def bye_order(field: RoundVertices) -> list[int]:
    """The teams [C2] does not bar from the PAB, in the model file's ``bye_order``
    (3.4.2-3.4.4: lowest score, most matches played (T26), largest TPN)."""
    key = bye_key(settings().orders.bye_order, table=MATCH_BYE_KEYS)
    eligible = [v for v, e in enumerate(field.teams) if not e.bye_barred]
    return sorted(eligible, key=lambda v: key(field.teams[v]))


def pab_of(field: RoundVertices) -> int:
    """3.4: the PAB's vertex (see the module docstring)."""
    bye = field.pairable.first_single(range(field.n), bye_order(field))
    if bye is None:
        raise NoPairingError(
            "no team may take the pairing-allocated bye: each is barred (C2) or leaves the "
            "others without a legal pairing (3.4.1, C3)"
        )
    return bye


def pair_vertices(field: RoundVertices) -> tuple[int | None, list[tuple[int, int]]]:
    """The PAB (a vertex, None in an even field) and the pairs, bracket by bracket."""
    vertices = list(range(field.n))
    bye = pab_of(field) if field.n % 2 else None
    unpaired = [v for v in vertices if v != bye]
    if bye is None and not field.pairable.all(unpaired):
        raise NoPairingError("the teams cannot all be paired legally (C1, C3; 3.3.3)")
    pairs: list[tuple[int, int]] = []
    while unpaired:
        top = field.score(unpaired[0])
        residents = [v for v in unpaired if field.score(v) == top]
        pool = unpaired[len(residents) :]
        bracket = residents + upfloaters(field, residents, pool)
        pairs += BracketModel(field, bracket).pairs()
        inside = set(bracket)
        unpaired = [v for v in unpaired if v not in inside]
    return bye, pairs


def pair_round(state: TeamState) -> RoundPairing:
    """The round's pairing: the matches (White: the team with White on board 1) in the
    order of publication, and the PAB."""
    with RoundVertices(state) as field:
        bye, pairs = pair_vertices(field)
        games = [match_colours(state, field.tpn(v), field.tpn(w)) for v, w in pairs]
    boards = tuple(Board(*game) for game in publication_order(state, games))
    return RoundPairing(state.round, boards, None if bye is None else field.tpn(bye))


def publication_order(state: TeamState, games: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Section 7 (GHR 3.6, T22): by the higher pairing score of the two teams, then the sum
    of both, then the smaller TPN."""

    def key(game: tuple[int, int]) -> tuple[int, int, int]:
        a, b = (state.teams[n].pairing_score for n in game)
        return (-max(a, b), -(a + b), min(game))

    return sorted(games, key=key)
