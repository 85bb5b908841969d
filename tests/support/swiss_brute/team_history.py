"""What a team file says about each team before a round, for the C.04.6 brute force.

Written from models/team-2026.md, sections 1 and 2 (and its readings T2-T29), not from
mipair.team_rounds: the file is read through mipair.formats (the format is not the
engine), and everything the pairing needs is worked out here from the team section and
the players' cells:

- a team's round is a PAB (320, or a ``U`` cell), a bye of the whole team (240, or
  ``F``/``H`` cells), a match (330, or players meeting the players of one other team),
  a forfeit against an unnamed team (``0000 - +`` cells), or an absence;
- a match is played when one of its games was played over the board; the team's colour
  is its first board's (the first player of its line-up with a colour, read through the
  boards' colours of 352 when that is not board 1);
- game points are the players' points on the match's boards; match points compare the
  two teams' game points (a match nobody played and nobody scored in is lost by both);
- the primary score, whether the secondary one counts, and the colour model come from
  record 192 (T7, T8).
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.formats.trf import read_tournament
from mipair.model import Cell, Colour, Result, Tournament

WHITE, BLACK = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class Past:
    """One past round of a team."""

    round: int
    kind: str  # "match", "pab", "full", "half", "absent"
    opponent: int | None  # the team met (played or forfeited)
    played: bool
    colour: Colour | None
    match_points: int  # tenths
    game_points: int
    won_unplayed: bool  # a match won without a game (C.04.6 2.1.2)


@dataclass(frozen=True)
class Entrant:
    """A team as the pairing of one round sees it."""

    number: int  # the TPN
    past: tuple[Past, ...]
    score: int  # the primary score before the round
    secondary: int
    absent: bool
    scores: tuple[int, ...]  # the primary score before round 1, 2, ..., this round

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(p.colour for p in self.past if p.played and p.colour is not None)

    @property
    def colour_difference(self) -> int:
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    @property
    def met(self) -> frozenset[int]:
        """Teams met in played matches ([C1]; a forfeited match may be repeated)."""
        return frozenset(p.opponent for p in self.past if p.played and p.opponent)

    @property
    def matches_played(self) -> int:
        return sum(1 for p in self.past if p.played)

    @property
    def bye_barred(self) -> bool:
        """[C2]: a PAB, a match won by forfeit or a full-point bye before."""
        return any(p.kind in ("pab", "full") or p.won_unplayed for p in self.past)


@dataclass(frozen=True)
class TeamField:
    """The teams before ``round`` and the competition's choices."""

    tournament: Tournament
    round: int
    entrants: dict[int, Entrant]
    model: str | None  # "A", "B" or None (no colour preferences)
    secondary_used: bool

    @property
    def last_round(self) -> bool:
        return self.tournament.total_rounds == self.round

    @property
    def last_two_rounds(self) -> bool:
        total = self.tournament.total_rounds
        return total is not None and self.round >= total - 1

    def floated(self, number: int) -> bool:
        """1.5: played, in the previous round, a team of another score (T13)."""
        e = self.entrants[number]
        prev = self.round - 1
        if prev < 1:
            return False
        p = e.past[prev - 1]
        if not p.played or p.opponent is None:
            return False
        return e.scores[prev - 1] != self.entrants[p.opponent].scores[prev - 1]

    def initial_colour(self) -> Colour:
        """4.1: 152, else what round 1's played match of the smallest TPN shows (T21)."""
        if self.tournament.initial_colour is not None:
            return self.tournament.initial_colour
        played = sorted(
            (min(n, p.opponent), n)
            for n, e in self.entrants.items()
            if e.past and (p := e.past[0]).played and p.opponent
        )
        if not played:
            return WHITE
        first = played[0][0]  # 4.2.3 in round 1: the smaller TPN of the pair
        colour = self.entrants[first].past[0].colour
        assert colour is not None
        return colour if first % 2 else colour.opposite


def read_system(code: str) -> tuple[str | None, str, bool]:
    """(colour model, primary score, secondary used) from a 192 code (T7, T8)."""
    words = code.upper().removesuffix("_BAKU").split("_")
    if words[:2] != ["FIDE", "TEAM"]:
        return "A", "match", True
    rest = words[2:]
    model = None
    if rest and rest[0] in ("TYPEA", "TYPEB"):
        model, rest = rest[0][-1], rest[1:]
    elif not rest:
        model = "A"
    if not rest:
        return model, "match", True
    primary = "match" if rest[0] == "MP" else "game"
    return model, primary, len(rest) == 2


def team_field(source: str | Tournament, rnd: int | None = None) -> TeamField:
    """The field before round ``rnd`` (by default the round after the last one any team had)."""
    t = source if isinstance(source, Tournament) else read_tournament(source)
    assert t.teams is not None, "not a team file"
    model, primary, secondary_used = read_system(t.system or "FIDE_TEAM")
    rnd = rnd or _rounds_done(t) + 1
    entrants = {}
    for number in t.teams.teams:
        past = tuple(_past(t, number, r) for r in range(1, rnd))
        firsts = [p.match_points if primary == "match" else p.game_points for p in past]
        seconds = [p.game_points if primary == "match" else p.match_points for p in past]
        scores = tuple(sum(firsts[:k]) for k in range(rnd))
        now = _past(t, number, rnd)
        entrants[number] = Entrant(
            number,
            past,
            scores[-1],
            sum(seconds),
            now.kind != "match" and now.kind != "pab" and _announced(t, number, rnd),
            scores,
        )
    return TeamField(t, rnd, entrants, model, secondary_used)


def _announced(t: Tournament, number: int, rnd: int) -> bool:
    """T25: a 240 record or cells of the team for the round (nothing paired) say it is out."""
    assert t.teams is not None
    if any(b.round == rnd and number in b.teams for b in t.teams.byes):
        return True
    return any(t.cell(pid, rnd) is not None for pid in t.teams.teams[number].players)


def _rounds_done(t: Tournament) -> int:
    assert t.teams is not None
    last = 0
    for cells in t.results.values():
        for r, cell in enumerate(cells, 1):
            if cell is not None and (cell.opponent is not None or cell.result is Result.PAB):
                last = max(last, r)
    named = [f.round for f in t.teams.forfeits]
    if t.teams.bye:
        named += [r for r, n in enumerate(t.teams.bye.teams, 1) if n]
    return max([last, *named])


# -- one team's round, from the records or the cells ----------------------------------------


def _past(t: Tournament, number: int, rnd: int) -> Past:
    section = t.teams
    assert section is not None
    mp = section.points
    boards = _boards(t)
    if section.bye and rnd <= len(section.bye.teams) and section.bye.teams[rnd - 1] == number:
        return Past(
            rnd, "pab", None, False, None, section.bye.match_points, section.bye.game_points, False
        )
    for bye in section.byes:
        if bye.round == rnd and number in bye.teams:
            return _whole_team_bye(rnd, bye.kind, t, boards)
    mine = _board_cells(t, number, rnd)
    for f in section.forfeits:
        if f.round == rnd and number in (f.first, f.second):
            won = f.result == ("+-" if number == f.first else "-+")
            other = f.second if number == f.first else f.first
            gp = sum(t.point_system.points(c.result) for c in mine)
            return Past(rnd, "match", other, False, None, mp.win if won else mp.loss, gp, won)
    met = {_team_of(t, c.opponent) for c in mine if c.opponent is not None}
    if len(met) == 1:
        other = met.pop()
        ours = sum(t.point_system.points(c.result) for c in mine)
        theirs = sum(t.point_system.points(c.result) for c in _board_cells(t, other, rnd))
        played = any(c.opponent is not None and c.result not in _FORFEITS for c in mine)
        if ours > theirs:
            points = mp.win
        elif ours == theirs and (played or ours):
            points = mp.draw
        else:
            points = mp.loss
        colour = _first_board_colour(t, number, rnd) if played else None
        return Past(rnd, "match", other, played, colour, points, ours, not played and ours > theirs)
    assert not met, f"team {number} meets several teams in round {rnd}"
    codes = {c.result for c in (t.cell(p, rnd) for p in section.teams[number].players) if c}
    if Result.PAB in codes:
        return Past(rnd, "pab", None, False, None, mp.draw, boards * t.point_system.draw, False)
    if Result.FORFEIT_WIN in codes:  # T29: boards won against an unnamed team
        ours = sum(t.point_system.points(c.result) for c in mine)
        theirs = sum(
            t.point_system.points(Result.FORFEIT_WIN)
            for c in mine
            if c.result is Result.FORFEIT_LOSS
        )
        points = mp.win if ours > theirs else mp.draw if ours == theirs else mp.loss
        return Past(rnd, "match", None, False, None, points, ours, ours > theirs)
    for kind in ("F", "H"):
        if Result(kind) in codes:
            return _whole_team_bye(rnd, kind, t, boards)
    return Past(rnd, "absent", None, False, None, 0, 0, False)


_FORFEITS = (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)


def _boards(t: Tournament) -> int:
    """T27: 352's length, else the most boards a team had in one round."""
    assert t.teams is not None
    if t.teams.boards:
        return len(t.teams.boards)
    rounds = range(1, t.rounds_written + 1)
    return max((len(_board_cells(t, n, r)) for n in t.teams.teams for r in rounds), default=0)


def _whole_team_bye(rnd: int, kind: str, t: Tournament, boards: int) -> Past:
    assert t.teams is not None
    mp, ps = t.teams.points, t.point_system
    if kind == "F":
        return Past(rnd, "full", None, False, None, mp.win, boards * ps.win, False)
    if kind == "H":
        return Past(rnd, "half", None, False, None, mp.draw, boards * ps.draw, False)
    return Past(rnd, "absent", None, False, None, 0, 0, False)


def _board_cells(t: Tournament, number: int, rnd: int) -> list[Cell]:
    """The cells of the team's players who had a board: a game, or a forfeit against nobody."""
    assert t.teams is not None
    cells = [t.cell(p, rnd) for p in t.teams.teams[number].players]
    return [c for c in cells if c is not None and (c.opponent is not None or c.result in _FORFEITS)]


def _team_of(t: Tournament, pid: int) -> int:
    assert t.teams is not None
    return next(x.number for x in t.teams.teams.values() if pid in x.players)


def _first_board_colour(t: Tournament, number: int, rnd: int) -> Colour | None:
    """1.6.1 with T4 and T5: the first board's colour, else a later board's through 352."""
    section = t.teams
    assert section is not None
    order = next(
        (u.players for u in section.line_ups if u.round == rnd and u.team == number),
        tuple(
            p
            for p in section.teams[number].players
            if (c := t.cell(p, rnd)) and (c.opponent is not None or c.result in _FORFEITS)
        ),
    )
    pattern = section.boards or "WB" * len(order)
    for board, pid in enumerate(order):
        cell = t.cell(pid, rnd) if pid else None
        if cell is not None and cell.colour is not None:
            same = board >= len(pattern) or pattern[board] == pattern[0]
            return cell.colour if same else cell.colour.opposite
    return None
