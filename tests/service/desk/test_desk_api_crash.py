"""A server killed with SIGKILL in the middle of result entry loses nothing it confirmed.

A director posts a round's results one after another to a real ``mipair serve``; after a few
have been confirmed (200), the server and its workers are killed (kill -9) while the next
requests are in flight. A new server on the same database then shows every confirmed result;
a request that was never answered may or may not have been kept, and nothing else changed.
On SQLite (the data folder), and on PostgreSQL when ``MIPAIR_TEST_POSTGRES_URL`` names a
server."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director, chess_file, desk_server, store_environment
from tests.support.service_server import running_server, worker_processes
from tests.support.store_databases import KINDS, fresh_database

RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2": "½-½"}
CONFIRMED_BEFORE_KILL = 6


@pytest.mark.parametrize("kind", KINDS)
def test_a_killed_server_keeps_every_confirmed_result(kind: str, tmp_path: Path) -> None:
    with fresh_database(kind, tmp_path) as url:
        confirmed: dict[int, str] = {}
        with desk_server(tmp_path, url, accounts=("anna",)) as server:
            anna = Director(server, "anna")
            tournament = anna.import_files({"open.trf": chess_file(60)})
            base = f"/v1/desk/tournaments/{tournament}"
            started = anna.revision

            def enter() -> None:
                for board in range(1, 31):
                    result = list(RESULTS)[board % 3]
                    body = {
                        "revision": anna.revision,
                        "results": [{"board": board, "result": result}],
                    }
                    try:
                        answer = anna.post(f"{base}/rounds/1/results", body)
                    except httpx.HTTPError:
                        return  # the server is gone: this one was never confirmed
                    assert answer.status_code == 200, answer.text
                    anna.revision = answer.json()["revision"]
                    confirmed[board] = RESULTS[result]

            entering = threading.Thread(target=enter)
            entering.start()
            while len(confirmed) < CONFIRMED_BEFORE_KILL and entering.is_alive():
                time.sleep(0.005)
            for pid in [*worker_processes(server.pid), server.pid]:
                os.kill(pid, signal.SIGKILL)
            entering.join()
        assert CONFIRMED_BEFORE_KILL <= len(confirmed) < 30
        with running_server(store_environment(tmp_path, url), workers=1, large_workers=0) as again:
            anna = Director(again, "anna")
            boards = anna.get(f"{base}/rounds/1")["pairing"]["boards"]
            entered = {b["board"]: b["result"] for b in boards if b["result"]}
            assert {b: entered.get(b) for b in confirmed} == confirmed
            assert set(entered) - set(confirmed) <= {max(confirmed) + 1}  # the one in flight
            history = anna.get(f"{base}/revisions")["revisions"]
            assert history[-1]["revision"] == started and len(history) == 1 + len(entered)
            anna.close()
