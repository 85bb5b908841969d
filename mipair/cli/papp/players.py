"""``papp search`` and ``papp register``: players on the day (PAPP manual 2.1, 6.1)."""

from __future__ import annotations

from pathlib import Path

import click

from mipair.cli.papp.common import commit, load_config, player_label
from mipair.errors import FileAccessError, InputError
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event_file import read_event
from mipair.formats.papp.players import PlayerRecord, read_players, split_name


def _beside(event_file: str, name: str) -> Path:
    """A configuration file name, relative to the event's folder."""
    path = Path(name)
    return path if path.is_absolute() else Path(event_file).parent / path


def new_players_file(event_file: str, cfg: PappConfig) -> Path:
    """The ``nouveaux`` file (``fichier nouveaux``; PAPP's default name ``nouveaux``)."""
    return _beside(event_file, cfg.file("nouveaux") or "nouveaux")


def known_players(event_file: str, cfg: PappConfig, players_file: str | None) -> list[PlayerRecord]:
    """Players of the player file and of the ``nouveaux`` file (either may be missing)."""
    found: list[PlayerRecord] = []
    listed = cfg.file("joueurs")
    main = players_file or (str(_beside(event_file, listed)) if listed else None)
    for path in (main, str(new_players_file(event_file, cfg))):
        if not path:
            continue
        try:
            found += read_players(path, cfg.country)
        except FileAccessError:
            if path == players_file:
                raise
    return found


@click.command("search")
@click.argument("event_file", metavar="EVENT")
@click.argument("start")
@click.option("--players", "players_file", help="Player file (default: 'fichier joueurs').")
@click.option("--config", "config_file", help="PAPP configuration file.")
def search_cmd(
    event_file: str, start: str, players_file: str | None, config_file: str | None
) -> None:
    """List the players whose name starts with START ('*': registered already)."""
    from mipair.desk.papp.registration import search

    event = read_event(event_file)
    cfg = load_config(config_file, event_file)
    found = search(known_players(event_file, cfg, players_file), start)
    registered = set(event.ids)
    for record in found:
        mark = "*" if record.id in registered else " "
        rating = "" if record.rating is None else f" <{record.rating}>"
        country = record.country or cfg.country
        click.echo(f"{mark} {record.id:>6}  {record.full_name} {{{country}}}{rating}")
    if not found:
        click.echo(f"no player's name starts with '{start}'")


@click.command("register")
@click.argument("event_file", metavar="EVENT")
@click.argument("ids", nargs=-1, type=int)
@click.option("--new", "new_name", help="A new player, 'NAME, First name' (goes to 'nouveaux').")
@click.option("--country", default=None, help="The new player's country (default: 'pays').")
@click.option("--rating", type=int, help="The new player's rating.")
@click.option("--number", type=int, help="The new player's number (default: PAPP's choice).")
@click.option("--players", "players_file", help="Player file (default: 'fichier joueurs').")
@click.option("--config", "config_file", help="PAPP configuration file.")
def register_cmd(
    event_file: str,
    ids: tuple[int, ...],
    new_name: str | None,
    country: str | None,
    rating: int | None,
    number: int | None,
    players_file: str | None,
    config_file: str | None,
) -> None:
    """Register players of the player files by number, or a new player (--new)."""
    from mipair.desk.papp.registration import add_to_file, next_number
    from mipair.desk.papp.roster import register

    if bool(ids) == bool(new_name):
        raise InputError("give player numbers, or --new 'NAME, First name'")
    event = read_event(event_file)
    cfg = load_config(config_file, event_file)
    known = known_players(event_file, cfg, players_file)
    records: list[PlayerRecord] = []
    if new_name:
        name, first = split_name(new_name)
        if not name:
            raise InputError("--new: the name is empty")
        home = country or cfg.country
        taken = {r.id for r in known} | set(event.ids)
        pid = number if number is not None else next_number(taken, home, cfg.insertion_zones)
        if pid in taken or pid < 1:
            raise InputError(f"number {pid} is taken (or not >= 1)")
        record = PlayerRecord(pid, name, first, home, rating)
        add_to_file(new_players_file(event_file, cfg), record)
        records.append(record)
    else:
        by_id = {r.id: r for r in known}
        missing = [str(i) for i in ids if i not in by_id]
        if missing:
            raise InputError(f"player(s) {', '.join(missing)} not in the player files")
        records = [by_id[i] for i in dict.fromkeys(ids)]
    for record in records:
        event = register(event, record)
    commit(event_file, event)
    for record in records:
        click.echo(f"Round {event.round_to_pair}: registered {player_label(event, record.id)}")
