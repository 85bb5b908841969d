"""``mipair bulk import``: many tournament files into Parquet or CSV tables.

Exit status: 0 every file imported; 3 some files could not be read (each is
a row of the ``errors`` table, with its located message, and is named on
stderr; the others are imported all the same); 5 the output could not be
written.
"""

from __future__ import annotations

import sys

import click

from mipair.check.parallel import default_jobs
from mipair.cli.options import jobs_option, progress_option
from mipair.cli.tables import tiebreaks_option
from mipair.errors import EXIT_BAD_INPUT
from mipair.results.importer import find_files, import_files
from mipair.results.output import write_tables
from mipair.results.standings import standings_of
from mipair.results.tiebreak_spec import parse_list


@click.group("bulk")
def bulk() -> None:
    """Tournament files by the thousand, as tables (polars)."""


@bulk.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "-o", "--output", required=True, type=click.Path(file_okay=False), help="Folder of the tables."
)
@click.option(
    "--to",
    "fmt",
    type=click.Choice(["parquet", "csv"]),
    default="parquet",
    show_default=True,
    help="File format of the tables.",
)
@tiebreaks_option("models/tiebreaks.toml's list")
@jobs_option
@progress_option
def import_command(
    paths: tuple[str, ...],
    output: str,
    fmt: str,
    tiebreaks: str | None,
    jobs: int | None,
    progress: bool | None,
) -> None:
    """Import tournament files (TRF of every edition, PAPP events; folders are searched
    recursively) into the tables tournaments, players, games, standings and errors,
    written as OUTPUT/NAME.parquet (or .csv).

    One row of games is one player in one round: opponent, colour, result code,
    points, played or not, bye kind. A file that cannot be read becomes a row of
    errors and the import goes on; the exit status is then 3.
    """
    specs = parse_list(tiebreaks)
    files = find_files(paths)
    show = progress if progress is not None else (len(files) > 1 and sys.stderr.isatty())
    tables = import_files(files, jobs if jobs and jobs > 0 else default_jobs(), show)
    out = tables.as_dict()
    out["standings"] = standings_of(out, specs)
    write_tables(out, output, fmt)
    for message in tables.errors["error"].to_list():
        click.echo(message, err=True)
    bad = tables.errors.height
    click.echo(
        f"{tables.tournaments.height} of {len(files)} files imported "
        f"({tables.games.height} games rows) into {output}"
        + (f"; {bad} could not be read (see errors.{fmt})" if bad else "")
    )
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
