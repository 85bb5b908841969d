"""The desk's store in the web process: opened (and migrated) on first use, called in threads.

The store is SQLAlchemy on SQLite or PostgreSQL (:mod:`mipair.store`); its calls
block, so every one runs in the thread pool (:func:`call`), never in the event
loop. The database is opened when a desk route is first asked, not at start:
a service that only pairs uploads never creates a database, and a database
that cannot be reached is answered 503 by the desk's routes while the rest of
the service works on (it is tried again at the next request).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from fastapi import Request
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mipair.service.logs import log_request
from mipair.service.runner import new_request_id
from mipair.service.settings import Settings
from mipair.store import Store, database_url, open_store

T = TypeVar("T")


class DeskStore:
    """The store of a running service (one a process), opened once."""

    def __init__(self, settings: Settings) -> None:
        self.url = database_url(settings.database or None, settings.data or None)
        self.lock = threading.Lock()
        self.store: Store | None = None

    def get(self) -> Store:
        """The open store (opened and migrated on first call; DatabaseUnavailable when it
        cannot be)."""
        with self.lock:
            if self.store is None:
                self.store = open_store(self.url)
            return self.store

    def close(self) -> None:
        with self.lock:
            if self.store is not None:
                self.store.close()
                self.store = None


def desk_store(request: Request) -> DeskStore:
    found: DeskStore = request.app.state.desk_store
    return found


async def call(request: Request, function: Callable[..., T], *args: object) -> T:
    """``function(store, *args)`` in the thread pool."""
    holder = desk_store(request)

    def run() -> T:
        return function(holder.get(), *args)

    return await run_in_threadpool(run)


DESK_PATHS = ("/v1/desk/", "/v1/public/")
"""The desk's routes, logged by :class:`RequestLog`."""


class RequestLog:
    """One JSON log line for each request to the desk's routes, as for the pairing routes: its
    id (also the answer's X-Request-ID), the route, its status and time. (A plain ASGI
    middleware: the other routes pass through untouched.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(DESK_PATHS):
            await self.app(scope, receive, send)
            return
        request_id, started, status = new_request_id(), time.perf_counter(), 500

        async def answering(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [
                    *message.get("headers", []),
                    (b"x-request-id", request_id.encode()),
                ]
            await send(message)

        try:
            await self.app(scope, receive, answering)
        finally:
            route = getattr(scope.get("route"), "path", scope["path"])
            outcome = "ok" if status < 400 else str(status)
            seconds = time.perf_counter() - started
            log_request(
                request_id, f"{scope['method']} {route}", None, None, seconds, status, outcome
            )
