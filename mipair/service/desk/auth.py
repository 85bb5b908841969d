"""Who is asking: directors signed in by a session cookie or a bearer token, and CSRF.

* ``POST /v1/desk/sign-in`` checks the name and password through the store
  (argon2, failures limited per account and per address: 429 past them) and
  sets the session cookie: HttpOnly (no script reads it), SameSite=Lax (no
  other site's form or script sends it with a change), Secure as
  ``--secure-cookies`` says, for the session's lifetime. The answer carries
  the session's CSRF token.
* Every request made with the cookie that changes something (any method but
  GET, HEAD, OPTIONS) must carry the session's CSRF token in the
  ``X-CSRF-Token`` header (a page's form sends it as the ``csrf_token``
  field: :func:`check_csrf`), else 403: a page of another site can neither
  read the token nor set the header.
* ``POST /v1/desk/tokens`` gives a platform a bearer token instead (the same
  kind of session, no cookie): ``Authorization: Bearer TOKEN``. A bearer
  token is never sent by a browser on its own, so it needs no CSRF token.
* A request without a valid session gets 401 in the error shape, never data.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fastapi import APIRouter, Depends, Request, Security
from fastapi.responses import JSONResponse, Response
from fastapi.security import APIKeyCookie, APIKeyHeader, HTTPBearer

from mipair.service.desk.schemas import SignIn
from mipair.service.desk.storage import call
from mipair.service.docs import error_responses
from mipair.service.limits import Refused
from mipair.service.problems import problem
from mipair.store import Director
from mipair.store.schema import utc_now
from mipair.store.sessions import (
    close_session,
    csrf_token,
    csrf_valid,
    open_session,
    session_director,
)
from mipair.store.signin import sign_in

COOKIE = "mipair_session"
"""The session cookie's name."""
CSRF_HEADER = "X-CSRF-Token"
"""The header a change made with the cookie carries its CSRF token in."""
CSRF_FIELD = "csrf_token"
"""The form field a page's form carries it in."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: no CSRF token needed."""


@dataclass(frozen=True)
class Signed:
    """A signed-in director, the session's token and whether it came in the cookie."""

    director: Director
    token: str
    by_cookie: bool


def presented_token(request: Request) -> tuple[str, bool] | None:
    """The session token a request presents (a bearer token first, else the cookie) and
    whether it is the cookie."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip(), False
    cookie = request.cookies.get(COOKIE)
    return (cookie, True) if cookie else None


def signed_out(message: str) -> Refused:
    return Refused(
        problem(401, "signed_out", message), {"WWW-Authenticate": 'Bearer realm="mipair"'}
    )


async def signed_in(request: Request) -> Signed:
    """The director the request's session belongs to, else 401."""
    found = presented_token(request)
    if found is None:
        raise signed_out("sign in first (POST /v1/desk/sign-in, or a bearer token)")
    token, by_cookie = found
    director = await call(request, session_director, token)
    if director is None:
        raise signed_out("this session has ended (signed out, expired or password changed)")
    return Signed(director, token, by_cookie)


def check_csrf(request: Request, signed: Signed, field: str | None = None) -> None:
    """403 unless a change made with the cookie carries the session's CSRF token (in the
    header, or in the form field ``field`` a page sends)."""
    if not signed.by_cookie or request.method in SAFE_METHODS:
        return
    candidate = request.headers.get(CSRF_HEADER) or field or ""
    if not csrf_valid(signed.token, candidate):
        raise Refused(
            problem(
                403,
                "csrf",
                f"a change made with the session cookie needs its CSRF token ({CSRF_HEADER} "
                "header, given at sign-in and by GET /v1/desk/me)",
            )
        )


BEARER = HTTPBearer(auto_error=False, description="A token from POST /v1/desk/tokens.")
SESSION = APIKeyCookie(
    name=COOKIE, auto_error=False, description="The session cookie set by POST /v1/desk/sign-in."
)
CSRF = APIKeyHeader(
    name=CSRF_HEADER,
    auto_error=False,
    description="With the cookie, a change's CSRF token (given at sign-in and by /v1/desk/me).",
)


async def director(
    request: Request,
    _bearer: object = Security(BEARER),
    _session: object = Security(SESSION),
    _csrf: object = Security(CSRF),
) -> Signed:
    """The signed-in director of a JSON API request (its CSRF token checked for a change).
    The security schemes only describe the ways in for the OpenAPI document: the request
    itself is read by :func:`signed_in` and :func:`check_csrf`."""
    signed = await signed_in(request)
    check_csrf(request, signed)
    return signed


def secure_cookie(request: Request) -> bool:
    """Whether the session cookie is Secure (``--secure-cookies``)."""
    mode = request.app.state.service.settings.secure_cookies
    return mode == "always" or (mode == "auto" and request.url.scheme == "https")


router = APIRouter(prefix="/v1/desk", tags=["desk: directors"])
AUTH_ERRORS = error_responses(401, 403, 422, 429, 503)


def session_json(director: Director, token: str, expires_at: object, cookie: bool) -> dict:
    return {
        "director": director.name,
        "csrf_token": csrf_token(token) if cookie else None,
        "expires_at": expires_at.isoformat() if hasattr(expires_at, "isoformat") else None,
    }


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("/sign-in", responses=AUTH_ERRORS)
async def sign_in_route(body: SignIn, request: Request) -> JSONResponse:
    """Sign in: the session cookie is set, and the answer gives its CSRF token (send it as
    `X-CSRF-Token` with every change). 401 for a wrong name or password, 429 past the
    store's limits (per account and per address)."""
    director = await call(request, sign_in, body.name, body.password, client_address(request))
    opened = await call(request, open_session, director)
    response = JSONResponse(session_json(director, opened.token, opened.expires_at, True))
    set_session_cookie(request, response, opened.token, opened.expires_at)
    return response


def set_session_cookie(
    request: Request, response: Response, token: str, expires_at: datetime
) -> None:
    """The session cookie on ``response``: HttpOnly, SameSite=Lax, Secure as configured, for
    the session's lifetime (signing in through the API or the pages)."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=int((expires_at - utc_now()).total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure_cookie(request),
    )


def clear_session_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


@router.post("/sign-out", responses=AUTH_ERRORS)
async def sign_out_route(request: Request, signed: Signed = Depends(director)) -> JSONResponse:
    """End this session (the cookie's, or the bearer token's)."""
    await call(request, close_session, signed.token)
    response = JSONResponse({"director": None})
    clear_session_cookie(response)
    return response


@router.get("/me", responses=AUTH_ERRORS)
async def me(request: Request, signed: Signed = Depends(director)) -> dict:
    """Who is signed in, and the session's CSRF token (for a page loaded again)."""
    return session_json(signed.director, signed.token, None, signed.by_cookie)


@router.post("/tokens", responses=AUTH_ERRORS)
async def token_route(body: SignIn, request: Request) -> dict:
    """Sign in for a program: a bearer token (`Authorization: Bearer TOKEN`), no cookie;
    it needs no CSRF token. It lasts as long as a session and ends with sign-out."""
    director = await call(request, sign_in, body.name, body.password, client_address(request))
    opened = await call(request, open_session, director)
    return {
        "director": director.name,
        "token": opened.token,
        "expires_at": opened.expires_at.isoformat(),
    }
