"""``mipair solve``: pair the next round (the drop-in form is in :mod:`mipair.cli.pairfile`)."""
from __future__ import annotations

import json

import click

from mipair.cli.pairfile import dropin_text, pair_file, write_output
from mipair.pairing import RoundPairing


def human_text(snap, pairing: RoundPairing) -> str:
    """A board list an arbiter can read."""
    from mipair.model import points_to_str

    t = snap.tournament
    rows = [f"Round {pairing.round} ({len(pairing.boards)} boards)"]
    for k, b in enumerate(pairing.boards, 1):
        w, bl = t.players[b.white], t.players[b.black]
        sw, sb = snap.players[b.white].score, snap.players[b.black].score
        rows.append(f"{k:4}  {b.white:5} {w.name[:24]:24} ({points_to_str(sw):>5})  -  "
                    f"{b.black:5} {bl.name[:24]:24} ({points_to_str(sb):>5})")
    if pairing.bye is not None:
        rows.append(f"  bye {pairing.bye:5} {t.players[pairing.bye].name}")
    return "\n".join(rows) + "\n"


@click.command("solve")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--rules", type=click.Choice(["2026", "2017"]), default="2026", show_default=True,
              help="Edition of the FIDE Dutch rules.")
@click.option("--json", "as_json", is_flag=True, help="Print the pairing as JSON.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write the pairing in the JaVaFo/bbpPairings format to this file.")
def solve(file: str, rules: str, as_json: bool, output: str | None) -> None:
    """Pair the next round of FILE (TRF, TRF(x) or TRF-2026) with the FIDE Dutch system."""
    snap, pairing = pair_file(file, rules)
    if output:
        write_output(output, dropin_text(pairing))
    if as_json:
        click.echo(json.dumps({
            "round": pairing.round, "rules": rules,
            "boards": [{"board": k, "white": b.white, "black": b.black}
                       for k, b in enumerate(pairing.boards, 1)],
            "bye": pairing.bye}, indent=2))
    elif not output:
        click.echo(human_text(snap, pairing), nl=False)

