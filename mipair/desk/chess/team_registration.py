"""Registering teams and their players, and who plays which round, in a Team Swiss.

* A team gets the next team pairing number (TPN) in the order the chief arbiter registers
  the teams (C.04.6 1.1: the competition's rules or the chief arbiter assign it; it never
  changes afterwards). A team registered after round k was paired (a late team) is
  absent from rounds 1..k.
* A player is registered into a team at a board of its order (``310``): by default after
  its last player; once round 1 is paired the order of the boards played is fixed, and a
  new player only goes after the last one (a reserve). A player is in one team only: a
  namesake or a FIDE id registered already is refused, naming the team.
* A team's bye or absence asked for a round not yet paired is a ``240`` record naming the
  team (models/team-2026.md, section 1); a withdrawn team is absent from a round on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from mipair.desk.chess.document import ABSENT, ChessEvent, check_future_round, folded
from mipair.desk.chess.registration import Entry, player_of
from mipair.desk.chess.settings import text_field
from mipair.desk.chess.team_event import section, team_named, with_section, with_team
from mipair.desk.chess.team_standings import with_team_ranks
from mipair.errors import InputError, TooLargeError
from mipair.formats.trf_player import MAX_ID
from mipair.formats.trf_teams_write import MAX_TEAM
from mipair.model import Cell
from mipair.teams import Team, TeamRoundBye

TEAM_NAME_COLUMNS = 32
"""A ``310`` record's team name holds 32 characters (columns 9-40)."""
BYE_KINDS = {"half": "H", "full": "F", "zero": "Z"}
"""A team's bye (240) by the word the command line takes."""


def add_team(event: ChessEvent, name: str) -> tuple[ChessEvent, int]:
    """A new team (its name as the ``310`` record holds it); the event and its number."""
    teams = section(event).teams
    title = text_field(name, "team", TEAM_NAME_COLUMNS)
    if not title:
        raise InputError("a team needs a name", field="team")
    same = next((t for t in teams.values() if folded(t.name) == folded(title)), None)
    if same is not None:
        raise InputError(f"team {same.number} is named {same.name!r} already", field="team")
    number = max(teams, default=0) + 1
    if number > MAX_TEAM:
        raise TooLargeError(f"a TRF-2026 file numbers at most {MAX_TEAM} teams", field="team")
    return with_team_ranks(with_team(event, Team(number, title))), number


def add_player(
    event: ChessEvent, entry: Entry, team_text: str, board: int | None = None
) -> tuple[ChessEvent, int, int]:
    """Register a player into a team at ``board`` of its order (default: after its last
    player); the event, his pairing number and his board."""
    team = team_named(event, team_text)
    player = player_of(entry)
    people = event.tournament.players
    member = section(event).player_teams()
    for other in people.values():
        same_id = bool(player.fide_id) and other.fide_id == player.fide_id
        namesake = folded(other.name) == folded(player.name) and not (
            other.fide_id and player.fide_id
        )
        if same_id or namesake:
            where = section(event).teams[member[other.id]] if other.id in member else None
            what = f"in team {where.number} ({where.name})" if where else "in no team"
            raise InputError(
                f"{other.name} ({other.id}) is registered already, {what}: a player plays for "
                "one team",
                field="fide-id" if same_id else "name",
            )
    if len(people) >= MAX_ID:
        raise TooLargeError(f"a TRF file holds at most {MAX_ID} players", field="player")
    last = len(team.players) + 1
    place = last if board is None else board
    if not 1 <= place <= last:
        raise InputError(
            f"team {team.number} has boards 1 to {last} for a new player", field="board"
        )
    if event.paired and place != last:
        raise InputError(
            f"the board order is fixed once round 1 is paired: a new player of team "
            f"{team.number} goes after board {last - 1}",
            field="board",
        )
    pid = max(people, default=0) + 1
    players = (*team.players[: place - 1], pid, *team.players[place - 1 :])
    grown = event.changed(
        players={**people, pid: replace(player, id=pid)},
        results={**event.tournament.results, pid: _cells_before(event, team)},
    )
    return with_team_ranks(with_team(grown, replace(team, players=players))), pid, place


def _cells_before(event: ChessEvent, team: Team) -> tuple[Cell | None, ...]:
    """A new player's completed rounds: blank where his team played (he had no board), an
    absence where it did not."""
    cells = []
    for rnd in range(1, event.completed + 1):
        took_part = any(
            (cell := event.cell(pid, rnd)) is not None and cell != ABSENT for pid in team.players
        )
        cells.append(None if took_part else ABSENT)
    return tuple(cells)


def team_byes(
    event: ChessEvent, names: Iterable[str], rounds: Iterable[int], kind: str | None
) -> tuple[ChessEvent, list[int]]:
    """Teams named as the arbiter types them get the bye ``kind`` of :data:`BYE_KINDS` in
    ``rounds`` not yet paired (None: they play); the event and their numbers."""
    numbers = [team_named(event, name).number for name in names]
    wanted = sorted(set(rounds))
    for rnd in wanted:
        check_future_round(event, rnd)
    entries = {
        (bye.round, bye.kind, n)
        for bye in section(event).byes
        for n in bye.teams
        if not (bye.round in wanted and n in numbers)
    }
    if kind is not None:
        entries |= {(rnd, BYE_KINDS[kind], n) for rnd in wanted for n in numbers}
    grouped: dict[tuple[int, str], list[int]] = {}
    for rnd, letter, n in sorted(entries):
        grouped.setdefault((rnd, letter), []).append(n)
    byes = tuple(TeamRoundBye(letter, rnd, tuple(ns)) for (rnd, letter), ns in grouped.items())
    return with_section(event, byes=byes), numbers


def team_withdrawal(
    event: ChessEvent, names: Iterable[str], first: int | None = None
) -> tuple[ChessEvent, list[int], int]:
    """Teams leave the tournament from round ``first`` (default: the next to pair) on: absent
    in every round from there to the last; the event, their numbers and that round."""
    start = event.paired + 1 if first is None else first
    if start > event.total_rounds and first is None:
        raise InputError(f"all {event.total_rounds} rounds are paired already", field="round")
    check_future_round(event, start)
    after, numbers = team_byes(event, names, range(start, event.total_rounds + 1), "zero")
    return after, numbers, start
