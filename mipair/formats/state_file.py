"""A tournament's state file changed by one command at a time, written atomically.

An arbiter's desk runs one command a change (``mipair papp result ...``), and
two of them may run at once (two coupons typed in two terminals, a script). Each
reads the state file, changes it and writes it back, so without a lock the
second writer would overwrite the first one's change. :func:`locked_state`
holds an exclusive lock on the file (a ``.NAME.lock`` file beside it, through
the ``filelock`` library) for the whole read-change-write: a second command
waits for it, at most ``wait`` seconds, then stops with a message naming the
file (exit 5), having changed nothing.

Writes go through :func:`mipair.formats.text.save` (temporary file, fsync,
rename). A writer killed between creating its temporary file and renaming it
leaves ``.NAME.PID.tmp`` behind; whoever takes the lock next removes those
whose process is gone (:func:`remove_stale_temporaries`).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from mipair.errors import FileAccessError, MipairError

WAIT_SECONDS = 60.0
"""How long a command waits for another one to finish changing the same file."""
WAIT_VARIABLE = "MIPAIR_LOCK_WAIT"
"""The environment variable that sets that wait, in seconds (0: do not wait)."""
_TEMPORARY = re.compile(r"^\.(?P<target>.+)\.(?P<pid>[0-9]+)\.tmp$")
"""The names :func:`mipair.formats.text.temporary_path` gives."""


def lock_path(state: str | os.PathLike[str]) -> Path:
    """The lock file of a state file: ``.NAME.lock`` in the same folder."""
    path = Path(state)
    return path.with_name(f".{path.name}.lock")


def wait_seconds(wait: float | None = None) -> float:
    """``wait`` when given, else ``$MIPAIR_LOCK_WAIT``, else :data:`WAIT_SECONDS`."""
    if wait is not None:
        return max(0.0, wait)
    text = os.environ.get(WAIT_VARIABLE, "")
    try:
        return max(0.0, float(text)) if text.strip() else WAIT_SECONDS
    except ValueError:
        return WAIT_SECONDS


def process_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (one of another user's counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def remove_stale_temporaries(folders: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Remove the ``.NAME.PID.tmp`` files of writers that are gone; return them.

    Called with the lock held, so no writer of these files is at work; a
    temporary file whose process still runs (another program's, or a PID
    reused) is left alone.
    """
    removed = []
    for folder in folders:
        with contextlib.suppress(OSError):
            for entry in os.scandir(folder):
                found = _TEMPORARY.match(entry.name)
                if found and entry.is_file() and not process_alive(int(found["pid"])):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(entry.path)
                        removed.append(Path(entry.path))
    return removed


@contextlib.contextmanager
def about(state: str | os.PathLike[str]) -> Iterator[None]:
    """Errors raised in the block name ``state`` when they name no file (``FILE: field: ...``)."""
    try:
        yield
    except MipairError as exc:
        if exc.file is None:
            exc.file = str(state)
        raise


@contextlib.contextmanager
def locked_state(state: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the state file's lock for the ``with`` block (see the module docstring).

    FileAccessError (exit 5) when another command keeps it past the wait, or
    when the lock file cannot be created (a folder that cannot be written).
    """
    seconds = wait_seconds(wait)
    lock = FileLock(lock_path(state), timeout=seconds)
    try:
        lock.acquire()
    except Timeout:
        raise FileAccessError(
            f"another command is changing this file; waited {seconds:g} s for it to finish "
            f"(nothing was changed: run the command again, or set {WAIT_VARIABLE})",
            file=str(state),
        ) from None
    except OSError as exc:
        raise FileAccessError(
            f"cannot lock the file: {exc.strerror or exc}", file=str(state)
        ) from None
    try:
        remove_stale_temporaries([Path(state).parent])
        yield
    finally:
        lock.release()
