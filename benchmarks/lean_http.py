"""A lean HTTP/1.1 client for the load benchmark: h11's protocol state machine over one
asyncio connection, kept alive between requests.

The load benchmark's clients run on the machine they measure. httpx's asynchronous
client spends 4-5 ms of CPU on each request (its pool, anyio, the request and response
models), which a 2-core machine takes from the service's workers; this one spends
0.7-1.0 ms (``load_service.py``'s 50 clients, 500 rounds of the service benchmark,
measured with ``getrusage``). It does what the benchmark needs and nothing more: one
request at a time per connection, ``Content-Length`` bodies, the answer read whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

import h11


@dataclass
class Answer:
    """A response: status, headers (names lower case) and body."""

    status_code: int
    headers: dict[str, str]
    content: bytes

    def json(self) -> dict:
        """The body as JSON."""
        return json.loads(self.content)


class Connection:
    """One kept-alive connection to ``url`` (http://host:port), opened on the first request
    and again after the server closes it; closed by :meth:`close` (the server then sees the
    client go)."""

    def __init__(self, url: str, timeout: float = 600.0) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.timeout = timeout
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._protocol = h11.Connection(h11.CLIENT)

    async def post(self, path: str, params: dict[str, str], body: bytes) -> Answer:
        """POST ``body`` to ``path?params``; the whole answer."""
        return await asyncio.wait_for(self._exchange(path, params, body), self.timeout)

    async def _exchange(self, path: str, params: dict[str, str], body: bytes) -> Answer:
        if self._streams is None or self._protocol.our_state is not h11.IDLE:
            await self.close()
            self._streams = await asyncio.open_connection(self.host, self.port)
            self._protocol = h11.Connection(h11.CLIENT)
        reader, writer = self._streams
        protocol = self._protocol
        target = f"{path}?{urlencode(params)}" if params else path
        headers = [("Host", f"{self.host}:{self.port}"), ("Content-Length", str(len(body)))]
        writer.write(
            protocol.send(h11.Request(method="POST", target=target, headers=headers))
            + protocol.send(h11.Data(data=body))
            + protocol.send(h11.EndOfMessage())
        )
        status, answer_headers, chunks = 0, {}, []
        while True:
            event = protocol.next_event()
            if event is h11.NEED_DATA:
                protocol.receive_data(await reader.read(1 << 16))
            elif isinstance(event, h11.Response):
                status = event.status_code
                answer_headers = {k.decode().lower(): v.decode() for k, v in event.headers}
            elif isinstance(event, h11.Data):
                chunks.append(bytes(event.data))
            elif isinstance(event, (h11.EndOfMessage, h11.ConnectionClosed)):
                break
        if protocol.our_state is h11.DONE and protocol.their_state is h11.DONE:
            protocol.start_next_cycle()
        return Answer(status, answer_headers, b"".join(chunks))

    async def close(self) -> None:
        """Close the connection (if open)."""
        if self._streams is not None:
            writer = self._streams[1]
            self._streams = None
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
