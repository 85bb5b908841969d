"""The FastAPI application: the JSON API, the arbiters' pages, errors as JSON, the worker lanes.

``create_app(settings)`` builds it; the lanes start with the app and stop
with it. Run it with ``mipair serve`` (:mod:`mipair.cli.serve`), which gives
uvicorn the service's connection edges (:mod:`mipair.service.protocol`: header
timeout, connection cap, JSON answers to what is not HTTP), or under any ASGI
server without them: ``uvicorn --factory mipair.service.app:create_app``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from mipair import SYSTEMS_NAMED, __version__
from mipair.errors import MipairError
from mipair.service import docs, page, routes
from mipair.service.desk import auth, public, rounds, tournaments
from mipair.service.desk.answers import mipair_error
from mipair.service.desk.storage import DeskStore, RequestLog
from mipair.service.desk_pages import day, director
from mipair.service.desk_pages import public as public_pages
from mipair.service.desk_pages.frame import NotShown, SignInFirst, not_shown, sign_in_first
from mipair.service.limits import Refused
from mipair.service.logs import setup_logging
from mipair.service.problems import problem, unexpected
from mipair.service.runner import Service, start_warm_up
from mipair.service.settings import Settings

HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


def error_json(status: int, code: str, message: str, headers=None) -> JSONResponse:
    """The service's one error shape."""
    return JSONResponse(problem(status, code, message).body, status_code=status, headers=headers)


async def invalid_request(request: Request, exc: Exception) -> JSONResponse:
    """A request FastAPI cannot read (a query parameter missing or mistyped): 422, our shape."""
    details = exc.errors() if isinstance(exc, RequestValidationError) else []
    message = "; ".join(
        f"{'.'.join(str(part) for part in d.get('loc', ()))}: {d.get('msg', '')}" for d in details
    )
    return error_json(422, "bad_request", message)


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """404, 405 and the framework's other HTTP errors, in the service's shape."""
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, "http_error")
    message = f"{request.method} {request.url.path}: {exc.detail}"
    return error_json(exc.status_code, code, message, getattr(exc, "headers", None))


async def refused(request: Request, exc: Exception) -> JSONResponse:
    """A request the service will not take (raised by a route): its answer and headers."""
    assert isinstance(exc, Refused)
    return JSONResponse(exc.answer.body, status_code=exc.answer.status, headers=exc.headers)


async def unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    """Whatever else goes wrong in the web process: the service's shape (507 for a full disk),
    never Starlette's plain-text 500 (the error is still logged with its traceback)."""
    answer = unexpected(exc)
    return JSONResponse(answer.body, status_code=answer.status)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The service with ``settings`` (default: from the environment)."""
    chosen = settings or Settings.from_environment()
    setup_logging()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service = Service.start(chosen)
        app.state.service = service
        app.state.desk_store = DeskStore(chosen)
        warming = await start_warm_up(service)
        try:
            yield
        finally:
            warming.cancel()
            for lane in service.lanes.values():
                lane.pool.close()
            app.state.desk_store.close()

    app = FastAPI(
        title="mipair",
        version=__version__,
        description=(
            f"Tournament pairing as a service for {SYSTEMS_NAMED}, through one interface. "
            "The tournament file is the raw body. "
            "The arbiter's desk (`/v1/desk/...`): directors sign in and run their tournaments "
            "kept as revisions; players read them by their public link (`/v1/public/...`). "
            'Every error is `{"error": {...}}`, those of the connection too: 400 not HTTP, 408 '
            "headers too slow, 431 headers too large, 501 a transfer coding not known, 503 too "
            "many connections."
        ),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Refused, refused)
    app.add_exception_handler(MipairError, mipair_error)
    app.add_exception_handler(SignInFirst, sign_in_first)
    app.add_exception_handler(NotShown, not_shown)
    app.add_exception_handler(Exception, unexpected_error)
    app.add_middleware(RequestLog)
    app.include_router(routes.router)
    for desk_router in (auth.router, tournaments.router, rounds.router, public.router):
        app.include_router(desk_router)
    for pages in (director.router, day.router, public_pages.router):
        app.include_router(pages)
    app.include_router(page.router)
    app.include_router(docs.router)
    docs.mount_static(app)
    return app
