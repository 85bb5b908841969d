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
"""The systems whose files are told by their ending; any other file is a TRF file,
paired by the first registered system."""


def system_for_file(path: str) -> str:
    """The system a tournament file is for, by its name's ending (see :data:`FILE_SYSTEMS`)."""
    from pathlib import PurePath

    return FILE_SYSTEMS.get(PurePath(path).suffix.lower(), next(iter(SYSTEMS)))


def resolve(name: str | None, path: str) -> PairingSystem[Any]:
    """The system ``name``, or (None) the one ``path``'s file is for."""
    return get_system(name or system_for_file(path))
