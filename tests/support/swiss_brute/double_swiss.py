"""The FIDE Double-Swiss System (C.04.5, 2026) applied literally, as models/double-swiss-2026.md states it.

A procedure with every choice made by enumeration: the PAB first (3.4); then,
bracket after bracket from the top-scoregroup, every set of upfloaters of every
size keyed by [C4], [C5], [C6], [C7] and the order of 3.5.4 (3.5), and every
legal pairing of the chosen bracket keyed by [C8] and its identifier (3.6);
then the colours of the matches (Article 4). Fields stay small (up to ~12).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from mipair.model import Colour, Tournament
from tests.support.swiss_brute.double_history import WHITE, Contestant, DoubleField, field_of
from tests.support.swiss_brute.history import RoundPairing, pairable, perfect_matchings
from tests.support.swiss_brute.rules import NoLegalPairing, give, top_down

Pair = tuple[int, int]


def identifier(pairs: Sequence[Pair]) -> tuple[int, ...]:
    """3.6.1-3.6.2: the top members (smaller TPN) ascending, then each one's bottom member."""
    partner = {min(p): max(p) for p in pairs}
    tops = sorted(partner)
    return tuple(tops) + tuple(partner[t] for t in tops)


def upfloater_order(upfloaters: Sequence[int], score: Callable[[int], int]) -> tuple[int, ...]:
    """3.5.3: a set listed by descending score, then ascending TPN; 3.5.4 compares the lists."""
    return tuple(sorted(upfloaters, key=lambda p: (-score(p), p)))


class DoubleSwissRound:
    """One match round of the Double-Swiss procedure on ``field``."""

    def __init__(self, field: DoubleField) -> None:
        self.field = field
        self.players = {c.id: c for c in field.to_pair()}
        self.forbidden = {
            frozenset(pair)
            for fp in field.tournament.forbidden
            for rnd in (2 * field.round - 1, 2 * field.round)
            if fp.applies(rnd)
            for pair in itertools.combinations(fp.players, 2)
        }
        self.levels = sorted({c.score for c in self.players.values()}, reverse=True)

    def legal(self, a: int, b: int) -> bool:
        """[C1]: no second meeting (and the organiser's forbidden pairs, DS18)."""
        return b not in self.players[a].opponents and frozenset((a, b)) not in self.forbidden

    def score(self, pid: int) -> int:
        return self.players[pid].score

    def pairable(self, ids: Sequence[int]) -> bool:
        return pairable(ids, self.legal)

    def pair(self) -> RoundPairing:
        ids = sorted(self.players)
        bye = self.bye(ids) if len(ids) % 2 else None
        unpaired = [pid for pid in ids if pid != bye]
        if not self.pairable(unpaired):
            raise NoLegalPairing("no legal pairing of the round ([C3])")
        return RoundPairing(frozenset(top_down(unpaired, self.bracket, self.colours)), bye)

    # -- 3.4 the PAB ------------------------------------------------------------------------
    def bye(self, ids: list[int]) -> int:
        """Not barred ([C2]); 3.4.1 the others pairable; 3.4.2-3.4.4 lowest score, most
        matches played, largest TPN."""
        allowed = [p for p in ids if not self.players[p].pab_barred]
        for pid in sorted(
            allowed, key=lambda p: (self.score(p), -self.players[p].matches_played, -p)
        ):
            if self.pairable([p for p in ids if p != pid]):
                return pid
        raise NoLegalPairing("no player may take the PAB ([C2], 3.4.1)")

    # -- 3.5 the set of upfloaters -------------------------------------------------------------
    def bracket(self, unpaired: list[int]) -> list[Pair]:
        top = max(self.score(p) for p in unpaired)
        residents = [p for p in unpaired if self.score(p) == top]
        pool = [p for p in unpaired if self.score(p) < top]  # 3.5.1
        best: tuple | None = None
        chosen: tuple[int, ...] = ()
        for size in range(len(residents) % 2, len(pool) + 1, 2):
            for upfloaters in itertools.combinations(pool, size):
                members = residents + list(upfloaters)
                rest = [p for p in unpaired if p not in members]
                if not self.pairable(members) or not self.pairable(rest):  # legal, [C3]
                    continue
                key = self.set_key(top, residents, upfloaters, rest)
                if best is None or key < best:
                    best, chosen = key, upfloaters
            if best is not None:  # [C4]: no larger set can be better
                break
        if best is None:
            raise NoLegalPairing(f"bracket {top}: no set of upfloaters allows a legal pairing")
        return self.pair_bracket(residents, list(chosen))

    def set_key(
        self, top: int, residents: list[int], upfloaters: Sequence[int], rest: list[int]
    ) -> tuple:
        """[C4] count, [C5] scores ascending (higher better), [C6] met first, [C7], 3.5.3-3.5.4."""
        c5 = tuple(-s for s in sorted(self.score(p) for p in upfloaters))
        c6 = 0 if self.following_pairable(top, rest) else 1
        c7 = 0 if self.field.last_round else sum(1 for p in upfloaters if self.floated(p))
        return len(upfloaters), c5, c6, c7, upfloater_order(upfloaters, self.score)

    def following_pairable(self, top: int, rest: list[int]) -> bool:
        """[C6] (DS6): what is left of the next scoregroup pairs with the fewest upfloaters
        its size allows ([C4]), under [C1], the others staying pairable ([C3])."""
        below = [s for s in self.levels if s < top]
        if not below:
            return True
        following = [p for p in rest if self.score(p) == below[0]]
        if not following:
            return True  # its players became or are upfloaters
        lower = [p for p in rest if self.score(p) < below[0]]
        options: list[tuple[int, ...]] = [()] if len(following) % 2 == 0 else [(u,) for u in lower]
        for extra in options:
            group = following + list(extra)
            if self.pairable(group) and self.pairable([p for p in rest if p not in group]):
                return True
        return False

    def floated(self, pid: int) -> bool:
        """1.5: a floater in the previous round."""
        return self.field.floated(pid, self.field.round - 1)

    # -- 3.6 the pairing of the bracket --------------------------------------------------------
    def pair_bracket(self, residents: list[int], upfloaters: list[int]) -> list[Pair]:
        """3.6.4: the legal pairing with the fewest [C8], then the first identifier."""
        members = sorted(residents + upfloaters)

        def key(pairs: list[Pair]) -> tuple:
            return self.c8(pairs, upfloaters), identifier(pairs)

        return min(perfect_matchings(members, self.legal), key=key)

    def c8(self, pairs: Sequence[Pair], upfloaters: Sequence[int]) -> int:
        """[C8] (DS7): upfloaters' opponents who were floaters in the previous round."""
        if self.field.last_round:
            return 0
        count = 0
        for a, b in pairs:
            for mover, opponent in ((a, b), (b, a)):
                if mover in upfloaters and self.floated(opponent):
                    count += 1
        return count

    # -- Article 4 the colours -------------------------------------------------------------------
    def colours(self, a: int, b: int) -> Pair:
        """(White in game 1, Black in game 1) for a pair (4.3, 4.4)."""
        high, low = (a, b) if (self.score(a), -a) > (self.score(b), -b) else (b, a)  # 4.2
        ph, pl = self.players[high], self.players[low]
        if not ph.colours and not pl.colours:  # 4.3.1
            initial = self.field.initial_colour
            return give(high, low, initial if high % 2 else initial.opposite)
        wh, wl = whites(ph), whites(pl)
        if wh != wl:  # 4.3.2
            return give(high, low, WHITE if wh < wl else WHITE.opposite)
        for x, y in zip(reversed(ph.colours), reversed(pl.colours)):  # 4.3.3
            if x != y:
                return give(high, low, y)
        if ph.colours:  # 4.3.4
            return give(high, low, ph.colours[-1].opposite)
        return give(low, high, pl.colours[-1].opposite)  # 4.3.5


def whites(c: Contestant) -> int:
    """4.3.2 (DS11): the matches in which the player had White."""
    return sum(1 for colour in c.colours if colour is Colour.WHITE)


def pair_double_swiss(
    source: str | Tournament | DoubleField, rnd: int | None = None
) -> RoundPairing:
    """The Double-Swiss pairing of the next match round (or of ``rnd``) of a tournament."""
    field = source if isinstance(source, DoubleField) else field_of(source, rnd)
    return DoubleSwissRound(field).pair()
