"""The pairing systems by name: ``get_system("dutch")``.

Systems are named here as ``module:class`` strings and imported on first
use, so a drop-in call for one system (a whole process per round) never
loads the others, and nothing here imports a system's modules.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from mipair.errors import InputError
from mipair.lazy import named

if TYPE_CHECKING:
    from mipair.systems.base import PairingSystem

SYSTEMS: dict[str, str] = {
    "dutch": "mipair.systems.fide.dutch.system:DutchSystem",
    "dubov": "mipair.systems.fide.dubov.system:DubovSystem",
    "burstein": "mipair.systems.fide.burstein.system:BursteinSystem",
    "lim": "mipair.systems.fide.lim.system:LimSystem",
    "papp": "mipair.systems.papp.system:PappSystem",
    "mcmahon": "mipair.systems.mcmahon.system:McMahonSystem",
}
"""Registry name -> ``module:class`` of its :class:`~mipair.systems.base.PairingSystem`."""


def system_names() -> tuple[str, ...]:
    """The registered systems' names, in registry order."""
    return tuple(SYSTEMS)


@cache
def get_system(name: str) -> PairingSystem[Any]:
    """The system registered as ``name`` (one instance per process)."""
    if name not in SYSTEMS:
        raise InputError(
            f"unknown pairing system {name!r} (one of {', '.join(SYSTEMS)})", field="system"
        )
    system: PairingSystem[Any] = named(SYSTEMS[name])()
    return system


FILE_SYSTEMS: dict[str, str] = {".xml": "mcmahon", ".papp": "papp"}
"""The systems whose files are told by their ending; any other file is a TRF file."""

TRF_TYPES: dict[str, str] = {
    "FIDE_DUTCH": "dutch",
    "FIDE_DUBOV": "dubov",
    "FIDE_BURSTEIN": "burstein",
    "FIDE_LIM": "lim",
}
"""A TRF file's tournament type (TRF-2026 record 192, FIDE's ETT26 codes) -> the system
that pairs it: the code itself or the code followed by ``_`` and more (``FIDE_DUTCH_2017``,
``FIDE_BURSTEIN_BAKU``). A TRF file with none of them (or of a system not registered
here) is paired by :data:`TRF_DEFAULT`."""

TRF_DEFAULT = "dutch"
"""The system of a TRF file whose 192 record names no registered system."""

RECORD_192 = rb"(?:^|[\r\n])192[ \t]+([A-Za-z0-9_]+)"
"""A 192 record anywhere in a TRF file (any line ending), its code captured."""


def trf_system_names() -> tuple[str, ...]:
    """The registered systems of TRF files (those with a 192 code), Dutch first."""
    return tuple(name for name in TRF_TYPES.values() if name in SYSTEMS)


def trf_type(name: str) -> str:
    """The 192 code of the system ``name`` ("" for a system that has none)."""
    return next((code for code, system in TRF_TYPES.items() if system == name), "")


def trf_system(code: str) -> str | None:
    """The registered system a 192 code names (None: none)."""
    code = code.strip().upper()
    for prefix, name in TRF_TYPES.items():
        if (code == prefix or code.startswith(prefix + "_")) and name in SYSTEMS:
            return name
    return None


def system_for_file(path: str) -> str:
    """The system a tournament file is for: by its name's ending (:data:`FILE_SYSTEMS`),
    else a TRF file's 192 record (:data:`TRF_TYPES`), else :data:`TRF_DEFAULT`.

    Only the bytes of the file are searched for a 192 record, the tournament is not
    read (the system reads it next); a file that cannot be read is left to the system,
    which says why."""
    import re
    from pathlib import PurePath

    by_ending = FILE_SYSTEMS.get(PurePath(path).suffix.lower())
    if by_ending is not None:
        return by_ending
    try:
        with open(path, "rb") as handle:
            found = re.search(RECORD_192, handle.read())
    except OSError:
        return TRF_DEFAULT
    named = trf_system(found.group(1).decode("ascii")) if found else None
    return named or TRF_DEFAULT


def resolve(name: str | None, path: str) -> PairingSystem[Any]:
    """The system ``name``, or (None) the one ``path``'s file is for."""
    return get_system(name or system_for_file(path))
