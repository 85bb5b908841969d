"""Options shared by the subcommands: the pairing system and its rules edition, workers, progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mipair.systems.base import AnySystem
from mipair.systems.registry import SYSTEMS, get_system, system_names, trf_systems

F = Callable[..., Any]


def system_help() -> str:
    """How the system of a file is found, from the registry's list."""
    endings = ", ".join(f"{ending} {line.name}" for line in SYSTEMS for ending in line.endings)
    codes = ", ".join(code for line in trf_systems() for code in line.trf_codes)
    return (
        f"Pairing system (default: the one the file is for: by its ending ({endings}), else "
        f"a TRF file's 192 record ({codes}, or one of them followed by _ and more), else "
        f"{trf_systems()[0].name})."
    )


def to_system(
    context: click.Context, parameter: click.Parameter, name: str | None
) -> AnySystem | None:
    """The system ``--system`` names (None: to be found from the file)."""
    return get_system(name) if name else None


def system_option() -> Callable[[F], F]:
    """``--system NAME``: a registered pairing system (the command gets the system itself);
    by default the one the file is for."""
    return click.option(
        "--system",
        type=click.Choice(system_names()),
        default=None,
        callback=to_system,
        help=system_help(),
    )


def rules_option() -> Callable[[F], F]:
    """``--rules EDITION``: the system's edition; its default when omitted."""
    return click.option(
        "--rules",
        default=None,
        metavar="EDITION",
        help="Edition of the system's rules, as its model files name them (e.g. 2017 for "
        "the rules of a FIDE system before 2026; default: the system's first).",
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
