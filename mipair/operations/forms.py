"""Which command lines are the JaVaFo/bbpPairings forms (light: read before anything else).

:mod:`mipair.cli.main` decides with these, before importing anything heavy,
whether a call is a drop-in call and whether it may go to the resident
pairing process (:mod:`mipair.resident`); :mod:`mipair.operations.dropin`
parses and runs it. The system flags are the registry's drop-in systems
(:func:`mipair.systems.registry.dropin_systems`).
"""

from __future__ import annotations

import os

from mipair.systems.registry import dropin_systems

MODES = ("-p", "-c", "-g")
"""Pair the next round, check every round, generate a tournament."""


def system_flags() -> tuple[str, ...]:
    """The system flags (``--dutch``, ...): each names the registered system of that name."""
    return tuple(line.flag for line in dropin_systems())


def is_dropin(args: list[str]) -> bool:
    """Does this argument list use the JaVaFo/bbpPairings forms rather than subcommands?"""
    if not args:
        return False
    flags = system_flags()
    if any(a in flags for a in args) or args[0] == "-r":
        return True
    return (
        not args[0].startswith("-")
        and len(args) > 1
        and args[1] in MODES
        and os.path.splitext(args[0])[1] != ""
    )


def does_work(args: list[str]) -> bool:
    """Is this drop-in call one that pairs, checks or generates (not just ``-r``)?"""
    return any(a in MODES for a in args)


def usage() -> str:
    """The forms, shown by ``mipair --help`` (:mod:`mipair.operations.dropin` parses them; a
    malformed one is a single line and exit 3)."""
    flags = system_flags()
    systems = f"{', '.join(flags[:-1])} or {flags[-1]}" if len(flags) > 1 else flags[0]
    return f"""Drop-in command lines of JaVaFo and bbpPairings:
  mipair [-r]
  mipair [-r] [--rules EDITION] SYSTEM INPUT -p [OUTPUT] [-l [CHECKLIST]]
  mipair [-r] [--rules EDITION] SYSTEM INPUT -c [-l [CHECKLIST]]
  mipair [-r] [--rules EDITION] SYSTEM (MODEL -g | -g [CONFIG]) -o TRF [-s SEED] [-l [CHECKLIST]]
  mipair INPUT -p OUTPUT [-l CHECKLIST] [-w] [-q N]      (JaVaFo's order, {flags[0]})
  SYSTEM: {systems}"""
