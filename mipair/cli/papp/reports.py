"""``papp standings``, ``show``, ``card``, ``crosstable``, ``elo`` and ``outputs``: what PAPP prints."""

from __future__ import annotations

from pathlib import Path

import click

from mipair.cli.papp.common import load_config
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event


def _after(event: Event, after: int | None) -> int:
    """The round to report after (default: the last complete); checked before any output."""
    rnd = event.completed if after is None else after
    if not 0 <= rnd <= event.completed:
        raise InputError(f"round {rnd} has no complete results", file=event.source)
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
@click.option("--after", type=int, help="Standings after this round (default: the last complete).")
@click.option("--teams", is_flag=True, help="Team standings (players of one country).")
@click.option("-o", "--output", help="Write to this file instead of standard output.")
def standings_cmd(event_file: str, after: int | None, teams: bool, output: str | None) -> None:
    """Print the standings: points, tie-break (Brightwell), discs ('-': out of the tournament)."""
    from mipair.desk.papp.reports import standings_text, teams_text

    event = read_event(event_file)
    rnd = _after(event, after)
    _emit((teams_text if teams else standings_text)(event, rnd), output)


@click.command("show")
@click.argument("event_file", metavar="EVENT")
@click.option("--round", "round_no", type=int, help="The round (default: the round being played).")
def show_cmd(event_file: str, round_no: int | None) -> None:
    """The pairings of a round with the results entered so far (PAPP's V)."""
    from mipair.desk.papp.reports import pairings_text

    event = read_event(event_file)
    number = round_no or max(event.paired_round, 1)
    if not 1 <= number <= max(len(event.rounds), 1):
        raise InputError(f"round {number} is not in the event", file=event_file)
    click.echo(pairings_text(event, number), nl=False)


@click.command("card")
@click.argument("event_file", metavar="EVENT")
@click.argument("player", type=int)
def card_cmd(event_file: str, player: int) -> None:
    """A player's card: each round's colour, score and opponent (PAPP's F)."""
    from mipair.desk.papp.reports import player_card

    event = read_event(event_file)
    if player not in event.ids:
        raise InputError(f"player {player} is not registered", file=event_file)
    click.echo(player_card(event, player), nl=False)


@click.command("crosstable")
@click.argument("event_file", metavar="EVENT")
@click.option("--after", type=int, help="After this round (default: the last complete).")
@click.option("--html", "as_html", is_flag=True, help="HTML from cell.tpl (beside EVENT).")
@click.option("-o", "--output", help="Write to this file instead of standard output.")
def crosstable_cmd(event_file: str, after: int | None, as_html: bool, output: str | None) -> None:
    """The crosstable: text (PAPP's W), or HTML from the cell.tpl template."""
    from mipair.desk.papp.crosstable_html import crosstable_html
    from mipair.desk.papp.outputs import template_for
    from mipair.desk.papp.reports import crosstable_text

    event = read_event(event_file)
    rnd = _after(event, after)
    if as_html:
        template, source = template_for(event_file)
        _emit(crosstable_html(event, rnd, template, source), output)
    else:
        _emit(crosstable_text(event, rnd), output)


@click.command("elo")
@click.argument("event_file", metavar="EVENT")
@click.option(
    "-o", "--output", help="The rating file (default: 'fichier elo', else standard output)."
)
@click.option("--config", "config_file", help="PAPP configuration file.")
def elo_cmd(event_file: str, output: str | None, config_file: str | None) -> None:
    """The rating file for JECH, once the tournament is over (PAPP's E)."""
    from mipair.formats.papp.elo_file import rating_file

    event = read_event(event_file)
    named = load_config(config_file, event_file).file("elo")
    target = output or (str(Path(event_file).parent / named) if named else None)
    _emit(rating_file(event), target)


@click.command("outputs")
@click.argument("event_file", metavar="EVENT")
@click.option("--config", "config_file", help="PAPP configuration file.")
def outputs_cmd(event_file: str, config_file: str | None) -> None:
    """Write again every round-by-round file of the configuration (fichier ..., XML)."""
    from mipair.desk.papp.outputs import planned_files, write_outputs

    event = read_event(event_file)
    cfg = load_config(config_file, event_file)
    write_outputs(event, cfg, event_file)
    for path in sorted(planned_files(event, cfg, event_file)):
        click.echo(str(path))
