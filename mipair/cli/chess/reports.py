"""``mipair chess standings|crosstable``: what is posted after a round."""

from __future__ import annotations

import click

from mipair.cli.chess.common import file_argument, html_option, json_option, show

after_option = click.option(
    "--after", type=int, help="After this round (default: the last completed)."
)


@click.command("standings")
@file_argument
@after_option
@json_option
@html_option
def standings(file: str, after: int | None, as_json: bool, html_file: str | None) -> None:
    """The standings by the tournament's tie-break list (TRF-2026 202/212), as ``mipair
    standings`` ranks the same file: points, then the tie-breaks in order."""
    from mipair.desk.chess.standings import standings_text, standings_view
    from mipair.desk.chess.store import about, read
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_views import team_standings_text, team_standings_view

    event = read(file)
    with about(file):
        if is_team(event):
            teams = team_standings_view(event, after)
            show(teams, as_json, team_standings_text, html_file, "team_standings")
            return
        view = standings_view(event, after)
    show(view, as_json, standings_text, html_file, "standings")


@click.command("crosstable")
@file_argument
@after_option
@json_option
@html_option
def crosstable(file: str, after: int | None, as_json: bool, html_file: str | None) -> None:
    """The crosstable in standings order: each round as the opponent's line, the colour and
    the result (12w1: line 12, White, won; U, H, F, Z: byes and absences)."""
    from mipair.desk.chess.standings import crosstable_text, crosstable_view
    from mipair.desk.chess.store import about, read
    from mipair.desk.chess.team_event import is_team
    from mipair.desk.chess.team_views import team_crosstable_text, team_crosstable_view

    event = read(file)
    with about(file):
        if is_team(event):
            teams = team_crosstable_view(event, after)
            show(teams, as_json, team_crosstable_text, html_file, "team_crosstable")
            return
        view = crosstable_view(event, after)
    show(view, as_json, crosstable_text, html_file, "crosstable")
