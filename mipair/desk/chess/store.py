"""The chess tournament file, changed by one command at a time and saved atomically.

The TRF-2026 file is the whole state (:mod:`~mipair.desk.chess.trf_file`).
A command that changes it holds its lock for the whole read-change-write
(:func:`mipair.formats.state_file.locked_state`: a ``.NAME.lock`` file
beside it), so that two commands run at once (two results typed in two
terminals) never lose one of the changes: the second waits for the first, at
most ``MIPAIR_LOCK_WAIT`` seconds (60 by default), then stops with a message
naming the file (exit 5), having changed nothing. The file is written
atomically (temporary file, fsync, rename) before the command prints
anything; a change that fails writes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.trf_file import event_text, read_event
from mipair.errors import FileAccessError
from mipair.formats.state_file import about, locked_state
from mipair.formats.text import save

T = TypeVar("T")

Change = Callable[[ChessEvent], tuple[ChessEvent, T]]
"""A change: the event after it, and what the command reports of it."""


def read(path: str | os.PathLike[str]) -> ChessEvent:
    """The tournament in ``path`` (for a command that only reads it)."""
    with about(path):
        return read_event(path)


def change(path: str | os.PathLike[str], apply: Change[T], wait: float | None = None) -> T:
    """Apply a change to the file under its lock; saved (when it changed anything) before
    the report is returned."""
    with about(path), locked_state(path, wait):
        before = read_event(path)
        after, report = apply(before)
        if after != before:
            save(path, event_text(after))
    return report


def create(path: str | os.PathLike[str], event: ChessEvent) -> None:
    """Write a new tournament file; an existing file is never replaced (exit 5)."""
    with about(path), locked_state(path):
        if Path(path).exists():
            raise FileAccessError(
                "the file exists already (a new tournament needs a new file)", file=str(path)
            )
        save(path, event_text(event))
