"""Where an output file goes, and how it is written so that nothing is half-written or destroyed.

Three kinds of target, decided by :func:`in_place`:

- a regular file (or a name that does not exist yet): written to a temporary
  file beside it and renamed over it (atomic: a reader sees the old file or the
  whole new one). A symbolic link is followed: its target is replaced, the
  link stays, and the file keeps its permissions.
- anything that is not a regular file (a device such as ``/dev/null`` or
  ``/dev/full``, a FIFO, a socket, a terminal), and any path that leads into
  ``/proc`` (``/dev/stdout``, ``/proc/self/fd/1``): opened as it is and
  written in place, never replaced, never created (``O_APPEND``, so that a
  shell's ``>>`` is honoured); a name there that does not exist is an error.
- ``-``: standard output.

Every failure, including one found only when the data is flushed (``/dev/full``
answers "no space left" then), is a :class:`~mipair.errors.FileAccessError`
(exit 5). :class:`Outputs` writes several files of one command all or none:
every regular file is prepared first, and renamed into place only when every
output has been written.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from mipair.errors import FileAccessError

Writer = Callable[[BinaryIO], object]
"""Writes one output's bytes to an open binary file."""

PROC = "/proc/"
STDOUT = "-"


def leads_into_proc(path: str) -> bool:
    """Does ``path``, or any link it goes through, lie in /proc (``/dev/stdout``, ``/dev/fd/1``)?"""
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on a chain of links
        current = os.path.join(
            os.path.realpath(os.path.dirname(current)), os.path.basename(current)
        )
        if current.startswith(PROC):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


def in_place(path: str) -> bool:
    """Is ``path`` written where it is (a device, FIFO, socket, a /proc path) rather than replaced?"""
    if leads_into_proc(path):
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False  # not there yet (or a dangling link): made as a regular file
    return not stat.S_ISREG(mode)


def access_error(path: str, exc: OSError, verb: str = "write") -> FileAccessError:
    """The exit-5 error for a failed write to ``path``."""
    return FileAccessError(f"cannot {verb} the file: {exc.strerror or exc}", file=str(path))


def sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (fsync of the directory where the OS allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_in_place(path: str, write: Writer) -> None:
    """Write to an existing non-regular target as it is (flushed, so a full device is an error)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        with os.fdopen(fd, "wb") as handle:
            write(handle)
    except OSError as exc:
        raise access_error(path, exc) from None


def write_stdout(write: Writer) -> None:
    """Write to standard output; a failed write is exit 5, not an internal error."""
    try:
        sys.stdout.flush()
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise FileAccessError(
            f"cannot write to standard output: {exc.strerror or exc}", file="<stdout>"
        ) from None


def temporary_path(target: Path) -> Path:
    """Where a regular file is written before the rename: ``.NAME.PID.tmp`` beside ``target``
    (:mod:`mipair.formats.state_file` removes those a killed writer left)."""
    return target.with_name(f".{target.name}.{os.getpid()}.tmp")


class Staged:
    """A regular file's new content, written to a temporary file beside its target."""

    def __init__(self, path: str, write: Writer, durable: bool) -> None:
        self.path = path
        self.target = Path(os.path.realpath(path))  # through a symbolic link: its target
        self.temporary = temporary_path(self.target)
        self.durable = durable
        try:
            with open(self.temporary, "wb") as handle:
                write(handle)
                if durable:
                    handle.flush()
                    os.fsync(handle.fileno())
            with contextlib.suppress(OSError):
                os.chmod(self.temporary, stat.S_IMODE(os.stat(self.target).st_mode))
        except OSError as exc:
            self.discard()
            raise access_error(path, exc) from None

    def commit(self) -> None:
        """Rename the temporary file over the target."""
        try:
            os.replace(self.temporary, self.target)
        except OSError as exc:
            self.discard()
            raise access_error(self.path, exc) from None
        if self.durable:
            sync_directory(self.target.parent)

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.temporary.unlink()


class Outputs:
    """The output files of one command, written all or none (see the module docstring)."""

    def __init__(self, durable: bool = True) -> None:
        self.durable = durable
        self.pending: list[tuple[str, Writer]] = []

    def add(self, path: str, write: Writer) -> None:
        self.pending.append((path, write))

    def add_text(self, path: str, text: str, encoding: str = "utf-8") -> None:
        """Add a text output (newlines kept as given); an unencodable text is exit 5."""
        try:
            data = text.encode(encoding)
        except UnicodeEncodeError as exc:
            raise FileAccessError(
                f"cannot encode the text as {encoding}: {exc.reason}", file=str(path)
            ) from None
        self.add(path, lambda handle: handle.write(data))

    def write(self, before_commit: Callable[[], None] | None = None) -> None:
        """Prepare every regular file, write the in-place targets, run ``before_commit`` (another
        output written by its own code), then rename the prepared files; a failure before the
        renames leaves every prepared target as it was."""
        staged: list[Staged] = []
        try:
            for path, write in self.pending:
                if path != STDOUT and not in_place(path):
                    staged.append(Staged(path, write, self.durable))
            for path, write in self.pending:
                if path == STDOUT:
                    write_stdout(write)
                elif in_place(path):
                    write_in_place(path, write)
            if before_commit is not None:
                before_commit()
        except BaseException:
            for prepared in staged:
                prepared.discard()
            raise
        for prepared in staged:
            prepared.commit()


def write_file(path: str | os.PathLike[str], write: Writer, durable: bool = True) -> None:
    """Write one output file as its kind of target needs (``-``: standard output)."""
    outputs = Outputs(durable)
    outputs.add(os.fspath(path), write)
    outputs.write()
