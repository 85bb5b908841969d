"""A Double-Swiss tournament before a match round: :class:`DoubleState`.

A round of the system is a match of two games (C.04.5 Preface), written as
two TRF rounds (``models/double-swiss-2026.md`` section 9); what a match says
(played or forfeited, its colour, its points) is :mod:`mipair.matches`. The
state holds, for each player present, what the pairing reads:

* the score: the points of every game and bye so far (reading DS16), plus the
  match's virtual points of acceleration (DS17) for the pairing;
* the opponents of matches played ([C1]: a forfeited match is no meeting);
* the colours of the matches that had one (1.6) and the Whites among them;
* the matches played (3.4.3, DS10) and whether the PAB is barred ([C2]: a PAB,
  a match won by forfeit or a full-point bye before);
* whether the player floated in the previous match (1.5, DS2).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from mipair.errors import InputError
from mipair.matches import GAMES, columns, match, match_of, scores_before
from mipair.model import Colour, Points, Result, Tournament
from mipair.rounds import accelerations_of, rounds_played


@dataclass(frozen=True)
class DoublePlayer:
    """One player present in the match round, as the pairing sees him."""

    id: int
    """The TPN: the file's pairing number (1.1, DS19)."""
    score: Points
    """The real score: game points and byes before the round (DS16)."""
    pairing_score: Points
    """The score that makes the scoregroups: ``score`` plus virtual points (DS17)."""
    opponents: frozenset[int]
    colours: tuple[Colour, ...]
    matches_played: int
    pab_barred: bool
    floated_last: bool

    @property
    def whites(self) -> int:
        """4.3.2 (DS11): the matches in which the player had White."""
        return sum(1 for colour in self.colours if colour is Colour.WHITE)


@dataclass(frozen=True)
class DoubleState:
    """A Double-Swiss tournament before match round ``round`` (see the module docstring)."""

    tournament: Tournament
    round: int
    """The match round to pair (match ``k`` is TRF rounds ``2k - 1`` and ``2k``)."""
    players: dict[int, DoublePlayer]
    """The players who take part in the round, by TPN."""
    absent: frozenset[int]
    """The players the file announces absent from the round (a bye requested, or away)."""

    @property
    def total_matches(self) -> int | None:
        total = self.tournament.total_rounds
        return None if total is None else total // GAMES

    @property
    def last_round(self) -> bool:
        """DS3: the match whose number is the tournament's number of matches."""
        return self.total_matches == self.round

    @cached_property
    def to_pair(self) -> list[int]:
        """The players of the round, by TPN."""
        return sorted(self.players)

    @cached_property
    def initial_colour(self) -> Colour:
        """4.1: 152 / XXC; else what match 1 shows (DS20); else White."""
        return initial_colour(self.tournament)

    @cached_property
    def forbidden(self) -> frozenset[frozenset[int]]:
        """The organiser's forbidden pairs (260 / XXP) in either game of the match (DS18)."""
        games = columns(self.round)
        return frozenset(
            frozenset((a, b))
            for fp in self.tournament.forbidden
            if any(fp.applies(r) for r in games)
            for i, a in enumerate(fp.players)
            for b in fp.players[i + 1 :]
        )

    def legal(self, a: int, b: int) -> bool:
        """[C1]: no second match (and no forbidden pair, DS18)."""
        return b not in self.players[a].opponents and frozenset((a, b)) not in self.forbidden


def initial_colour(t: Tournament) -> Colour:
    """4.1: the file's initial colour (152 / XXC); else the colour of the smallest TPN with
    a colour in match 1, reversed when his TPN is even (4.3.1 gave it, DS20); else White."""
    if t.initial_colour is not None:
        return t.initial_colour
    for pid in sorted(t.players):
        colour = match(t, pid, 1).colour
        if colour is not None:
            return colour if pid % 2 else colour.opposite
    return Colour.WHITE


def match_to_pair(t: Tournament) -> int:
    """The match round after the last in which anyone took part, checked against the
    number of rounds (a whole number of matches: ``formats/trf_double``)."""
    rnd = match_of(rounds_played(t)) + 1

    def refused(message: str) -> InputError:
        return InputError(message, file=t.source or "<text>", line=1, field="XXR/142")

    if t.total_rounds is None:
        raise refused("the number of rounds is needed to pair the next match")
    if rnd > t.total_rounds // GAMES:
        raise refused(f"all {t.total_rounds // GAMES} matches are already paired")
    return rnd


def absent_from(t: Tournament, pid: int, rnd: int) -> bool:
    """The file announces the player away from match ``rnd`` (a requested bye, an absence)."""
    first = t.cell(pid, columns(rnd)[0])
    return first is not None and first.opponent is None and not first.is_pab


def floated(t: Tournament, pid: int, rnd: int, before: dict[int, Points]) -> bool:
    """1.5 (DS2): a played match in ``rnd`` against an opponent of another score
    (``before``: the scores before that match)."""
    if rnd < 1:
        return False
    past = match(t, pid, rnd)
    return past.is_played and past.opponent is not None and before[past.opponent] != before[pid]


def pab_barred(t: Tournament, pid: int, rnd: int) -> bool:
    """[C2]: a PAB, a match won by forfeit or a full-point bye in matches before ``rnd``."""
    for k in range(1, rnd):
        past = match(t, pid, k)
        first = past.games[0]
        if past.is_pab or past.won_by_forfeit:
            return True
        if first is not None and first.opponent is None and first.result is Result.FULL_BYE:
            return True
    return False


def double_state(t: Tournament, rnd: int) -> DoubleState:
    """The state of ``t`` before match round ``rnd`` (see the module docstring)."""
    scores = scores_before(t, rnd)
    previous = scores_before(t, rnd - 1) if rnd > 1 else {}
    virtual = accelerations_of(t)
    first_game = columns(rnd)[0]
    players: dict[int, DoublePlayer] = {}
    away = set()
    for pid in sorted(t.players):
        if absent_from(t, pid, rnd):
            away.add(pid)
            continue
        past = [match(t, pid, k) for k in range(1, rnd)]
        players[pid] = DoublePlayer(
            id=pid,
            score=scores[pid],
            pairing_score=scores[pid] + virtual.get((pid, first_game), 0),
            opponents=frozenset(m.opponent for m in past if m.is_played and m.opponent),
            colours=tuple(m.colour for m in past if m.colour is not None),
            matches_played=sum(1 for m in past if m.is_played),
            pab_barred=pab_barred(t, pid, rnd),
            floated_last=floated(t, pid, rnd - 1, previous),
        )
    return DoubleState(t, rnd, players, frozenset(away))
