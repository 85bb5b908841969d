"""The FIDE Burstein System (C.04.4.2, 2026) after its seeding rounds, by enumeration.

As models/burstein-2026.md states it: the PAB first (3.1); then every complete
pairing of the others that keeps [C1] and [C3] is enumerated (so [C4] holds by
construction), and bracket by bracket from the top the candidates are cut to
those whose bracket pairing is best by [C5] (most pairs), [C6] (the outgoing
floaters' scores, highest first, as low as possible), [C7] (the same two for
the following bracket, at best) and [C8] (fewest players without their
colour), and among them to the first in the order of Article 4 (BSN #1's
opponent as low-ranked as possible, a floater last, then BSN #2's, ...).
Players are ranked by the Index of 1.7-1.8 (Buchholz, Sonneborn-Berger, TPN).

Seeding rounds (1.6) are paired by the Dutch system and are not covered here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from mipair.model import Colour, Tournament
from tests.support.swiss_brute.history import (
    Entrant,
    Field,
    RoundPairing,
    field_of,
    perfect_matchings,
)
from tests.support.swiss_brute.rules import NoLegalPairing, SwissRound, give
from tests.support.swiss_brute.rules import preference as _preference


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: half the rounds (rounded down), at most four."""
    return min(total_rounds // 2, 4)


def preference(e: Entrant) -> tuple[Colour | None, int]:
    """1.5: as the Dutch system; a player who has not played has none (1.5.4)."""
    return _preference(e, None)


def index(field: Field) -> dict[int, tuple[int, int]]:
    """1.7: (Buchholz, Sonneborn-Berger) of every player, in hundredths of a point squared.

    Buchholz sums the current scores of the opponents met over the board; a round
    not played over the board is a game against oneself with the points it gave
    (1.7.2). Sonneborn-Berger sums the points scored in each round times that
    round's opponent score. An opponent whose latest rounds are a run of
    zero-point byes up to now is seen by its opponents with a draw for each of
    them (1.7.2 exception). Virtual points never count (1.7.2).
    """
    out = {}
    for pid, e in field.entrants.items():
        buchholz = sonneborn = 0
        for p in e.past:
            if p.played and p.opponent is not None:
                opp = seen_by_opponents(field, field.entrants[p.opponent])
            else:
                opp = e.score
            buchholz += opp
            sonneborn += p.points * opp
        out[pid] = (buchholz, sonneborn)
    return out


def seen_by_opponents(field: Field, e: Entrant) -> int:
    """1.7.2 exception: the score of ``e`` with its trailing zero-point byes counted as draws."""
    score = e.score
    for p in reversed(e.past):
        if p.opponent is None and p.result in ("Z", "-", "") and p.points == 0:
            score += field.draw
        else:
            break
    return score


class BursteinRound(SwissRound):
    """One round after the seeding rounds."""

    def __init__(self, field: Field) -> None:
        super().__init__(field)
        idx = index(field)
        # 1.8: Index (Buchholz, then Sonneborn-Berger) descending, then TPN; scores not used
        self.rank = {pid: (-idx[pid][0], -idx[pid][1], pid) for pid in self.players}

    def pair(self) -> RoundPairing:
        ids = sorted(self.players)
        bye = self.bye(ids) if len(ids) % 2 else None
        rest = [pid for pid in ids if pid != bye]
        candidates = [
            frozenset(frozenset(p) for p in m) for m in perfect_matchings(rest, self.legal)
        ]
        if not candidates:
            raise NoLegalPairing("no complete legal pairing ([C4])")
        unpaired, incoming = set(rest), set()
        while unpaired:
            top = max(self.score(p) for p in unpaired - incoming)
            bracket = incoming | {p for p in unpaired if self.score(p) == top}
            candidates, incoming = self.choose(bracket, unpaired, candidates)
            unpaired -= {p for p in bracket if p not in incoming}
        (matching,) = candidates
        return RoundPairing(frozenset(self.colours(*sorted(pair)) for pair in matching), bye)

    # -- 3.1 ---------------------------------------------------------------------------------
    def bye(self, ids: list[int]) -> int:
        """3.1: eligible, leaves the others pairable, lowest score, most games, lowest rank (1.8)."""
        return self.first_bye(
            ids, lambda p: (self.score(p), -self.players[p].games_played, _reverse(self.rank[p]))
        )

    # -- 3.2 and Article 4 ---------------------------------------------------------------------
    def choose(
        self, bracket: set[int], unpaired: set[int], candidates: list[frozenset]
    ) -> tuple[list, set[int]]:
        """The candidates whose pairing of ``bracket`` is the first best one; its outgoing floaters."""
        below = unpaired - bracket
        decisions: dict[tuple, list] = {}
        for m in candidates:
            decisions.setdefault(self.decision(bracket, m), []).append(m)
        scored = []
        for decision, ms in decisions.items():
            pairs, floaters = decision
            c5 = len(floaters)
            c6 = tuple(sorted((self.score(p) for p in floaters), reverse=True))
            c7 = min(self.following(set(floaters), below, m) for m in ms)
            c8 = sum(1 for a, b in pairs if self.misses(a, b))
            scored.append(((c5, c6, c7, c8), self.order_key(bracket, decision), decision))
        _, _, best = min(scored, key=lambda s: (s[0], s[1]))
        return decisions[best], set(best[1])

    def decision(self, bracket: set[int], m: frozenset) -> tuple:
        """What a complete pairing decides for the bracket: its pairs inside, its outgoing floaters."""
        pairs, floaters = [], []
        for pair in m:
            inside = [p for p in pair if p in bracket]
            if len(inside) == 2:
                pairs.append(tuple(sorted(inside)))
            else:
                floaters += inside
        return tuple(sorted(pairs)), tuple(sorted(floaters))

    def following(self, floaters: set[int], below: set[int], m: frozenset) -> tuple:
        """[C7]: [C5] and [C6] of the following bracket (these floaters and the next scoregroup)."""
        if not below - floaters:
            return ()
        top = max(self.score(p) for p in below)
        following = floaters | {p for p in below if self.score(p) == top}
        _, onward = self.decision(following, m)
        return len(onward), tuple(sorted((self.score(p) for p in onward), reverse=True))

    def misses(self, a: int, b: int) -> bool:
        """[C8]: one of the pair does not get its colour (both want the same)."""
        return self.pref[a][0] is not None and self.pref[a][0] == self.pref[b][0]

    def order_key(self, bracket: set[int], decision: tuple) -> tuple:
        """Article 4: BSNs by 1.8; BSN #1's opponent highest first (a floater, BSN 0, last), ..."""
        ranked = sorted(bracket, key=lambda p: self.rank[p])
        bsn = {p: i for i, p in enumerate(ranked, 1)}
        opponent = {}
        for a, b in decision[0]:
            opponent[a], opponent[b] = bsn[b], bsn[a]
        return tuple(-opponent.get(p, 0) for p in ranked)

    # -- Article 5 ---------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[int, int]:
        pa, pb = self.players[a], self.players[b]
        (ca, sa), (cb, sb) = self.pref[a], self.pref[b]
        if pa.games_played == 0 and pb.games_played == 0:  # 5.2.1: score, then TPN
            high, low = (a, b) if (self.score(a), -a) > (self.score(b), -b) else (b, a)
            odd = self.field.pairing_number(high) % 2
            gets = self.field.initial_colour if odd else self.field.initial_colour.opposite
            return give(high, low, gets)
        if ca is not None and cb is not None and ca != cb:  # 5.2.2
            return give(a, b, ca)
        if sa != sb:  # 5.2.3 (a player without a preference is the weaker)
            return give(a, b, ca) if sa > sb else give(b, a, cb)  # type: ignore[arg-type]
        for x, y in zip(reversed(pa.colours), reversed(pb.colours)):  # 5.2.4
            if x != y:
                return give(a, b, y)
        high, low = (a, b) if self.rank[a] < self.rank[b] else (b, a)  # 5.2.5: rank of 1.8
        return give(high, low, self.pref[high][0])  # type: ignore[arg-type]


def _reverse(key: tuple) -> tuple:
    return tuple(-x for x in key)


def article4_order(n: int, pairs: int) -> list[list[tuple[int, int]]]:
    """Every pairing of BSNs 1..n with ``pairs`` pairs (the others float, opponent 0), in 4.3 order."""
    out = []
    for m in itertools.combinations(range(1, n + 1), 2 * pairs):
        for matching in perfect_matchings(list(m), lambda a, b: True):
            floaters = [(p, 0) for p in range(1, n + 1) if p not in m]
            out.append(sorted([*(tuple(sorted(x)) for x in matching), *floaters]))

    def key(pairing: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        opponent = {}
        for a, b in pairing:
            if b:
                opponent[a], opponent[b] = b, a
        return tuple(-opponent.get(p, 0) for p in range(1, n + 1))

    return sorted(out, key=key)


def pair_burstein(source: str | Tournament | Field, rnd: int | None = None) -> RoundPairing:
    """The Burstein pairing of the next round (or ``rnd``); seeding rounds are refused."""
    field = source if isinstance(source, Field) else field_of(source, rnd)
    if field.total_rounds is None:
        raise NoLegalPairing("the number of rounds is needed for the seeding rounds (1.6)")
    if field.round <= seeding_rounds(field.total_rounds):
        raise ValueError(
            f"round {field.round} is a seeding round, paired by the Dutch system (1.6)"
        )
    return BursteinRound(field).pair()
