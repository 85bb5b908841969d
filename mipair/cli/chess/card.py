"""``mipair chess card``: a player's rounds (a team's matches), as the desk's API shows them."""

from __future__ import annotations

import click

from mipair.cli.chess.common import file_argument, json_option, say


@click.command("card")
@file_argument
@click.argument("player", metavar="PLAYER|TEAM")
@json_option
def card(file: str, player: str, as_json: bool) -> None:
    """A player's card (a pairing number or the start of a name): each round's opponent,
    colour and result, the rank and points; in a team tournament a team's (or a player's
    team's) matches and players. ``--json`` is the desk API's card."""
    from mipair.desk.chess.cards import card_text
    from mipair.desk.chess.game import ChessDesk
    from mipair.formats.state_file import about
    from mipair.formats.text import load

    with about(file):
        files = {str(file): load(file).encode("utf-8")}
        view = ChessDesk().card(files, player)
    say(card_text(view), as_json, view)
