"""The pairing systems, one line each: :data:`SYSTEMS`.

A line says what mipair must know of a system before the system's code is
loaded: its name, where its class is, the TRF tournament types (record 192)
and file endings that name it, and whether the JaVaFo/bbpPairings command
lines take it (``mipair --NAME IN -p``). Everything that lists or finds
systems derives from this one list: ``--system``'s choices, the drop-in
flags and their usage text, the service's systems, the system a file is for.
Everything else a system says itself, through its class
(:class:`~mipair.systems.base.PairingSystem`), which carries its line as
``system.registered``.

This is one of the two doors that load code on first use (the other is the
command group, :mod:`mipair.cli.group`): a system's class is imported by
:func:`get_system`, so a drop-in call for one system never loads another
(importing the McMahon system alone takes longer than a drop-in call's whole
start). The drop-in forms read this module before anything else, so it stays
light: the standard library's ``importlib`` only, no ``typing``.
"""

from __future__ import annotations

import os
from importlib import import_module

from mipair.errors import InputError
from mipair.systems.registered import Registered

TYPE_CHECKING = False  # typing itself is too slow to load in a drop-in call's start
if TYPE_CHECKING:
    from mipair.systems.base import AnySystem


SYSTEMS: tuple[Registered, ...] = (
    Registered(
        "dutch",
        "mipair.systems.fide.dutch.system:DutchSystem",
        trf_codes=("FIDE_DUTCH",),
        dropin=True,
    ),
    Registered(
        "dubov",
        "mipair.systems.fide.dubov.system:DubovSystem",
        trf_codes=("FIDE_DUBOV",),
        dropin=True,
    ),
    Registered(
        "burstein",
        "mipair.systems.fide.burstein.system:BursteinSystem",
        trf_codes=("FIDE_BURSTEIN",),
        dropin=True,
    ),
    Registered(
        "lim",
        "mipair.systems.fide.lim.system:LimSystem",
        trf_codes=("FIDE_LIM",),
        dropin=True,
    ),
    Registered(
        "double-swiss",
        "mipair.systems.fide.double.system:DoubleSwissSystem",
        trf_codes=("FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS"),
        dropin=True,
    ),
    Registered(
        "round-robin",
        "mipair.systems.roundrobin.system:RoundRobinSystem",
        trf_codes=(
            "FIDE_ROUNDROBIN",
            "FIDE_DOUBLEROUNDROBIN",
            "BERGER_ROUNDROBIN",
            "BERGER_DOUBLEROUNDROBIN",
        ),
        dropin=True,
    ),
    Registered(
        "team",
        "mipair.systems.team.system:TeamSystem",
        trf_codes=("FIDE_TEAM",),
        dropin=True,
    ),
    Registered("papp", "mipair.systems.papp.system:PappSystem", endings=(".papp",)),
    Registered("mcmahon", "mipair.systems.mcmahon.system:McMahonSystem", endings=(".xml",)),
)
"""The registered systems; the first system of TRF files (with 192 codes) pairs a TRF file
whose 192 record names no registered system, and the JaVaFo form ``mipair IN -p OUT``."""

LOADED: dict[Registered, AnySystem] = {}
"""Each system loaded so far, by its line (one instance per process)."""


def system_names() -> tuple[str, ...]:
    """The registered systems' names, in registry order."""
    return tuple(line.name for line in SYSTEMS)


def registered(name: str) -> Registered:
    """The line of the system called ``name``; bad input when there is none."""
    for line in SYSTEMS:
        if line.name == name:
            return line
    raise InputError(
        f"unknown pairing system {name!r} (one of {', '.join(system_names())})", field="system"
    )


def load(line: Registered) -> AnySystem:
    """The system of ``line``, its class imported on first use."""
    system = LOADED.get(line)
    if system is None:
        module, _, name = line.reference.partition(":")
        system = LOADED[line] = getattr(import_module(module), name)(line)
    return system


def get_system(name: str) -> AnySystem:
    """The system registered as ``name``."""
    return load(registered(name))


def dropin_systems() -> tuple[Registered, ...]:
    """The systems the JaVaFo/bbpPairings command lines take, in registry order."""
    return tuple(line for line in SYSTEMS if line.dropin)


def trf_systems() -> tuple[Registered, ...]:
    """The systems of TRF files (those with 192 codes), the default first."""
    return tuple(line for line in SYSTEMS if line.trf_codes)


def for_ending(path: str) -> AnySystem | None:
    """The system whose files end as ``path`` does; None: a TRF file (or a folder)."""
    ending = os.path.splitext(path)[1].lower()
    found = next((line for line in SYSTEMS if ending and ending in line.endings), None)
    return None if found is None else load(found)


def for_trf_code(code: str | None) -> AnySystem:
    """The system a TRF file's 192 code names; the default TRF system when it names none
    registered (or the file has no 192 record)."""
    lines = trf_systems()
    found = next((line for line in lines if code and line.names_code(code)), lines[0])
    return load(found)
