"""``mipair standings FILE``: the ranking by points and FIDE tie-breaks (C.07).

A team file (TRF records 310 or 013) ranks its teams: the primary score (match
points unless 192 makes game points primary), then the team tie-breaks
(:mod:`mipair.results.team_standings`). Any other file ranks its players.
"""

from __future__ import annotations

import json
from typing import Any

import click
import polars as pl

from mipair.cli.tables import table_options, table_target, tiebreaks_option
from mipair.formats.text import save
from mipair.results.importer import file_rows
from mipair.results.output import write_table
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS, frame
from mipair.results.standings import ranking_rows
from mipair.results.team_standings import read_team_file, team_ranking
from mipair.results.team_tables import TeamTables


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@click.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@tiebreaks_option(
    "the file's own list, TRF-2026 212/202, else models/tiebreaks.toml's; a team file's: "
    "its [team] list; a round robin's: models/round-robin-2026.toml's"
)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
@click.option(
    "--html", "html_file", type=click.Path(dir_okay=False), help="Also write a printable page."
)
@table_options("the standings")
def standings(
    file: str,
    tiebreaks: str | None,
    as_json: bool,
    html_file: str | None,
    table_format: str | None,
    output: str | None,
) -> None:
    """Rank the players of a tournament file (TRF of any edition, or a PAPP event) by
    points, then by the tie-breaks in order; players still tied share their rank. In a round
    robin (192 FIDE_ROUNDROBIN, ...) a withdrawn player who completed fewer than half of his
    games has his results cancelled (C.05): he is ranked last and nobody scores against him.

    A team file (records 310 or 013) ranks its teams: by the primary score (match points;
    game points when 192 names them first, e.g. FIDE_TEAM_TYPEA_GP_MP), then by the team
    tie-breaks (BH:MP, BH:GP/C1, EMGSB/C1, MPVGP, EDE, ...).

    JSON: a list of objects with ``id`` (pairing number), ``rank``, ``points`` and
    ``tiebreaks`` (keyed by each tie-break exactly as written); for teams ``name``,
    ``match_points`` and ``game_points`` in place of ``points``.
    """
    table = table_target(table_format, output)
    team = read_team_file(file)
    if team is not None:
        view = team_view(*team_ranking(team, tiebreaks))
        flat = [
            {k: r[k] for k in ("id", "rank", "match_points", "game_points")} | r["tiebreaks"]
            for r in view["standings"]
        ]
        text = team_text(view)
    else:
        view = player_view(file, tiebreaks)
        flat = [
            {"id": r["id"], "rank": r["rank"], "points": r["points"], **r["tiebreaks"]}
            for r in view["standings"]
        ]
        text = player_text(view)
    if table:
        write_table(pl.DataFrame(flat), table[1], table[0])
    if html_file:
        from mipair.desk.chess.pages import page

        save(html_file, page("team_standings" if team else "standings", view))
    if as_json:
        keys = ("id", "rank", "points", "tiebreaks")
        rows = view["standings"] if team else [{k: r[k] for k in keys} for r in view["standings"]]
        click.echo(json.dumps(rows, indent=1))
        return
    click.echo(text, nl=False)


def heading(title: dict[str, str], rounds: int, system: str) -> dict[str, object]:
    """What the printed page says of the tournament (012, 022, 042, 052)."""
    return {
        "name": title.get("012", ""),
        "location": title.get("022", ""),
        "begin": title.get("042", ""),
        "end": title.get("052", ""),
        "rounds": rounds,
        "system": system,
    }


def team_view(tables: TeamTables, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The team standings as the text, the JSON and the page show them."""
    return {
        "tournament": heading(tables.title, tables.last, tables.system or "Team Swiss"),
        "after": tables.last,
        "primary": tables.primary,
        "tiebreaks": list(rows[0]["tiebreaks"]) if rows else [],
        "standings": rows,
    }


def team_text(view: dict[str, Any]) -> str:
    """The team table: rank, number, name, match and game points, the tie-breaks."""
    rows, columns = view["standings"], view["tiebreaks"]
    width = max([len(r["name"]) for r in rows] + [4])
    lines = [
        f"{'rank':>4} {'no':>4}  {'name':<{width}} {'MP':>5} {'GP':>6}"
        + "".join(f" {c:>8}" for c in columns)
    ]
    for r in rows:
        lines.append(
            f"{r['rank']:>4} {r['id']:>4}  {r['name']:<{width}} {_cell(r['match_points']):>5} "
            f"{_cell(r['game_points']):>6}"
            + "".join(f" {_cell(r['tiebreaks'][c]):>8}" for c in columns)
        )
    return "\n".join(lines) + "\n"


def player_view(file: str, tiebreaks: str | None) -> dict[str, Any]:
    """The players' standings of a file, with its names and heading."""
    rows = file_rows(0, file)
    schemas = {"tournaments": TOURNAMENTS, "players": PLAYERS, "games": GAMES}
    tables = {name: frame(rows[name], schema) for name, schema in schemas.items()}
    ranking = ranking_rows(tables, tiebreaks)
    people = tables["players"].to_dicts()
    by_id = {p["id"]: p for p in people}
    event = tables["tournaments"].row(0, named=True)
    title = {"012": event["name"], "022": event["city"], "042": event["start_date"]}
    title["052"] = event["end_date"]
    shown = [
        row
        | {
            "titled": f"{by_id[row['id']]['title'] or ''} {by_id[row['id']]['name'] or ''}".strip(),
            "federation": by_id[row["id"]]["federation"] or "",
            "rating": by_id[row["id"]]["rating"],
        }
        for row in ranking
    ]
    return {
        "tournament": heading(title, event["rounds_played"], event["system"] or ""),
        "after": event["rounds_played"],
        "tiebreaks": list(ranking[0]["tiebreaks"]) if ranking else [],
        "standings": shown,
        "names": {p["id"]: p["name"] or "" for p in people},
    }


def player_text(view: dict[str, Any]) -> str:
    """The players' table: rank, id, name, points, the tie-breaks."""
    names, columns = view["names"], view["tiebreaks"]
    width = max((len(n) for n in names.values()), default=4)
    lines = [
        f"{'rank':>4} {'id':>4}  {'name':<{width}} {'pts':>5}"
        + "".join(f" {c:>8}" for c in columns)
    ]
    for r in view["standings"]:
        lines.append(
            f"{r['rank']:>4} {r['id']:>4}  {names.get(r['id'], ''):<{width}} {_cell(r['points']):>5}"
            + "".join(f" {_cell(r['tiebreaks'][c]):>8}" for c in columns)
        )
    return "\n".join(lines) + "\n"
