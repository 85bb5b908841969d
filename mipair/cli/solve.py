"""``mipair solve``: pair the next round (the drop-in form is in :mod:`mipair.cli.pairfile`)."""

from __future__ import annotations

import json

import click

from mipair.cli.options import rules_option, system_option
from mipair.cli.pairfile import dropin_text, pair_file, write_output


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
    file: str, system: str | None, rules: str | None, as_json: bool, output: str | None
) -> None:
    """Pair the next round of FILE (FIDE Dutch: TRF, TRF(x) or TRF-2026; McMahon: OpenGotha
    XML; PAPP: an event file)."""
    from mipair.systems.registry import resolve

    pairing_system = resolve(system, file)
    rules = pairing_system.edition(rules)
    state, pairing = pair_file(file, rules, pairing_system.name)
    if output:
        write_output(output, dropin_text(pairing))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "round": pairing.round,
                    "system": pairing_system.name,
                    "rules": rules,
                    "boards": [
                        {"board": k, "white": b.white, "black": b.black}
                        for k, b in enumerate(pairing.boards, 1)
                    ],
                    "bye": pairing.bye,
                },
                indent=2,
            )
        )
    elif not output:
        click.echo(pairing_system.describe(state, pairing), nl=False)
