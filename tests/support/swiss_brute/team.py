"""The FIDE Swiss Team Pairing System (C.04.6, 2026) applied literally, as models/team-2026.md states it.

A procedure with choices made by enumeration: the PAB first (3.4), then for each
top-scoregroup every set of upfloaters of the fewest size and best score profile that
allows a legal pairing ([C4], [C5], [C3]), the first of them best by [C6] then [C7] in the
order of 3.5.3-3.5.4, then every perfect matching of the bracket, the first best by [C8],
[C9], [C10] in the order of the identifiers of 3.6.2; then the colours of Article 4.
The fields must stay small (up to about 12 teams).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from mipair.model import Colour, Tournament
from tests.support.swiss_brute.history import RoundPairing, pairable, perfect_matchings
from tests.support.swiss_brute.rules import NoLegalPairing, top_down
from tests.support.swiss_brute.team_history import BLACK, WHITE, Entrant, TeamField, team_field

STRONG, MILD = 2, 1
Preference = tuple[Colour, int] | None


def preference(e: Entrant, model: str | None, last_round: bool) -> Preference:
    """1.7 with T9, T10: (colour, strength), strong (type A: simple) or mild; None for none."""
    if model is None:
        return None
    cd, last_two = e.colour_difference, e.colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == (BLACK, BLACK)):
        return WHITE, STRONG
    if cd > 1 or (cd in (0, 1) and last_two == (WHITE, WHITE)):
        return BLACK, STRONG
    if model == "A" or not e.colours:
        return None
    if cd:
        return (WHITE if cd < 0 else BLACK), MILD
    if last_round:
        return None
    return e.colours[-1].opposite, MILD


def upfloater_sets(
    lower: Sequence[int], size: int, score: Callable[[int], int]
) -> list[list[tuple[int, ...]]]:
    """The sets of ``size`` upfloaters, grouped by score profile, best profile first ([C5]:
    the scores in ascending order, the higher the better), each group in the order of 3.5.4;
    a set is listed by descending score, then ascending TPN (3.5.3)."""
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for chosen in itertools.combinations(lower, size):
        listed = tuple(sorted(chosen, key=lambda n: (-score(n), n)))
        groups.setdefault(tuple(sorted(score(n) for n in chosen)), []).append(listed)
    return [sorted(groups[profile]) for profile in sorted(groups, reverse=True)]


def identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the top members (smaller TPN) in ascending order, then their bottom members."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(top for top, _ in ordered) + tuple(bottom for _, bottom in ordered)


class TeamSwissRound:
    """One round of C.04.6 on ``field``."""

    def __init__(self, field: TeamField) -> None:
        self.field = field
        self.teams = {n: e for n, e in field.entrants.items() if not e.absent}
        self.pref = {n: preference(e, field.model, field.last_round) for n, e in self.teams.items()}
        t = field.tournament
        self.banned = {
            frozenset(pair)
            for fp in t.forbidden
            if fp.applies(field.round)
            for pair in itertools.combinations(fp.players, 2)
        }

    def score(self, n: int) -> int:
        return self.teams[n].score

    def legal(self, a: int, b: int) -> bool:
        """[C1] (and the competition's forbidden pairs): no colour rule is absolute."""
        return b not in self.teams[a].met and frozenset((a, b)) not in self.banned

    def pair(self) -> RoundPairing:
        ids = sorted(self.teams)
        bye = self.bye(ids) if len(ids) % 2 else None
        unpaired = [n for n in ids if n != bye]
        if not pairable(unpaired, self.legal):
            raise NoLegalPairing("the teams cannot all be paired ([C3], 3.3.3)")
        boards = top_down(unpaired, self.bracket, self.colours)
        return RoundPairing(frozenset(boards), bye)

    # -- 3.4 the PAB -------------------------------------------------------------------------
    def bye(self, ids: list[int]) -> int:
        """[C2], 3.4.1 leaves the rest pairable, 3.4.2 lowest score, 3.4.3 most matches, 3.4.4 TPN."""
        candidates = [n for n in ids if not self.teams[n].bye_barred]
        order = sorted(candidates, key=lambda n: (self.score(n), -self.teams[n].matches_played, -n))
        for n in order:
            if pairable([m for m in ids if m != n], self.legal):
                return n
        raise NoLegalPairing("no team can take the PAB ([C2], 3.4.1)")

    # -- 3.5 and 3.6: one bracket ----------------------------------------------------------------
    def bracket(self, unpaired: list[int]) -> list[tuple[int, int]]:
        top = max(self.score(n) for n in unpaired)
        residents = [n for n in unpaired if self.score(n) == top]
        lower = [n for n in unpaired if self.score(n) < top]  # 3.5.1
        for size in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
            for sets in upfloater_sets(lower, size, self.score):  # [C5], then 3.5.4
                valid = [s for s in sets if self.completes(residents, s, unpaired)]
                if valid:  # 3.5.5: [C6], [C7], then the first
                    best = min(
                        valid,
                        key=lambda s: (
                            self.c6_fails(top, residents, s, unpaired),
                            self.c7(s),
                            sets.index(s),
                        ),
                    )
                    return self.pair_bracket(top, residents + list(best))
        raise NoLegalPairing(f"no set of upfloaters lets the teams of score {top} be paired")

    def completes(self, residents: list[int], chosen: Sequence[int], unpaired: list[int]) -> bool:
        """The bracket has a legal pairing and the teams outside it stay pairable ([C1], [C3])."""
        bracket = residents + list(chosen)
        rest = [n for n in unpaired if n not in bracket]
        return pairable(bracket, self.legal) and pairable(rest, self.legal)

    def c6_fails(
        self, top: int, residents: list[int], chosen: Sequence[int], unpaired: list[int]
    ) -> bool:
        """[C6] (T16): what is left of the following scoregroup is pairable with the fewest upfloaters."""
        below = [self.score(n) for n in self.field_teams() if self.score(n) < top]
        if not below:
            return False
        following = max(below)
        rest = [n for n in unpaired if n not in residents and n not in chosen]
        group = [n for n in rest if self.score(n) == following]
        if not group:
            return False
        lower = [n for n in rest if self.score(n) < following]
        floats: list[tuple[int, ...]] = [()] if len(group) % 2 == 0 else [(n,) for n in lower]
        for up in floats:
            left = [n for n in rest if n not in group and n not in up]
            if pairable(group + list(up), self.legal) and pairable(left, self.legal):
                return False
        return True

    def field_teams(self) -> list[int]:
        """The teams of the round (the PAB's included: the scoregroups are the round's)."""
        return list(self.teams)

    def c7(self, chosen: Sequence[int]) -> int:
        """[C7]: upfloaters that floated in the previous round; not in the last two rounds."""
        if self.field.last_two_rounds:
            return 0
        return sum(1 for n in chosen if self.field.floated(n))

    def pair_bracket(self, top: int, bracket: list[int]) -> list[tuple[int, int]]:
        """3.6: the least [C8], [C9], [C10], then the first identifier (3.6.3)."""
        options = perfect_matchings(sorted(bracket), self.legal)
        return min(
            options, key=lambda pairs: (*self.c8_c9(pairs), self.c10(top, pairs), identifier(pairs))
        )

    def c8_c9(self, pairs: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """[C8] pairs wanting one colour (one team misses it, T15); [C9] both strongly (type B)."""
        c8 = c9 = 0
        for a, b in pairs:
            pa, pb = self.pref[a], self.pref[b]
            if pa and pb and pa[0] == pb[0]:
                c8 += 1
                c9 += self.field.model == "B" and pa[1] == pb[1] == STRONG
        return c8, c9

    def c10(self, top: int, pairs: Sequence[tuple[int, int]]) -> int:
        """[C10]: an upfloater's opponent that floated in the previous round, per upfloater."""
        if self.field.last_two_rounds:
            return 0
        count = 0
        for a, b in pairs:
            for up, other in ((a, b), (b, a)):
                if self.score(up) < top and self.field.floated(other):
                    count += 1
        return count

    # -- Article 4 -----------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[int, int]:
        """(white, black): 4.2 the first-team, then the first rule of 4.3 that decides."""
        ea, eb = self.teams[a], self.teams[b]
        used = self.field.secondary_used

        def rank(e: Entrant) -> tuple[int, int, int]:
            return e.score, e.secondary if used else 0, -e.number

        first, other = (ea, eb) if rank(ea) > rank(eb) else (eb, ea)

        def give(colour: Colour) -> tuple[int, int]:  # ``colour`` to the first-team
            return (first.number, other.number) if colour is WHITE else (other.number, first.number)

        if not first.matches_played and not other.matches_played:  # 4.3.1
            initial = self.field.initial_colour()
            return give(initial if first.number % 2 else initial.opposite)
        pf, po = self.pref[first.number], self.pref[other.number]
        if pf and not po:  # 4.3.2
            return give(pf[0])
        if po and not pf:
            return give(po[0].opposite)
        if pf and po and pf[0] != po[0]:  # 4.3.3
            return give(pf[0])
        if self.field.model == "B" and pf and po and pf[1] != po[1]:  # 4.3.4
            return give(pf[0] if pf[1] == STRONG else po[0].opposite)
        if first.colour_difference != other.colour_difference:  # 4.3.5
            lower_is_first = first.colour_difference < other.colour_difference
            return give(WHITE if lower_is_first else BLACK)
        for x, y in zip(reversed(first.colours), reversed(other.colours)):  # 4.3.6
            if x != y:
                return give(y)
        if pf:  # 4.3.7
            return give(pf[0])
        if first.colours:  # 4.3.8
            return give(first.colours[-1].opposite)
        return give(other.colours[-1])  # 4.3.9: the other team alternates


def pair_team(source: str | Tournament | TeamField, rnd: int | None = None) -> RoundPairing:
    """The C.04.6 pairing of the next round (or of ``rnd``) of a team file."""
    field = source if isinstance(source, TeamField) else team_field(source, rnd)
    return TeamSwissRound(field).pair()
