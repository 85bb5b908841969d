"""Rounds at the desk: pair the next one, enter and correct results, take a round back.

* :func:`pair_next`: the next round by the tournament's system and edition,
  computed from the file exactly as ``mipair solve`` computes it; it becomes
  the round being played (boards in publication order, the PAB; a round
  robin's game with an absent player forfeited at once).
* :func:`enter_results`: results of the round being played, board by board;
  when the last one is in, the round is complete and goes into the players'
  round cells. Results of a completed round are corrected the same way.
* :func:`unpair`: the round being played is taken back (with its results
  only when forced).

A correction of an earlier round while a later round is being played (the
reading of C.04.2: a published pairing is not changed unless it breaks an
absolute pairing rule; a corrected result affects the pairings still to be
made):

1. the correction applies at once to scores, standings and every pairing
   still to be made;
2. the round being played keeps its pairing when it breaks no absolute rule
   with the corrected result (whether to pair it again while it has not
   started is the arbiter's decision: unpair, then pair);
3. when it now breaks one (two players who had in fact played each other
   meet again, the PAB goes to a player who now has a win without playing,
   a colour rule of the system), its pairing is void: with no result entered
   yet it is taken back and must be paired again; with results entered its
   games are being played and stand, and the broken rule is reported.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from mipair.desk.chess import engine
from mipair.desk.chess.document import (
    ABSENT,
    ChessEvent,
    Game,
    Outcome,
    PlayingRound,
    round_not_paired,
)
from mipair.desk.chess.entries import Typed, typed_entries
from mipair.desk.chess.notation import shown_result
from mipair.desk.chess.rounds_dates import with_round_date
from mipair.desk.chess.settings import system_of
from mipair.desk.chess.standings import with_ranks
from mipair.desk.chess.trf_file import event_text, parse_event
from mipair.errors import InputError
from mipair.model import Cell, Colour, Result, Tournament
from mipair.pairing import RoundPairing


@dataclass(frozen=True)
class Entered:
    """One result entered: the board, its players, the result before and after; in a match,
    which game (its own White first)."""

    board: int
    white: int
    black: int
    before: Outcome | None
    after: Outcome | None
    game: int | None = None


@dataclass(frozen=True)
class Results:
    """What entering results did (see the module docstring for ``stands``/``voided``)."""

    round: int
    entered: tuple[Entered, ...]
    completed: bool = False
    playing: int | None = None  # the round being played after a correction of an earlier one
    broken: tuple[str, ...] = ()  # the absolute rules its pairing now breaks
    voided: bool = False  # its pairing was taken back


def results_report(done: Results) -> dict[str, object]:
    """What entering results did, as data (``mipair chess result --json``)."""
    return {
        "round": done.round,
        "results": [
            {
                "board": e.board,
                **({} if e.game is None else {"game": e.game}),
                "white": e.white,
                "black": e.black,
                "result": shown_result(e.after),
                "before": shown_result(e.before),
            }
            for e in done.entered
        ],
        "completed": done.completed,
        "round_being_played": done.playing,
        "broken_rules": list(done.broken),
        "pairing_taken_back": done.voided,
    }


def pair_next(event: ChessEvent, date: str = "") -> tuple[ChessEvent, PlayingRound]:
    """Pair the next round; it becomes the round being played (complete at once when it has
    no game). ``date``: the round's date for record 132 (YYYY/MM/DD)."""
    if event.playing is not None:
        raise InputError(
            f"round {event.playing.number} is being played: enter its results (or take it "
            f"back: unpair) before pairing round {event.playing.number + 1}",
            field="round",
        )
    rnd = event.completed + 1
    if rnd > event.total_rounds:
        raise InputError(f"all {event.total_rounds} rounds are paired", field="round")
    as_saved = parse_event(event_text(event), event.source).tournament
    system, edition, _ = system_of(event)
    pairing = engine.pair_round(as_saved, rnd, system, edition)
    if not pairing.boards and pairing.bye is None:
        raise InputError(f"nobody plays round {rnd}: everyone is absent", field="round")
    playing = PlayingRound(rnd, _games(pairing), pairing.bye, event.games)
    event, playing = _with_absent_players(event, playing)
    after = replace(with_round_date(event, rnd, date), playing=playing)
    return (_completed(after) if playing.complete else after), playing


def _games(pairing: RoundPairing) -> tuple[Game, ...]:
    return tuple(Game(b.white, b.black) for b in pairing.boards)


def _with_absent_players(
    event: ChessEvent, playing: PlayingRound
) -> tuple[ChessEvent, PlayingRound]:
    """A round whose system pairs players announced absent (a round robin keeps its table,
    C.05): their games are forfeited, entered at once (the absent player loses, ``-``; the
    other wins, ``+``), their absence giving way to the game; a bye the pairing gives an
    absent player is nobody's. A Swiss pairs nobody absent: nothing changes."""
    rnd = playing.number
    away = {pid for pid in playing.pairing().players() if event.cell(pid, rnd) is not None}
    columns = event.columns(rnd)
    if not away:
        return event, playing
    lost, won = Result.FORFEIT_LOSS, Result.FORFEIT_WIN
    games = tuple(
        replace(g, result=(lost if g.white in away else won, lost if g.black in away else won))
        if away & {g.white, g.black}
        else g
        for g in playing.games
    )
    bye = None if playing.bye in away else playing.bye
    on_boards = {p for g in playing.games for p in (g.white, g.black)}
    results = {
        pid: cells[: columns[0] - 1] + (None,) * len(columns) + cells[columns[-1] :]
        if pid in on_boards and len(cells) >= columns[0]
        else cells
        for pid, cells in event.tournament.results.items()
    }
    return event.changed(results=results), replace(playing, games=games, bye=bye)


def enter_results(
    event: ChessEvent, rnd: int | None, entries: Iterable[tuple[str, str]]
) -> tuple[ChessEvent, Results]:
    """Enter (or correct) results: ``(board, result)`` pairs as typed (:mod:`entries`; a
    match: a board and its games' results, or a game of it and its result), in round ``rnd``
    (default: the last paired)."""
    number = event.paired if rnd is None else rnd
    if not 1 <= number <= event.paired:
        raise round_not_paired(event, number)
    playing = event.playing
    if playing is not None and number == playing.number:
        games = list(playing.games)
        entered = []
        for typed in typed_entries(entries, len(games), event.games, number):
            game = games[typed.board - 1]
            games[typed.board - 1] = game.with_result(typed.game, typed.outcome)
            white, black = _players(game.white, game.black, typed.game)
            before = game.results(event.games)[typed.game - 1]
            entered.append(
                Entered(typed.board, white, black, before, typed.outcome, _game(event, typed))
            )
        now = replace(playing, games=tuple(games))
        after = replace(event, playing=now)
        if now.complete:
            return _completed(after), Results(number, tuple(entered), completed=True)
        return after, Results(number, tuple(entered))
    corrected, entered = _corrected(event, number, entries)
    return _after_correction(with_ranks(corrected), Results(number, tuple(entered)))


def _players(white: int, black: int, game: int) -> tuple[int, int]:
    """White and Black of game ``game`` of a board (C.04.5 4.4: reversed in game 2)."""
    return (white, black) if game % 2 else (black, white)


def _game(event: ChessEvent, typed: Typed) -> int | None:
    """The game a report names (None in a round of one game a board)."""
    return typed.game if event.games > 1 else None


def _corrected(
    event: ChessEvent, rnd: int, entries: Iterable[tuple[str, str]]
) -> tuple[ChessEvent, list[Entered]]:
    """Results of completed round ``rnd`` replaced in both players' cells."""
    boards = event.round_boards(rnd)
    results = dict(event.tournament.results)
    entered = []
    for typed in typed_entries(entries, len(boards), event.games, rnd):
        outcome = typed.outcome
        if outcome is None:
            raise InputError(
                f"round {rnd} is complete: a result can be corrected, not erased", field="result"
            )
        column = event.columns(rnd)[typed.game - 1]
        board = boards[typed.board - 1]
        white, black = _players(board.white, board.black, typed.game)
        before = _cell(results, white, column), _cell(results, black, column)
        results[white] = _with(results[white], column, replace(before[0], result=outcome[0]))
        results[black] = _with(results[black], column, replace(before[1], result=outcome[1]))
        was = (before[0].result, before[1].result)
        entered.append(Entered(typed.board, white, black, was, outcome, _game(event, typed)))
    return event.changed(results=results), entered


def _cell(results: dict[int, tuple[Cell | None, ...]], pid: int, rnd: int) -> Cell:
    cells = results.get(pid, ())
    cell = cells[rnd - 1] if len(cells) >= rnd else None
    if cell is None or cell.opponent is None:
        raise InputError(f"player {pid} has no game in round {rnd}", field="board")
    return cell


def _after_correction(event: ChessEvent, report: Results) -> tuple[ChessEvent, Results]:
    """The round being played after a correction of an earlier round (module docstring)."""
    playing = event.playing
    if playing is None:
        return event, report
    system, edition, _ = system_of(event)
    t = event.tournament
    broken = engine.broken_rules(
        _before_round(t, event.columns(playing.number)[-1]), playing.pairing(), system, edition
    )
    report = replace(report, playing=playing.number, broken=tuple(broken))
    if not broken or playing.has_results:
        return event, report
    return replace(event, playing=None), replace(report, voided=True)


def _before_round(t: Tournament, last: int) -> Tournament:
    """``t`` as it stands for pairing the round whose last TRF round is ``last``: the rounds
    before it and its byes."""
    return replace(t, results={pid: cells[:last] for pid, cells in t.results.items()})


def _completed(event: ChessEvent) -> ChessEvent:
    """The round being played, every result in, written into the players' cells."""
    playing = event.playing
    assert playing is not None and playing.complete
    results = dict(event.tournament.results)
    for number, column in enumerate(event.columns(playing.number), 1):
        for board in playing.games:
            outcome = board.results(event.games)[number - 1]
            assert outcome is not None
            white, black = _players(board.white, board.black, number)
            results[white] = _with(
                results.get(white, ()), column, Cell(black, Colour.WHITE, outcome[0])
            )
            results[black] = _with(
                results.get(black, ()), column, Cell(white, Colour.BLACK, outcome[1])
            )
        if playing.bye is not None:
            bye = Cell(None, None, Result.PAB)
            results[playing.bye] = _with(results.get(playing.bye, ()), column, bye)
        for pid in event.tournament.players:
            cells = results.get(pid, ())
            if len(cells) < column or cells[column - 1] is None:
                results[pid] = _with(cells, column, ABSENT)
    done = replace(
        event.changed(results=results),
        boards=(*event.boards, playing.pairing().boards),
        playing=None,
    )
    return with_ranks(done)


def _with(cells: tuple[Cell | None, ...], rnd: int, cell: Cell) -> tuple[Cell | None, ...]:
    padded = list(cells) + [None] * (rnd - len(cells))
    padded[rnd - 1] = cell
    return tuple(padded)


def unpair(event: ChessEvent, force: bool = False) -> tuple[ChessEvent, PlayingRound]:
    """Take the round being played back (its results too, only when ``force``)."""
    playing = event.playing
    if playing is None:
        if event.completed:
            raise InputError(
                f"no round is being played (round {event.completed} is complete: its results "
                "stand; correct them with result --round)",
                field="round",
            )
        raise InputError("no round is paired yet", field="round")
    if playing.has_results and not force:
        raise InputError(
            f"round {playing.number} has results (--force to take it back all the same)",
            field="round",
        )
    return replace(with_round_date(event, playing.number, ""), playing=None), playing
