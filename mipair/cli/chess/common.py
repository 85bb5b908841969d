"""What the ``mipair chess`` commands share: printing a change, round lists, views."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import TypeVar

import click

from mipair.errors import InputError
from mipair.formats.text import save

json_option = click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
html_option = click.option(
    "--html", "html_file", type=click.Path(dir_okay=False), help="Also write a printable page."
)
file_argument = click.argument("file", metavar="FILE", type=click.Path(dir_okay=False))

ROUNDS = re.compile(r"^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$")


def say(text: str, as_json: bool, data: object) -> None:
    """Print a change: its text, or its data as JSON."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text.rstrip("\n"))


def round_list(text: str, option: str = "--round") -> list[int]:
    """``3``, ``3,5`` or ``2-4`` as round numbers."""
    numbers: list[int] = []
    for part in text.split(","):
        found = ROUNDS.match(part)
        if found is None:
            raise InputError(f"{text[:30]!r}: rounds as 3, 3,5 or 2-4", field=option)
        low, high = int(found[1]), int(found[2] or found[1])
        if low > high:
            raise InputError(f"{part.strip()!r}: a range runs upwards (2-4)", field=option)
        numbers += range(low, high + 1)
    return numbers


View = TypeVar("View", bound=Mapping[str, object])


def show(
    view: View,
    as_json: bool,
    as_text: Callable[[View], str],
    html_file: str | None,
    template: str,
) -> None:
    """Print a view (text or JSON); write its printable page first when asked."""
    if html_file:
        from mipair.desk.chess.pages import page

        save(html_file, page(template, view))
    click.echo(
        json.dumps(view, indent=2, ensure_ascii=False) if as_json else as_text(view), nl=as_json
    )
