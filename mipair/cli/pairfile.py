"""Pair the next round of a TRF file and write it in the JaVaFo/bbpPairings format.

The drop-in ``mipair --dutch IN -p [OUT]`` runs through here without importing
click (a tournament manager starts one process per round); ``mipair solve``
(:mod:`mipair.cli.solve`) uses the same functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mipair.errors import NoPairingError, TooLargeError
from mipair.pairing import RoundPairing

if TYPE_CHECKING:
    from mipair.systems.base import PairingSystem


def pair_file(
    path: str, rules: str | None, system: str, data: bytes | None = None
) -> tuple[Any, RoundPairing]:
    """Read a tournament file (``data``: its bytes, already read) and pair its next round;
    returns (state, pairing)."""
    from mipair.systems.registry import get_system

    pairing_system = get_system(system)
    state = pairing_system.read(path, rules, data)
    try:
        return state, pairing_system.pair(state)
    except NoPairingError as exc:
        raise NoPairingError(reason(pairing_system, state, exc), file=path) from None
    except TooLargeError as exc:
        raise TooLargeError(str(exc), file=path) from None


def reason(pairing_system: PairingSystem, state: object, exc: Exception) -> str:
    """One line saying why the round has no pairing: the short form of the very explanation
    ``mipair explain`` gives (the same time, the system's own choice among the relaxations),
    so that the one line and the long text name the same relaxation."""
    try:
        return pairing_system.explain(state).short()
    except Exception:
        return str(exc)


def dropin_text(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: number of pairs, then "WHITE BLACK", the bye as "ID 0"."""
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


def write_output(output: str | None, text: str) -> None:
    """Write to OUT, or to stdout when OUT is None or '-' (:func:`mipair.formats.text.save`).

    Not forced to disk: the pairing is recomputed from the input file, which
    mipair never changes."""
    from mipair.formats.text import save

    save(output or "-", text, durable=False)  # every failure is a FileAccessError (exit 5)


def dropin_pair(
    system_name: str, input: str, output: str | None, rules: str | None, checklist: str | None
) -> int:
    """``mipair --dutch IN -p [OUT]``: bbpPairings' output format and exit codes.

    With ``-l LIST`` the pairing and its check list are written all or none
    (:class:`mipair.formats.destination.Outputs`): OUT is prepared, the check
    list written, and OUT put in place only then, so a check list that cannot
    be written leaves OUT as it was."""
    from mipair.formats.destination import Outputs

    snap, pairing = pair_file(input, rules, system_name)
    outputs = Outputs(durable=False)
    outputs.add_text(output or "-", dropin_text(pairing))

    def write_check_list() -> None:
        from mipair.systems.registry import get_system

        system = get_system(system_name)
        system.write_check_lists(
            checklist or "",
            [(pairing.round, system.edition(rules) or "", system.check_list(snap, pairing))],
        )

    outputs.write(before_commit=write_check_list if checklist else None)
    return 0
