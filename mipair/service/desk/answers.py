"""What the store and the desks refuse, as the service's one error shape.

Each refusal of the store says the status it is answered with
(:mod:`mipair.store.errors`); a desk's refusal is a mipair error answered as
every front door answers it (:func:`mipair.service.problems.from_mipair_error`:
422 bad input with its located line, 409 no pairing, 413 too large). A stale
revision also gives the revision to reload (``revision``); too many sign-ins
the seconds to wait (``retry_after``, and the Retry-After header).
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from mipair.errors import MipairError
from mipair.service.problems import Answer, from_mipair_error
from mipair.store import errors

STATUS: tuple[tuple[type[MipairError], int, str], ...] = (
    (errors.StaleRevision, 409, "stale_revision"),
    (errors.NothingToUndo, 409, "nothing_to_undo"),
    (errors.AccountExists, 409, "account_exists"),
    (errors.NotVisible, 404, "not_found"),
    (errors.NoSuchAccount, 404, "no_such_account"),
    (errors.NotAllowed, 403, "forbidden"),
    (errors.SignInRefused, 401, "sign_in_refused"),
    (errors.TooManyAttempts, 429, "too_many_attempts"),
    (errors.DocumentTooLarge, 413, "too_large"),
    (errors.InvalidValue, 422, "bad_input"),
    (errors.DatabaseUnavailable, 503, "database_unavailable"),
    (errors.SchemaNotCurrent, 503, "database_unavailable"),
)
"""A store's refusal -> its HTTP status and error code (the first class that matches)."""


def answer_of(exc: MipairError) -> Answer:
    """The answer to a mipair error raised by the store or a desk."""
    answer = from_mipair_error(exc)
    found = next(((s, c) for kind, s, c in STATUS if isinstance(exc, kind)), None)
    if found is None:
        return answer
    status, code = found
    error = dict(answer.body["error"])  # type: ignore[call-overload]
    error["code"] = code
    if isinstance(exc, errors.StaleRevision):
        error["revision"] = exc.current
        error["based_on"] = exc.based_on
    if isinstance(exc, errors.TooManyAttempts):
        error["retry_after"] = exc.retry_after
    return Answer(status, {"error": error})


def headers_of(exc: MipairError) -> dict[str, str]:
    if isinstance(exc, errors.TooManyAttempts):
        return {"Retry-After": str(exc.retry_after)}
    if isinstance(exc, errors.SignInRefused):
        return {"WWW-Authenticate": 'Bearer realm="mipair"'}
    return {}


async def mipair_error(request: Request, exc: Exception) -> JSONResponse:
    """The handler of a mipair error raised by a route: its answer in the error shape."""
    assert isinstance(exc, MipairError)
    answer = answer_of(exc)
    return JSONResponse(answer.body, status_code=answer.status, headers=headers_of(exc))
