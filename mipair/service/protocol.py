"""The HTTP connection below the application: uvicorn's h11 protocol with what it lacks.

uvicorn waits for a request's headers as long as a client cares to send them,
keeps every connection it accepts, and answers a request h11 cannot parse
with a plain-text 400. :class:`GuardedProtocol` (one class a set of settings:
:func:`protocol_for`, given to uvicorn by :func:`uvicorn_options`) adds:

* a header read timeout: a connection whose request line and headers are not
  all in ``header_timeout`` seconds after it opened (or after the first byte
  of its next request, on a kept-alive connection) is answered 408 and closed;
* a cap on open connections: past ``max_connections``, a new connection is
  answered 503 (Retry-After) and closed at once, so the file descriptors the
  server holds stay bounded whatever clients do;
* errors in the service's JSON shape (:func:`mipair.service.problems.problem`)
  for what h11 refuses before the application sees a request: a garbage
  request line, ``Content-Length: -1`` (400), a request line and headers past
  :data:`HEADER_BYTES`, e.g. a long query string (431), a transfer coding it
  does not know (501).

Each refusal is written, the connection half-closed, and what the client
still sends read and dropped for at most :data:`LINGER_SECONDS` before it is
closed: closing a socket with unread data resets it, and the client could lose
the answer. A connection past the cap is answered and closed at once, what
it has already sent read first (:meth:`GuardedProtocol.drain`), so that the
cap holds whatever clients send. A request's body is not timed here: the cap
bounds the connections slow bodies can hold (and a proxy in front times them,
``deploy/kubernetes/``). Everything else (keep-alive, pipelining, flow control)
is uvicorn's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from mipair.service.problems import problem
from mipair.service.settings import Settings

HEADER_BYTES = 16 * 1024
"""The largest request line and headers read (h11's default): past it 431."""
LINGER_SECONDS = 1.0
"""How long a refused connection's further bytes are read and dropped before it is closed."""
BACKLOG = 2048
"""uvicorn's listen backlog, lowered to ``max_connections`` when that is smaller: asyncio
accepts up to the backlog's count of connections before it tells the protocol of any, so the
server holds at most ``max_connections`` plus that many for an instant."""
DRAIN_BYTES = 64 * 1024
"""What a connection past the cap may have sent before it is answered and closed, read."""
H11_ERRORS = {
    400: ("bad_request", "not a valid HTTP/1.1 request"),
    431: ("headers_too_large", f"the request line and headers pass {HEADER_BYTES} bytes"),
    501: ("not_implemented", "not supported by this server"),
}
"""h11's status for what it refuses -> (error code, what the message says)."""
MESSAGE_CHARS = 120
"""At most this much of h11's own words (which quote the client's bytes) is sent back."""


class ParsingConnection(h11.Connection):
    """h11's server side, keeping the last error it found in what the client sent (uvicorn
    passes on only a fixed message)."""

    error: h11.RemoteProtocolError | None = None

    def next_event(self) -> Any:
        try:
            return super().next_event()
        except h11.RemoteProtocolError as exc:
            self.error = exc
            raise


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a header timeout, a connection cap and JSON refusals."""

    header_timeout: float = Settings.header_timeout
    max_connections: int = Settings.max_connections
    retry_after: int = Settings.retry_after

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parser = ParsingConnection(h11.SERVER, HEADER_BYTES)
        self.conn = self.parser
        self.header_timer: asyncio.TimerHandle | None = None
        self.refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            self.refuse(
                503,
                "too_many_connections",
                f"the server keeps at most {self.max_connections} connections open; "
                f"retry in {self.retry_after} s",
                linger=0.0,
                retry_after=self.retry_after,
            )
        else:
            self.watch_headers()

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return  # read and dropped until the connection closes
        super().data_received(data)
        if self.awaiting_headers():
            self.watch_headers()  # the next request on a kept-alive connection has begun
        else:
            self.stop_watching()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_watching()
        super().connection_lost(exc)

    def awaiting_headers(self) -> bool:
        """Is the connection between requests, or inside a request line and headers?"""
        return self.conn.our_state is h11.IDLE and self.conn.their_state is h11.IDLE

    def watch_headers(self) -> None:
        if self.header_timer is None and not self.transport.is_closing():
            self.header_timer = self.loop.call_later(self.header_timeout, self.headers_late)

    def stop_watching(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def headers_late(self) -> None:
        """The header timeout has passed: 408 unless a request has come in meanwhile."""
        self.header_timer = None
        if self.awaiting_headers() and not self.transport.is_closing():
            self.refuse(
                408,
                "header_timeout",
                f"the request line and headers did not arrive within {self.header_timeout:g} s",
            )

    def send_400_response(self, msg: str) -> None:
        """What h11 could not parse, in the service's shape (uvicorn's is plain text)."""
        error = self.parser.error
        status = error.error_status_hint if error is not None else 400
        code, what = H11_ERRORS.get(status, H11_ERRORS[400])
        said = str(error or msg)
        self.refuse(status, code, f"{what}: {said[:MESSAGE_CHARS]}")

    def refuse(
        self,
        status: int,
        code: str,
        message: str,
        linger: float = LINGER_SECONDS,
        **extra: Any,
    ) -> None:
        """Answer ``status`` in the error shape, then close: after ``linger`` seconds, or as
        soon as the client closes its end (0: at once, what it has sent read first)."""
        self.stop_watching()
        self.refused = True
        body = json.dumps(problem(status, code, message, **extra).body).encode()
        head = [
            f"HTTP/1.1 {status} {HTTPStatus(status).phrase}",
            "content-type: application/json",
            f"content-length: {len(body)}",
            "connection: close",
        ]
        if "retry_after" in extra:
            head.append(f"retry-after: {extra['retry_after']}")
        self.transport.write("\r\n".join(head).encode("ascii") + b"\r\n\r\n" + body)
        if not linger:
            self.drain()
            self.transport.close()
            return
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(linger, self.transport.close)

    def drain(self) -> None:
        """Read and drop what the client has already sent (at most :data:`DRAIN_BYTES`), so
        that closing at once sends the answer and a FIN rather than a reset."""
        socket = self.transport.get_extra_info("socket")
        read = 0
        with contextlib.suppress(OSError):  # nothing more to read now (or no socket)
            while read < DRAIN_BYTES and (chunk := os.read(socket.fileno(), DRAIN_BYTES)):
                read += len(chunk)


def protocol_for(settings: Settings) -> type[GuardedProtocol]:
    """:class:`GuardedProtocol` with ``settings``' timeout and cap (uvicorn makes one instance
    a connection from the class it is given)."""
    return type(
        "GuardedProtocol",
        (GuardedProtocol,),
        {
            "header_timeout": settings.header_timeout,
            "max_connections": settings.max_connections,
            "retry_after": settings.retry_after,
        },
    )


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for the service: the guarded protocol (never httptools, which has
    none of it), no WebSocket, the keep-alive of ``settings``."""
    return {
        "http": protocol_for(settings),
        "ws": "none",
        "timeout_keep_alive": settings.keep_alive,
        "h11_max_incomplete_event_size": HEADER_BYTES,
        "backlog": min(BACKLOG, settings.max_connections),
    }
