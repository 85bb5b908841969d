"""Options shared by the subcommands: the pairing system and its rules edition."""

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


def _dutch_editions() -> tuple[str, ...]:
    from mipair.systems.dutch.edition import available_editions

    return available_editions()
