"""``papp search`` and ``papp register``: players on the day (PAPP manual 2.1, 5, 6.1)."""

from __future__ import annotations

from pathlib import Path

import click

from mipair.cli.papp.common import apply, config_option, configure, player_label
from mipair.desk.papp.configuration import Configuration
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.players import PlayerRecord, read_players, split_name

NEW_PLAYERS = "nouveaux"
"""PAPP's name for the new players' file when the configuration names none (manual 6.1)."""


def new_players_file(event_file: str, configuration: Configuration) -> Path:
    """The ``nouveaux`` file (``fichier nouveaux``), beside the event."""
    return configuration.file_beside(
        event_file, configuration.config.file("nouveaux") or NEW_PLAYERS
    )


def _readable(path: Path) -> bool:
    """A player file PAPP would open: NAME or NAME.txt (both present is an error, raised later)."""
    return path.is_file() or Path(f"{path}.txt").is_file()


def known_players(
    event_file: str, configuration: Configuration, players_file: str | None
) -> tuple[list[PlayerRecord], set[int]]:
    """The players of the player file and of the ``nouveaux`` file (either may be missing),
    and the numbers of the new ones. A player file given, or both NAME and NAME.txt
    present, is an error when it cannot be read."""
    cfg = configuration.config
    listed = cfg.file("joueurs")
    main = Path(players_file) if players_file else None
    if main is None and listed:
        main = configuration.file_beside(event_file, listed)
    found: list[PlayerRecord] = []
    if main is not None and (players_file or _readable(main)):
        found += read_players(main, cfg.country)
    news: list[PlayerRecord] = []
    extra = new_players_file(event_file, configuration)
    if _readable(extra):
        news = read_players(extra, cfg.country)
    return found + news, {r.id for r in news}


@click.command("search")
@click.argument("event_file", metavar="EVENT")
@click.argument("start")
@click.option("--players", "players_file", help="Player file (default: 'fichier joueurs').")
@config_option
def search_cmd(
    event_file: str, start: str, players_file: str | None, config_file: str | None
) -> None:
    """List the players whose name starts with START ('*': registered already), and what
    PAPP's [Tab] completes START to."""
    from mipair.desk.papp.registration import completion, search
    from mipair.formats.papp.event_file import read_event

    event = read_event(event_file)
    configuration = configure(config_file, event_file)
    known, _ = known_players(event_file, configuration, players_file)
    found = search(known, start)
    registered = set(event.ids)
    for record in found:
        mark = "*" if record.id in registered else " "
        rating = "" if record.rating is None else f" <{record.rating}>"
        country = record.country or configuration.config.country
        comment = f"  `{record.comment}" if record.comment else ""
        click.echo(f"{mark} {record.id:>6}  {record.full_name} {{{country}}}{rating}{comment}")
    if found:
        click.echo(f"completion: {completion(known, start)}")
    else:
        click.echo(f"no player's name starts with '{start}'")


def _new_record(
    known: list[PlayerRecord],
    news: set[int],
    event: Event,
    name_text: str,
    details: tuple[str | None, int | None, int | None, bool],
    configuration: Configuration,
) -> tuple[PlayerRecord, bool]:
    """The new player's record and whether it must be added to ``nouveaux``.

    A name already known is refused (a player registered twice under two
    numbers), except the same new player found in ``nouveaux`` but not in the
    event: an earlier ``register --new`` that stopped between its two writes.
    """
    from mipair.desk.papp.registration import next_number, same_name

    country, rating, number, force = details
    name, first = split_name(name_text)
    if not name:
        raise InputError("--new: the name is empty")
    twins = same_name(known + list(event.players), name, first)
    unfinished = [r for r in twins if r.id in news and r.id not in event.ids]
    if unfinished and not force:
        return unfinished[0], False
    if twins and not force:
        numbers = ", ".join(str(r.id) for r in twins)
        raise InputError(
            f"{name} {first} is known already as {numbers}: register that number, or add "
            "--force for another player of the same name"
        )
    home = country or configuration.config.country
    taken = {r.id for r in known} | set(event.ids)
    zones = configuration.config.insertion_zones
    pid = number if number is not None else next_number(taken, home, zones)
    if pid in taken or pid < 1:
        raise InputError(f"number {pid} is taken (or not >= 1)")
    return PlayerRecord(pid, name, first, home, rating), True


@click.command("register")
@click.argument("event_file", metavar="EVENT")
@click.argument("ids", nargs=-1, type=int)
@click.option("--new", "new_name", help="A new player, 'NAME, First name' (goes to 'nouveaux').")
@click.option("--country", default=None, help="The new player's country (default: 'pays').")
@click.option("--rating", type=int, help="The new player's rating.")
@click.option("--number", type=int, help="The new player's number (default: PAPP's choice).")
@click.option("--force", is_flag=True, help="A new player with the name of a known one.")
@click.option("--players", "players_file", help="Player file (default: 'fichier joueurs').")
@config_option
def register_cmd(
    event_file: str,
    ids: tuple[int, ...],
    new_name: str | None,
    country: str | None,
    rating: int | None,
    number: int | None,
    force: bool,
    players_file: str | None,
    config_file: str | None,
) -> None:
    """Register players of the player files by number, or a new player (--new); their
    comments in the player file are shown (PAPP shows them at registration)."""
    from mipair.desk.papp.registration import add_to_file, same_name
    from mipair.desk.papp.roster import register

    if bool(ids) == bool(new_name):
        raise InputError("give player numbers, or --new 'NAME, First name'")
    configuration = configure(config_file, event_file)
    known, news = known_players(event_file, configuration, players_file)
    warnings: list[str] = []

    def change(event: Event) -> tuple[Event, str]:
        warnings.clear()
        if new_name:
            record, add = _new_record(
                known, news, event, new_name, (country, rating, number, force), configuration
            )
            if add:
                add_to_file(new_players_file(event_file, configuration), record)
            records = [record]
        else:
            by_id = {r.id: r for r in known}
            missing = [str(i) for i in ids if i not in by_id]
            if missing:
                raise InputError(f"player(s) {', '.join(missing)} not in the player files")
            records = [by_id[i] for i in dict.fromkeys(ids)]
        lines = []
        for record in records:
            for twin in same_name(event.players, record.name, record.firstname):
                warnings.append(f"warning: {twin.full_name} ({twin.id}) is registered already")
            event = register(event, record)
            lines.append(
                f"Round {event.round_to_pair}: registered {player_label(event, record.id)}"
            )
            if record.comment:
                lines.append(f"  `{record.comment}")
        return event, "".join(f"{line}\n" for line in lines)

    apply(event_file, configuration, change)
    for warning in warnings:
        click.echo(warning, err=True)
