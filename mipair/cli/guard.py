"""Turn every failure of a CLI call into one stderr line and the bbpPairings exit code.

``run_guarded(fn)`` calls ``fn`` and returns the exit code: 0, or the code of
the :class:`~mipair.errors.MipairError` raised (its ``located()`` line goes
to stderr), or 2 for anything unexpected. Tracebacks are shown only when the
environment variable ``MIPAIR_DEBUG`` is set.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import traceback
from collections.abc import Callable

from mipair.errors import EXIT_FILE_ACCESS, EXIT_INTERRUPTED, EXIT_UNEXPECTED, MipairError

WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF}
"""Errors of a write to a full or closed output."""


def say(line: str) -> None:
    """One line on stderr."""
    print(line, file=sys.stderr, flush=True)


def fail(message: str, code: int = EXIT_UNEXPECTED) -> None:
    """Print ``mipair: message`` on stderr and exit with ``code``."""
    say(f"mipair: {message}")
    raise SystemExit(code)


def _click_code(exc: Exception) -> int | None:
    """The exit code of a click exception (click is imported only by subcommands,
    so one can only have been raised if click is loaded), else None."""
    click = sys.modules.get("click")
    if click is None:
        return None
    if isinstance(exc, click.exceptions.Exit):
        return exc.exit_code
    if isinstance(exc, click.ClickException):
        exc.show()
        return exc.exit_code
    if isinstance(exc, click.exceptions.Abort):
        say("mipair: aborted")
        return 1
    return None


def stop_writing_stdout() -> None:
    """After the reader of stdout has gone: send what is left to /dev/null, so that the
    final flush at exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def run_guarded(fn: Callable[[], object]) -> int:
    """Run ``fn`` and map its outcome to an exit code (see the module docstring)."""
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
    except BrokenPipeError:
        stop_writing_stdout()
        return 0
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
        if os.environ.get("MIPAIR_DEBUG"):
            traceback.print_exc()
        say(f"mipair: internal error: {type(exc).__name__}: {exc}")
        return EXIT_UNEXPECTED
    return result if isinstance(result, int) else 0


def flush_and_exit(code: int) -> None:
    with contextlib.suppress(BrokenPipeError):
        sys.stdout.flush()
    raise SystemExit(code)
