"""Options shared by the subcommands: the pairing system and its rules edition, workers, progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mipair.systems.registry import system_names

F = Callable[..., Any]


def system_option(default: str = "dutch") -> Callable[[F], F]:
    """``--system NAME``: a registered pairing system."""
    return click.option(
        "--system",
        type=click.Choice(system_names()),
        default=default,
        show_default=True,
        help="Pairing system.",
    )


def rules_option() -> Callable[[F], F]:
    """``--rules EDITION``: the system's edition (FIDE Dutch: 2026, 2017); its default when omitted."""
    return click.option(
        "--rules",
        default=None,
        metavar="EDITION",
        help="Edition of the system's rules (FIDE Dutch: "
        + ", ".join(_dutch_editions())
        + "; default: the newest).",
    )


jobs_option = click.option(
    "-j", "--jobs", type=int, default=None, help="Worker processes (default: all cores)."
)
"""``-j N``: worker processes for the commands that spread files over cores."""

progress_option = click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on stderr (default: when stderr is a terminal).",
)
"""``--progress/--no-progress``: a rich progress bar, by default only on a terminal."""


def _dutch_editions() -> tuple[str, ...]:
    from mipair.systems.dutch.edition import available_editions

    return available_editions()
