"""``papp standings``, ``show``, ``card``, ``crosstable``, ``elo`` and ``outputs``: what PAPP prints.

These commands only read the event (``elo`` and ``outputs`` write files); each
prints to standard output or, with ``-o FILE``, writes FILE atomically (PAPP's
'S', Ctrl-V and Ctrl-F).
"""

from __future__ import annotations

import click

from mipair.cli.papp.common import config_option, configure, resolve_player
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event

output_option = click.option(
    "-o", "--output", help="Write to this file instead of standard output."
)


def _after(event: Event, after: int | None) -> int:
    """The round to report after (default: the last complete); checked before any output."""
    rnd = event.completed if after is None else after
    if not 0 <= rnd <= event.completed:
        raise InputError(f"round {rnd} has no complete results", file=event.source, field="round")
    return rnd


def _emit(text: str, output: str | None) -> None:
    """Print ``text``, or write it (atomically) to ``output``."""
    from mipair.formats.text import save

    if output is None:
        click.echo(text, nl=False)
    else:
        save(output, text)
        click.echo(f"written: {output}")


@click.command("standings")
@click.argument("event_file", metavar="EVENT")
@click.option(
    "--after", type=int, help="As published after this round (default: now, after the last one)."
)
@click.option("--teams", is_flag=True, help="Team standings (players of one nationality).")
@output_option
@config_option
def standings_cmd(
    event_file: str, after: int | None, teams: bool, output: str | None, config_file: str | None
) -> None:
    """Print the standings: points, [tie-break], '-' for a player out (PAPP's L, S and T)."""
    from mipair.desk.papp.reports import standings_text, teams_text

    configure(config_file, event_file)
    event = read_event(event_file)
    rnd = _after(event, after)
    shown = event if after is None else event.as_of(rnd)
    _emit((teams_text if teams else standings_text)(shown, rnd), output)


@click.command("show")
@click.argument("event_file", metavar="EVENT")
@click.option("--round", "round_no", type=int, help="The round (default: the round being played).")
@output_option
@config_option
def show_cmd(
    event_file: str, round_no: int | None, output: str | None, config_file: str | None
) -> None:
    """The pairings of a round with the results entered so far (PAPP's V, Ctrl-V)."""
    from mipair.desk.papp.reports import pairings_text

    configuration = configure(config_file, event_file)
    event = read_event(event_file)
    number = round_no or max(event.paired_round, 1)
    if not 1 <= number <= max(len(event.rounds), 1):
        raise InputError(f"round {number} is not in the event", file=event_file, field="round")
    relative = configuration.config.relative_display
    _emit(pairings_text(event, number, relative=relative), output)


@click.command("card")
@click.argument("event_file", metavar="EVENT")
@click.argument("player")
@output_option
@config_option
def card_cmd(event_file: str, player: str, output: str | None, config_file: str | None) -> None:
    """A player's card (by number or the start of his name): each round's colour, score and
    opponent, the totals, the player file's comment (PAPP's F, Ctrl-F)."""
    from mipair.desk.papp.reports import player_card

    configuration = configure(config_file, event_file)
    event = read_event(event_file)
    pid = resolve_player(event, player)
    _emit(player_card(event, pid, configuration.config.relative_display), output)


@click.command("crosstable")
@click.argument("event_file", metavar="EVENT")
@click.option("--after", type=int, help="After this round (default: the last complete).")
@click.option("--html", "as_html", is_flag=True, help="HTML from the cell.tmpl template.")
@output_option
@config_option
def crosstable_cmd(
    event_file: str, after: int | None, as_html: bool, output: str | None, config_file: str | None
) -> None:
    """The crosstable: text (PAPP's W), or HTML from the template beside EVENT."""
    from mipair.desk.papp.crosstable_html import crosstable_html
    from mipair.desk.papp.outputs import template_for
    from mipair.desk.papp.reports import crosstable_text

    configure(config_file, event_file)
    event = read_event(event_file)
    rnd = _after(event, after)
    if as_html:
        _emit(crosstable_html(event, rnd, *template_for(event_file, write=False)), output)
    else:
        _emit(crosstable_text(event, rnd), output)


@click.command("elo")
@click.argument("event_file", metavar="EVENT")
@click.option("--country", default="??", help="The tournament's country (PAPP asks it).")
@click.option("--date", help="The tournament's date (default: the event's).")
@click.option("--sender", default="??", help="Who sends the file (PAPP asks it).")
@click.option(
    "--game",
    "games",
    multiple=True,
    metavar="'BLACK DISCS WHITE DISCS'",
    help="An extra game for the rating, a final for instance (repeatable).",
)
@click.option(
    "-o",
    "--output",
    help="The rating file (default: 'fichier elo', else PAPP's name DATE_TOURNAMENT.ELO, "
    "in the tournament's folder).",
)
@config_option
def elo_cmd(
    event_file: str,
    country: str,
    date: str | None,
    sender: str,
    games: tuple[str, ...],
    output: str | None,
    config_file: str | None,
) -> None:
    """The rating file for JECH once the tournament is over, with any extra games (PAPP's E)."""
    from mipair.desk.papp.people import known_players
    from mipair.desk.papp.rating import extra_game, rating_file_name, rating_text

    configuration = configure(config_file, event_file)
    event = read_event(event_file)
    _, news = known_players(event_file, configuration, None)
    extra = [extra_game(event, text) for text in games]
    text = rating_text(event, (country, date, sender), news, extra)
    _emit(text, output or str(rating_file_name(event, configuration, event_file)))


@click.command("outputs")
@click.argument("event_file", metavar="EVENT")
@config_option
def outputs_cmd(event_file: str, config_file: str | None) -> None:
    """Write again every round's published files, as each round stood (fichier ..., XML)."""
    from mipair.desk.papp.session import republish_event

    configuration = configure(config_file, event_file)
    for path in republish_event(event_file, configuration).written:
        click.echo(str(path))
