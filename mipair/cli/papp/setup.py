"""``papp new`` and ``papp config``: starting an event, PAPP's default configuration."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from pathlib import Path

import click

from mipair.errors import FileAccessError, InputError


@click.command("new")
@click.argument("event_file", metavar="EVENT")
@click.option("--players", "players_file", help="JECH/PAPP player file (NAME or NAME.txt).")
@click.option("--id", "ids", type=int, multiple=True, help="Register this player (repeatable).")
@click.option("--trf", "trf_file", help="Start from a TRF tournament instead.")
@click.option("--config", "config_file", help="PAPP configuration (Bip score, colours, country).")
@click.option("--name", default="", help="Tournament name.")
@click.option("--date", default="", help="Tournament date.")
@click.option("--rounds", type=int, help="Number of rounds (decides the round robin).")
@click.option("--brightwell", help="Brightwell coefficient per point (0: discs only).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for draws by lot.")
@click.option("--force", is_flag=True, help="Overwrite an existing event file.")
def new(
    event_file: str,
    players_file: str | None,
    ids: tuple[int, ...],
    trf_file: str | None,
    config_file: str | None,
    name: str,
    date: str,
    rounds: int | None,
    brightwell: str | None,
    seed: int,
    force: bool,
) -> None:
    """Create EVENT from a player file or a TRF file."""
    from mipair.desk.papp.creation import from_players, settings_from_config
    from mipair.formats.papp.config_file import default_config, read_config
    from mipair.formats.papp.event_file import save_event
    from mipair.formats.papp.from_trf import from_trf
    from mipair.formats.papp.players import read_players

    if Path(event_file).exists() and not force:
        raise FileAccessError("the event file exists already (use --force)", file=event_file)
    if (players_file is None) == (trf_file is None):
        raise InputError("give exactly one of --players and --trf")
    beta = None
    if brightwell is not None:
        try:
            beta = Decimal(brightwell)
        except InvalidOperation:
            raise InputError(f"--brightwell: not a number: {brightwell!r}") from None
        if not beta.is_finite() or beta < 0:
            raise InputError("--brightwell must be a number >= 0")
    cfg = read_config(config_file) if config_file else default_config()
    settings = settings_from_config(
        cfg, name=name, date=date, rounds=rounds, brightwell=beta, seed=seed
    )
    if trf_file is not None:
        from mipair.formats.trf import read_tournament

        event, notes = from_trf(read_tournament(trf_file), settings)
        for note in notes:
            click.echo(f"mipair: {note}", err=True)
    else:
        assert players_file is not None  # exactly one of the two was given
        records = read_players(players_file, cfg.country)
        missing = sorted(set(ids) - {record.id for record in records})
        if missing:
            raise InputError(
                f"no player {', '.join(map(str, missing))} in the player file",
                file=players_file,
                field="--id",
            )
        event = from_players(records, settings, ids)
    save_event(event_file, event)
    click.echo(f"{event_file}: {len(event.players)} players, {len(event.rounds)} rounds")


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
