"""One call in a child of the resident: become the calling process, run it, exit.

After ``fork`` the child takes on everything of the client a drop-in call can
see: its standard input, output and error (the descriptors themselves, so a
FIFO, ``/dev/full``, a terminal or a pipe behave as they would), its working
directory (the descriptor: even a removed or unreadable one), its whole
environment (``MIPAIR_*`` read as the call runs), umask, soft resource
limits, niceness (raised only: a child cannot be made kinder than the
resident), argv and how its standard streams encode and buffer. It then runs
the drop-in code of an in-process call and leaves with its exit code.
"""

from __future__ import annotations

import contextlib
import io
import os
import resource
import signal
import sys
import time
from typing import Any, NoReturn

from mipair.errors import EXIT_UNEXPECTED

STREAM_MODES = ("r", "w", "w")


def _restore_signals(sigint_ignored: bool) -> None:
    """The signal dispositions of a fresh Python process (the resident has its own)."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    handler = signal.SIG_IGN if sigint_ignored else signal.default_int_handler
    signal.signal(signal.SIGINT, handler)


def _take_descriptors(fds: list[int]) -> None:
    """The client's stdin, stdout and stderr on 0, 1 and 2; its working directory."""
    for target, fd in enumerate(fds[:3]):
        os.dup2(fd, target)
    os.fchdir(fds[3])
    for fd in fds:
        if fd > 2:
            os.close(fd)


def _stream(fd: int, setup: tuple[str, str, bool, bool] | None) -> Any:
    """A standard stream on ``fd`` encoded and buffered as the client's was."""
    if setup is None:
        return None
    encoding, errors, line_buffering, write_through = setup
    return io.TextIOWrapper(
        io.open(fd, STREAM_MODES[fd] + "b", closefd=False),  # noqa: UP020 - a descriptor
        encoding=encoding,
        errors=errors,
        newline="\n",
        line_buffering=line_buffering,
        write_through=write_through,
    )


def _take_streams(setups: list[Any]) -> None:
    """New ``sys.stdin/stdout/stderr`` over descriptors 0-2."""
    streams = [_stream(fd, setup) for fd, setup in enumerate(setups)]
    sys.stdin, sys.stdout, sys.stderr = streams
    for name, stream in zip(("__stdin__", "__stdout__", "__stderr__"), streams):
        setattr(sys, name, stream)


def _take_environment(env: dict[str, str]) -> None:
    """The client's environment, for this process and its libraries (``putenv``)."""
    os.environ.clear()
    os.environ.update(env)
    time.tzset()


def _take_limits(call: dict[str, Any]) -> None:
    """The client's umask, soft limits (within the resident's hard ones) and niceness."""
    os.umask(call["umask"])
    for number, soft in call["limits"]:
        with contextlib.suppress(OSError, ValueError):
            hard = resource.getrlimit(number)[1]
            if hard != resource.RLIM_INFINITY and (soft == resource.RLIM_INFINITY or soft > hard):
                soft = hard
            resource.setrlimit(number, (soft, hard))
    with contextlib.suppress(OSError):
        current = os.getpriority(os.PRIO_PROCESS, 0)
        if call["nice"] > current:
            os.setpriority(os.PRIO_PROCESS, 0, call["nice"])


def become_client(call: dict[str, Any], fds: list[int]) -> None:
    """Take on the calling process's descriptors, environment and limits."""
    _restore_signals(bool(call.get("sigint_ignored")))
    _take_descriptors(fds)
    _take_environment(call["env"])
    _take_limits(call)
    _take_streams(call["streams"])
    sys.argv = list(call["argv"])


def run_call(call: dict[str, Any], fds: list[int]) -> NoReturn:
    """In the forked child: run the call as the client would have, and exit with its code."""
    code = EXIT_UNEXPECTED
    try:
        become_client(call, fds)
        from mipair.cli.main import run_dropin

        code = run_dropin(sys.argv[1:])
    except BaseException:  # the child must never return into the resident's loop
        code = EXIT_UNEXPECTED
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.flush()
        os._exit(code)
