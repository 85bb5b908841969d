"""Pair the next round of a TRF file and write it in the JaVaFo/bbpPairings format.

The drop-in ``mipair --dutch IN -p [OUT]`` runs through here without importing
click (a tournament manager starts one process per round); ``mipair solve``
(:mod:`mipair.cli.solve`) uses the same functions.
"""
from __future__ import annotations

import sys

from mipair.errors import FileAccessError, NoPairingError, TooLargeError
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
    except TooLargeError as exc:
        raise TooLargeError(str(exc), file=path) from None


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
        sys.stdout.write(text)
        sys.stdout.flush()
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
