"""The FIDE Lim System (C.04.4.3, 2026) applied literally, as models/lim-2026.md states it.

Round 1 by Article 7. Later rounds: the PAB (1.1); the scoregroups above the
Median Scoregroup from the top down, those below from the bottom up, the median
last (2.2); in each group the floaters out (2.3, 3.2, 3.9, 3.10, 4.4: as many
pairings kept as the group can have), the incoming floaters paired first
(3.6-3.8), then the proposed pairing 1 v h+1 scrutinised in the exchange order
of 4.2-4.3 with the colour exchanges of 5.2; the median cracked when it cannot
be paired (2.6); colours by Article 5. Every "available" opponent is one that
leaves the rest of the group pairable, which the text's backtracking finds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mipair.model import Colour, Tournament
from tests.support.swiss_brute import history
from tests.support.swiss_brute.history import BLACK, WHITE, Entrant, Field, RoundPairing
from tests.support.swiss_brute.rules import NoLegalPairing, give

DOWN, UP = "down", "up"
Compatible = Callable[[int, int], bool]


def due_colour(e: Entrant) -> Colour | None:
    """Article 5: the colour that evens the counts, else the other of the last; none before a game."""
    colours, cd = e.colours, e.colour_difference
    if cd:
        return BLACK if cd > 0 else WHITE
    return colours[-1].opposite if colours else None


def within_limits(e: Entrant, colour: Colour) -> bool:
    """5.1: no third colour in a row, no colour three more often than the other."""
    colours = (*e.colours, colour)
    cd = sum(1 if c is WHITE else -1 for c in colours)
    return abs(cd) < 3 and not (len(colours) >= 3 and colours[-1] == colours[-2] == colours[-3])


@dataclass
class GroupResult:
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)


class LimRound:
    """One round of the Lim procedure."""

    def __init__(self, f: Field) -> None:
        self.field = f
        self.players = {e.id: e for e in f.to_pair()}
        self.due = {pid: due_colour(e) for pid, e in self.players.items()}
        self.cracks: list[str] = []  # 2.6: the sides cracked, in order (DOWN: the higher side)

    def score(self, pid: int) -> int:
        return self.players[pid].pairing_score

    def compatible(self, a: int, b: int) -> bool:
        """2.1: not met; some colours keep both within the limits (only the meeting in the last round)."""
        pa, pb = self.players[a], self.players[b]
        if b in pa.opponents:
            return False
        if self.field.last_round:
            return True
        return any(within_limits(pa, c) and within_limits(pb, c.opposite) for c in (WHITE, BLACK))

    def floated_last_round(self, pid: int) -> bool:
        """3.10 (R8): a game last round against a different score."""
        rnd = self.field.round - 1
        past = [p for p in self.players[pid].past if p.round == rnd]
        if not past or not past[0].played or past[0].opponent is None:
            return False
        before = self.field.scores_before[rnd]
        return before[past[0].opponent] != before[pid]

    # -- the round ---------------------------------------------------------------------------
    def pair(self) -> RoundPairing:
        if self.field.round == 1:
            return self.round_one()
        ids = sorted(self.players)
        bye = self.bye(ids) if len(ids) % 2 else None
        rest = [p for p in ids if p != bye]
        if not history.pairable(rest, self.compatible):
            raise NoLegalPairing("the players cannot all be paired (2.1)")
        median = (self.field.round - 1) * self.field.win // 2
        above = sorted({self.score(p) for p in rest if self.score(p) > median}, reverse=True)
        below = sorted({self.score(p) for p in rest if self.score(p) < median})
        residents = {
            s: sorted(p for p in rest if self.score(p) == s) for s in {*above, *below, median}
        }
        upper, from_above = self.side(above, residents, median, DOWN)
        lower, from_below = self.side(below, residents, median, UP)
        crack_count = {DOWN: len(from_above), UP: len(from_below)}
        while True:
            members = residents[median] + from_above + from_below
            if history.pairable(members, self.compatible):
                middle = self.median(residents[median], from_above, from_below)
                break
            side = DOWN if crack_count[DOWN] <= crack_count[UP] else UP  # 2.6.1 / 2.6.2
            if not (upper if side == DOWN else lower):
                side = UP if side == DOWN else DOWN
            cracked = (upper if side == DOWN else lower).pop()
            self.cracks.append(side)
            (from_above if side == DOWN else from_below).extend(cracked)
            crack_count[side] += 2
        boards = [self.colours(a, b, below=False) for a, b in upper + middle]
        boards += [self.colours(a, b, below=True) for a, b in lower]
        return RoundPairing(frozenset(boards), bye)

    def bye(self, ids: list[int]) -> int:
        """1.1: the lowest ranked of the lowest scoregroup who may have it and leaves the rest pairable."""
        for pid in sorted(ids, key=lambda p: (self.score(p), -p)):
            if not self.players[pid].pab_barred and history.pairable(
                [p for p in ids if p != pid], self.compatible
            ):
                return pid
        raise NoLegalPairing("no player may take the PAB")

    def round_one(self) -> RoundPairing:
        """Article 7: the PAB to the lowest rated; top half v bottom half; colours by lot."""
        ids = sorted(self.players)
        bye = None
        if len(ids) % 2:
            bye = min(ids, key=lambda p: (self.players[p].rating, -p))
            ids.remove(bye)
        half = len(ids) // 2
        lot = self.field.initial_colour
        boards = []
        for i in range(half):
            top, bottom = ids[i], ids[i + half]
            colour = lot if i % 2 == 0 else lot.opposite
            boards.append((top, bottom) if colour is WHITE else (bottom, top))
        return RoundPairing(frozenset(boards), bye)

    # -- 2.2: one side of the median -----------------------------------------------------------
    def side(
        self, scores: list[int], residents: dict[int, list[int]], median: int, direction: str
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """The groups of one side, from the outside in: their pairs (in order made), the floaters left."""
        made: list[tuple[int, int]] = []
        incoming: list[int] = []
        for i, s in enumerate(scores):
            following = residents[scores[i + 1]] if i + 1 < len(scores) else residents[median]
            result = self.group(residents[s], incoming, following, direction)
            made += result.pairs
            incoming = result.floaters
        return made, incoming

    def group(
        self, residents: list[int], incoming: list[int], following: list[int], direction: str
    ) -> GroupResult:
        """3: one scoregroup other than the median."""
        members = residents + incoming
        keep = history.max_pairs(members, self.compatible)
        stay, out = list(members), []
        while len(stay) > 2 * keep:  # 2.3, 4.4: the floaters, one at a time
            key = self.floater_key(stay, out, incoming, following, direction)
            for x in sorted(stay, key=key):
                if history.max_pairs([p for p in stay if p != x], self.compatible) == keep:
                    out.append(x)
                    stay.remove(x)
                    break
        arriving = [p for p in incoming if p in stay]
        if direction == DOWN:
            pairs = self.pair_members(stay, arriving, [], direction)
        else:
            pairs = self.pair_members(stay, [], arriving, direction)
        return GroupResult(pairs, out)

    def floater_key(
        self,
        stay: list[int],
        out: list[int],
        incoming: list[int],
        following: list[int],
        direction: str,
    ) -> Callable[[int], tuple]:
        """3.9 types (d, c, b, a), then 3.10, then 3.2.2 colour balance, then 3.2.4 number."""
        base = _matching(out, following, self.compatible)
        whites = sum(1 for p in stay if self.due[p] is WHITE)
        blacks = sum(1 for p in stay if self.due[p] is BLACK)
        wanted = WHITE if whites > blacks else BLACK if blacks > whites else None

        def key(x: int) -> tuple:
            floated = x in incoming
            has_opponent = _matching([*out, x], following, self.compatible) > base
            kind = 2 * floated + (not has_opponent)  # d=0, c=1, b=2, a=3
            colour = 0 if wanted is None or self.due[x] is wanted else 1
            number = -x if direction == DOWN else x
            return kind, self.floated_last_round(x), colour, number

        return key

    # -- 3.6-3.8, Article 4: pairing the players who stay ------------------------------------------
    def pair_members(
        self, stay: list[int], downfloaters: list[int], upfloaters: list[int], direction: str
    ) -> list[tuple[int, int]]:
        unpaired = list(stay)
        pairs: list[tuple[int, int]] = []

        def take(player: int, order: Sequence[int]) -> None:
            others = [p for p in unpaired if p != player]
            available = [
                q
                for q in order
                if self.compatible(player, q)
                and history.pairable([p for p in others if p != q], self.compatible)
            ]
            if not available:
                raise NoLegalPairing(f"{player} has no available opponent in {sorted(unpaired)}")
            other = self.due[player].opposite if self.due[player] else None
            suited = [q for q in available if other is None or self.due[q] in (None, other)]
            q = (suited or available)[0]
            pairs.append((player, q))
            unpaired.remove(player)
            unpaired.remove(q)

        # 3.6: downfloaters, highest score first, then highest numbered; they look from the top
        for f in sorted(downfloaters, key=lambda p: (-self.score(p), p)):
            if f in unpaired:
                take(f, sorted((p for p in unpaired if p != f), key=lambda p: (-self.score(p), p)))
        # 3.7: upfloaters, lowest score first, then lowest numbered; they look from the bottom
        for f in sorted(upfloaters, key=lambda p: (self.score(p), -p)):
            if f in unpaired:
                take(f, sorted((p for p in unpaired if p != f), key=lambda p: (self.score(p), -p)))
        while unpaired:  # 2.4, 4.1-4.3
            ordered = sorted(unpaired)
            h = len(ordered) // 2
            if direction == DOWN:
                player, order = ordered[0], ordered[h:] + ordered[1:h][::-1]
            else:
                player, order = ordered[-1], ordered[:h][::-1] + ordered[h:-1]
            take(player, order)
        return pairs

    def median(
        self, residents: list[int], from_above: list[int], from_below: list[int]
    ) -> list[tuple[int, int]]:
        """2.2, 3.6.3: the Median Scoregroup, paired downward, downfloaters then upfloaters first."""
        return self.pair_members(residents + from_above + from_below, from_above, from_below, DOWN)

    # -- Article 5 ---------------------------------------------------------------------------
    def colours(self, a: int, b: int, *, below: bool) -> tuple[int, int]:
        pa, pb = self.players[a], self.players[b]
        fits = [c for c in (WHITE, BLACK) if within_limits(pa, c) and within_limits(pb, c.opposite)]
        if len(fits) == 1:  # 5.1, 5.3
            return give(a, b, fits[0])
        da, db = self.due[a], self.due[b]
        if da is not None and db is not None and da != db:  # 5.1, 5.5, 5.6
            return give(a, b, da)
        if (da is None) != (db is None):
            return give(a, b, da) if da is not None else give(b, a, db)  # type: ignore[arg-type]
        for x, y in zip(reversed(pa.colours), reversed(pb.colours)):  # 5.4: latest difference
            if x != y:
                return give(a, b, y)
        high, low = (a, b) if (self.score(a), -a) > (self.score(b), -b) else (b, a)
        decider, other = (low, high) if below else (high, low)  # 5.4: rank
        return give(decider, other, self.due[decider] or self.field.initial_colour)


def _matching(left: Sequence[int], right: Sequence[int], ok: Compatible) -> int:
    """Size of a largest matching between ``left`` and ``right`` (augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(x: int, seen: set[int]) -> bool:
        for y in right:
            if y not in seen and ok(x, y):
                seen.add(y)
                if y not in owner or augment(owner[y], seen):
                    owner[y] = x
                    return True
        return False

    return sum(1 for x in left if augment(x, set()))


def pair_lim(source: str | Tournament | Field, rnd: int | None = None) -> RoundPairing:
    """The Lim pairing of the next round (or ``rnd``) of a tournament file."""
    f = source if isinstance(source, Field) else history.field_of(source, rnd)
    return LimRound(f).pair()
