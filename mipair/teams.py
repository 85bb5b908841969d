"""A team tournament's own records, as its file states them (TRF-2026 and TRF16's 013).

A team file lists its players in ``001`` records, as an individual one does, and adds
what makes them teams: the teams and their players in board order (``310``, or TRF16's
``013``), the colours of the boards (``352``), what a match is worth (``362``), the
pairing-allocated byes (``320``), forfeited matches (``330``), line-ups out of the
default order (``300``) and, with the ids of teams instead of players, byes (``240``)
and accelerations (``250``). :class:`TeamSection` holds them, read and written by
:mod:`mipair.formats.trf_teams`; what the records and the players' cells mean for each
team and round is :mod:`mipair.team_rounds`. models/team-2026.md, section 1, states
the meaning this follows.

Points are integer tenths, as everywhere in mipair (:data:`mipair.model.Points`).
This module imports nothing of mipair, so that :mod:`mipair.model` can hold a section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Team:
    """One team: a ``310`` record (or an ``013`` record, which holds a name and players only).

    ``match_points``, ``game_points`` and ``rank`` are the standing the file publishes
    (columns 55-60, 62-67, 69-71), None where the record leaves them blank.
    """

    number: int  # the team pairing number (TPN), 310 columns 5-7; 013: the record's place
    name: str = ""
    nickname: str = ""  # 42-46
    strength: int | None = None  # strength factor, 48-53
    match_points: int | None = None
    game_points: int | None = None
    rank: int | None = None
    players: tuple[int, ...] = ()  # 001 ids, board order
    line: int | None = field(default=None, compare=False)  # source line, for messages


@dataclass(frozen=True)
class MatchPointSystem:
    """What a team win, draw and loss are worth (``362``: TW, TD, TL), in tenths."""

    win: int = 20
    draw: int = 10
    loss: int = 0


@dataclass(frozen=True)
class ByeRecord:
    """``320``: the value of a pairing-allocated bye and the team given it in each round.

    ``teams[r - 1]`` is round r's team, 0 when the round had none.
    """

    match_points: int
    game_points: int
    teams: tuple[int, ...] = ()


@dataclass(frozen=True)
class ForfeitedMatch:
    """``330``: a match not played, ``result`` ``+-`` (first team wins), ``-+`` or ``--``."""

    result: str
    round: int
    first: int  # the team written first (the "White team" of the record)
    second: int


@dataclass(frozen=True)
class LineUp:
    """``300``: a team's players board by board in one round (0: an empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TeamRoundBye:
    """``240`` in a team file: a full-point (F), half-point (H) or zero-point (Z) bye."""

    kind: str
    round: int
    teams: tuple[int, ...]


@dataclass(frozen=True)
class TeamAcceleration:
    """``250`` in a team file: virtual points for a range of teams in a range of rounds."""

    match_points: int
    game_points: int
    first_round: int
    last_round: int
    first_team: int
    last_team: int


@dataclass(frozen=True)
class TeamSection:
    """Everything a file says about its teams.

    ``legacy`` is True when the teams come from ``013`` records alone (a TRF16 file, or
    a TRF-2026 one that kept the old record): they are written back as ``013``. A file
    with ``310`` records keeps any ``013`` records it also has among its headers, as
    written. ``boards`` is the ``352`` sequence, ``match_points`` the ``362`` values
    (None: no such record, the defaults 2, 1, 0 apply).
    """

    teams: Mapping[int, Team]
    legacy: bool = False
    boards: str | None = None
    match_points: MatchPointSystem | None = None
    bye: ByeRecord | None = None
    forfeits: tuple[ForfeitedMatch, ...] = ()
    line_ups: tuple[LineUp, ...] = ()
    byes: tuple[TeamRoundBye, ...] = ()
    accelerations: tuple[TeamAcceleration, ...] = ()

    @property
    def points(self) -> MatchPointSystem:
        """The match points in force: ``362``'s, else 2 / 1 / 0."""
        return self.match_points or MatchPointSystem()

    def player_teams(self) -> dict[int, int]:
        """The team of each player named in a team's list."""
        return {pid: team.number for team in self.teams.values() for pid in team.players}
