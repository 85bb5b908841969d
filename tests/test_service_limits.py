"""The service's time limit and queue against a real server: a solve past its limit is killed
(504, the service answers on), and a request past the queue is refused at once (429).

The slow request is a real one: ``/v1/check`` of a 300-player, 5-round
tournament re-pairs five rounds, several seconds even on a fast machine,
held to a limit of 1.5 s.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from service_server import ROOT, SCENARIOS, Server, running_server

SLOW = (ROOT / "tests" / "data" / "service" / "field300.trf").read_bytes()
TIME_LIMIT = 1.5


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=1, queue=1, time_limit=TIME_LIMIT, retry_after=3) as running:
        yield running


def slow_check(server: Server):
    with server.client() as client:
        return client.post("/v1/check", content=SLOW, params={"name": "field300.trf"})


def test_a_solve_past_its_time_limit_is_504_and_the_service_answers_on(server: Server):
    answer = slow_check(server)
    assert answer.status_code == 504
    error = answer.json()["error"]
    assert error["code"] == "time_limit" and error["time_limit"] == TIME_LIMIT
    assert "limit of 1.5 s" in error["message"]
    with server.client() as client:
        after = client.post("/v1/pair", content=(SCENARIOS / "dutch" / "small.trfx").read_bytes())
        assert after.status_code == 200 and after.json()["round"] == 4
        assert client.get("/health").status_code == 200


def test_a_full_queue_is_429_with_retry_after(server: Server):
    with ThreadPoolExecutor(4) as threads:
        answers = list(threads.map(lambda _: slow_check(server), range(4)))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [429, 429, 504, 504]  # one solving, one waiting, two refused
    refused = [a for a in answers if a.status_code == 429]
    for answer in refused:
        assert int(answer.headers["retry-after"]) >= 3
        assert answer.json()["error"]["code"] == "busy"
