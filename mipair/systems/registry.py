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
    from mipair.pairing import RoundPairing
    from mipair.systems.base import PairingSystem

SYSTEMS: dict[str, str] = {
    "dutch": "mipair.systems.dutch.system:DutchSystem",
    "papp": "mipair.systems.papp.system:PappSystem",
    "mcmahon": "mipair.systems.mcmahon.system:McMahonSystem",
}
"""Registry name -> ``module:class`` of its :class:`~mipair.systems.base.PairingSystem`."""


def system_names() -> tuple[str, ...]:
    """The registered systems' names, in registry order."""
    return tuple(SYSTEMS)


@cache
def get_system(name: str) -> PairingSystem:
    """The system registered as ``name`` (one instance per process)."""
    if name not in SYSTEMS:
        raise InputError(
            f"unknown pairing system {name!r} (one of {', '.join(SYSTEMS)})", field="system"
        )
    system: PairingSystem = named(SYSTEMS[name])()
    return system


def pair_round(state: Any, system: str = "dutch") -> RoundPairing:
    """Pair the round of ``state`` with a registered system (default: FIDE Dutch)."""
    return get_system(system).pair(state)
