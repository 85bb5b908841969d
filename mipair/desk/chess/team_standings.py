"""A Team Swiss's standings at the desk: the teams ranked as ``mipair standings`` ranks the
same file (:func:`mipair.results.team_standings.team_ranking`, the list of record 202/212,
else the team default), after the completed rounds; the ``310`` records carry each team's
match points, game points and rank after them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.settings import tiebreak_list
from mipair.desk.chess.team_event import cut_section, section, with_section
from mipair.errors import InputError
from mipair.model import Tournament
from mipair.results.team_standings import team_ranking
from mipair.team_rounds import standings


def tournament_after(event: ChessEvent, after: int | None) -> Tournament:
    """The tournament as its completed rounds (or rounds 1..``after``) leave it, teams too."""
    if after is not None and not 0 <= after <= event.completed:
        raise InputError(
            f"round {after}: the rounds completed are 1 to {event.completed}", field="after"
        )
    done = event.completed if after is None else after
    return cut_section(replace(event.tournament, results=event.completed_cells(done)), done)


def ranking(event: ChessEvent, after: int | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The primary score (``MP`` or ``GP``) and the team ranking, best first, as ``mipair
    standings --json`` gives it on the same file."""
    t = tournament_after(event, after)
    if not section(event).teams or not t.players:
        return "MP", []
    tables, rows = team_ranking(t, tiebreak_list(event) or None)
    return tables.primary, rows


def with_team_ranks(event: ChessEvent) -> ChessEvent:
    """The teams' ``310`` match points, game points and rank after the completed rounds (none
    before round 1 is complete), as ``mipair standings`` ranks them."""
    teams = section(event).teams
    values: dict[int, tuple[int | None, int | None, int | None]] = dict.fromkeys(
        teams, (None, None, None)
    )
    if event.completed and teams and event.tournament.players:
        totals = standings(tournament_after(event, None))
        for row in ranking(event)[1]:
            mp, gp = totals[row["id"]]
            values[row["id"]] = (mp, gp, row["rank"])
    changed = {
        n: replace(team, match_points=values[n][0], game_points=values[n][1], rank=values[n][2])
        for n, team in teams.items()
    }
    if changed == dict(teams):
        return event
    return with_section(event, teams=changed)
