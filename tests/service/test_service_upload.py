"""The page's upload is bounded while it streams: 1 GB sent to ``/arbiter`` (chunked, so no
Content-Length warns the server) is refused with 413 while the server's temporary space grows
by less than the upload limit."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)

from tests.support.service_server import Server, running_server

MAX_BYTES = 100_000
GIGABYTE = 2**30
CHUNK = 2**20


@pytest.fixture(scope="module")
def temporary(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("server-tmp")


@pytest.fixture(scope="module")
def server(temporary: Path) -> Iterator[Server]:
    with running_server({"TMPDIR": str(temporary)}, workers=1, max_bytes=MAX_BYTES) as running:
        yield running


def used(folder: Path) -> int:
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):  # a file removed while counted
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
    return total


def send_gigabyte(server: Server) -> tuple[int, bytes]:
    """Post 1 GB of form upload in chunks (until the server closes); (bytes sent, answer)."""
    address = urlsplit(server.url)
    boundary = "mipairboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="tournament"; '
        'filename="huge.trf"\r\nContent-Type: application/octet-stream\r\n\r\n'
    ).encode()
    sent = 0
    with socket.create_connection((address.hostname, address.port), timeout=60) as sock:
        sock.sendall(
            b"POST /arbiter HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
            + f"Content-Type: multipart/form-data; boundary={boundary}\r\n\r\n".encode()
        )
        payload = b"012 " + b"x" * (CHUNK - 4)
        try:
            sock.sendall(b"%x\r\n%s\r\n" % (len(head), head))
            while sent < GIGABYTE:
                sock.sendall(b"%x\r\n%s\r\n" % (len(payload), payload))
                sent += len(payload)
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed: the rest was never read
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return sent, answer


def test_a_gigabyte_upload_is_refused_while_it_streams(server: Server, temporary: Path):
    before = used(temporary)
    peak = [before]
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], used(temporary))
            stop.wait(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        sent, answer = send_gigabyte(server)
    finally:
        stop.set()
        watcher.join()
    assert peak[0] - before < MAX_BYTES, f"temporary space grew by {peak[0] - before} bytes"
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"larger than" in answer or b"at most" in answer
    assert sent > 100 * MAX_BYTES  # the server was sent far more than it kept
    with server.client() as client:
        assert client.get("/health").status_code == 200
