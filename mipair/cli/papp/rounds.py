"""``papp pair`` and the pairs made by hand (``couple``, ``decouple``, ``clear-pairs``)."""

from __future__ import annotations

import click

from mipair.cli.papp.common import commit, load_config
from mipair.systems.papp.event_io import read_event


@click.command("pair")
@click.argument("event_file", metavar="EVENT")
@click.option("--config", "config_file", help="PAPP configuration file (default: see help).")
@click.option(
    "--save/--no-save",
    default=None,
    help="Write the pairing into EVENT before showing it (default: as the configuration's "
    "'sauvegarde': immediate saves, differee does not).",
)
@click.option("--details", is_flag=True, help="Show each pair's penalty terms.")
def pair(event_file: str, config_file: str | None, save: bool | None, details: bool) -> None:
    """Pair the next round of EVENT (the first named player has Black)."""
    from mipair.systems.papp.pairing import apply_pairing
    from mipair.systems.papp.presentation import describe_pairing
    from mipair.systems.papp.system import PappState
    from mipair.systems.registry import get_system

    event = read_event(event_file)
    cfg = load_config(config_file, event_file, write_default=save is not False)
    pairing = get_system("papp").pair(PappState(event, cfg))
    text = describe_pairing(event, cfg.penalties, pairing, details)
    paired = apply_pairing(event, pairing)
    if (cfg.immediate_save if save is None else save) and paired != event:
        commit(event_file, paired, cfg)
        text += f"(saved in {event_file})\n"
    click.echo(text, nl=False)


@click.command("couple")
@click.argument("event_file", metavar="EVENT")
@click.argument("black", type=int)
@click.argument("white", type=int)
def couple_cmd(event_file: str, black: int, white: int) -> None:
    """Pair BLACK with WHITE by hand in the round to pair (PAPP's M, A)."""
    from mipair.systems.papp.roster import couple

    event = couple(read_event(event_file), black, white)
    commit(event_file, event)
    click.echo(f"Round {event.round_to_pair}: {black} - {white} (by hand)")


@click.command("decouple")
@click.argument("event_file", metavar="EVENT")
@click.argument("player", type=int)
def decouple_cmd(event_file: str, player: int) -> None:
    """Undo PLAYER's pairing in the round to pair (PAPP's M, D)."""
    from mipair.systems.papp.roster import decouple

    event = decouple(read_event(event_file), player)
    commit(event_file, event)
    click.echo(f"Round {event.round_to_pair}: {player} is not paired")


@click.command("clear-pairs")
@click.argument("event_file", metavar="EVENT")
def clear_pairs_cmd(event_file: str) -> None:
    """Undo every pairing of the round to pair (PAPP's M, Z)."""
    from mipair.systems.papp.roster import clear_pairs

    event = clear_pairs(read_event(event_file))
    commit(event_file, event)
    click.echo(f"Round {event.round_to_pair}: no pairs")
