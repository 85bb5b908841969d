"""``mipair solve`` and the drop-in ``--dutch IN -p [OUT]``: pair the next round."""
from __future__ import annotations

import json


import click

from mipair.errors import FileAccessError, NoPairingError
from mipair.pairing import RoundPairing


def pair_file(path: str, rules: str = "2026") -> tuple[object, RoundPairing]:
    """Read a TRF file and pair its next round; returns (snapshot, pairing)."""
    from mipair.formats.trf import read_tournament
    from mipair.pairing import pair_round
    from mipair.snapshot import round_to_pair, snapshot

    t = read_tournament(path)
    snap = snapshot(t, round_to_pair(t), rules)
    try:
        return snap, pair_round(snap)
    except NoPairingError as exc:
        raise NoPairingError(reason(snap, exc),
                             file=path) from None


def reason(snap, exc: Exception) -> str:
    """One line saying why the round has no pairing (the explanation's short form)."""
    try:
        from mipair.explain.explanation import explain_infeasible

        return explain_infeasible(snap, seconds=2.0, use_engine=False).short()
    except Exception:  # noqa: BLE001 - the engine's own message is the fallback
        return str(exc)


def dropin_text(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: number of pairs, then "WHITE BLACK", the bye as "ID 0"."""
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


def write_output(output: str | None, text: str) -> None:
    """Write to OUT atomically, or to stdout when OUT is None or '-'."""
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    from mipair.formats.text import save

    try:
        save(output, text)
    except OSError as exc:
        raise FileAccessError(f"cannot write the file: {exc.strerror or exc}", file=output) from None


def dropin_pair(input: str, output: str | None, rules: str, checklist: str | None) -> int:
    """``mipair --dutch IN -p [OUT]``: bbpPairings' output format and exit codes."""
    snap, pairing = pair_file(input, rules)
    write_output(output, dropin_text(pairing))
    if checklist:
        from mipair.check.checklist import write_round_checklist

        write_round_checklist(checklist, snap, pairing)
    return 0


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

