"""``mipair info FILE``: a short summary of a tournament file of any system."""

from __future__ import annotations

import json

import click

from mipair.cli.options import system_option
from mipair.operations.files import system_of
from mipair.systems.base import AnySystem


@click.command()
@click.argument("file", type=click.Path())
@system_option()
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def info(file: str, system: AnySystem | None, as_json: bool) -> None:
    """Summarise FILE: players, rounds played and the round to pair, the pairing system
    and its settings as the file gives them (TRF: point system, byes, forfeits; OpenGotha:
    the McMahon parameters; PAPP: the event's settings). The system is told by the file's
    name (.xml OpenGotha, .papp PAPP, else TRF: its 192 record) unless --system names it."""
    s = system_of(file, system)[0].summary(file)
    if as_json:
        click.echo(json.dumps(s.to_json(), indent=2, ensure_ascii=False))
        return
    name = s.settings.get("name")
    total = s.total_rounds or "?"
    lines = [
        f"{s.file} ({s.title}{', ' + str(s.settings['edition']) if 'edition' in s.settings else ''})"
        + (f": {name}" if name else ""),
        f"players:        {s.players}",
        f"rounds played:  {s.rounds_played} of {total}"
        + (f" (next: round {s.round_to_pair})" if s.round_to_pair else " (complete)"),
    ]
    if s.absent:
        lines.append(f"absent next:    {', '.join(map(str, s.absent))}")
    for key, value in s.settings.items():
        if key in ("name", "edition") or value in (None, "", 0, {}, []):
            continue
        lines.append(f"{(key.replace('_', ' ') + ':'):<15} {setting_text(value)}")
    click.echo("\n".join(lines))


def setting_text(value: object) -> str:
    """A setting as one line of text."""
    if isinstance(value, dict):
        return ", ".join(f"{n} {k}" for k, n in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)
