"""``papp new`` and ``papp config``: starting an event, PAPP's default configuration."""

from __future__ import annotations

from pathlib import Path

import click

from mipair.cli.papp.common import config_option, configure
from mipair.errors import FileAccessError, InputError


@click.command("new")
@click.argument("event_file", metavar="EVENT")
@click.option(
    "--players", "players_file", help="JECH/PAPP player file (default: 'fichier joueurs')."
)
@click.option("--id", "ids", type=int, multiple=True, help="Register this player (repeatable).")
@click.option("--trf", "trf_file", help="Start from a TRF tournament instead.")
@config_option
@click.option("--name", default="", help="Tournament name (also the folder of its files).")
@click.option("--date", help="Tournament date (default: today, DD/MM/YYYY as PAPP).")
@click.option("--rounds", type=int, help="Number of rounds (decides the round robin).")
@click.option(
    "--brightwell",
    help="Brightwell coefficient per point (0: discs only; default: the configuration's, "
    "else PAPP's: 0 under 8 rounds, 6 from 8).",
)
@click.option("--seed", type=int, help="Seed for draws by lot (default: from the event).")
@click.option("--force", is_flag=True, help="Overwrite an existing event file.")
def new(
    event_file: str,
    players_file: str | None,
    ids: tuple[int, ...],
    trf_file: str | None,
    config_file: str | None,
    name: str,
    date: str | None,
    rounds: int | None,
    brightwell: str | None,
    seed: int | None,
    force: bool,
) -> None:
    """Create EVENT from a player file or a TRF file, with the configuration's settings
    (pays, score-bip, couleurs, toutes-rondes, brightwell)."""
    from mipair.desk.papp.creation import (
        brightwell_coefficient,
        from_player_files,
        new_event_settings,
        seeded,
    )
    from mipair.desk.papp.session import create_event
    from mipair.formats.papp.event import name_problem
    from mipair.formats.papp.from_trf import from_trf

    if Path(event_file).exists() and not force:
        raise FileAccessError("the event file exists already (use --force)", file=event_file)
    problem = name_problem(name)
    if problem:
        raise InputError(problem, file=event_file, field="--name")
    if players_file is not None and trf_file is not None:
        raise InputError("give --players or --trf, not both")
    configuration = configure(config_file, event_file)
    settings = new_event_settings(
        configuration.config, name, date, rounds, brightwell_coefficient(brightwell), seed
    )
    if trf_file is not None:
        from mipair.formats.trf import read_tournament

        event, notes = from_trf(read_tournament(trf_file), settings)
        for note in notes:
            click.echo(f"mipair: {note}", err=True)
    else:
        event = from_player_files(event_file, configuration, players_file, ids, settings)
    outcome = create_event(event_file, configuration, seeded(event, seed), force)
    for note in outcome.notes:
        click.echo(note, err=True)
    created = outcome.after
    click.echo(f"{event_file}: {len(created.players)} players, {len(created.rounds)} rounds")


@click.command("config")
@click.argument("output", required=False)
@click.option(
    "--write-default",
    "write_default",
    metavar="FILE",
    help="Write PAPP's default configuration to FILE (an existing FILE is kept: use --force).",
)
@click.option("--force", is_flag=True, help="Overwrite an existing FILE.")
def config_cmd(output: str | None, write_default: str | None, force: bool) -> None:
    """Print PAPP's default configuration, or write it (--write-default FILE, or OUTPUT)."""
    from mipair.formats.papp.config import default_config_path
    from mipair.formats.text import save

    text = default_config_path().read_text(encoding="utf-8")
    target = write_default or output
    if target is None:
        click.echo(text, nl=False)
        return
    if Path(target).exists() and not force:
        raise FileAccessError("exists already (use --force to overwrite)", file=target)
    save(target, text)
