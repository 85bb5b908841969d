"""The service's edges below the application, against a real server (``mipair serve``): a
connection that sends its headers slowly is answered 408 and closed after the header timeout;
past the cap on open connections, a new one is answered 503 and closed at once, so the server's
file descriptors stay bounded; what h11 refuses before any request reaches the application (a
garbage request line, ``Content-Length: -1``, a 1 MB query string...) is answered in the
service's JSON error shape, never uvicorn's plain text."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)

from tests.support.service_server import Server, running_server

HEADER_TIMEOUT = 2.0
MAX_CONNECTIONS = 20
SLOW_START = b"GET /health HTTP/1.1\r\nHost: x\r\n"  # headers begun, never ended


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(
        workers=1,
        large_workers=0,
        header_timeout=HEADER_TIMEOUT,
        max_connections=MAX_CONNECTIONS,
    ) as running:
        yield running


def connect(server: Server, timeout: float = 30.0) -> socket.socket:
    address = urlsplit(server.url)
    return socket.create_connection((address.hostname, address.port), timeout=timeout)


def answer_of(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of what the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def error_of(status: int, headers: dict[str, str], body: bytes) -> dict[str, object]:
    """The error of an answer in the service's shape (failing when it is not)."""
    assert headers["content-type"] == "application/json", (status, headers, body[:200])
    error = json.loads(body)["error"]
    assert {"code", "message", "located"} <= set(error), error
    return error


def open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def wait_for_descriptors(pid: int, at_most: int, seconds: float) -> int:
    """The server's open file descriptors, once they are at most ``at_most`` (or the time is up)."""
    deadline = time.monotonic() + seconds
    while (count := open_descriptors(pid)) > at_most and time.monotonic() < deadline:
        time.sleep(0.1)
    return count


def test_slow_headers_are_answered_408_and_closed_after_the_timeout(server: Server):
    silent, slow = connect(server), connect(server)
    slow.sendall(SLOW_START)
    start = time.monotonic()
    for sock in (silent, slow):
        with sock:
            status, headers, body = answer_of(sock)
            waited = time.monotonic() - start
            assert status == 408
            assert error_of(status, headers, body)["code"] == "header_timeout"
            assert HEADER_TIMEOUT * 0.9 <= waited < HEADER_TIMEOUT + 5


def test_the_header_timeout_holds_for_the_next_request_of_a_kept_connection(server: Server):
    with connect(server) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200"), first[:100]
        sock.sendall(SLOW_START)  # the next request's headers begin and stop
        start = time.monotonic()
        status, headers, body = answer_of(sock)
        assert status == 408 and error_of(status, headers, body)["code"] == "header_timeout"
        assert time.monotonic() - start < HEADER_TIMEOUT + 5


def test_the_cap_on_open_connections_holds(server: Server):
    before = wait_for_descriptors(server.pid, 10_000, 0)
    held, refused = [], []
    for _ in range(MAX_CONNECTIONS + 30):
        sock = connect(server)
        sock.sendall(SLOW_START)
        held.append(sock)
    time.sleep(0.5)
    during = open_descriptors(server.pid)
    assert during <= before + MAX_CONNECTIONS + 2, (before, during)
    for sock in held:
        with sock:
            status, headers, body = answer_of(sock)
            if status == 503:
                refused.append(error_of(status, headers, body))
                assert int(headers["retry-after"]) >= 1
            else:
                assert status == 408
    assert len(refused) == 30
    assert {error["code"] for error in refused} == {"too_many_connections"}
    assert wait_for_descriptors(server.pid, before, 10) <= before
    with connect(server) as sock:  # room again
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert answer_of(sock)[0] == 200


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (b"GARBAGE\r\n\r\n", 400, "bad_request"),
        (b"POST /v1/pair HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, "bad_request"),
        (b"GET /health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400, "bad_request"),
        (b"GET /health HTTP/1.1\r\n\r\n", 400, "bad_request"),  # no Host
        (b"GET /health?" + b"q" * 1_000_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 431, ""),
        (b"POST /v1/pair HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, ""),
    ],
    ids=["garbage", "content-length-1", "header-line", "no-host", "query-1MB", "gzip"],
)
def test_what_the_http_parser_refuses_is_json(server: Server, request_bytes, status, code):
    with connect(server) as sock:
        sock.sendall(request_bytes)
        answer = answer_of(sock)
    error = error_of(*answer)
    assert answer[0] == status
    assert error["code"] == (code or {431: "headers_too_large", 501: "not_implemented"}[status])
    assert len(str(error["message"])) < 300  # the client's bytes are not echoed back in bulk
