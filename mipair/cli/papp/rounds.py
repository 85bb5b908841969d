"""``papp pair`` and the pairs made by hand (``couple``, ``decouple``, ``clear-pairs``)."""

from __future__ import annotations

import click

from mipair.cli.papp.common import apply, config_option, configure


@click.command("pair")
@click.argument("event_file", metavar="EVENT")
@config_option
@click.option(
    "--save/--no-save",
    default=True,
    help="Write the pairing into EVENT (default). With 'sauvegarde immediate' (PAPP's "
    "default) it is written before it is shown, with 'sauvegarde differee' when the command "
    "ends; --no-save shows it and writes nothing at all.",
)
@click.option("--details", is_flag=True, help="Show each pair's penalty terms.")
@click.option(
    "--extra-round",
    is_flag=True,
    help="Pair a round past the event's planned number of rounds (refused without it); "
    "the event then plans that round too.",
)
def pair(
    event_file: str, config_file: str | None, save: bool, details: bool, extra_round: bool
) -> None:
    """Pair the next round of EVENT (the first named player has Black)."""
    from mipair.desk.papp.changes import paired, pairing
    from mipair.formats.papp.event_file import read_event

    configuration = configure(config_file, event_file)
    config = configuration.config
    if not save:
        _, text = paired(read_event(event_file), details, config, extra_round)
        click.echo(text, nl=False)
        return
    apply(event_file, configuration, pairing(event_file, config, details, extra_round))


@click.command("couple")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("black")
@click.argument("white")
def couple_cmd(event_file: str, black: str, white: str, config_file: str | None) -> None:
    """Pair BLACK with WHITE by hand in the round to pair (PAPP's M, A)."""
    from mipair.desk.papp.changes import by_hand

    apply(event_file, configure(config_file, event_file), by_hand(black, white))


@click.command("decouple")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("player")
def decouple_cmd(event_file: str, player: str, config_file: str | None) -> None:
    """Undo PLAYER's pairing in the round to pair (PAPP's M, D)."""
    from mipair.desk.papp.changes import unpaired

    apply(event_file, configure(config_file, event_file), unpaired(player))


@click.command("clear-pairs")
@config_option
@click.argument("event_file", metavar="EVENT")
def clear_pairs_cmd(event_file: str, config_file: str | None) -> None:
    """Undo every pairing of the round to pair (PAPP's M, Z)."""
    from mipair.desk.papp.changes import no_pairs

    apply(event_file, configure(config_file, event_file), no_pairs)
