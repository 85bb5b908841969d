"""A tournament file read once, with the system it is for.

The system is the one named (``--system``, the service's ``system=``, a
drop-in flag), else the one whose files end as this one does (OpenGotha
``.xml``, PAPP ``.papp``), else the file is a TRF file: it is read, and the
tournament type of its 192 record names the system (the default TRF system
when it names none registered). Either way the file is read once and the
document handed to the system (:mod:`mipair.systems.registry` has the list).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from mipair.formats.trf import read_tournament
from mipair.systems.base import AnySystem
from mipair.systems.registry import for_ending, for_trf_code


@dataclass(frozen=True)
class Opened:
    """A tournament file as its system reads it, before its next round."""

    system: AnySystem
    edition: str | None
    """The edition (``--rules``) the state is for; None for a system without editions."""
    state: object
    """The system's state before the round to pair (:meth:`PairingSystem.state_of`)."""


def open_document(
    path: str, system: AnySystem | None = None, data: bytes | None = None
) -> tuple[AnySystem, object]:
    """The system ``path`` is for (``system`` when given) and the file read once as that
    system's document; ``data``: the file's bytes, already read."""
    system = system or for_ending(path)
    if system is not None:
        return system, system.document(path, data)
    document = read_tournament(path if data is None else data, path)
    return for_trf_code(document.system), document


def system_of(path: str, system: AnySystem | None = None) -> tuple[AnySystem, dict[str, object]]:
    """The system of a file or of a folder of files (``check DIR``), with the documents
    read to tell it (path -> document): a folder (or a path that is not there, for the
    caller to report) is of the system named, else of the one its name's ending names,
    else of the default TRF system."""
    if system is not None:
        return system, {}
    if os.path.isdir(path) or not os.path.exists(path):
        return for_ending(path) or for_trf_code(None), {}
    system, document = open_document(path)
    return system, {path: document}


def open_tournament(
    path: str,
    system: AnySystem | None = None,
    rules: str | None = None,
    data: bytes | None = None,
) -> Opened:
    """The tournament in ``path`` before its next round, by edition ``rules`` (None: the
    one the file names, else the system's default), read once (``data``: its bytes, already
    read)."""
    system, document = open_document(path, system, data)
    edition = system.edition_for(document, rules)
    return Opened(system, edition, system.state_of(document, edition))
