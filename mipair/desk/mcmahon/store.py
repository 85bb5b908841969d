"""The tournament file of a Go director's day: read, changed by one command at a time, saved.

The OpenGotha XML file is the whole state: OpenGotha opens every file written
here. Each command that changes it (register, absences, pair, result ...)
holds an exclusive lock for its whole read-change-write
(:func:`mipair.formats.state_file.locked_state`: a ``.NAME.lock`` file
beside it, through the ``filelock`` library), so that two commands run at
once (two results typed in two terminals) never lose one of the changes: the
second waits for the first, at most ``MIPAIR_LOCK_WAIT`` seconds (60 by
default), then stops with a message naming the file (exit 5), having changed
nothing. The file is written atomically (temporary file, fsync, rename)
before the command prints anything.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from mipair.errors import FileAccessError
from mipair.formats.opengotha import OgTournament, read_opengotha
from mipair.formats.opengotha_write import write_opengotha
from mipair.formats.state_file import about
from mipair.formats.state_file import locked_state as locked


@contextlib.contextmanager
def changing(path: str | os.PathLike[str]) -> Iterator[OgTournament]:
    """The tournament to change: read under the lock, saved when the block ends without error."""
    with about(path), locked(path):
        tournament = read_opengotha(str(path))
        yield tournament
        write_opengotha(str(path), tournament)


def create(path: str | os.PathLike[str], tournament: OgTournament) -> None:
    """Write a new tournament file; an existing file is never replaced (exit 5)."""
    with locked(path):
        if Path(path).exists():
            raise FileAccessError(
                "the file exists already (a new tournament needs a new file)", file=str(path)
            )
        write_opengotha(str(path), tournament)
