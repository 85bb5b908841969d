"""``mipair chess team|lineup`` and ``register --in TEAM``: a Team Swiss's teams, their players
and line-ups (:mod:`mipair.desk.chess`'s ``team_*`` modules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, json_option, say

if TYPE_CHECKING:
    from mipair.desk.chess.document import ChessEvent
    from mipair.desk.chess.registration import Entry


@click.command("team")
@file_argument
@click.argument("name")
@json_option
def team(file: str, name: str, as_json: bool) -> None:
    """Register a team of a team tournament: it takes the next team pairing number (the
    order the chief arbiter registers them in, C.04.6 1.1). Its players are registered
    with ``register --in TEAM``."""
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_registration import add_team

    number = change(file, lambda event: add_team(event, name))
    say(f"team {number}: {name.strip()} registered", as_json, {"id": number, "name": name.strip()})


def register_member(
    file: str, entry: Entry, team_text: str | None, board: int | None, as_json: bool
) -> None:
    """``register --in TEAM``: the player joins his team at a board of its order."""
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_event import section
    from mipair.desk.chess.team_registration import add_player
    from mipair.errors import InputError

    if team_text is None:
        raise InputError("--board places a player in a team: name it (--in TEAM)", field="team")

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[int, int, int, str]]:
        after, pid, place = add_player(event, entry, team_text, board)
        number = section(after).player_teams()[pid]
        return after, (pid, number, place, after.tournament.players[pid].name)

    pid, number, place, name = change(file, apply)
    say(
        f"{pid}: {name} registered, team {number} board {place}",
        as_json,
        {"id": pid, "name": name, "team": number, "board": place},
    )


@click.command("lineup")
@file_argument
@click.argument("team_name", metavar="TEAM")
@click.argument("players", nargs=-1, required=True)
@json_option
def lineup(file: str, team_name: str, players: tuple[str, ...], as_json: bool) -> None:
    """TEAM's players on its boards of the round being played, board 1 first (PLAYERS by
    pairing number or the start of their name; a substitute takes a board), before any of
    its boards has a result."""
    from mipair.desk.chess.store import change
    from mipair.desk.chess.team_matches import change_line_up

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[int, list[int]]]:
        after, match = change_line_up(event, team_name, players)
        assert after.playing is not None
        games = [after.playing.games[place] for place in match.games]
        return after, (match.number, [p for g in games for p in (g.white, g.black)])

    number, ids = change(file, apply)
    say(f"match {number}: line-up changed", as_json, {"match": number, "players": ids})
