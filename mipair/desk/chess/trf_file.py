"""The chess desk's state file: a TRF-2026 file that every TRF reader opens.

The file is written in one canonical form, so that the same change (on the
command line or through another front end of the same desk code) gives the
same bytes:

* the file's comment lines (``###``, such as a round robin's drawing of lots), kept;
* the tournament records (012 ... 132, 182, 202 ...) in the order of their
  codes, 062/072 (players, rated players) counted afresh;
* the pairing records of TRF-2026 (142, 152, 162, 192, 250, 260);
* ``240`` records for the byes and absences asked for rounds not yet
  completed (one record a round and kind, ids in order);
* the desk's ``MPB`` records: the board order of every round, and the round
  being played with the results entered so far (White's and Black's TRF
  codes, blank while not known). TRF has no place for either (a cell holds
  no board number, and no game without its result); readers of TRF skip
  records they do not know (bbpPairings, Gacrux and mipair itself do);
* the ``001`` players in pairing-number order, their round cells holding the
  completed rounds only, points those of the completed rounds, rank the
  standings rank after them;
* a team tournament's records (``352``, ``362`` before the byes; ``310`` and those
  naming teams after the players: :mod:`~mipair.desk.chess.team_event`).

Columns of an ``MPB`` record (1-based): 5-7 round, 9-12 board (0 for the
pairing-allocated bye of the round being played), 14-17 White, 19-22 Black
(``0000`` for the bye), 24 White's result code, 26 Black's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from mipair.desk.chess import engine
from mipair.desk.chess.document import (
    CRLF,
    ChessEvent,
    Game,
    Outcome,
    PlayingRound,
    game_boards,
    scores_before,
)
from mipair.desk.chess.notation import agreeing
from mipair.desk.chess.settings import type_code
from mipair.desk.chess.team_event import check_team_file, section_of_records, written_cells
from mipair.formats.text import load, newline_of, split_lines
from mipair.formats.trf import parse_text
from mipair.formats.trf_checks import COUNTERPART
from mipair.formats.trf_player import Where, format_player, parse_int
from mipair.formats.trf_records import RecordReader
from mipair.formats.trf_teams import TEAM_CODES, TeamRecords
from mipair.formats.trf_teams_write import team_lines
from mipair.formats.trf_write import pairing_records
from mipair.matches import pab_value
from mipair.model import Colour, Result, Tournament
from mipair.pairing import Board
from mipair.rounds import rounds_played

BOARD_RECORD = "MPB"
"""The desk's record of a board (see the module docstring)."""
COUNTED = ("062", "072")
"""Tournament records the desk counts afresh on every write (players, rated players)."""
BYE_KINDS = {Result.HALF_BYE: "H", Result.FULL_BYE: "F", Result.DRAW: "H"}
"""The 240 kind of a bye asked for a later round (``0000 - =`` is the old half-point form;
any other cell without a game is an absence, Z)."""
BOARD_NOTE = (
    "### MPB: mipair's board order (round, board, White, Black); for the round being "
    "played also the results entered (White's, Black's code); board 0: its PAB"
)


@dataclass(frozen=True)
class _BoardLine:
    round: int
    board: int
    white: int
    black: int
    result: Outcome | None
    where: Where


# -- reading --------------------------------------------------------------------------


def read_event(path: str | os.PathLike[str]) -> ChessEvent:
    """The event in the file at ``path`` (InputError naming the line of a bad record)."""
    return parse_event(load(path), str(path))


def parse_event(text: str, source: str) -> ChessEvent:
    """The event a TRF text describes (any TRF edition; the desk's records if any)."""
    lines = split_lines(text)
    if any(line.startswith("001") for line in lines):
        t = parse_text(text, source)
    else:
        t = _without_players(lines, source)
    kept = tuple(h for h in t.headers if h[0] not in (BOARD_RECORD, *COUNTED))
    t = replace(t, headers=kept, comments=tuple(c for c in t.comments if c != BOARD_NOTE))
    check_team_file(t)
    system, edition, _ = engine.read_type(type_code(t))
    games = engine.games_per_round(system)
    board_lines = [
        _board_line(line.rstrip(), Where(source, number), agreeing(games))
        for number, line in enumerate(lines, 1)
        if line.startswith(BOARD_RECORD)
    ]
    event = ChessEvent(t, (), None, newline_of(text) if lines else CRLF, source, games)
    done = rounds_played(t) // games
    boards = tuple(
        _round_boards(event, r, board_lines, system, edition) for r in range(1, done + 1)
    )
    playing = _playing([b for b in board_lines if b.round > done * games], event, done)
    return replace(event, boards=boards, playing=playing)


def _without_players(lines: list[str], source: str) -> Tournament:
    """A tournament before its first registration: its records, no player (mipair's TRF
    reader refuses a file without players as "not a tournament file")."""
    has_teams = any(line[:3] in (*TEAM_CODES, "310") for line in lines)
    records = RecordReader(team=TeamRecords(has_310=True) if has_teams else None)
    comments = []
    for number, line in enumerate(lines, 1):
        if line.startswith("###"):
            comments.append(line.rstrip())
        if not line.strip() or line.startswith("###"):
            continue
        where = Where(source, number)
        if not line[:3].isalnum():
            raise where.error(f"{line[:10]!r} does not start with a record code", "record code")
        records.read(line[:3].upper(), line.rstrip(), where)
    if records.byes or records.accelerations or records.forbidden:
        raise Where(source, 1).error("byes, accelerations or prohibited pairs name no player")
    return Tournament(
        players={},
        results={},
        point_system=records.point_system(),
        total_rounds=records.total_rounds,
        initial_colour=records.initial_colour,
        system=records.system_192 or "",
        teams=section_of_records(records.team) if records.team else None,
        headers=tuple(records.headers),
        comments=tuple(comments),
        source=source,
    )


def _board_line(line: str, where: Where, counterpart: Mapping[Result, set[Result]]) -> _BoardLine:
    field = f"{BOARD_RECORD} record"
    if len(line) < 22 or any(line[k] != " " for k in (3, 7, 12, 17)):
        raise where.error("expected MPB RRR BBBB WWWW BBBB [W B] (columns 1-26)", field)
    numbers = [parse_int(line[a:b], where, field) for a, b in ((4, 7), (8, 12), (13, 17), (18, 22))]
    if any(n is None for n in numbers):
        raise where.error("a round, board, White and Black are needed", field)
    rnd, board, white, black = (n or 0 for n in numbers)
    codes = line[22:].split()
    if not codes:
        result = None
    elif len(codes) == 2 and codes[0].upper() in COUNTERPART_CODES:
        result = (Result(codes[0].upper()), Result(codes[1].upper()))
        if result[1] not in counterpart[result[0]]:
            raise where.error(f"results {codes[0]} and {codes[1]} do not agree", field)
    else:
        raise where.error(f"{line[22:].strip()!r}: White's and Black's result codes", field)
    if rnd < 1 or white < 1 or (black == 0) != (board == 0):
        raise where.error("round and White from 1; board 0 is the bye, with Black 0000", field)
    return _BoardLine(rnd, board, white, black, result, where)


COUNTERPART_CODES = {r.value for r in COUNTERPART}


def _round_boards(
    event: ChessEvent, rnd: int, lines: list[_BoardLine], system: str, edition: str
) -> tuple[Board, ...]:
    """A completed round's board order (of a match: game 1's; every game's records, checked
    against the cells, are those boards with the colours of that game)."""
    first: tuple[Board, ...] = ()
    published: tuple[Board, ...] | None = None
    for game, column in enumerate(event.columns(rnd), 1):
        own = [b for b in lines if b.round == column]
        if own:
            boards = _completed_boards(event.tournament, column, own)
        else:  # paired by another program
            if published is None:
                published = engine.published_order(event.tournament, rnd, system, edition)
            boards = game_boards(published, game)
        if game == 1:
            first = boards
        elif boards != game_boards(first, game):
            where = (own or lines)[0].where
            raise where.error(
                f"round {column} is game {game} of match {rnd}: its boards are game 1's "
                "with the colours of that game",
                f"{BOARD_RECORD} record",
            )
    return first


def _completed_boards(t: Tournament, rnd: int, lines: list[_BoardLine]) -> tuple[Board, ...]:
    """A completed TRF round's board order: the desk's records, checked against the cells."""
    games = {
        (pid, cell.opponent)
        for pid in t.players
        if (cell := t.cell(pid, rnd)) is not None and cell.colour is Colour.WHITE
    }
    for number, line in enumerate(lines, 1):
        if line.board != number or (line.white, line.black) not in games or line.result:
            raise line.where.error(
                f"round {rnd} is complete: its board {line.board} should be board {number} "
                "of the games its 001 records hold, without results",
                f"{BOARD_RECORD} record",
            )
    if len(lines) != len(games):
        raise lines[-1].where.error(
            f"round {rnd} has {len(games)} games but {len(lines)} boards", f"{BOARD_RECORD} record"
        )
    return tuple(Board(line.white, line.black) for line in lines)


def _playing(lines: list[_BoardLine], event: ChessEvent, done: int) -> PlayingRound | None:
    """The round being played: the boards of round ``done + 1`` (of each of its games),
    checked."""
    if not lines:
        return None
    t, rnd = event.tournament, done + 1
    columns = event.columns(rnd)
    field = f"{BOARD_RECORD} record"
    stray = next((line for line in lines if line.round not in columns), None)
    if stray is not None:
        raise stray.where.error(
            f"round {stray.round} cannot be paired before round {columns[0]}", field
        )
    if t.total_rounds is not None and columns[-1] > t.total_rounds:
        raise lines[0].where.error(f"the tournament has {t.total_rounds} rounds", field)
    playing = _game_one([b for b in lines if b.round == columns[0]], t, rnd, event.games)
    for game, column in enumerate(columns[1:], 2):
        own = [b for b in lines if b.round == column]
        playing = _later_game(playing, game, own, lines[-1].where)
    if playing.complete:
        raise lines[-1].where.error(
            f"round {columns[0]} has every result: its games belong in the 001 records", field
        )
    return playing


def _game_one(lines: list[_BoardLine], t: Tournament, rnd: int, games: int) -> PlayingRound:
    """The boards of the round being played (game 1 of a match), checked."""
    field = f"{BOARD_RECORD} record"
    column = (rnd - 1) * games + 1
    seen: set[int] = set()
    boards: list[Game] = []
    bye: int | None = None
    for line in lines:
        players = (line.white,) if line.board == 0 else (line.white, line.black)
        for pid in players:
            cell = t.cell(pid, column)
            if pid not in t.players or pid in seen or cell is not None:
                raise line.where.error(
                    f"player {pid} cannot play board {line.board} of round {column} (unknown, "
                    "on another board, or with a bye)",
                    field,
                )
            seen.add(pid)
        if line.board == 0:
            bye = line.white
        elif line.board != len(boards) + 1:
            raise line.where.error(f"board {line.board} should be board {len(boards) + 1}", field)
        else:
            boards.append(Game(line.white, line.black, line.result))
    return PlayingRound(rnd, tuple(boards), bye, games)


def _later_game(
    playing: PlayingRound, game: int, lines: list[_BoardLine], last: Where
) -> PlayingRound:
    """The round being played with game ``game`` of its matches (``lines``, the records of its
    TRF round): game 1's boards with that game's colours, and the results entered so far."""
    field = f"{BOARD_RECORD} record"
    expected = game_boards(playing.pairing().boards, game)
    on_boards = [line for line in lines if line.board]
    byes = [line.white for line in lines if not line.board]
    if len(on_boards) != len(expected) or byes != ([playing.bye] if playing.bye else []):
        where = lines[-1].where if lines else last
        raise where.error(
            f"game {game} of match {playing.number} has the {len(expected)} boards and the "
            "bye of game 1",
            field,
        )
    games = list(playing.games)
    for number, (line, board) in enumerate(zip(on_boards, expected), 1):
        if (line.board, line.white, line.black) != (number, board.white, board.black):
            raise line.where.error(
                f"board {number} of game {game} is {board.white} - {board.black} (game 1's "
                "board with that game's colours)",
                field,
            )
        games[number - 1] = games[number - 1].with_result(game, line.result)
    return replace(playing, games=tuple(games))


# -- writing --------------------------------------------------------------------------


def event_text(event: ChessEvent) -> str:
    """The file of ``event`` (see the module docstring)."""
    t, done = event.tournament, event.completed
    played = written_cells(event) if t.teams is not None else event.completed_cells()
    cut = replace(t, results=played)
    if event.games > 1:  # a match's PAB value, always stated (as TRF writers of matches do)
        cut = replace(cut, point_system=replace(t.point_system, pab=pab_value(t.point_system)))
    scores = scores_before(cut, done + 1, event.games)
    players = [
        format_player(replace(p, points=scores[pid]), played[pid])
        for pid, p in sorted(t.players.items())
    ]
    before, after = team_lines(t.teams, "trf26") if t.teams is not None else ([], [])
    lines = (
        list(t.comments)
        + _tournament_records(event)
        + pairing_records(cut, "trf26")
        + before
        + _bye_records(t, done * event.games)
        + _board_records(event)
        + players
        + after
    )
    return event.newline.join(lines) + event.newline


def _tournament_records(event: ChessEvent) -> list[str]:
    players = event.tournament.players.values()
    counted = [("062", str(len(players))), ("072", str(sum(1 for p in players if p.rating)))]
    numeric = sorted(
        [h for h in event.tournament.headers if h[0].isdigit()] + counted, key=lambda h: h[0]
    )
    others = [h for h in event.tournament.headers if not h[0].isdigit()]
    return [f"{code} {text}".rstrip() for code, text in numeric + others]


def _bye_records(t: Tournament, done: int) -> list[str]:
    """240 records: the byes and absences of the rounds after the completed ones."""
    asked: dict[tuple[int, str], list[int]] = {}
    for pid, cells in sorted(t.results.items()):
        for rnd, cell in enumerate(cells[done:], done + 1):
            if cell is not None:
                asked.setdefault((rnd, BYE_KINDS.get(cell.result, "Z")), []).append(pid)
    return [
        f"240 {kind} {rnd:03d}" + "".join(f" {pid:4d}" for pid in ids)
        for (rnd, kind), ids in sorted(asked.items())
    ]


def _board_records(event: ChessEvent) -> list[str]:
    """The board order of every TRF round (a match's games each), then the round being
    played with its results so far."""
    rows = [
        _board_row(column, number, board.white, board.black, None)
        for rnd, boards in enumerate(event.boards, 1)
        for game, column in enumerate(event.columns(rnd), 1)
        for number, board in enumerate(game_boards(boards, game), 1)
    ]
    playing = event.playing
    if playing is not None:
        for game, column in enumerate(event.columns(playing.number), 1):
            boards = game_boards(playing.pairing().boards, game)
            results = [g.results(event.games)[game - 1] for g in playing.games]
            rows += [
                _board_row(column, number, board.white, board.black, result)
                for number, (board, result) in enumerate(zip(boards, results), 1)
            ]
            if playing.bye is not None:
                rows.append(_board_row(column, 0, playing.bye, 0, None))
    return [BOARD_NOTE, *rows] if rows else []


def _board_row(rnd: int, board: int, white: int, black: int, result: Outcome | None) -> str:
    codes = f" {result[0].value} {result[1].value}" if result else ""
    opponent = f"{black:4d}" if black else "0000"
    return f"{BOARD_RECORD} {rnd:03d} {board:4d} {white:4d} {opponent}{codes}"
