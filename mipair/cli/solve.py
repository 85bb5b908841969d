"""``mipair solve``: pair the next round (the drop-in form is :mod:`mipair.operations.dropin`)."""

from __future__ import annotations

import json

import click

from mipair.cli.options import rules_option, system_option
from mipair.formats.text import save
from mipair.operations.pairing import dropin_text, pair_file, pairing_data
from mipair.systems.base import AnySystem


@click.command("solve")
@click.argument("file", type=click.Path())
@system_option()
@rules_option()
@click.option("--json", "as_json", is_flag=True, help="Print the pairing as JSON.")
@click.option(
    "-o",
    "--output",
    type=click.Path(),
    help="Write the pairing in the JaVaFo/bbpPairings format to this file.",
)
def solve(
    file: str, system: AnySystem | None, rules: str | None, as_json: bool, output: str | None
) -> None:
    """Pair the next round of FILE (FIDE Swiss systems: TRF, TRF(x) or TRF-2026; McMahon:
    OpenGotha XML; PAPP: an event file)."""
    paired = pair_file(file, system, rules)
    if output:  # not forced to disk: the pairing is recomputed from FILE, never changed
        save(output, dropin_text(paired.pairing), durable=False)
    if as_json:
        click.echo(json.dumps(pairing_data(paired), indent=2))
    elif not output:
        click.echo(paired.system.describe(paired.state, paired.pairing), nl=False)
