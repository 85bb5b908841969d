"""One round of the Lim procedure (C.04.4.3 (2026)), as ``models/lim-2026.md`` states it.

1. Round 1 (Article 7): the PAB to the lowest rated (the largest number on a
   tie); the top half against the bottom half in order, #1 the lot's colour
   (152 / XXC), the odd positions of the top half with it, the even the other.
2. Later rounds: the PAB (1.1) to the lowest ranked of the lowest score who
   may have it and whose leaving lets the others be paired; the groups above
   the Median Scoregroup from the top down (paired downward), those below from
   the bottom up (paired upward), each group's floaters joining the next group
   toward the median (:mod:`mipair.systems.fide.lim.group`); the median last,
   its floaters paired first; when it cannot be paired, the last pairing of
   one side is cracked (2.6.1: the lower side when more floaters came from
   above, else 2.6.2: the higher side) and it is paired again.

Every choice is recorded as a :class:`~mipair.systems.fide.lim.steps.Step`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mipair.errors import NoPairingError
from mipair.model import Colour, points_to_str
from mipair.systems.fide.lim.field import LimField
from mipair.systems.fide.lim.group import DOWN, UP, Group
from mipair.systems.fide.lim.steps import BYE, CRACK, TAKE, Step
from mipair.systems.fide.rules import pab_eligible
from mipair.systems.swiss_bye import bye_key


class LimRun:
    """The Lim pairing of one round: ``bye`` (a vertex or None), ``pairs`` with the side
    of the median each was made on, and the ``steps`` taken."""

    def __init__(self, field: LimField) -> None:
        self.field = field
        self.steps: list[Step] = []
        self.bye: int | None = None
        self.pairs: list[tuple[int, int, bool]] = []  # (v, w, made below the median)
        self.white: dict[frozenset[int], int] = {}  # round 1: White of each pair (7.2)
        if field.snapshot.round == 1:
            self.round_one()
        else:
            self.later_round()

    def round_one(self) -> None:
        """Article 7 (see the module docstring)."""
        players = self.field.players
        ids = sorted(range(self.field.n), key=lambda v: players[v].id)
        if len(ids) % 2:
            order = sorted(ids, key=self.bye_key(self.field.settings.round_one_bye_order))
            self.bye = order[0]
            self.steps.append(
                Step("7.1", "the lowest rated", "round 1", BYE, self.bye, tuple(order))
            )
            ids.remove(self.bye)
        half = len(ids) // 2
        lot = self.field.initial_colour
        for k, (top, bottom) in enumerate(zip(ids[:half], ids[half:])):
            top_white = (lot is Colour.WHITE) == (k % 2 == 0)  # the odd positions: #1's colour
            self.white[frozenset((top, bottom))] = top if top_white else bottom
            self.steps.append(
                Step(
                    "7.2",
                    "the top half against the bottom half in order",
                    f"round 1, opponent of player {players[top].id}",
                    TAKE,
                    bottom,
                    (bottom,),
                    subject=top,
                )
            )
            self.pairs.append((top, bottom, False))

    def later_round(self) -> None:
        field = self.field
        players, pairable = field.players, field.pairable
        ids = list(range(field.n))
        if len(ids) % 2:
            self.bye = self.pab(ids)
            ids.remove(self.bye)
        elif not pairable.all(ids):
            raise NoPairingError("the players cannot all be paired with compatible opponents (2.1)")
        median = (field.snapshot.round - 1) * field.win // 2
        scores = {players[v].score for v in ids}
        above = sorted((s for s in scores if s > median), reverse=True)
        below = sorted(s for s in scores if s < median)
        residents = {s: [v for v in ids if players[v].score == s] for s in [*above, *below, median]}
        upper, from_above = self.side(above, residents, median, DOWN)
        lower, from_below = self.side(below, residents, median, UP)
        cracked = {DOWN: len(from_above), UP: len(from_below)}
        while not pairable.all(residents[median] + from_above + from_below):
            side = DOWN if cracked[DOWN] <= cracked[UP] else UP  # 2.6.2 / 2.6.1
            if not (upper if side == DOWN else lower):
                side = UP if side == DOWN else DOWN
            v, w = (upper if side == DOWN else lower).pop()
            rule = "2.6.2" if side == DOWN else "2.6.1"
            self.steps.append(
                Step(
                    rule,
                    "the median cannot be paired: the last pairing of the "
                    + ("higher side" if side == DOWN else "lower side")
                    + " is cracked",
                    "Median Scoregroup",
                    CRACK,
                    (v, w),
                )
            )
            (from_above if side == DOWN else from_below).extend((v, w))
            cracked[side] += 2
        label = f"Median Scoregroup (score {points_to_str(median)})"
        middle = Group(field, self.steps, label, DOWN).pair(
            residents[median] + from_above + from_below, from_above, from_below
        )
        self.pairs = [(v, w, False) for v, w in upper + middle] + [(v, w, True) for v, w in lower]

    def bye_key(self, names: Sequence[str]) -> Callable[[int], tuple]:
        """The order of PAB candidates (vertices) ``names`` gives (1.1, 7.1)."""
        players, key = self.field.players, bye_key(names)
        return lambda v: key(players[v].state)

    def pab(self, ids: list[int]) -> int:
        """1.1: the lowest ranked of the lowest score who may have the PAB and whose leaving
        lets the others all be paired."""
        players = self.field.players
        order = sorted(ids, key=self.bye_key(self.field.settings.bye_order))
        order = [v for v in order if pab_eligible(players[v].state)]
        rest = set(ids)

        def works(v: int) -> bool:
            return self.field.pairable.all(rest - {v})

        bye = next((v for v in order if works(v)), None)
        if bye is None:
            raise NoPairingError(
                "no player may take the pairing-allocated bye and leave the others pairable (1.1)"
            )
        self.steps.append(
            Step(
                "1.1",
                "the lowest ranked of the lowest scoregroup who may have it and leaves the "
                "others pairable",
                "pairing-allocated bye",
                BYE,
                bye,
                tuple(order),
                works=works,
            )
        )
        return bye

    def side(
        self, scores: list[int], residents: dict[int, list[int]], median: int, direction: str
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """The groups of one side from the outside in: their pairs in the order made, and
        the floaters that reach the median."""
        made: list[tuple[int, int]] = []
        incoming: list[int] = []
        way = "downward" if direction == DOWN else "upward"
        for i, s in enumerate(scores):
            following = residents[scores[i + 1]] if i + 1 < len(scores) else residents[median]
            group = Group(
                self.field,
                self.steps,
                f"group of score {points_to_str(s)} (paired {way})",
                direction,
            )
            members = residents[s] + incoming
            out = group.floaters(members, incoming, following)
            stay = [v for v in members if v not in out]
            arriving = [v for v in incoming if v in stay]
            if direction == DOWN:
                made += group.pair(stay, arriving, [])
            else:
                made += group.pair(stay, [], arriving)
            incoming = out
        return made, incoming
