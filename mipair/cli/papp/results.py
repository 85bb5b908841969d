"""``papp result``: record the results of a round."""

from __future__ import annotations

import click

from mipair.cli.papp.common import player_label
from mipair.errors import InputError


@click.command("result")
@click.argument("event_file", metavar="EVENT")
@click.argument("entries", nargs=-1, required=True)
def result(event_file: str, entries: tuple[str, ...]) -> None:
    """Record results: '145 40' (discs), '145+4', '145=', '145-6' (difference)."""
    from mipair.systems.papp.event_io import read_event, save_event
    from mipair.systems.papp.scoring import enter_result

    event = read_event(event_file)
    total = event.settings.total_discs
    for entry in entries:
        try:
            before = {g.black: g.black_discs for g in event.round(event.round_to_pair).games}
            event, game = enter_result(event, entry)
            if before.get(game.black) not in (None, game.black_discs):
                click.echo(
                    f"mipair: warning: {entry!r} replaces the score "
                    f"{before[game.black]}/{total - before[game.black]}",
                    err=True,
                )
        except InputError as exc:
            raise InputError(f"{entry!r}: {exc.message}", file=event_file) from None
        click.echo(
            f"{player_label(event, game.black)} {game.black_discs}/{total - game.black_discs} "
            f"{player_label(event, game.white)}"
        )
    save_event(event_file, event)
