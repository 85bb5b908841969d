"""Turn every outcome of a call into one stderr line and the bbpPairings exit code.

``run_guarded(fn)`` calls ``fn`` (a subcommand of the ``mipair`` command, or a
drop-in call in the command's process or a resident's child) with standard
streams that survive a reader going away
(:class:`mipair.operations.streams.GuardedStreams`) and returns the exit code:

- 0, or the code ``fn`` returned or exited with;
- the code of the :class:`~mipair.errors.MipairError` raised (its ``located()``
  line goes to stderr);
- 3 for a command line click refuses (one line; 5 when it is a path click
  found unusable, such as a directory where a file is expected);
- 5 for a read or write the command did not wrap itself (standard output
  full or closed);
- 130 for Ctrl-C;
- 2 for anything unexpected, a worker process that ended abruptly included.

Tracebacks are shown only when the environment variable ``MIPAIR_DEBUG`` is set.
"""

from __future__ import annotations

import errno
import os
import sys
import traceback
from collections.abc import Callable

from mipair.errors import (
    EXIT_BAD_INPUT,
    EXIT_FILE_ACCESS,
    EXIT_INTERRUPTED,
    EXIT_UNEXPECTED,
    MipairError,
)
from mipair.operations.streams import GuardedStreams, say

TYPE_CHECKING = False  # typing itself is too slow to load in a drop-in call's start
if TYPE_CHECKING:  # click is loaded by the subcommands alone (see _click_code)
    from click import UsageError

WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF, errno.EPIPE}
"""Errors of a write to a full or closed output."""


def _usage_line(exc: UsageError) -> str:
    """click's usage error as one line: the command, the message, where help is."""
    context = exc.ctx
    command = context.command_path if context is not None else "mipair"
    message = " ".join(exc.format_message().split())
    return f"{command}: {message} (see {command} --help)"


def _click_code(exc: Exception) -> int | None:
    """The exit code of a click exception, its line said (click is imported only by
    subcommands, so one can only have been raised if click is loaded), else None."""
    click = sys.modules.get("click")
    if click is None:
        return None
    if isinstance(exc, click.exceptions.Exit):
        return int(exc.exit_code)
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):  # ``mipair``, ``mipair papp``
        print(exc.format_message())
        return 0
    if (
        isinstance(exc, click.BadParameter)
        and not isinstance(exc, click.MissingParameter)
        and isinstance(getattr(exc.param, "type", None), click.Path)
    ):
        say(_usage_line(exc))
        return EXIT_FILE_ACCESS
    if isinstance(exc, click.UsageError):
        say(_usage_line(exc))
        return EXIT_BAD_INPUT
    if isinstance(exc, click.ClickException):
        say(f"mipair: {' '.join(exc.format_message().split())}")
        return EXIT_FILE_ACCESS if isinstance(exc, click.FileError) else EXIT_BAD_INPUT
    if isinstance(exc, click.exceptions.Abort):  # click's name for Ctrl-C (or end of input)
        if isinstance(exc.__context__, KeyboardInterrupt):
            say("mipair: interrupted")
            return EXIT_INTERRUPTED
        say("mipair: aborted: the input ended")
        return EXIT_BAD_INPUT
    return None


def _ended_worker(exc: Exception) -> bool:
    """Is ``exc`` a pool's report that one of its worker processes ended abruptly?"""
    process = sys.modules.get("concurrent.futures.process")
    return process is not None and isinstance(exc, process.BrokenProcessPool)


def _outcome(fn: Callable[[], object]) -> int:
    """Run ``fn``; its exit code (see the module docstring)."""
    try:
        result = fn()
        sys.stdout.flush()  # a failed write to stdout shows here, not at exit
    except MipairError as exc:
        say(exc.located())
        return exc.exit_code
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        say(str(code))
        return 1
    except KeyboardInterrupt:
        say("mipair: interrupted")
        return EXIT_INTERRUPTED
    except OSError as exc:  # a write or read the command did not wrap itself: stdout full...
        if exc.filename is None and exc.errno in WRITE_ERRORS:
            say(f"<stdout>: cannot write to standard output: {exc.strerror or exc}")
        else:
            say(f"{exc.filename or 'mipair'}: cannot read or write: {exc.strerror or exc}")
        return EXIT_FILE_ACCESS
    except Exception as exc:
        code = _click_code(exc)
        if code is not None:
            return code
        if _ended_worker(exc):
            say("mipair: a worker process ended abruptly (killed, or out of memory)")
            return EXIT_UNEXPECTED
        if os.environ.get("MIPAIR_DEBUG"):
            traceback.print_exc()
        say(f"mipair: internal error: {type(exc).__name__}: {exc}")
        return EXIT_UNEXPECTED
    return result if isinstance(result, int) else 0


def run_guarded(fn: Callable[[], object]) -> int:
    """Run ``fn`` with guarded standard streams and map its outcome to an exit code."""
    with GuardedStreams():
        return _outcome(fn)
