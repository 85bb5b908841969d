"""``papp standings``: points and tie-breaks."""

from __future__ import annotations

import click

from mipair.cli.papp.common import player_label


@click.command("standings")
@click.argument("event_file", metavar="EVENT")
@click.option("--after", type=int, help="Standings after this round (default: the last complete).")
@click.option("--teams", is_flag=True, help="Team standings (players of one country).")
def standings_cmd(event_file: str, after: int | None, teams: bool) -> None:
    """Print the standings: points, tie-break (Brightwell), discs."""
    from mipair.systems.papp.event_io import read_event
    from mipair.systems.papp.scoring import (
        format_points,
        format_tiebreak,
        standings,
        team_standings,
    )

    event = read_event(event_file)
    rnd = event.completed if after is None else after
    if teams:
        table = team_standings(event, after)  # checks the round before anything is printed
        click.echo(f"Team standings after round {rnd}")
        for k, (country, pts) in enumerate(table, 1):
            click.echo(f"{k:>4}  {format_points(pts):>5}  {country}")
        return
    lines = standings(event, after)
    s = event.settings
    tb = "Buchholz" if s.discless else "Discs" if s.brightwell == 0 else "Brightwell"
    click.echo(f"Standings after round {rnd}")
    click.echo(f"{'Rank':>4}  {'Pts':>5}  {tb:>10}  {'Discs':>6}  Player")
    prev, rank = None, 0
    for k, ln in enumerate(lines, 1):
        if (ln.points, ln.tiebreak) != prev:
            rank, prev = k, (ln.points, ln.tiebreak)
        mark = " " if ln.present else "-"
        country = event.country_of(ln.id)
        click.echo(
            f"{rank:>4}  {format_points(ln.points):>5}  {format_tiebreak(ln.tiebreak):>10}"
            f"  {ln.discs:>6} {mark}{player_label(event, ln.id)} {country}".rstrip()
        )
