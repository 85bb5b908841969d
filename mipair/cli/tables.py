"""Options shared by the commands that write tables: ``--to parquet|csv -o FILE``, ``--tiebreaks``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mipair.errors import InputError

F = Callable[..., Any]
TABLE_FORMATS = ("parquet", "csv")


def table_options(what: str) -> Callable[[F], F]:
    """``--to FORMAT`` (parameter ``table_format``) and ``-o FILE`` (``output``)."""

    def decorate(fn: F) -> F:
        fn = click.option(
            "-o", "--output", type=click.Path(dir_okay=False), help="The file for --to."
        )(fn)
        return click.option(
            "--to",
            "table_format",
            type=click.Choice(TABLE_FORMATS),
            default=None,
            help=f"Also write {what} as a table in this format (to -o).",
        )(fn)

    return decorate


def table_target(table_format: str | None, output: str | None) -> tuple[str, str] | None:
    """(format, file) when a table is asked for; --to without -o is bad input."""
    if table_format and not output:
        raise InputError("--to needs -o FILE", field="--to")
    return (table_format, output) if table_format and output else None


def tiebreaks_option(default_text: str) -> Callable[[F], F]:
    """``-t/--tiebreaks LIST``: comma-separated FIDE tie-breaks."""
    return click.option(
        "-t",
        "--tiebreaks",
        default=None,
        help=f'Comma-separated FIDE tie-breaks, e.g. "BH/C1,BH,SB,DE" (default: {default_text}).',
    )
