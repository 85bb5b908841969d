"""Options shared by the subcommands: the pairing system and its rules edition, workers, progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mipair.systems.registry import system_names

F = Callable[..., Any]


def system_option() -> Callable[[F], F]:
    """``--system NAME``: a registered pairing system; by default the one the file is for."""
    return click.option(
        "--system",
        type=click.Choice(system_names()),
        default=None,
        help="Pairing system (default: by the file: .xml OpenGotha is McMahon, .papp is "
        "PAPP, any other file TRF: the FIDE system its 192 record names (FIDE_DUBOV, "
        "FIDE_BURSTEIN, FIDE_LIM...), else the FIDE Dutch system).",
    )


def rules_option() -> Callable[[F], F]:
    """``--rules EDITION``: the system's edition; its default when omitted."""
    return click.option(
        "--rules",
        default=None,
        metavar="EDITION",
        help="Edition of the system's rules (FIDE Dutch: 2026, 2017, 2012; McMahon: the "
        "OpenGotha behaviour; default: the system's first).",
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
