"""A team tournament as the tie-break tables: one row a team a round, once for each score.

C.07 computes a team's tie-breaks as a player's, a match standing for a game:
the team is the participant, the opposing team the opponent, and the points
are either the team's match points or its game points (the ``:MP`` / ``:GP``
of a tie-break). So a team file gives two sets of the tables of
:mod:`mipair.results.schema`, the same rounds scored each way, and every
individual tie-break of :mod:`mipair.results` runs on either unchanged.

What a team did in each round is :mod:`mipair.team_rounds`' reading of the file
(models/team-2026.md, section 1). As a game row, a round is:

* a played match: won, drawn or lost (``1 = 0``) as its match points say, with
  the team's colour (its first board's);
* a match not played: ``+`` for the team that won it, ``-`` otherwise (a double
  forfeit is lost by both), no colour;
* a match won against a team the file does not name (T29): a full-point bye; lost,
  an absence;
* the PAB (``U``), a full-point (``F``) or half-point (``H``) bye, an absence (``Z``),
  each worth what :mod:`mipair.team_rounds` gives it in each score.

A team's rating, for the rating tie-breaks, is the strength factor of its ``310``
record (none in an ``013`` file: the team is unrated). The knock-out tie-breaks (BC,
TBR, BBE) read a third table, the game points of each board (:func:`board_points`).

The tournament row carries what a win and a draw are worth in each score: the
match points of ``362`` (2 / 1 by default), and for game points the boards times a
won or drawn game's points (``162``). Its system text says Swiss unless the file
names a round robin, since C.04.6 is a Swiss system whatever the field's size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

import polars as pl

from mipair.model import Tournament
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS, frame
from mipair.results.tb_context import Context, prepare
from mipair.results.tiebreak_spec import names_round_robin
from mipair.results.trf_rows import file_tiebreaks, header_text
from mipair.team_rounds import Kind, TeamReader, TeamRound

BOARD_POINTS = {
    "tournament": pl.UInt32(),
    "player": pl.UInt32(),
    "round": pl.Int64(),
    "board": pl.Int64(),
    "units": pl.Int64(),
}
"""One row a team a round a board: its game points there, in units of 1 / (10 x boards)."""

MATCH_POINTS, GAME_POINTS = "MP", "GP"

ROUND_CODES = {
    Kind.PAB: ("U", "pab"),
    Kind.FULL_BYE: ("F", "full"),
    Kind.HALF_BYE: ("H", "half"),
    Kind.ABSENT: ("Z", "zero"),
}
"""A round without a match: its result code and the kind of bye it is."""


@dataclass(frozen=True)
class TeamTables:
    """A team tournament ready for its tie-breaks: a context for each score."""

    contexts: dict[str, Context]  # MP and GP
    primary: str  # MP or GP (C.04.6 1.2, read from 192: T7)
    names: dict[int, str]  # team number -> name
    tiebreaks: str  # the file's own list (212 / 202), "" when none
    title: dict[str, str]  # the tournament's name, place and dates (012, 022, 042, 052)
    boards: int  # 352's length, else the most boards a match used (T27)
    match_win: int  # a won match's match points (362 TW), tenths
    game_win: int  # a won game's points (162), tenths
    last: int  # the last round any team took part in
    system: str  # the file's 192 text
    board_points: pl.DataFrame  # BOARD_POINTS: each board's game points (units)

    @property
    def secondary(self) -> str:
        """The score that is not primary."""
        return GAME_POINTS if self.primary == MATCH_POINTS else MATCH_POINTS


def primary_score(system: str) -> str:
    """The score ``192`` names first (``FIDE_TEAM_TYPEA_GP_MP``: GP; ``..._MP_GP``, ``..._MP``:
    MP), MP when it names none (C.04.6 1.2's default; reading T7)."""
    words = system.strip().upper().split("_")
    return next((w for w in words if w in (MATCH_POINTS, GAME_POINTS)), MATCH_POINTS)


def game_row(rnd: TeamRound, win: int, draw: int) -> tuple[str, str | None]:
    """The result code and bye kind of one team round (``win``/``draw``: match points)."""
    if rnd.kind is not Kind.MATCH:
        return ROUND_CODES[rnd.kind]
    if rnd.opponent is None:  # T29: a match not played against a team the file does not name
        return ("+", "full") if rnd.forfeit_win else ("-", "zero")
    if not rnd.played:
        return ("+" if rnd.forfeit_win else "-"), None
    code = "1" if rnd.match_points == win else "=" if rnd.match_points == draw else "0"
    return code, None


def board_units(reader: TeamReader, number: int, rnd: int, played: TeamRound) -> list[int]:
    """The game points of each of the team's boards in one round, in units of
    1 / (10 x boards): a match's boards from its line-up (``300``, else ``310``'s order);
    a round without one (the PAB, a bye, an absence, a ``330`` match without cells) shares
    its game points equally among the boards (models/team-2026.md, reading S10)."""
    boards = max(1, reader.boards)
    line = reader.line_up(reader.section.teams[number], rnd) if played.kind is Kind.MATCH else []
    if not line:
        return [played.game_points] * boards
    points = reader.t.point_system.points
    cells = [reader.t.cell(pid, rnd) if pid else None for pid in line[:boards]]
    units = [points(c.result) * boards if c is not None else 0 for c in cells]
    return units + [0] * (boards - len(units))


def board_points(reader: TeamReader, rounds: dict[int, list[TeamRound]]) -> pl.DataFrame:
    """Every team's game points board by board in every round (:data:`BOARD_POINTS`)."""
    rows = [
        (0, n, r, board, units)
        for n, played in rounds.items()
        for r, rnd in enumerate(played, 1)
        for board, units in enumerate(board_units(reader, n, r, rnd), 1)
    ]
    return pl.DataFrame(rows, schema=BOARD_POINTS, orient="row")


def team_tables(t: Tournament) -> TeamTables:
    """Both score views of a team file (InputError when it has no teams)."""
    reader = TeamReader(t)
    section = reader.section
    last = reader.last_round()
    rounds = {n: [reader.round(n, r) for r in range(1, last + 1)] for n in section.teams}
    numbers = sorted(section.teams)
    mp, ps = section.points, t.point_system
    worth = {
        MATCH_POINTS: (mp.win, mp.draw, attrgetter("match_points")),
        GAME_POINTS: (reader.boards * ps.win, reader.boards * ps.draw, attrgetter("game_points")),
    }
    system = t.system if names_round_robin(t.system) else f"SWISS {t.system}".strip()
    codes = {n: [game_row(r, mp.win, mp.draw) for r in rounds[n]] for n in numbers}
    games: dict[str, Sequence[object]] = {
        "tournament": [0] * (len(numbers) * last),
        "round": list(range(1, last + 1)) * len(numbers),
        "player": [n for n in numbers for _ in range(last)],
        "opponent": [r.opponent for n in numbers for r in rounds[n]],
        "colour": [r.colour.value if r.colour else None for n in numbers for r in rounds[n]],
        "result": [code for n in numbers for code, _ in codes[n]],
        "played": [r.played for n in numbers for r in rounds[n]],
        "bye": [bye for n in numbers for _, bye in codes[n]],
    }
    players: dict[str, Sequence[object]] = {
        "tournament": [0] * len(numbers),
        "id": numbers,
        "name": [section.teams[n].name for n in numbers],
        "rating": [section.teams[n].strength or None for n in numbers],
    }
    contexts = {}
    for score, (win, draw, points) in worth.items():
        row: dict[str, Sequence[object]] = {
            "tournament": [0],
            "system": [system],
            "rounds": [t.total_rounds or last],
            "rounds_played": [last],
            "players": [len(numbers)],
            "win": [win / 10],
            "draw": [draw / 10],
        }
        scored: dict[str, Sequence[object]] = {
            **games,
            "points": [points(r) / 10 for n in numbers for r in rounds[n]],
        }
        contexts[score] = prepare(
            frame(scored, GAMES), frame(players, PLAYERS), frame(row, TOURNAMENTS)
        )
    return TeamTables(
        contexts=contexts,
        primary=primary_score(t.system),
        names={n: section.teams[n].name for n in numbers},
        tiebreaks=file_tiebreaks(t.headers),
        title={code: header_text(t.headers, code) for code in ("012", "022", "042", "052")},
        boards=reader.boards,
        match_win=mp.win,
        game_win=ps.win,
        last=last,
        system=t.system,
        board_points=board_points(reader, rounds),
    )


def with_points(ctx: Context, name: str) -> pl.DataFrame:
    """tournament, player and each team's total in this context's score, as ``name``."""
    return ctx.players.select("tournament", "player", (pl.col("total") / 10).alias(name))
