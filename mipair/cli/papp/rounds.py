"""``papp pair`` and the pairs made by hand (``couple``, ``decouple``, ``clear-pairs``)."""

from __future__ import annotations

import click

from mipair.cli.papp.common import apply, config_option, configure, resolve_player
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event import Event


def _paired(event: Event, details: bool, config: PappConfig, extra: bool) -> tuple[Event, str]:
    """The event with the next round paired (through the PAPP system), and the table; a
    round past the planned ones only when ``extra`` (the event then plans it)."""
    from mipair.systems.papp.pairing import apply_pairing
    from mipair.systems.papp.planned import within_rounds
    from mipair.systems.papp.presentation import describe_pairing
    from mipair.systems.papp.system import PappState, pair_state

    event = within_rounds(event, extra)
    pairing = pair_state(PappState(event, config))
    text = describe_pairing(event, config.penalties, pairing, details)
    return apply_pairing(event, pairing), text


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
    from mipair.formats.papp.event_file import read_event

    configuration = configure(config_file, event_file)
    config = configuration.config
    if not save:
        _, text = _paired(read_event(event_file), details, config, extra_round)
        click.echo(text, nl=False)
        return

    def change(event: Event) -> tuple[Event, str]:
        after, text = _paired(event, details, config, extra_round)
        return after, text + (f"(saved in {event_file})\n" if after != event else "")

    apply(event_file, configuration, change)


@click.command("couple")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("black")
@click.argument("white")
def couple_cmd(event_file: str, black: str, white: str, config_file: str | None) -> None:
    """Pair BLACK with WHITE by hand in the round to pair (PAPP's M, A)."""
    from mipair.desk.papp.roster import couple

    def change(event: Event) -> tuple[Event, str]:
        first, second = resolve_player(event, black), resolve_player(event, white)
        after = couple(event, first, second)
        return after, f"Round {after.round_to_pair}: {first} - {second} (by hand)\n"

    apply(event_file, configure(config_file, event_file), change)


@click.command("decouple")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("player")
def decouple_cmd(event_file: str, player: str, config_file: str | None) -> None:
    """Undo PLAYER's pairing in the round to pair (PAPP's M, D)."""
    from mipair.desk.papp.roster import decouple

    def change(event: Event) -> tuple[Event, str]:
        pid = resolve_player(event, player)
        after = decouple(event, pid)
        return after, f"Round {after.round_to_pair}: {pid} is not paired\n"

    apply(event_file, configure(config_file, event_file), change)


@click.command("clear-pairs")
@config_option
@click.argument("event_file", metavar="EVENT")
def clear_pairs_cmd(event_file: str, config_file: str | None) -> None:
    """Undo every pairing of the round to pair (PAPP's M, Z)."""
    from mipair.desk.papp.roster import clear_pairs

    def change(event: Event) -> tuple[Event, str]:
        after = clear_pairs(event)
        return after, f"Round {after.round_to_pair}: no pairs\n"

    apply(event_file, configure(config_file, event_file), change)
