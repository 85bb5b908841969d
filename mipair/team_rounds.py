"""What each team of a team file did in each round, read from its records and its players' cells.

models/team-2026.md, section 1, states the rules this follows: a ``320``, ``240`` or
``330`` record says what a team did in a round; otherwise its players' cells do: the
opponents of its players are all of one team (a match), or its players are unpaired
(the PAB when one of them has ``U``, else a full-point or half-point bye, else an
absence). A match is *played* when one of its games was played over the board; the
team's colour is its first board's (C.04.6 1.6.1, reading T4); its game points are its
players' points on the match's boards and its match points follow from comparing the two
teams' game points (reading T6).

Every inconsistency raises a located :class:`~mipair.errors.InputError` naming the
player's line and the round's cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mipair.errors import InputError
from mipair.model import Cell, Colour, Points, Result, Tournament
from mipair.rounds import rounds_played
from mipair.teams import Team, TeamSection


class Kind(str, Enum):
    """What a team did in a round."""

    MATCH = "match"
    PAB = "pab"
    FULL_BYE = "full bye"
    HALF_BYE = "half bye"
    ABSENT = "absent"


@dataclass(frozen=True)
class TeamRound:
    """One team's round: its kind, opponent, colour and points (tenths)."""

    kind: Kind
    opponent: int | None = None
    played: bool = False  # a match with a game played over the board
    colour: Colour | None = None  # the first board's, in a played match
    game_points: Points = 0
    match_points: Points = 0
    forfeit_win: bool = False  # a match won without a game played (C.04.6 2.1.2)


class TeamReader:
    """Reads the rounds of the teams of one tournament (its section, boards, players' teams)."""

    def __init__(self, t: Tournament) -> None:
        if t.teams is None:
            raise InputError("this is not a team file (no 310 or 013 record)", file=t.source)
        self.t = t
        self.section: TeamSection = t.teams
        self.team_of = self.section.player_teams()
        self.boards = len(self.section.boards) if self.section.boards else self._most_boards()
        sequence = self.section.boards or ("WB" * self.boards)[: self.boards]
        # T5: the boards of the team with White on board 1, read from W
        self.colours = (
            sequence.translate(str.maketrans("WB", "BW")) if sequence[:1] == "B" else sequence
        )

    def last_round(self) -> int:
        """The last round any team took part in (a player paired, a PAB, a ``330`` match)."""
        last = max((f.round for f in self.section.forfeits), default=0)
        if self.section.bye is not None:
            last = max([last, *(r for r, n in enumerate(self.section.bye.teams, 1) if n)])
        return max(last, rounds_played(self.t))

    def round(self, number: int, rnd: int) -> TeamRound:
        """What team ``number`` did in round ``rnd``."""
        section, team = self.section, self.section.teams[number]
        bye = section.bye
        if bye is not None and rnd <= len(bye.teams) and bye.teams[rnd - 1] == number:
            return TeamRound(Kind.PAB, game_points=bye.game_points, match_points=bye.match_points)
        for requested in section.byes:
            if requested.round == rnd and number in requested.teams:
                return self._bye(requested.kind)
        for forfeit in section.forfeits:
            if forfeit.round == rnd and number in (forfeit.first, forfeit.second):
                first = number == forfeit.first
                won = forfeit.result == ("+-" if first else "-+")
                return TeamRound(
                    Kind.MATCH,
                    forfeit.second if first else forfeit.first,
                    game_points=self._game_points(team, rnd),
                    match_points=section.points.win if won else section.points.loss,
                    forfeit_win=won,
                )
        opponent = self._opponent(team, rnd)
        if opponent is None:
            return self._unpaired(team, rnd)
        return self._match(team, section.teams[opponent], rnd)

    # --- a match -------------------------------------------------------------------------
    def _match(self, team: Team, other: Team, rnd: int) -> TeamRound:
        mine, theirs = self._game_points(team, rnd), self._game_points(other, rnd)
        played = any(c.opponent is not None and c.is_played for c in self._cells(team, rnd))
        mp = self.section.points
        if mine > theirs:
            points = mp.win
        elif mine < theirs or (mine == 0 and not played):
            points = mp.loss  # T6: a match nobody played and nobody scored in is lost by both
        else:
            points = mp.draw
        colour = self._colour(team, rnd) if played else None
        return TeamRound(
            Kind.MATCH, other.number, played, colour, mine, points, not played and mine > theirs
        )

    def _colour(self, team: Team, rnd: int) -> Colour | None:
        """The scheduled colour of the first board (1.6.1), through ``352`` if it has none (T4)."""
        for place, pid in enumerate(self.line_up(team, rnd)):
            cell = self.t.cell(pid, rnd) if pid else None
            if cell is None or cell.colour is None:
                continue
            if place >= len(self.colours) or self.colours[place] == self.colours[0]:
                return cell.colour
            return cell.colour.opposite
        return None

    def line_up(self, team: Team, rnd: int) -> list[int]:
        """The team's players board by board in ``rnd``: ``300``'s order, else ``310``'s (T4)."""
        for line_up in self.section.line_ups:
            if line_up.round == rnd and line_up.team == team.number:
                return list(line_up.players)
        return [pid for pid in team.players if _on_board(self.t.cell(pid, rnd))]

    def _game_points(self, team: Team, rnd: int) -> Points:
        ps = self.t.point_system
        return sum(ps.points(c.result) for c in self._cells(team, rnd) if _on_board(c))

    def _cells(self, team: Team, rnd: int) -> list[Cell]:
        return [c for c in (self.t.cell(pid, rnd) for pid in team.players) if c is not None]

    def _opponent(self, team: Team, rnd: int) -> int | None:
        """The one team the team's players meet in ``rnd``; None when they meet nobody."""
        opponents: dict[int, int] = {}
        for pid in team.players:
            cell = self.t.cell(pid, rnd)
            if cell is None or cell.opponent is None:
                continue
            other = self.team_of.get(cell.opponent)
            if other is None or other == team.number:
                whose = "who is in no team" if other is None else "of the same team"
                raise self._error(
                    pid,
                    rnd,
                    f"player {pid} of team {team.number} meets player {cell.opponent}, {whose}",
                )
            opponents.setdefault(other, pid)
        if len(opponents) > 1:
            (a, pa), (b, pb) = sorted(opponents.items())[:2]
            raise self._error(
                pb,
                rnd,
                f"team {team.number} meets two teams in round {rnd}: "
                f"{a} (player {pa}) and {b} (player {pb})",
            )
        return next(iter(opponents), None)

    # --- no match ---------------------------------------------------------------------------
    def _unpaired(self, team: Team, rnd: int) -> TeamRound:
        """No player met anyone: the PAB (a ``U``), a forfeited match against an unnamed team
        (a ``0000 - +``: the board facing him was empty; T29), a bye of the cells, or an
        absence."""
        results = {c.result for c in self._cells(team, rnd)}
        if Result.PAB in results:
            bye = self.section.bye
            if bye is not None:
                return TeamRound(
                    Kind.PAB, game_points=bye.game_points, match_points=bye.match_points
                )
            draw = self.section.points.draw  # 1.4: a drawn match's points
            return TeamRound(
                Kind.PAB, game_points=self.boards * self.t.point_system.draw, match_points=draw
            )
        if Result.FORFEIT_WIN in results:
            return self._unnamed_forfeit(team, rnd)
        if Result.FULL_BYE in results:
            return self._bye("F")
        if Result.HALF_BYE in results:
            return self._bye("H")
        return TeamRound(Kind.ABSENT)

    def _unnamed_forfeit(self, team: Team, rnd: int) -> TeamRound:
        """T29: boards won by forfeit (``+``) against nobody and boards left empty (``-``):
        a match not played, whose opponent the file does not name (TRF16 has no ``330``);
        each empty board of the team counts as a board the other team won."""
        ps, mp = self.t.point_system, self.section.points
        cells = [c for c in self._cells(team, rnd) if _on_board(c)]
        mine = sum(ps.points(c.result) for c in cells)
        theirs = sum(
            ps.points(Result.FORFEIT_WIN) for c in cells if c.result is Result.FORFEIT_LOSS
        )
        points = mp.win if mine > theirs else mp.draw if mine == theirs else mp.loss
        return TeamRound(
            Kind.MATCH, None, game_points=mine, match_points=points, forfeit_win=mine > theirs
        )

    def _bye(self, kind: str) -> TeamRound:
        """A full-point, half-point or zero-point bye of the whole team."""
        mp, ps = self.section.points, self.t.point_system
        if kind == "F":
            return TeamRound(Kind.FULL_BYE, game_points=self.boards * ps.win, match_points=mp.win)
        if kind == "H":
            return TeamRound(Kind.HALF_BYE, game_points=self.boards * ps.draw, match_points=mp.draw)
        return TeamRound(Kind.ABSENT)

    def _most_boards(self) -> int:
        """T27: without ``352``, the most boards any match of the file used."""
        return max(
            (
                len(self.line_up(team, rnd))
                for team in self.section.teams.values()
                for rnd in range(1, self.t.rounds_written + 1)
            ),
            default=0,
        )

    def _error(self, pid: int, rnd: int, message: str) -> InputError:
        start = 92 + 10 * (rnd - 1)
        return InputError(
            message,
            file=self.t.source or "<text>",
            line=self.t.players[pid].line,
            field=f"round {rnd} (columns {start}-{start + 7})",
        )


def _on_board(cell: Cell | None) -> bool:
    """A player with a board in a match: a game, or a forfeit with no opponent (an empty board)."""
    if cell is None:
        return False
    return cell.opponent is not None or cell.result.is_forfeit


def team_rounds(t: Tournament, upto: int | None = None) -> dict[int, tuple[TeamRound, ...]]:
    """Every team's rounds 1 .. ``upto`` (by default the last round any team took part in)."""
    reader = TeamReader(t)
    last = reader.last_round() if upto is None else upto
    return {n: tuple(reader.round(n, r) for r in range(1, last + 1)) for n in reader.section.teams}


def standings(t: Tournament, upto: int | None = None) -> dict[int, tuple[Points, Points]]:
    """Each team's (match points, game points) after round ``upto`` (all rounds by default)."""
    return {
        n: (sum(r.match_points for r in rounds), sum(r.game_points for r in rounds))
        for n, rounds in team_rounds(t, upto).items()
    }
