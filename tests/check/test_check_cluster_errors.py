"""``mipair check --cluster`` with no scheduler behind the address: one line and exit 3 (not an
address) or 5 (nothing answers as a Dask scheduler), within the connection timeout, never a
hang or an internal error."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from tests.support.cli_process import ROOT, run_cli

pytest.importorskip("distributed", reason="Dask distributed (mipair[cluster]) is not installed")

SMALL = str(ROOT / "scenarios" / "dutch" / "small.trfx")


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections and never says a word (not a scheduler)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    server.close()


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("address", ["garbage", "tcp://host:notaport"])
def test_an_address_that_is_not_one_is_exit_3(address):
    done = run_cli("check", SMALL, "--cluster", address)
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("--cluster: not a scheduler address")
    assert len(done.stderr.splitlines()) == 1


def test_nothing_listening_is_exit_5():
    done = run_cli("check", SMALL, "--cluster", f"tcp://127.0.0.1:{unused_port()}")
    assert done.returncode == 5, done.stderr
    assert done.stderr.startswith("--cluster: cannot reach the cluster at")
    assert len(done.stderr.splitlines()) == 1


def test_a_port_that_is_not_a_scheduler_is_exit_5_not_a_hang(silent_port: int):
    done = run_cli("check", SMALL, "--cluster", f"tcp://127.0.0.1:{silent_port}")
    assert done.returncode == 5, done.stderr
    assert "no Dask handshake in 10 s" in done.stderr and len(done.stderr.splitlines()) == 1
