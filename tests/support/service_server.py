"""A real mipair service on 127.0.0.1 for the tests: ``mipair serve`` in a subprocess, free port.

The command is the ``mipair`` script the wheel installs (``bin/mipair``) run by this Python with
the checkout on the path, as an installed ``mipair serve`` runs: its worker processes start by
spawn, which runs that script again in each (``tests/product/test_readme_commands.py`` runs the
installed one itself)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from httpx import Response

from tests.support.installed_command import mipair
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios"


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """A running service: its base URL, the file its stderr (the JSON log) goes to, its process."""

    url: str
    log: Path
    pid: int = 0

    def client(self, timeout: float = 120.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)

    def log_lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()


@contextmanager
def running_server(
    environment: dict[str, str] | None = None, *, warm: bool = True, **settings: object
) -> Iterator[Server]:
    """``mipair serve`` with ``MIPAIR_SERVICE_<NAME>`` = each setting (and ``environment``), until
    /health answers 200 (its workers warm), or with ``warm=False`` until it answers at all."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(environment or {}))
    env.update({f"MIPAIR_SERVICE_{k.upper()}": str(v) for k, v in settings.items()})
    with tempfile.TemporaryDirectory(prefix="mipair-service-test-") as folder:
        log = Path(folder) / "stderr.log"
        with open(log, "wb") as stderr:
            process = subprocess.Popen(
                [sys.executable, str(ROOT / "bin" / "mipair"), "serve", "--port", str(port)],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        try:
            server = Server(f"http://127.0.0.1:{port}", log, process.pid)
            wait_healthy(server, process, warm=warm)
            yield server
        finally:
            stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server as its operator would (SIGTERM), killing it after 15 s."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def worker_processes(server_pid: int) -> list[int]:
    """The worker processes of the service running as ``server_pid`` (multiprocessing's
    spawned children)."""
    children = []
    for task in Path(f"/proc/{server_pid}/task").iterdir():
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return [pid for pid in children if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]


def wait_healthy(
    server: Server, process: subprocess.Popen[bytes], seconds: float = 60, warm: bool = True
) -> None:
    """Wait until /health answers 200, or anything with ``warm=False`` (or the process ends:
    fail with its log)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"mipair serve exited: {server.log.read_text()}")
        try:
            if httpx.get(server.url + "/health", timeout=2).status_code == 200 or not warm:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"mipair serve did not answer /health in {seconds} s: {server.log.read_text()}"
    )


def post_file(server: Server, endpoint: str, path: Path, **params: object) -> Response:
    """``POST /v1/ENDPOINT`` with the file at ``path`` as the body, ``params`` as the query."""
    with server.client() as client:
        return client.post(f"/v1/{endpoint}", params=params, content=path.read_bytes())


def assert_pair_is_the_commands(
    server: Server, system: str, path: Path, named: Mapping[str, str]
) -> None:
    """``/v1/pair`` on ``path`` (``named``: the system named, or found from the file) gives
    the boards ``mipair solve`` gives, and the drop-in form's text (``--SYSTEM -p``)."""
    answer = post_file(server, "pair", path, **named)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    solved = json.loads(mipair("solve", path, "--json").stdout)
    assert body["system"] == system and body["rules"] == "2026"
    assert body["boards"] == solved["boards"] and body["bye"] == solved["bye"]
    assert body["text"] == mipair(f"--{system}", path, "-p").stdout
