"""``mipair standings FILE``: the ranking by points and FIDE tie-breaks (C.07)."""

from __future__ import annotations

import json

import click
import polars as pl

from mipair.cli.tables import table_options, table_target, tiebreaks_option
from mipair.results.importer import file_rows
from mipair.results.output import write_table
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS, frame
from mipair.results.standings import ranking_rows


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@click.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@tiebreaks_option(
    "the file's own list, TRF-2026 212/202, else models/tiebreaks.toml's; a round robin's: "
    "models/round-robin-2026.toml's"
)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
@table_options("the standings")
def standings(
    file: str,
    tiebreaks: str | None,
    as_json: bool,
    table_format: str | None,
    output: str | None,
) -> None:
    """Rank the players of a tournament file (TRF of any edition, or a PAPP event) by
    points, then by the tie-breaks in order; players still tied share their rank. In a round
    robin (192 FIDE_ROUNDROBIN, ...) a withdrawn player who completed fewer than half of his
    games has his results cancelled (C.05): he is ranked last and nobody scores against him.

    JSON: a list of objects with ``id`` (pairing number), ``rank``, ``points`` and
    ``tiebreaks`` (keyed by each tie-break exactly as written).
    """
    table = table_target(table_format, output)
    rows = file_rows(0, file)
    schemas = {"tournaments": TOURNAMENTS, "players": PLAYERS, "games": GAMES}
    tables = {name: frame(rows[name], schema) for name, schema in schemas.items()}
    ranking = ranking_rows(tables, tiebreaks)
    if table:
        flat = [
            {"id": r["id"], "rank": r["rank"], "points": r["points"], **r["tiebreaks"]}
            for r in ranking
        ]
        write_table(pl.DataFrame(flat), table[1], table[0])
    if as_json:
        click.echo(json.dumps(ranking, indent=1))
        return
    names = dict(zip(tables["players"]["id"].to_list(), tables["players"]["name"].to_list()))
    columns = list(ranking[0]["tiebreaks"]) if ranking else []
    width = max((len(n) for n in names.values()), default=4)
    click.echo(
        f"{'rank':>4} {'id':>4}  {'name':<{width}} {'pts':>5}"
        + "".join(f" {c:>8}" for c in columns)
    )
    for r in ranking:
        click.echo(
            f"{r['rank']:>4} {r['id']:>4}  {names.get(r['id'], ''):<{width}} {_cell(r['points']):>5}"
            + "".join(f" {_cell(r['tiebreaks'][c]):>8}" for c in columns)
        )
