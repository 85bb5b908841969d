"""Brackets, as every FIDE Swiss system walks them: the record, the scoregroups, the mates.

The Dutch, Burstein and Dubov systems pair a round bracket by bracket from the
top, and ``why``/``check`` judge a finished pairing the same way: each bracket's
criteria summed over its pairs (:mod:`mipair.systems.fide.values`). What differs
is who is in a bracket (Dutch and Burstein: the scoregroup and the players
floating down into it, with the next scoregroup beside it; Dubov: the residents
and their upfloaters), which each system's walk decides; the record, the
scoregroups and a pairing's mates are the same everywhere, and generic over
what a player is (a vertex of the round's field, or a pairing number), so that
the team and Double-Swiss systems can walk their brackets with them too. Those
two systems' criteria know a bracket by its scores alone (:class:`ScoreBracket`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from mipair.pairing import RoundPairing

P = TypeVar("P")


@dataclass(frozen=True)
class Bracket:
    """One bracket of a walk: its players (those floating into it first, as the walk
    gives them), the next scoregroup's, and its residents' score."""

    members: tuple[int, ...]
    following: tuple[int, ...]
    score: int
    following_is_last: bool = False
    """The next scoregroup is the round's last (the Dutch 2017 and 2012 criteria read it)."""

    def from_below(self, score: int) -> bool:
        """Whether a player of ``score`` is one of a lower score paired in the bracket
        (Dubov 1.3.2: an upfloater)."""
        return score < self.score


class Scored(Protocol):
    """An entrant of a match system (a Double-Swiss player, a team), by its pairing score."""

    @property
    def pairing_score(self) -> int: ...


@dataclass(frozen=True)
class ScoreBracket:
    """What the Double-Swiss and Team Swiss criteria know of a bracket: its residents'
    score and the following scoregroup's (None: no lower score in the round)."""

    score: int
    following: int | None = None

    def upfloater(self, entrant: Scored) -> bool:
        """An entrant of a lower score paired in the bracket (C.04.5 1.3, C.04.6 3.5.1)."""
        return entrant.pairing_score < self.score

    def in_following(self, entrant: Scored) -> bool:
        """An entrant of the following scoregroup (C.04.5 DS6, C.04.6 [C6])."""
        return entrant.pairing_score == self.following


def scoregroups(players: Iterable[P], score: Callable[[P], int]) -> list[list[P]]:
    """The scoregroups of ``players`` (sorted by score, the highest first), from the top."""
    out: list[list[P]] = []
    for player in players:
        if out and score(out[-1][0]) == score(player):
            out[-1].append(player)
        else:
            out.append([player])
    return out


def mates(pairing: RoundPairing, number: Mapping[int, int] | None = None) -> dict[int, int]:
    """Each paired player's opponent in ``pairing``, by pairing number or, with ``number``
    (pairing number -> vertex), by vertex (a board with a player outside it is passed over)."""
    mate: dict[int, int] = {}
    for board in pairing.boards:
        if number is None:
            mate[board.white], mate[board.black] = board.black, board.white
        elif board.white in number and board.black in number:
            white, black = number[board.white], number[board.black]
            mate[white], mate[black] = black, white
    return mate


def pairs_of(players: Sequence[int], mate: Mapping[int, int]) -> list[tuple[int, int]]:
    """The pairs of ``mate`` inside ``players``, the smaller first, in the order of ``players``."""
    inside = set(players)
    return [(v, w) for v in players if v < (w := mate.get(v, v)) and w in inside]
