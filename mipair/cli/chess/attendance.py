"""``mipair chess absent|bye|present|withdraw``: who plays which round (TRF-2026 240)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, json_option, round_list, say
from mipair.desk.chess.attendance import BYES

if TYPE_CHECKING:
    from mipair.desk.chess.document import ChessEvent

rounds_option = click.option(
    "--round", "rounds", required=True, metavar="R[,R|R-R]", help="The round(s)."
)
players_argument = click.argument("players", nargs=-1, required=True)


def _set(file: str, players: tuple[str, ...], rounds: str, kind: str | None) -> list[int]:
    """Give the players a bye of ``kind`` (None: they play) in the rounds; their numbers."""
    from mipair.desk.chess.attendance import byes_of
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_registration import team_byes

    def apply(event: ChessEvent) -> tuple[ChessEvent, list[int]]:
        return (team_byes if is_team(event) else byes_of)(event, players, round_list(rounds), kind)

    return change(file, apply)


def _report(ids: list[int], rounds: str, what: str, as_json: bool, kind: str | None) -> None:
    numbers = round_list(rounds)
    where = ", ".join(map(str, numbers))
    lines = "\n".join(f"{pid} {what} in round {where}" for pid in ids)
    say(lines, as_json, {"players": ids, "rounds": numbers, "bye": kind})


@click.command("absent")
@file_argument
@players_argument
@rounds_option
@json_option
def absent(file: str, players: tuple[str, ...], rounds: str, as_json: bool) -> None:
    """PLAYERS (by pairing number or the start of their name) will not play these rounds:
    a zero-point bye (Z), asked before the round is paired."""
    _report(_set(file, players, rounds, "zero"), rounds, "is absent", as_json, "zero")


@click.command("bye")
@file_argument
@players_argument
@rounds_option
@click.option(
    "--points",
    "kind",
    type=click.Choice(list(BYES)),
    default="half",
    show_default=True,
    help="A half-point (H), full-point (F) or zero-point (Z) bye.",
)
@json_option
def bye(file: str, players: tuple[str, ...], rounds: str, kind: str, as_json: bool) -> None:
    """PLAYERS asked for a bye in these rounds (not yet paired)."""
    _report(_set(file, players, rounds, kind), rounds, f"has a {kind}-point bye", as_json, kind)


@click.command("present")
@file_argument
@players_argument
@rounds_option
@json_option
def present(file: str, players: tuple[str, ...], rounds: str, as_json: bool) -> None:
    """PLAYERS play these rounds after all (a bye, an absence or a withdrawal taken back)."""
    _report(_set(file, players, rounds, None), rounds, "plays", as_json, None)


@click.command("withdraw")
@file_argument
@players_argument
@click.option("--from", "first", type=int, help="The first round missed (default: the next).")
@json_option
def withdraw(file: str, players: tuple[str, ...], first: int | None, as_json: bool) -> None:
    """PLAYERS leave the tournament from a round on: absent from it to the last round (a game
    of the round being played is a forfeit: enter it as a result). In a team tournament
    PLAYERS are teams (by number or the start of their name), as for absent, bye, present."""
    from mipair.desk.chess.attendance import withdrawal
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_registration import team_withdrawal

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[list[int], int]]:
        leave = team_withdrawal if is_team(event) else withdrawal
        after, ids, start = leave(event, players, first)
        return after, (ids, start)

    ids, start = change(file, apply)
    lines = "\n".join(f"{pid} withdrawn from round {start} on" for pid in ids)
    say(lines, as_json, {"players": ids, "from": start})
