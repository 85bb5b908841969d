"""The desks, one line a game: :data:`DESKS`, and the game a file is for.

A front end finds a desk by its game's name (the store keeps it with each
tournament) or by a file: :func:`desk_for_files` tells the system the file is
for as every front door does (:mod:`mipair.operations.files`: its name's ending,
else the TRF 192 record) and takes the desk that runs that system
(:meth:`~mipair.desk.game.Desk.runs`). No game or system is named anywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module

from mipair.desk.game import Desk
from mipair.errors import InputError
from mipair.operations.files import open_document
from mipair.systems.registry import for_ending

DESKS: tuple[str, ...] = (
    "mipair.desk.chess.game:ChessDesk",
    "mipair.desk.mcmahon.game:GoDesk",
    "mipair.desk.papp.game:OthelloDesk",
)
"""Each game's desk class, as ``module:Class``."""


@cache
def desks() -> tuple[Desk, ...]:
    """One desk a game, in :data:`DESKS` order."""
    found = []
    for reference in DESKS:
        module, _, name = reference.partition(":")
        found.append(getattr(import_module(module), name)())
    return tuple(found)


def game_names() -> tuple[str, ...]:
    return tuple(desk.name for desk in desks())


def desk_named(name: str) -> Desk:
    """The desk of the game ``name`` (bad input when there is none)."""
    for desk in desks():
        if desk.name == name:
            return desk
    raise InputError(f"unknown game {name!r} (one of {', '.join(game_names())})", field="game")


def main_file_of(files: Mapping[str, bytes]) -> str:
    """The tournament's own file among ``files``: the one whose ending names a system (an
    OpenGotha file, a PAPP event), else the only file (a TRF file)."""
    named = [name for name in files if for_ending(name) is not None]
    if len(named) == 1:
        return named[0]
    if not named and len(files) == 1:
        return next(iter(files))
    if not files:
        raise InputError("no file was sent", field="files")
    raise InputError(
        f"which is the tournament: {', '.join(sorted(named or files))}? Send one TRF or "
        "OpenGotha file, or one PAPP event with its other files",
        field="files",
    )


def desk_for_files(files: Mapping[str, bytes]) -> Desk:
    """The desk of the game ``files`` are (the file read as its system reads it: a file that
    does not parse is refused with its located line)."""
    main = main_file_of(files)
    system = for_ending(main)
    if system is None:
        system, _ = open_document(main, None, files[main])
    for desk in desks():
        if desk.runs(system):
            return desk
    raise InputError(f"no desk runs {system.title} tournaments", file=main)
