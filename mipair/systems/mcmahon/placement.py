"""The placement after a round: every criterion's value (DC and SDC included), the order,
the shared places (reference 3).

Players are ordered by the tournament's placement criteria, best first, then by
surname and first name, as OpenGotha's score table lists them. That list is
also the order in which OpenGotha's Pair button passes the players to its
weight function (which matters for its asymmetric pseudo-random terms), and,
with the seed system's additional criterion, the order inside a score group.
Players equal on every criterion share a place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mipair.systems.mcmahon.confrontation import DC, SDC, confrontation
from mipair.systems.mcmahon.scores import Scores


class Placement:
    """The placement criteria of every player after round ``after`` (0: before round 1)."""

    def __init__(self, scores: Scores, after: int, criteria: Sequence[str]) -> None:
        self.scores = scores
        self.after = after
        self.criteria = tuple(criteria)
        self._values: dict[tuple[str, int], int] = {}
        self.dc, self.sdc = confrontation(scores, after, self.criteria, self._plain)
        self._rows = [tuple(self.value(c, i) for c in self.criteria) for i in self.players()]

    def players(self) -> range:
        return range(len(self.scores.players))

    def _plain(self, name: str, player: int) -> int:
        key = (name, player)
        if key not in self._values:
            self._values[key] = self.scores.criterion(name, player, self.after)
        return self._values[key]

    def value(self, name: str, player: int) -> int:
        """A criterion's value (bigger is better); DC and SDC from the player's tie."""
        if name == DC:
            return self.dc.get(player, 0)
        if name == SDC:
            return self.sdc.get(player, 0)
        return self._plain(name, player)

    def row(self, player: int) -> tuple[int, ...]:
        """The values of the placement criteria, in their order."""
        return self._rows[player]

    def names(self, player: int) -> tuple[str, str]:
        p = self.scores.players[player]
        return p.name, p.first_name

    def key(self, player: int, extra: Sequence[str] = ()) -> tuple[int | str, ...]:
        """Sort key: the criteria, then ``extra`` criteria, best first, then surname and first name."""
        more = tuple(-self.value(c, player) for c in extra if c != "NULL")
        return tuple(-v for v in self.row(player)) + more + self.names(player)

    def order(self, players: Iterable[int] | None = None) -> list[int]:
        """The players (default: everyone) best first."""
        return sorted(self.players() if players is None else players, key=self.key)

    def places(self, order: Sequence[int]) -> list[int]:
        """The place of each player of ``order`` (from 1): equal rows share the place above."""
        out: list[int] = []
        for k, player in enumerate(order):
            tied = k > 0 and self.row(player) == self.row(order[k - 1])
            out.append(out[-1] if tied else k + 1)
        return out
