"""A Team Swiss (C.04.6) at the chess desk: what makes a chess tournament file a team one.

The file stays a TRF-2026 team file (models/team-2026.md, section 1), so that ``mipair
solve``, ``mipair standings`` and every TRF-2026 reader open it:

* ``192`` ``FIDE_TEAM_...`` (the colour preferences and the scores), ``352`` the colours
  of the boards (its length is the number of boards), ``362`` the match points;
* ``310`` each team: its number (TPN), name, and its players' ``001`` ids in board order,
  with its match points, game points and rank after the completed rounds;
* ``001`` the players with their games, as for individuals (a match is its boards'
  games); ``300`` a team's line-up of a round when it is not its ``310`` order; ``320``
  the pairing-allocated byes (a drawn match's value, C.04.6 1.4); ``240`` a team's bye
  or absence asked for a round.

The round being played is kept as the individual desk keeps it (its games in ``MPB``
records, match after match, board 1 first), and the team given its PAB in the desk's
record ``MPT`` (columns 5-7 the round, 9-11 the team); both go into the records above
once the round's last result is in.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.desk.chess import engine
from mipair.desk.chess.document import ChessEvent, folded
from mipair.desk.chess.settings import system_of, type_code
from mipair.errors import InputError
from mipair.formats.trf_teams import TeamRecords
from mipair.model import Cell, Tournament
from mipair.teams import Team, TeamSection

TEAM_PAB = "MPT"
"""The desk's record of the team given the PAB of the round being played (``RRR TTT``)."""


def is_team(event: ChessEvent) -> bool:
    """Whether the tournament's system (192) pairs teams."""
    return engine.plays_teams(system_of(event)[0])


def section(event: ChessEvent) -> TeamSection:
    """The tournament's teams (a team tournament has a section from its creation on)."""
    found = event.tournament.teams
    if found is None:
        raise InputError("this is not a team tournament (no 310 record)", field="team")
    return found


def with_section(event: ChessEvent, **changes: object) -> ChessEvent:
    """The event with its team section's ``changes``."""
    return event.changed(teams=replace(section(event), **changes))  # type: ignore[arg-type]


def with_team(event: ChessEvent, team: Team) -> ChessEvent:
    """The event with ``team`` (new or changed) among its teams."""
    teams = dict(section(event).teams)
    teams[team.number] = team
    return with_section(event, teams=teams)


def board_count(event: ChessEvent) -> int:
    """The boards of a match (the length of ``352``)."""
    return len(section(event).boards or "")


def white_sequence(event: ChessEvent) -> str:
    """The colours of the boards of the team with White on board 1: ``352`` read from W
    (models/team-2026.md T5: a sequence beginning with B is played by that team reversed)."""
    colours = section(event).boards or ""
    return colours.translate(str.maketrans("WB", "BW")) if colours[:1] == "B" else colours


def team_named(event: ChessEvent, text: str) -> Team:
    """The team ``text`` names: its number (``3`` or ``T3``), or the start of its name that
    fits one team only (case and accents aside)."""
    teams = section(event).teams
    wanted = text.strip()
    if wanted[:1] in "Tt" and wanted[1:].isascii() and wanted[1:].isdigit():
        wanted = wanted[1:]  # T3: team 3, as the desk's views name teams
    if wanted.isascii() and wanted.isdigit():
        if int(wanted) not in teams:
            raise InputError(f"no team has the number {int(wanted)}", field="team")
        return teams[int(wanted)]
    key = folded(wanted)
    found = [t for t in teams.values() if key and folded(t.name).startswith(key)]
    exact = [t for t in found if folded(t.name) == key]
    found = exact if len(exact) == 1 else found
    if len(found) == 1:
        return found[0]
    if not found:
        raise InputError(f"no team's name starts with {wanted[:40]!r}", field="team")
    names = ", ".join(f"{t.name} ({t.number})" for t in found[:5])
    raise InputError(f"{wanted!r} could be {names}: type more of the name", field="team")


def team_of_player(event: ChessEvent, pid: int) -> Team:
    """The team player ``pid`` plays for."""
    number = section(event).player_teams().get(pid)
    if number is None:
        raise InputError(f"player {pid} is in no team", field="player")
    return section(event).teams[number]


# -- the file ---------------------------------------------------------------------------


def section_of_records(records: TeamRecords) -> TeamSection:
    """The team section of a file without players yet (teams registered, nobody in them):
    TRF-2026's reader builds it only with players."""
    return TeamSection(
        teams={team.number: team for team, _ in records.teams},
        boards=records.boards[0] if records.boards else None,
        match_points=records.match_points[0] if records.match_points else None,
    )


def check_team_file(t: Tournament) -> None:
    """A file whose 192 names a team system holds its teams' records (352 at least)."""
    system = engine.read_type(type_code(t))[0]
    if engine.plays_teams(system) and (t.teams is None or not t.teams.boards):
        raise InputError(
            f"tournament type {t.system!r}: a team tournament's file has its boards (352) and "
            "its teams (310)",
            field="192",
        )


def written_cells(event: ChessEvent) -> dict[int, tuple[Cell | None, ...]]:
    """Each player's cells of the completed rounds as a team file writes them: as kept, a
    round without a game or a bye blank (a reserve whose team played: the team's round is
    its match; a ``0000 - Z`` would announce the team absent, models/team-2026.md T25)."""
    done = event.completed
    return {
        pid: (cells := event.tournament.results.get(pid, ())[:done]) + (None,) * (done - len(cells))
        for pid in sorted(event.tournament.players)
    }


def cut_section(t: Tournament, after: int) -> Tournament:
    """``t``'s team records of rounds 1..``after`` only (its cells are cut by the caller)."""
    teams = t.teams
    if teams is None:
        return t
    bye = teams.bye
    return replace(
        t,
        teams=replace(
            teams,
            bye=None if bye is None else replace(bye, teams=bye.teams[:after]),
            forfeits=tuple(f for f in teams.forfeits if f.round <= after),
            line_ups=tuple(u for u in teams.line_ups if u.round <= after),
            byes=tuple(b for b in teams.byes if b.round <= after),
        ),
    )
