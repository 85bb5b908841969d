"""A call's standard streams: descriptors its caller closed, and readers that go away.

Standard library only (imported before every drop-in call). Two rules, the same
in-process and in a resident's child:

- **A closed descriptor stays closed, and keeps its number.** ``mipair ... >&-``
  starts with descriptor 1 closed: the first file the call opened would get
  number 1, and whatever writes to standard output (a library printing, a final
  flush) would write into that file. :func:`reopen_closed` puts ``/dev/null``
  opened the wrong way round on each closed one of 0, 1 and 2 (read-only for
  the outputs, write-only for the input), so the number is taken and every
  read or write there still fails with "Bad file descriptor", as on a closed
  descriptor; Python's ``None`` for such a stream becomes a stream on it.
- **A reader that goes away is not an error** (``mipair ... | head -3``): the
  exit code is that of the work done, as if everything had been read, so it
  never depends on when the reader stopped. :class:`GuardedStreams` gives the call
  standard streams whose descriptor, once a write meets a broken pipe, is
  pointed at ``/dev/null`` (the rest of the output is dropped, the work goes
  on). Standard error drops its text on any failure (there is nowhere left to
  report it); any other failure of standard output (a full disk, a closed
  descriptor) is the call's to report (exit 5), and its unwritten text is
  dropped too, so that the interpreter's last flush cannot fail again.
"""

from __future__ import annotations

import errno
import io
import os
import sys

TYPE_CHECKING = False  # typing (and the re it imports) is too slow to load in a call's start
if TYPE_CHECKING:
    from typing import TextIO

    from _typeshed import ReadableBuffer

CLOSED_FLAGS = ((0, os.O_WRONLY), (1, os.O_RDONLY), (2, os.O_RDONLY))
"""Each standard descriptor with how ``/dev/null`` is opened on it when it is closed."""
ERRORS = {1: "strict", 2: "backslashreplace"}
"""The error handlers Python itself gives standard output and error."""


def reopen_closed() -> None:
    """Put ``/dev/null`` the wrong way round on each closed standard descriptor."""
    for fd, flags in CLOSED_FLAGS:
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, flags)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            os.set_inheritable(fd, True)  # as a standard descriptor is, for child processes


def say(line: str) -> None:
    """One line on stderr (lost, never an error, when stderr is closed or gone)."""
    stream = sys.stderr
    if stream is None:  # print(file=None) would write to standard output
        return
    try:  # noqa: SIM105 - contextlib is one more import in every call's start
        print(line, file=stream, flush=True)
    except (OSError, ValueError):
        pass


def drop_output(fd: int) -> None:
    """Point ``fd`` at ``/dev/null``: nothing more reaches its reader, and nothing fails."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


class Descriptor(io.FileIO):
    """Standard output or error as a call writes it (see the module docstring)."""

    def write(self, data: ReadableBuffer) -> int:
        try:
            return super().write(data)
        except OSError as exc:
            drop_output(self.fileno())
            if exc.errno == errno.EPIPE or self.fileno() == 2:
                return memoryview(data).nbytes
            raise


def own(fd: int) -> bool:
    """Is the current stream of ``fd`` (1 or 2) the process's own on that descriptor, or
    none at all (not a caller's replacement, such as a test's capture)?"""
    stream = sys.stdout if fd == 1 else sys.stderr
    original = sys.__stdout__ if fd == 1 else sys.__stderr__
    if stream is None:
        return True
    if original is None or stream is not original:
        return False
    try:  # the stream the interpreter made for the descriptor, maybe closed since
        return original.fileno() == fd
    except (OSError, ValueError):
        return False


def stream_on(fd: int, like: object) -> io.TextIOWrapper:
    """A text stream over :class:`Descriptor` ``fd``, encoded and buffered as ``like``."""
    return io.TextIOWrapper(
        io.BufferedWriter(Descriptor(fd, "w", closefd=False)),
        encoding=getattr(like, "encoding", None) or "locale",
        errors=getattr(like, "errors", None) or ERRORS[fd],
        newline="\n",
        line_buffering=bool(getattr(like, "line_buffering", False)),
        write_through=bool(getattr(like, "write_through", False)),
    )


class GuardedStreams:
    """Standard output and error as :class:`Descriptor` streams for the ``with`` block
    (only those that are the process's own); the caller's streams back afterwards."""

    def __enter__(self) -> GuardedStreams:
        self.saved: list[tuple[int, TextIO | None]] = []
        for fd in (1, 2):
            if own(fd):
                current = sys.stdout if fd == 1 else sys.stderr
                if current is not None:
                    try:  # noqa: SIM105 - as above
                        current.flush()
                    except (OSError, ValueError):
                        pass
                self.saved.append((fd, current))
                setattr(sys, "stdout" if fd == 1 else "stderr", stream_on(fd, current))
        return self

    def __exit__(self, *exc: object) -> None:
        for fd, previous in self.saved:
            name = "stdout" if fd == 1 else "stderr"
            stream = getattr(sys, name)
            try:
                stream.flush()
            except (OSError, ValueError):
                drop_output(fd)
            setattr(sys, name, previous)
