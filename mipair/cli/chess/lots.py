"""``mipair chess draw``: the pairing numbers drawn by lot (a round robin's, C.05)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, json_option, say

if TYPE_CHECKING:
    from mipair.desk.chess.document import ChessEvent


@click.command("draw")
@file_argument
@click.option("--seed", required=True, help="The draw's seed, one word (a date, a number).")
@click.option("--varma", is_flag=True, help="Keep federations apart (C.05 Annex 2, 9-24 players).")
@json_option
def draw(file: str, seed: str, varma: bool, as_json: bool) -> None:
    """Draw the players' pairing numbers by lot (a round robin's, C.05), reproducibly from
    SEED, after the last registration and before round 1; the draw is recorded in the file
    and the rounds given at new decide the cycles (a double round robin: twice a cycle's)."""
    from mipair.desk.chess.lots import draw as drawn
    from mipair.desk.chess.store import change

    def apply(event: ChessEvent) -> tuple[ChessEvent, ChessEvent]:
        after = drawn(event, seed, varma)
        return after, after

    event = change(file, apply)
    t = event.tournament
    players = [{"id": pid, "name": t.players[pid].name} for pid in sorted(t.players)]
    lines = [f"{p['id']:4}  {p['name']}" for p in players]
    head = f"lots drawn ({'varma' if varma else 'plain'}, seed {seed}): {t.total_rounds} rounds"
    say(
        "\n".join([head, *lines]),
        as_json,
        {
            "seed": seed,
            "varma": varma,
            "rounds": t.total_rounds,
            "type": t.system,
            "players": players,
        },
    )
