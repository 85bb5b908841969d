"""A Team Swiss behind the one desk interface: the views and changes
:class:`~mipair.desk.chess.game.ChessDesk` gives for a team tournament.

The views keep the shapes every desk uses (:mod:`mipair.desk.views`): a pairing's boards
are every match's boards in order, each with its ``extras`` (``match``, ``key`` the
``MATCH.BOARD`` results are entered by, the two teams), the bye the PAB team; the
standings rank teams (``points`` the primary score, the columns the tie-breaks), a card
is a team's. The changes are those of ``mipair chess`` on the same file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mipair.desk import views
from mipair.desk.chess.document import ChessEvent, round_not_paired
from mipair.desk.chess.registration import Entry
from mipair.desk.chess.standings import person_view
from mipair.desk.chess.team_event import section, team_named, team_of_player
from mipair.desk.chess.team_matches import enter_match_results, match_report
from mipair.desk.chess.team_registration import add_player, add_team, team_byes, team_withdrawal
from mipair.desk.chess.team_views import (
    team_card,
    team_crosstable_view,
    team_pairing_view,
    team_standings_view,
)
from mipair.errors import InputError


def pairing(event: ChessEvent, round_number: int | None) -> views.Pairing:
    """A paired round's matches, board after board (see the module docstring)."""
    number = event.paired if round_number is None else round_number
    if not 1 <= number <= event.paired:
        raise round_not_paired(event, number)
    view = team_pairing_view(event, number)
    boards: list[views.Board] = []
    for m in view["matches"]:
        for b in m["boards"]:
            boards.append(
                views.board(
                    len(boards) + 1,
                    person_view(b["white"]),
                    person_view(b["black"]),
                    b["result"],
                    key=b["key"],
                    match=f"{m['white']['name']} – {m['black']['name']}",
                    score=m["result"],
                    white_team=team_id(m["white"]["id"]),
                    black_team=team_id(m["black"]["id"]),
                )
            )
    pab = view["pab"]
    return views.pairing(
        number,
        view["complete"],
        boards,
        bye=None if pab is None else views.person(team_id(pab["id"]), pab["name"]),
        byes=[{**views.person(team_id(b["id"]), b["name"]), "bye": b["bye"]} for b in view["byes"]],
        date=view["date"],
        columns=views.columns("Board", "White", "Black"),
    )


def ranked(event: ChessEvent, after: int | None, with_rounds: bool) -> views.Standings:
    """The team standings (the crosstable with each round's cell)."""
    view = (team_crosstable_view if with_rounds else team_standings_view)(event, after)
    rows = [
        views.row(
            row["rank"],
            views.person(team_id(row["id"]), row["name"]),
            _points(row["match_points"] if view["primary"] == "MP" else row["game_points"]),
            [_points(row["tiebreaks"][n]) for n in view["tiebreaks"]],
            rounds=row["rounds"] if with_rounds else None,
        )
        for row in view["standings"]
    ]
    return views.standings(view["after"], view["tiebreaks"], rows)


def team_id(number: int) -> str:
    """How the views name a team (``T3``): a number alone is a player's."""
    return f"T{number}"


def teams(event: ChessEvent) -> list[dict[str, object]]:
    """Every team, as the views name them, with its number of players."""
    return [
        views.person(team_id(n), team.name, players=len(team.players))
        for n, team in sorted(section(event).teams.items())
    ]


def card(event: ChessEvent, text: str) -> dict[str, object]:
    """A team's card (the team named, or the team of the player named: a board's player
    links to his team): the team, its rank and match points, its rounds, its players."""
    try:
        number = team_named(event, text).number if not text.strip().isdigit() else 0
    except InputError:
        number = 0
    number = number or team_of_player(event, event.player(text)).number
    found = team_card(event, number)
    rounds = [
        views.game(
            r["round"],
            None
            if r["opponent"] is None
            else views.person(team_id(r["opponent"]["id"]), r["opponent"]["name"]),
            r["colour"],
            r["kind"],
            shown=f"{r['game_points']} ({r['match_points']} MP)" if r.get("game_points") else "",
        )
        for r in found["rounds"]
    ]
    team = views.person(team_id(number), found["team"]["name"])
    players = [person_view(p) for p in found["players"]]
    return views.card(team, found["rank"], _points(found["match_points"]), rounds) | {
        "players": players
    }


def register(
    event: ChessEvent, options: Mapping[str, Any]
) -> tuple[ChessEvent, str, dict[str, object]]:
    """A player into his team (``team``, at ``board``): the event, what, the report."""
    fields = {k: v for k, v in options.items() if k not in ("team", "board")}
    after, pid, place = add_player(event, Entry(**fields), options["team"] or "", options["board"])
    number = section(after).player_teams()[pid]
    name = after.tournament.players[pid].name
    report = {"id": pid, "name": name, "team": number, "board": place}
    return after, f"registered {name} ({pid}), team {number} board {place}", report


def register_team(event: ChessEvent, name: str) -> tuple[ChessEvent, str, dict[str, object]]:
    after, number = add_team(event, name)
    team = section(after).teams[number]
    return after, f"team {number} registered: {team.name}", {"id": number, "name": team.name}


def attendance(
    event: ChessEvent, teams: Sequence[str], rounds: Sequence[int], kind: str | None
) -> tuple[ChessEvent, list[int]]:
    """Teams' byes (``kind`` of ``mipair chess bye --points``; None: they play)."""
    return team_byes(event, teams, rounds, kind)


def withdraw(
    event: ChessEvent, teams: Sequence[str], first: int | None
) -> tuple[ChessEvent, list[int], int]:
    return team_withdrawal(event, teams, first)


def results(
    event: ChessEvent, round_number: int | None, entries: Sequence[tuple[str, str]]
) -> tuple[ChessEvent, str, dict[str, object]]:
    after, entered = enter_match_results(event, round_number, entries)
    keys = ", ".join(f"{m}.{b}" for m, b in (entered.boards[e.board] for e in entered.done.entered))
    what = f"results of round {entered.done.round}: {keys}"
    return after, what, match_report(entered.done, entered.boards)


def _points(value: object) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
