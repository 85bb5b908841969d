"""The tournament file of a Go director's day: read, changed by one command at a time, saved.

The OpenGotha XML file is the whole state: OpenGotha opens every file written
here. Each command that changes it (register, absences, pair, result ...)
holds an exclusive lock for its whole read-change-write (a ``.NAME.lock``
file beside it, through the ``filelock`` library), so that two commands run
at once (two results typed in two terminals) never lose one of the changes:
the second waits for the first, at most ``MIPAIR_LOCK_WAIT`` seconds (60 by
default), then stops with a message naming the file (exit 5), having changed
nothing. The file is written atomically (temporary file, fsync, rename)
before the command prints anything.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from mipair.errors import FileAccessError, MipairError
from mipair.formats.opengotha import OgTournament, read_opengotha
from mipair.formats.opengotha_write import write_opengotha

WAIT_SECONDS = 60.0
WAIT_VARIABLE = "MIPAIR_LOCK_WAIT"


def lock_path(path: str | os.PathLike[str]) -> Path:
    """``.NAME.lock`` beside the file."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


def _wait() -> float:
    text = os.environ.get(WAIT_VARIABLE, "").strip()
    try:
        return max(0.0, float(text)) if text else WAIT_SECONDS
    except ValueError:
        return WAIT_SECONDS


@contextlib.contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the file's lock for the ``with`` block (see the module docstring)."""
    seconds = _wait()
    lock = FileLock(lock_path(path), timeout=seconds)
    try:
        lock.acquire()
    except Timeout:
        raise FileAccessError(
            f"another command is changing this file; waited {seconds:g} s "
            f"(nothing was changed; run the command again, or set {WAIT_VARIABLE})",
            file=str(path),
        ) from None
    except OSError as exc:
        raise FileAccessError(
            f"cannot lock the file: {exc.strerror or exc}", file=str(path)
        ) from None
    try:
        yield
    finally:
        lock.release()


@contextlib.contextmanager
def about(path: str | os.PathLike[str]) -> Iterator[None]:
    """Errors raised in the block name ``path`` when they name no file (``FILE: field: ...``)."""
    try:
        yield
    except MipairError as exc:
        if exc.file is None:
            exc.file = str(path)
        raise


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
