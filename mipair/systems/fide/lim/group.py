"""One Lim scoregroup: who floats out, and how those who stay are paired.

* Floaters out (2.3, 3.2, 3.9, 3.10, 4.4; ``models/lim-2026.md`` section 3.1):
  the group keeps as many pairings as it can have; the floaters leave one at a
  time, each the first, in the order of 3.9's types (d, c, b, a), then 3.10
  (not floated last round first), then 3.2.2 (due the colour more of those
  staying are due), then 3.2.4 (the lowest numbered when pairing downward, the
  highest when pairing upward), whose leaving keeps that many pairings.
* Pairing those who stay (3.6-3.8, Article 4, 5.2): the incoming floaters
  first, then the proposed pairing scrutinised from #1 (downward) or #m
  (upward); each player takes the first *available* opponent in its order due
  the other colour, else the first available one, where available means
  compatible and leaving the others pairable.

Every "can" and "available" is a question to the completion oracle or a
matching model (:class:`mipair.systems.swiss_pairable.Pairable`); every choice
is recorded as a :class:`~mipair.systems.fide.lim.steps.Step`.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.errors import NoPairingError
from mipair.model import Colour
from mipair.systems.fide.lim.field import LimField
from mipair.systems.fide.lim.steps import FLOAT, TAKE, Step

DOWN, UP = "down", "up"

FLOAT_TEXT = (
    "the floaters leave the group one at a time, keeping as many pairings as the group can "
    "have (2.3, 4.4): type d, c, b, a (3.9), then not floated last round (3.10), then due the "
    "colour most of those staying are due (3.2.2), then the lowest numbered downward, the "
    "highest upward (3.2.4)"
)
TAKE_TEXT = (
    "the first available opponent in {order} due the other colour, else the first available "
    "(5.2); available: compatible and the others still pairable"
)


class Group:
    """One group being paired (vertices of ``field``); its choices go to ``steps``."""

    def __init__(self, field: LimField, steps: list[Step], label: str, direction: str) -> None:
        self.field = field
        self.steps = steps
        self.label = label
        self.direction = direction

    def floaters(self, members: list[int], incoming: list[int], following: list[int]) -> list[int]:
        """The players who float out of the group (see the module docstring)."""
        pairable = self.field.pairable
        keep = pairable.most_pairs(members)
        stay, out = list(members), list[int]()
        while len(stay) > 2 * keep:
            order = sorted(stay, key=self.floater_key(stay, out, incoming, following))
            rest = set(stay)

            def works(x: int, rest: set[int] = rest) -> bool:
                return pairable.most_pairs(rest - {x}) == keep

            x = next(x for x in order if works(x))
            self.steps.append(
                Step(
                    "3.9",
                    FLOAT_TEXT,
                    f"{self.label}, floater {len(out) + 1}",
                    FLOAT,
                    x,
                    tuple(order),
                    scope=frozenset(stay),
                    works=works,
                )
            )
            out.append(x)
            stay.remove(x)
        return out

    def floater_key(
        self, stay: list[int], out: list[int], incoming: list[int], following: list[int]
    ) -> Callable[[int], tuple[int, bool, int, int]]:
        """3.9 types (d, c, b, a), 3.10, 3.2.2, 3.2.4: a sort key of a possible floater."""
        players, pairable = self.field.players, self.field.pairable
        base = pairable.most_across(out, following) if following else 0
        dues = [players[v].due for v in stay]
        whites, blacks = dues.count(Colour.WHITE), dues.count(Colour.BLACK)
        wanted = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None
        arrived = set(incoming)

        def key(x: int) -> tuple[int, bool, int, int]:
            reaches = bool(following) and pairable.most_across([*out, x], following) > base
            kind = 2 * (x in arrived) + (not reaches)  # d 0, c 1, b 2, a 3
            colour = 0 if wanted is None or players[x].due is wanted else 1
            number = -players[x].id if self.direction == DOWN else players[x].id
            return kind, players[x].floated_last, colour, number

        return key

    def pair(
        self, stay: list[int], downfloaters: list[int], upfloaters: list[int]
    ) -> list[tuple[int, int]]:
        """3.6-3.8 and Article 4: the pairs of those who stay, the chooser first."""
        players = self.field.players
        unpaired = set(stay)
        pairs: list[tuple[int, int]] = []

        def by_score_down(v: int) -> tuple[int, int]:
            return -players[v].score, players[v].id

        def by_score_up(v: int) -> tuple[int, int]:
            return players[v].score, -players[v].id

        for f in sorted(downfloaters, key=by_score_down):  # 3.6: from the top of the group
            if f in unpaired:
                order = sorted(unpaired - {f}, key=by_score_down)
                pairs.append(self.take(f, order, unpaired, "3.8", "the group from the top (3.8)"))
        for f in sorted(upfloaters, key=by_score_up):  # 3.7: from the bottom of the group
            if f in unpaired:
                order = sorted(unpaired - {f}, key=by_score_up)
                pairs.append(
                    self.take(f, order, unpaired, "3.8", "the group from the bottom (3.8)")
                )
        while unpaired:  # 2.4, 4.1-4.3: the proposed pairing, scrutinised
            ordered = sorted(unpaired, key=lambda v: players[v].id)
            h = len(ordered) // 2
            if self.direction == DOWN:
                player, order = ordered[0], ordered[h:] + ordered[1:h][::-1]
                words = "h+1 .. m, then h .. 2 (4.2)"
            else:
                player, order = ordered[-1], ordered[:h][::-1] + ordered[h:-1]
                words = "h .. 1, then h+1 .. m-1 (4.2, upward)"
            pairs.append(self.take(player, order, unpaired, "4.2", words))
        return pairs

    def take(
        self, player: int, order: list[int], unpaired: set[int], article: str, words: str
    ) -> tuple[int, int]:
        """``player``'s opponent: the first available one in ``order`` due the other colour,
        else the first available one (both leave ``unpaired``)."""
        field = self.field
        compatible, pairable, players = field.compatible, field.pairable, field.players
        others = unpaired - {player}

        def works(q: int) -> bool:
            return bool(compatible[player, q]) and pairable.all(others - {q})

        due = players[player].due
        preferred = (
            None
            if due is None
            else frozenset(q for q in order if players[q].due in (None, due.opposite))
        )
        choice = first_any = None
        for q in order:
            wanted = preferred is None or q in preferred
            if not compatible[player, q] or (not wanted and first_any is not None):
                continue
            if works(q):
                if wanted:
                    choice = q
                    break
                first_any = q
        choice = choice if choice is not None else first_any
        if choice is None:
            raise NoPairingError(
                f"player {players[player].id} has no available opponent in the {self.label}"
            )
        self.steps.append(
            Step(
                article,
                TAKE_TEXT.format(order=words),
                f"{self.label}, opponent of player {players[player].id}",
                TAKE,
                choice,
                tuple(order),
                subject=player,
                preferred=preferred,
                scope=frozenset(unpaired),
                works=works,
            )
        )
        unpaired -= {player, choice}
        return player, choice
