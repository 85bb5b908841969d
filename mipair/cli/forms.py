"""Which command lines are the JaVaFo/bbpPairings forms (standard library only).

:mod:`mipair.cli.main` decides with these, before importing anything else,
whether a call is a drop-in call and whether it may go to the resident
pairing process (:mod:`mipair.resident`); :mod:`mipair.cli.dropin` parses it.
"""

from __future__ import annotations

import os

SYSTEMS = ("--dutch", "--dubov", "--burstein", "--lim")
"""The system flags; each names the registered system of that name."""
MODES = ("-p", "-c", "-g")
"""Pair the next round, check every round, generate a tournament."""


def is_dropin(args: list[str]) -> bool:
    """Does this argument list use the JaVaFo/bbpPairings forms rather than subcommands?"""
    if not args:
        return False
    if any(a in SYSTEMS for a in args) or args[0] == "-r":
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
