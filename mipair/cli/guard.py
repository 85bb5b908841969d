"""Turn every failure of a CLI call into one stderr line and the bbpPairings exit code.

``run_guarded(fn)`` calls ``fn`` and returns the exit code: 0, or the code of
the :class:`~mipair.errors.MipairError` raised (its ``located()`` line goes
to stderr), or 2 for anything unexpected. Tracebacks are shown only when the
environment variable ``MIPAIR_DEBUG`` is set.
"""
from __future__ import annotations

import os
import sys
import traceback
from typing import Callable

import click

from mipair.errors import EXIT_UNEXPECTED, MipairError


def fail(message: str, code: int = EXIT_UNEXPECTED) -> None:
    """Print ``mipair: message`` on stderr and exit with ``code``."""
    click.echo(f"mipair: {message}", err=True)
    raise SystemExit(code)


def run_guarded(fn: Callable[[], object]) -> int:
    """Run ``fn`` and map its outcome to an exit code (see the module docstring)."""
    try:
        result = fn()
    except MipairError as exc:
        click.echo(exc.located(), err=True)
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("mipair: aborted", err=True)
        return 1
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        click.echo(str(code), err=True)
        return 1
    except KeyboardInterrupt:
        click.echo("mipair: interrupted", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - last line of defence: no traceback for users
        if os.environ.get("MIPAIR_DEBUG"):
            traceback.print_exc()
        click.echo(f"mipair: internal error: {type(exc).__name__}: {exc}", err=True)
        return EXIT_UNEXPECTED
    return result if isinstance(result, int) else 0


def flush_and_exit(code: int) -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    raise SystemExit(code)
