"""``mipair chess pair|pairing|result|unpair``: the rounds of the day."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, html_option, json_option, say, show
from mipair.errors import InputError

BOARD = re.compile(r"^\d+(\.\d+)?$")
"""A board as typed: ``3``, or a team match's ``3.2``."""

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
    """The arguments with each ``--`` that follows a board number written ``-/-``."""
    out = []
    for k, arg in enumerate(args):
        board = k > 0 and BOARD.match(args[k - 1]) and (k < 2 or args[k - 2] != "--round")
        out.append("-/-" if arg == "--" and board else arg)
    return out


@click.command("result", cls=ResultCommand, context_settings={"ignore_unknown_options": True})
@file_argument
@click.argument("entries", nargs=-1, required=True, metavar="BOARD RESULT [BOARD RESULT]...")
@click.option("--round", "rnd", type=int, help="The round (default: the last paired).")
@json_option
def result(file: str, entries: tuple[str, ...], rnd: int | None, as_json: bool) -> None:
    """Enter or correct results, board by board: RESULT is 1-0, 0-1, 1/2 (or =), +- or -+
    (a forfeit), -- (both forfeited; also -/-), ? (erase, in the round being played). A completed round is corrected the same way (--round); see
    docs/chess-arbiter.md, "A tournament day", for what a correction does to a round being
    played."""
    from mipair.desk.chess.rounds import enter_results, results_report
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_matches import enter_match_results, match_report

    if len(entries) % 2:
        raise InputError("a board number and a result expected, in pairs", file=file)
    pairs = list(zip(entries[::2], entries[1::2]))

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
        where = f"match {boards[e.board][0]} board {boards[e.board][1]}" if boards else ""
        where = where or f"board {e.board}"
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
