"""The FIDE Dubov System (C.04.4.1, 2026) applied literally, as models/dubov-2026.md states it.

A procedure, not an optimisation: the PAB first (3.1), then bracket by bracket
from the highest score, the first valid set of upfloaters in the order of 4.2
with the best key ([C6], [C7], [C8]-[C10]), the G1/G2 split and shifts (3.2.3,
3.2.4, 4.3), S1 by ARO and the first legal transposition of G2 (3.2.5, 3.2.6,
4.4), then the colours (5.2). Every choice is made by enumeration, so the
fields must stay small (up to about 12 players).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from mipair.model import Colour, Tournament
from tests.support.swiss_brute.history import (
    BLACK,
    WHITE,
    Entrant,
    Field,
    RoundPairing,
    field_of,
    pairable,
    perfect_matchings,
)
from tests.support.swiss_brute.rules import NoLegalPairing, SwissRound, give, top_down
from tests.support.swiss_brute.rules import preference as _preference

INFINITY = 10**9


# -- 1.6: colour preferences; 1.7: ARO; 1.8: upfloats ---------------------------------------


def preference(e: Entrant) -> tuple[Colour, int]:
    """1.6: as the Dutch system; a player who has not played wants Black, mildly (1.6.4)."""
    colour, strength = _preference(e, BLACK)
    assert colour is not None
    return colour, strength


def aro(field: Field, e: Entrant) -> int:
    """1.7: mean rating of the opponents of games played, rounded half up; 0 before a game."""
    ratings = [field.entrants[p.opponent].rating for p in e.past if p.played and p.opponent]
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def upfloats(field: Field, e: Entrant) -> list[int]:
    """The past rounds in which ``e`` was paired against a higher score (R8: forfeits count)."""
    rounds = []
    for p in e.past:
        if p.opponent is not None:
            before = field.scores_before[p.round]
            if before[p.opponent] > before[e.id]:
                rounds.append(p.round)
    return rounds


def max_upfloats(field: Field) -> int:
    """1.8.2: MaxT = 2 + rounds / 5 (rounded down)."""
    return 2 + (field.total_rounds or field.round) // 5


# -- the round ---------------------------------------------------------------------------


class DubovRound(SwissRound):
    """One round of the Dubov procedure on ``field``."""

    newcomer = BLACK

    def __init__(self, field: Field) -> None:
        super().__init__(field)
        self.aro = {pid: aro(field, e) for pid, e in self.players.items()}

    def pair(self) -> RoundPairing:
        ids = sorted(self.players)
        bye = self.bye(ids) if len(ids) % 2 else None
        unpaired = [pid for pid in ids if pid != bye]
        if not pairable(unpaired, self.legal):
            raise NoLegalPairing("no legal pairing of the round ([C4])")
        boards = top_down(unpaired, self.bracket, self.colours)
        return RoundPairing(frozenset(boards), bye)

    # -- 3.1 the PAB --------------------------------------------------------------------------
    def bye(self, ids: list[int]) -> int:
        """3.1: eligible, leaves the others pairable, lowest score, most games, largest TPN."""
        return self.first_bye(ids, lambda p: (self.score(p), -self.players[p].games_played, -p))

    # -- 3.2 one bracket ----------------------------------------------------------------------
    def bracket(self, unpaired: list[int]) -> list[tuple[int, int]]:
        top = max(self.score(p) for p in unpaired)
        residents = [p for p in unpaired if self.score(p) == top]
        pool = sorted(
            (p for p in unpaired if self.score(p) < top), key=lambda p: (-self.score(p), p)
        )  # 4.2.2: sequence numbers by descending score, then TPN

        def valid(chosen: Sequence[int]) -> bool:
            rest = [p for p in pool if p not in chosen]
            return pairable(residents + list(chosen), self.legal) and pairable(rest, self.legal)

        for size in range(len(residents) % 2, len(pool) + 1, 2):  # 3.2.1: the fewest upfloaters
            sets = [s for s in itertools.combinations(pool, size) if valid(s)]  # 4.1: in order
            if sets:
                break
        else:
            raise NoLegalPairing(f"bracket {top}: no set of upfloaters allows a legal pairing")
        best: tuple | None = None
        chosen_pairs: list[tuple[int, int]] = []
        for upfloaters in sets:  # 3.2.2: the first set with the best key
            pairs = self.pair_bracket(residents + list(upfloaters))
            key = self.upfloater_key(upfloaters, pairs)
            if best is None or key < best:
                best, chosen_pairs = key, pairs
        return chosen_pairs

    def upfloater_key(self, upfloaters: Sequence[int], pairs: list[tuple[int, int]]) -> tuple:
        """[C6] the upfloaters' scores, lowest first, higher better; [C7]; [C8]-[C10]."""
        c6 = tuple(-s for s in sorted(self.score(p) for p in upfloaters))
        c7 = self.colour_misses(pairs)
        if self.field.last_round:
            return c6, c7
        limit = max_upfloats(self.field)
        counts = {p: len(upfloats(self.field, self.players[p])) for p in upfloaters}
        maximum = [p for p in upfloaters if counts[p] >= limit]
        c8, c9 = len(maximum), sum(counts[p] for p in maximum)
        previous = self.field.round - 1
        c10 = sum(1 for p in upfloaters if previous in upfloats(self.field, self.players[p]))
        return c6, c7, c8, c9, c10

    def colour_misses(self, pairs: Sequence[tuple[int, int]]) -> int:
        """[C7]: players who do not get their colour: one per pair wanting the same colour."""
        return sum(1 for a, b in pairs if self.pref[a][0] == self.pref[b][0])

    # -- 3.2.3-3.2.6 pairing a bracket ------------------------------------------------------
    def pair_bracket(self, bracket: list[int]) -> list[tuple[int, int]]:
        g1, g2 = self.subgroups(bracket)
        g1, g2 = self.shift(bracket, g1, g2)
        s1 = sorted(g1, key=lambda p: (self.aro[p], p))  # 3.2.5
        for t2 in transpositions(g2):
            if all(self.legal(a, b) for a, b in zip(s1, t2)):  # 3.2.6
                return list(zip(s1, t2))
        raise NoLegalPairing(f"no legal transposition for G1 {s1}, G2 {sorted(g2)}")

    def subgroups(self, bracket: list[int]) -> tuple[list[int], list[int]]:
        """3.2.3: G1 the White seekers, G2 the others; when nobody has played, halves by TPN."""
        if all(self.players[p].games_played == 0 for p in bracket):
            ordered = sorted(bracket)
            half = len(ordered) // 2
            return ordered[:half], ordered[half:]
        g1 = [p for p in bracket if self.pref[p][0] is WHITE]
        return g1, [p for p in bracket if p not in g1]

    def shift(
        self, bracket: list[int], g1: list[int], g2: list[int]
    ) -> tuple[list[int], list[int]]:
        """3.2.4 with 4.3: the shifts that give G1 and G2 a legal pairing best by [C7]."""
        smaller_is_g1 = len(g1) <= len(g2)
        smaller = g1 if smaller_is_g1 else g2
        inside = min(
            (
                sum(1 for a, b in m if a in smaller and b in smaller)
                for m in perfect_matchings(sorted(bracket), self.legal)
            ),
            default=0,
        )
        best_value, best = INFINITY, (g1, g2)
        firsts = self.shift_sets(g1, g2, smaller_is_g1, inside) if inside else [()]
        for first in firsts:
            a, b = _moved(g1, g2, first, from_g1=smaller_is_g1)
            value, result = self.equalise(a, b)
            if value < best_value:
                best_value, best = value, result
        if best_value >= INFINITY:
            raise NoLegalPairing(f"no shift gives G1 and G2 a legal pairing in {sorted(bracket)}")
        return best

    def equalise(self, g1: list[int], g2: list[int]) -> tuple[int, tuple[list[int], list[int]]]:
        """3.2.4 step 2: the first best set moved from the larger subgroup to the smaller."""
        if len(g1) == len(g2):
            return self.bijection_value(g1, g2), (g1, g2)
        from_g1 = len(g1) > len(g2)
        count = abs(len(g1) - len(g2)) // 2
        best_value, best = INFINITY, (g1, g2)
        for chosen in self.shift_sets(g1, g2, from_g1, count):
            a, b = _moved(g1, g2, chosen, from_g1=from_g1)
            value = self.bijection_value(a, b)
            if value < best_value:
                best_value, best = value, (a, b)
        return best_value, best

    def shift_sets(
        self, g1: list[int], g2: list[int], from_g1: bool, count: int
    ) -> list[tuple[int, ...]]:
        """4.3: the possible shifters, numbered from the middle out, and their sets in order."""
        if from_g1:
            pool = sorted(
                (p for p in g1 if self.pref[p][0] is WHITE), key=lambda p: (self.aro[p], p)
            )
        else:
            pool = sorted(p for p in g2 if self.pref[p][0] is BLACK)
        if not all(self.players[p].games_played == 0 for p in g1 + g2):
            numbered = middle_out(pool)
        else:
            numbered = middle_out(sorted(g1 if from_g1 else g2))
        return list(itertools.combinations(numbered, count))

    def bijection_value(self, g1: Sequence[int], g2: Sequence[int]) -> int:
        """The least [C7] over the legal one-to-one pairings of G1 with G2 (infinite if none)."""
        best = INFINITY
        for perm in itertools.permutations(g2):
            if all(self.legal(a, b) for a, b in zip(g1, perm)):
                best = min(best, self.colour_misses(list(zip(g1, perm))))
        return best

    # -- 5.2 colours --------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[int, int]:
        """5.2: (white, black) for a pair."""
        pa, pb = self.players[a], self.players[b]
        high, low = (a, b) if (self.score(a), -a) > (self.score(b), -b) else (b, a)
        if pa.games_played == 0 and pb.games_played == 0:  # 5.2.1
            odd = high % 2 == 1
            high_gets = self.field.initial_colour if odd else self.field.initial_colour.opposite
            return give(high, low, high_gets)
        (ca, sa), (cb, sb) = self.pref[a], self.pref[b]
        if ca != cb:  # 5.2.2
            return give(a, b, ca)
        if sa != sb:  # 5.2.3
            return give(a, b, ca) if sa > sb else give(b, a, cb)
        for x, y in zip(reversed(pa.colours), reversed(pb.colours)):  # 5.2.4
            if x != y:
                return give(a, b, y)
        return give(high, low, self.pref[high][0])  # 5.2.5


def middle_out(items: Sequence[int]) -> list[int]:
    """4.3.3: number the list from the (upper) middle outwards: A..G gives D, C, E, B, F, A, G."""
    rest, out = list(items), []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def transpositions(g2: Sequence[int]) -> list[tuple[int, ...]]:
    """4.4: G2 by ascending TPN, then its permutations in lexicographic order."""
    return list(itertools.permutations(sorted(g2)))


def _moved(
    g1: list[int], g2: list[int], chosen: Sequence[int], *, from_g1: bool
) -> tuple[list[int], list[int]]:
    if from_g1:
        return [p for p in g1 if p not in chosen], g2 + list(chosen)
    return g1 + list(chosen), [p for p in g2 if p not in chosen]


def pair_dubov(source: str | Tournament | Field, rnd: int | None = None) -> RoundPairing:
    """The Dubov pairing of the next round (or of ``rnd``) of a tournament file."""
    field = source if isinstance(source, Field) else field_of(source, rnd)
    return DubovRound(field).pair()
