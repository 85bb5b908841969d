"""The FastAPI application: the JSON API, the arbiters' page, errors as JSON, the worker pool.

``create_app(settings)`` builds it; the pool starts with the app and stops
with it. Run it with ``mipair serve`` (:mod:`mipair.cli.serve`) or any ASGI
server: ``uvicorn --factory mipair.service.app:create_app``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from mipair import __version__
from mipair.service import page, routes
from mipair.service.logs import setup_logging
from mipair.service.runner import Service
from mipair.service.settings import Settings


async def invalid_request(request: Request, exc: Exception) -> JSONResponse:
    """A request FastAPI cannot read (a query parameter missing or mistyped): 422, our shape."""
    details = exc.errors() if isinstance(exc, RequestValidationError) else []
    message = "; ".join(
        f"{'.'.join(str(part) for part in d.get('loc', ()))}: {d.get('msg', '')}" for d in details
    )
    return JSONResponse(
        {"error": {"code": "bad_request", "message": message, "located": message}},
        status_code=422,
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    """The service with ``settings`` (default: from the environment)."""
    chosen = settings or Settings.from_environment()
    setup_logging()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service = Service.start(chosen)
        app.state.service = service
        try:
            yield
        finally:
            service.pool.close()

    app = FastAPI(
        title="mipair",
        version=__version__,
        description="Tournament pairing as a service: FIDE Dutch, PAPP, through one interface.",
        lifespan=lifespan,
    )
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.include_router(routes.router)
    app.include_router(page.router)
    return app
