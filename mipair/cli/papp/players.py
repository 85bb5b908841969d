"""``papp search`` and ``papp register``: players on the day (PAPP manual 2.1, 5, 6.1)."""

from __future__ import annotations

import click

from mipair.cli.papp.common import apply, config_option, configure


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
    from mipair.desk.papp.people import known_players
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
    from mipair.desk.papp.changes import check_registration, registration

    check_registration(ids, new_name)
    configuration = configure(config_file, event_file)
    warnings: list[str] = []
    new = (new_name, country, rating, number, force)
    change = registration(event_file, configuration, players_file, ids, new, warnings)
    apply(event_file, configuration, change)
    for warning in warnings:
        click.echo(warning, err=True)
