"""No file a request creates outlives it, and a full disk does not stop the service, against a
real server (``mipair serve``): 20 uploads cancelled mid-solve leave nothing in the server's
TMPDIR; with TMPDIR on a 1 MB tmpfs (mounted here when the tests run as root), a 1.5 MB upload
through the page is paired (a part spooled to a file would not fit), and with the tmpfs full
every request is answered as usual, in the JSON shape, until space returns and after."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.support.paths import DATA

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)

from tests.support.service_server import SCENARIOS, Server, running_server

SLOW = (DATA / "service" / "field300.trf").read_bytes()
SMALL = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
INFEASIBLE = (SCENARIOS / "infeasible" / "rr4-exhausted.trfx").read_bytes()
PADDED = SMALL + b"### a comment line the TRF reader skips, to make the file large\n" * 24_000
"""small.trfx grown to about 1.5 MB by comment lines: larger than the 1 MB tmpfs."""


def files_in(folder: Path) -> list[str]:
    return [os.path.join(root, name) for root, _, names in os.walk(folder) for name in names]


def cancel_upload(server: Server, body: bytes, after: float = 0.4) -> None:
    """POST ``body`` to /v1/check and hang up ``after`` seconds later, mid-solve."""
    address = urlsplit(server.url)
    with socket.create_connection((address.hostname, address.port)) as sock:
        sock.sendall(
            b"POST /v1/check?name=round.trf HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/octet-stream\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        time.sleep(after)


def idle(server: Server, seconds: float = 60) -> None:
    """Wait until no request is inside the service (the cancelled ones have left)."""
    deadline = time.monotonic() + seconds
    with server.client() as client:
        while time.monotonic() < deadline:
            lanes = client.get("/health").json()["lanes"]
            if all(lane["requests"] == 0 for lane in lanes.values()):
                return
            time.sleep(0.2)
    raise AssertionError(f"requests still inside after {seconds} s: {lanes}")


def test_twenty_cancelled_uploads_leave_no_file(tmp_path: Path):
    with running_server({"TMPDIR": str(tmp_path)}, workers=1, large_workers=0) as server:
        for _ in range(20):
            cancel_upload(server, SLOW)
        idle(server)
        time.sleep(1)  # a stopped worker's replacement has started
        assert files_in(tmp_path) == []
        cancelled = [line for line in server.log_lines() if '"cancelled"' in line]
        assert len(cancelled) == 20
        with server.client() as client:
            assert client.post("/v1/pair", content=SMALL).status_code == 200
    assert files_in(tmp_path) == []


@contextlib.contextmanager
def small_tmpfs(folder: Path) -> Iterator[Path]:
    """A 1 MB tmpfs mounted at ``folder`` (skips unless this process may mount one)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a 1 MB tmpfs for the server's TMPDIR needs root")
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write to ``folder`` until its file system is full; the file that fills it."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    with pytest.raises(OSError), tempfile.TemporaryFile(dir=folder) as probe:
        probe.write(b"\0" * 8192)
        probe.flush()
    return filler


def every_kind_of_request(server: Server) -> list[httpx.Response]:
    """A pairing, an explanation, a check, a bad file, a cancelled upload and the page's 1.5 MB
    upload; the API's answers (the page's is HTML and must be its round)."""
    with server.client() as client:
        answers = [
            client.post("/v1/pair", content=SMALL),
            client.post("/v1/explain", content=INFEASIBLE),
            client.post("/v1/check", content=SMALL),
            client.post("/v1/pair", content=b"not a tournament\n"),
        ]
        cancel_upload(server, SLOW)
        page = client.post(
            "/arbiter", files={"tournament": ("padded.trfx", PADDED)}, data={"system": "dutch"}
        )
        assert page.status_code == 200 and 'id="round"' in page.text, page.text[:500]
        answers.append(client.post("/v1/pair", content=SMALL))
    return answers


def test_a_full_tmpdir_changes_no_answer(tmp_path: Path):
    with (
        small_tmpfs(tmp_path / "tmpfs") as tmpfs,
        running_server({"TMPDIR": str(tmpfs)}, workers=1, large_workers=0) as server,
    ):
        roomy = every_kind_of_request(server)
        filler = fill(tmpfs)
        full = every_kind_of_request(server)
        filler.unlink()
        again = every_kind_of_request(server)
        idle(server)
        for answers in (roomy, full, again):
            assert [a.status_code for a in answers] == [200, 200, 200, 422, 200]
            for answer in answers:
                assert answer.headers["content-type"] == "application/json"
                json.loads(answer.text)
        assert full[0].json()["text"] == roomy[0].json()["text"]
        assert files_in(tmpfs) == []


def test_the_page_form_is_read_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Without root too: the page's form reader, given a 1.5 MB file part, creates no temporary
    file (tempfile's folder is a regular file here: any file it made would fail)."""
    import asyncio

    from starlette.requests import Request

    from mipair.service.limits import read_form

    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_bytes(b"")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_folder))
    sent = httpx.Request("POST", "http://x/arbiter", files={"tournament": ("big.trfx", PADDED)})
    body = sent.read()
    chunks = [body[k : k + 65536] for k in range(0, len(body), 65536)]

    async def receive() -> dict[str, object]:
        chunk = chunks.pop(0) if chunks else b""
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/arbiter",
        "headers": [(k.lower().encode(), v.encode()) for k, v in sent.headers.items()],
    }

    async def read() -> bytes:
        form = await read_form(Request(scope, receive), 2 * len(PADDED), 8)
        return await form["tournament"].read()  # type: ignore[union-attr]

    assert asyncio.run(read()) == PADDED


def test_a_full_disk_is_507_in_the_error_shape():
    """Should anything ever meet a full disk (no request writes a file now), its answer is a 507
    in the service's shape, not a 500."""
    from mipair.service.problems import unexpected

    full = unexpected(OSError(errno.ENOSPC, "No space left on device"))
    assert full.status == 507 and full.body["error"]["code"] == "insufficient_storage"  # type: ignore[index]
    other = unexpected(ValueError("something else"))
    assert other.status == 500 and "ValueError" in other.body["error"]["message"]  # type: ignore[index]
