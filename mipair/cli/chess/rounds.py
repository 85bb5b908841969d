"""``mipair chess pair|pairing|result|unpair``: the rounds of the day."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, html_option, json_option, say, show
from mipair.errors import InputError

if TYPE_CHECKING:
    from mipair.desk.chess.document import ChessEvent
    from mipair.desk.chess.rounds import Results


@click.command("pair")
@file_argument
@click.option("--save", is_flag=True, help="Write the round into FILE (before printing it).")
@click.option(
    "--date", default=None, metavar="YYYY-MM-DD", help="The round's date (132; default: today)."
)
@json_option
@html_option
def pair(file: str, save: bool, date: str | None, as_json: bool, html_file: str | None) -> None:
    """Pair the next round by the tournament's system and edition (the pairing of ``mipair
    solve`` on FILE). With --save it becomes the round being played, written into FILE
    before anything is printed; without, it is only shown."""
    from mipair.desk.chess.rounds import pair_next
    from mipair.desk.chess.rounds_dates import today
    from mipair.desk.chess.store import about, change, read
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_matches import pair_matches

    day = date if date is not None else today()

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[ChessEvent, int]]:
        after, playing = (pair_matches if is_team(event) else pair_next)(event, day)
        return after, (after, playing.number)

    if save:
        event, number = change(file, apply)
    else:
        with about(file):
            event, number = apply(read(file))[1]
    _show_pairing(event, number, as_json, html_file)


def _show_pairing(event: ChessEvent, number: int, as_json: bool, html_file: str | None) -> None:
    """A round's pairing, a team tournament's as its matches."""
    from mipair.desk.chess.pairing_view import pairing_text, pairing_view
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_views import team_pairing_text, team_pairing_view

    if is_team(event):
        view = team_pairing_view(event, number)
        show(view, as_json, team_pairing_text, html_file, "team_pairing")
        return
    show(pairing_view(event, number), as_json, pairing_text, html_file, "pairing")


@click.command("pairing")
@file_argument
@click.option("--round", "rnd", type=int, help="This round (default: the last paired).")
@json_option
@html_option
def pairing(file: str, rnd: int | None, as_json: bool, html_file: str | None) -> None:
    """A round's pairing as it stands: boards, results so far, the PAB, byes and absences."""
    from mipair.desk.chess.document import round_not_paired
    from mipair.desk.chess.store import about, read

    event = read(file)
    number = event.paired if rnd is None else rnd
    with about(file):
        if not 1 <= number <= event.paired:
            raise round_not_paired(event, number)
        _show_pairing(event, number, as_json, html_file)


class ResultCommand(click.Command):
    """``--`` typed after a board number is a result (both players forfeited), not the end of
    the options (``--round 2 -- 1 1-0`` keeps its meaning)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, double_forfeits(args))


def double_forfeits(args: list[str]) -> list[str]:
    """The arguments with each ``--`` that follows a board (``3``, a match's game ``3.2``) or a
    result typed after a board written ``-/-``."""
    out: list[str] = []
    entries = False  # the arguments seen are a board and results
    for k, arg in enumerate(args):
        after_round = k > 0 and args[k - 1] == "--round"
        if _is_board(arg) and not after_round:
            entries = True
        elif arg.startswith("--") and arg != "--":
            entries = False
        out.append("-/-" if arg == "--" and entries else arg)
    return out


def _is_board(text: str) -> bool:
    """A board as typed: its number, or a match's game of it (``3.2``)."""
    board, _, game = text.partition(".")
    return board.isdigit() and (game.isdigit() or "." not in text)


def grouped(entries: tuple[str, ...], file: str) -> list[tuple[str, str]]:
    """``BOARD RESULT [RESULT]...`` as typed: each board with its results apart by blanks (a
    match's games in order). After a board comes its result; a later word is the next board
    when it is written as one (``4``, ``4.2``), else the next game's result."""
    pairs: list[tuple[str, list[str]]] = []
    for word in entries:
        if pairs and (not pairs[-1][1] or not _is_board(word)):
            pairs[-1][1].append(word)
        else:
            pairs.append((word, []))
    empty = next((board for board, results in pairs if not results), None)
    if empty is not None:
        raise InputError(f"board {empty}: a result expected after it", file=file)
    return [(board, " ".join(results)) for board, results in pairs]


@click.command("result", cls=ResultCommand, context_settings={"ignore_unknown_options": True})
@file_argument
@click.argument("entries", nargs=-1, required=True, metavar="BOARD RESULT... [BOARD RESULT...]...")
@click.option("--round", "rnd", type=int, help="The round (default: the last paired).")
@json_option
def result(file: str, entries: tuple[str, ...], rnd: int | None, as_json: bool) -> None:
    """Enter or correct results, board by board: RESULT is 1-0, 0-1, 1/2 (or =), +- or -+
    (a forfeit), -- (both forfeited; also -/-), ? (erase, in the round being played). A
    match of two games (Double-Swiss) takes both games' results in order, each White first
    (3 1-0 1/2), or one game's (3.2 1/2). A completed round is corrected the same way
    (--round); see docs/chess-arbiter.md, "A tournament day", for what a correction does to
    a round being played."""
    from mipair.desk.chess.rounds import enter_results, results_report
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_matches import enter_match_results, match_report

    pairs = grouped(entries, file)

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[Results, dict[int, tuple[int, int]]]]:
        if is_team(event):
            after, entered = enter_match_results(event, rnd, pairs)
            return after, (entered.done, entered.boards)
        after, done = enter_results(event, rnd, pairs)
        return after, (done, {})

    done, boards = change(file, apply)
    for line in _warnings(done):
        click.echo(f"{file}: {line}", err=True)
    report = match_report(done, boards) if boards else results_report(done)
    say(_results_text(done, boards), as_json, report)


def _results_text(done: Results, boards: dict[int, tuple[int, int]]) -> str:
    from mipair.desk.chess.notation import shown_result

    lines = []
    for e in done.entered:
        was = f" (was {shown_result(e.before) or 'not entered'})" if e.before != e.after else ""
        shown = shown_result(e.after) or "erased"
        game = "" if e.game is None else f" game {e.game}"
        where = f"match {boards[e.board][0]} board {boards[e.board][1]}" if boards else ""
        where = where or f"board {e.board}{game}"
        lines.append(f"round {done.round} {where}: {e.white} - {e.black} {shown}{was}")
    if done.completed:
        lines.append(f"round {done.round} is complete")
    if done.playing is not None and not done.broken:
        lines.append(
            f"round {done.playing} was paired before this correction; its pairing stands (it "
            "breaks no absolute rule). To pair it again from the corrected result before it "
            "starts: mipair chess unpair, then pair --save"
        )
    if done.voided:
        lines.append(
            f"round {done.playing}'s pairing is void and taken back: pair it again "
            "(mipair chess pair --save)"
        )
    return "\n".join(lines)


def _warnings(done: Results) -> list[str]:
    """What the arbiter must know: the rules a pairing being played now breaks."""
    if not done.broken:
        return []
    head = "void and taken back" if done.voided else "being played: its games stand"
    return [f"round {done.playing} ({head}) now breaks: {rule}" for rule in done.broken]


@click.command("unpair")
@file_argument
@click.option("--force", is_flag=True, help="Also when results are entered (they are lost).")
@json_option
def unpair(file: str, force: bool, as_json: bool) -> None:
    """Take the round being played back (to change byes or absences and pair it again)."""
    from mipair.desk.chess.rounds import unpair as take_back
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_matches import unpair_matches

    playing = change(
        file, lambda event: (unpair_matches if is_team(event) else take_back)(event, force)
    )
    say(
        f"round {playing.number}: {len(playing.games)} boards taken back",
        as_json,
        {"round": playing.number, "boards": len(playing.games)},
    )
