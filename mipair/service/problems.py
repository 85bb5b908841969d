"""Errors as HTTP answers: a mipair error's exit code to a status, with the CLI's located line.

Every error body has the same shape, ``{"error": {...}}``: a short code, the
CLI's exit code, the message, and the one line ``FILE:LINE: field: what is
wrong`` the command line prints (the file named as the client uploaded it).
Nothing here imports the web framework: worker processes build these too.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass

from mipair.errors import (
    EXIT_BAD_INPUT,
    EXIT_FILE_ACCESS,
    EXIT_NO_PAIRING,
    EXIT_TOO_LARGE,
    MipairError,
)

STATUS_OF_EXIT: dict[int, tuple[int, str]] = {
    EXIT_NO_PAIRING: (409, "no_pairing"),
    EXIT_BAD_INPUT: (422, "bad_input"),
    EXIT_TOO_LARGE: (413, "too_large"),
    EXIT_FILE_ACCESS: (500, "file_access"),
}
"""CLI exit code -> (HTTP status, error code); anything else is a 500 ``internal``."""
NO_SPACE = frozenset({errno.ENOSPC, errno.EDQUOT})
"""The errors of a full disk (or quota): 507 Insufficient Storage, not 500."""


@dataclass(frozen=True)
class Answer:
    """What a job hands back to the web process: an HTTP status and a JSON body."""

    status: int
    body: dict[str, object]
    players: int | None = None
    seconds: float | None = None  # the solve's own time in the worker (no waiting counted)


def problem(status: int, code: str, message: str, **extra: object) -> Answer:
    """An error answer of the common shape."""
    error: dict[str, object] = {"code": code, "message": message, "located": message}
    error.update(extra)
    return Answer(status, {"error": error})


def unexpected(exc: BaseException) -> Answer:
    """The answer to an error nobody foresaw: 507 when the disk is full (whoever wrote: the
    service itself writes no file a request could fill, see :mod:`mipair.service.jobs`), else a
    500 naming the error. Never a traceback."""
    if isinstance(exc, OSError) and exc.errno in NO_SPACE:
        return problem(
            507,
            "insufficient_storage",
            f"the server has no space left ({exc.strerror or exc}); retry later",
        )
    return problem(500, "internal", f"internal error: {type(exc).__name__}: {exc}")


def from_mipair_error(exc: MipairError) -> Answer:
    """The answer to a mipair error (its file is the upload's name: jobs read no path)."""
    status, code = STATUS_OF_EXIT.get(exc.exit_code, (500, "internal"))
    return Answer(
        status,
        {
            "error": {
                "code": code,
                "exit_code": exc.exit_code,
                "message": exc.message,
                "located": exc.located(),
                "file": exc.file,
                "line": exc.line,
                "field": exc.field,
            }
        },
    )
