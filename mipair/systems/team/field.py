"""A team tournament before a round, as C.04.6 sees it: :class:`TeamState`.

Read from a team file (TRF-2026 ``310`` or TRF16 ``013``) through
:mod:`mipair.team_rounds`, which says what each team did in each past round. Here
each team of the round becomes a :class:`TeamEntrant`: its pairing score (the primary
score of 1.2 plus an acceleration's virtual points, T24), its secondary score, the
colours of its played matches (1.6, T3), the teams it played ([C1], T12), its
matches played (3.4.3, T26), whether the PAB is barred to it ([C2], T11), whether it
floated in the previous round (1.5, T13) and its colour preference (1.7, T9, T10).
Which teams are paired in the round follows T25: every team except those a ``240``
names for the round and those some of whose players already have a cell for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from mipair.errors import InputError
from mipair.model import Colour, Tournament
from mipair.systems.team.settings import Competition, settings
from mipair.team_rounds import Kind, TeamReader, TeamRound

WHITE, BLACK = Colour.WHITE, Colour.BLACK
STRONG, MILD = 2, 1


@dataclass(frozen=True)
class Preference:
    """A team's colour preference (1.7): the colour and how strong (type A's simple one
    is :data:`STRONG`, as type B's strong one is granted in the same cases)."""

    colour: Colour
    strength: int

    @property
    def strong(self) -> bool:
        return self.strength == STRONG


def simple_preference(colours: tuple[Colour, ...]) -> Preference | None:
    """1.7.1 (type A), and type B's strong preference: the colour the team is short of by
    two or more, or the other colour than its last two matches' when it is even or one
    short (T10: the more specific clause wins)."""
    difference = colours.count(WHITE) - colours.count(BLACK)
    last_two = colours[-2:]
    if difference < -1 or (difference in (0, -1) and last_two == (BLACK, BLACK)):
        return Preference(WHITE, STRONG)
    if difference > 1 or (difference in (0, 1) and last_two == (WHITE, WHITE)):
        return Preference(BLACK, STRONG)
    return None


def mild_preference(colours: tuple[Colour, ...], last_round: bool) -> Preference | None:
    """1.7.2 (type B), mild: the colour the team is one short of; at an even count, the
    other colour than its last match's, except in the last round (T9); none before a
    first played match."""
    if not colours:
        return None
    difference = colours.count(WHITE) - colours.count(BLACK)
    if difference:
        return Preference(WHITE if difference < 0 else BLACK, MILD)
    return None if last_round else Preference(colours[-1].opposite, MILD)


def preference(
    colours: tuple[Colour, ...], model: str | None, last_round: bool
) -> Preference | None:
    """1.7: the preference of a team of ``colours`` under the competition's model."""
    if model is None:
        return None
    found = simple_preference(colours)
    if found is None and model == "B":
        found = mild_preference(colours, last_round)
    return found


@dataclass(frozen=True)
class TeamEntrant:
    """One team of the round as the pairing reads it (see the module docstring)."""

    number: int  # the TPN (1.1, T2)
    pairing_score: int  # tenths, the primary score with the round's virtual points
    primary: int  # the standings' primary score (4.2.1, T23)
    secondary: int  # the standings' secondary score (4.2.2)
    colours: tuple[Colour, ...]
    met: frozenset[int]
    matches_played: int
    bye_barred: bool
    floated: bool
    preference: Preference | None

    @property
    def id(self) -> int:
        """The TPN, as the shared PAB order reads it (:mod:`mipair.systems.swiss_bye`)."""
        return self.number

    @property
    def colour_difference(self) -> int:
        return self.colours.count(WHITE) - self.colours.count(BLACK)


@dataclass(frozen=True)
class TeamState:
    """A team tournament before round ``round`` (see the module docstring)."""

    tournament: Tournament
    round: int
    competition: Competition
    teams: dict[int, TeamEntrant]  # the teams to pair, by TPN
    absent: frozenset[int]  # the teams not paired in the round (T25)
    history: dict[int, tuple[TeamRound, ...]]  # every team's past rounds
    initial_colour: Colour
    board_colours: str  # 352, read from the board-1 White team (T5)
    forbidden: frozenset[frozenset[int]]

    @property
    def total_rounds(self) -> int | None:
        return self.tournament.total_rounds

    @property
    def last_round(self) -> bool:
        return self.total_rounds == self.round

    @property
    def last_two_rounds(self) -> bool:
        """T14: rounds n-1 and n; without 142 no round is among them."""
        total = self.total_rounds
        return total is not None and self.round >= total - 1

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """The round's pairing scores, highest first (the scoregroups, 1.3)."""
        return tuple(sorted({e.pairing_score for e in self.teams.values()}, reverse=True))

    def legal(self, a: int, b: int) -> bool:
        """[C1] and the competition's forbidden pairs: nothing about colours (Preface)."""
        return b not in self.teams[a].met and frozenset((a, b)) not in self.forbidden


def announced(t: Tournament, reader: TeamReader, number: int, rnd: int) -> bool:
    """T25: a 240 record, or cells of the team's players for the round, say the team is
    not paired."""
    if any(b.round == rnd and number in b.teams for b in reader.section.byes):
        return True
    return any(t.cell(pid, rnd) is not None for pid in reader.section.teams[number].players)


def virtual_points(t: Tournament, primary: str, number: int, rnd: int) -> int:
    """C.04.7 with T24: the ``250`` points of the primary kind a team has in round ``rnd``."""
    assert t.teams is not None
    return sum(
        a.match_points if primary == "match" else a.game_points
        for a in t.teams.accelerations
        if a.first_round <= rnd <= a.last_round and a.first_team <= number <= a.last_team
    )


def team_state(t: Tournament, rnd: int) -> TeamState:
    """The state of team file ``t`` before round ``rnd`` (``t`` holds rounds 1..rnd-1 and
    the round's announced absences)."""
    if t.teams is None:
        raise InputError("this is not a team file (no 310 or 013 record)", file=t.source)
    check_numbers(t)
    reader = TeamReader(t)
    competition = settings().competition(t.system)
    history = {n: tuple(reader.round(n, r) for r in range(1, rnd)) for n in reader.section.teams}
    primary_of = (
        (lambda r: r.match_points) if competition.primary == "match" else (lambda r: r.game_points)
    )
    secondary_of = (
        (lambda r: r.game_points) if competition.primary == "match" else (lambda r: r.match_points)
    )
    before = {  # the pairing score before each round 1..rnd (1.5's floats read them)
        n: [
            sum(primary_of(r) for r in rounds[:k])
            + virtual_points(t, competition.primary, n, k + 1)
            for k in range(rnd)
        ]
        for n, rounds in history.items()
    }
    absent = frozenset(n for n in history if announced(t, reader, n, rnd))
    last_round = t.total_rounds == rnd
    teams = {}
    for n, rounds in history.items():
        if n in absent:
            continue
        colours = tuple(r.colour for r in rounds if r.played and r.colour is not None)
        teams[n] = TeamEntrant(
            number=n,
            pairing_score=before[n][rnd - 1],
            primary=sum(primary_of(r) for r in rounds),
            secondary=sum(secondary_of(r) for r in rounds),
            colours=colours,
            met=frozenset(r.opponent for r in rounds if r.played and r.opponent is not None),
            matches_played=sum(1 for r in rounds if r.played),
            bye_barred=any(r.kind in (Kind.PAB, Kind.FULL_BYE) or r.forfeit_win for r in rounds),
            floated=floated(history, before, n, rnd),
            preference=preference(colours, competition.model, last_round),
        )
    forbidden = frozenset(
        frozenset((a, b))
        for rule in t.forbidden
        if rule.applies(rnd)
        for a in rule.players
        for b in rule.players
        if a < b
    )
    return TeamState(
        t,
        rnd,
        competition,
        teams,
        absent,
        history,
        initial_colour(t, history),
        reader.colours,
        forbidden,
    )


def check_numbers(t: Tournament) -> None:
    """1.1.1 (T2): the teams are numbered 1 to the number of teams."""
    assert t.teams is not None
    size = len(t.teams.teams)
    for team in t.teams.teams.values():
        if not 1 <= team.number <= size:
            raise InputError(
                f"team pairing number {team.number} in a field of {size} teams: C.04.6 1.1 "
                f"numbers the teams 1 to {size}",
                file=t.source,
                line=team.line,
                field="team pairing number (310 columns 5-7)",
            )


def floated(
    history: dict[int, tuple[TeamRound, ...]], before: dict[int, list[int]], n: int, rnd: int
) -> bool:
    """1.5 with T13: in the previous round the team played a match against a team of
    another pairing score (up or down alike)."""
    if rnd < 2:
        return False
    last = history[n][rnd - 2]
    if not last.played or last.opponent is None:
        return False
    return before[n][rnd - 2] != before[last.opponent][rnd - 2]


def initial_colour(t: Tournament, history: dict[int, tuple[TeamRound, ...]]) -> Colour:
    """4.1 with T21: ``152``; else what round 1 shows (the first-team of the played match
    of the smallest TPN had the initial colour if its TPN is odd); else White."""
    if t.initial_colour is not None:
        return t.initial_colour
    firsts = sorted(
        (min(n, r[0].opponent), n)
        for n, r in history.items()
        if r and r[0].played and r[0].opponent is not None
    )
    if not firsts:
        return WHITE
    team = firsts[0][0]
    colour = history[team][0].colour or WHITE
    return colour if team % 2 else colour.opposite
