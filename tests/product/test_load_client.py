"""The load benchmark's lean HTTP client (benchmarks/lean_http.py) against a real service:
it must read the same answers as httpx, keep its connection between requests, and open a
new one when the service closes it."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("h11", reason="h11 is not installed")

from tests.support.service_server import ROOT, SCENARIOS, Server, running_server

sys.path.insert(0, str(ROOT / "benchmarks"))
from lean_http import Connection

ROUNDS = [SCENARIOS / "dutch" / "small.trfx", SCENARIOS / "dutch" / "ranked.trfx"]
PARAMS = {"system": "dutch", "rules": "2026"}
MAX_BYTES = 50_000


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=1, queue=4, max_bytes=MAX_BYTES) as running:
        yield running


def test_answers_are_httpx_answers_over_one_kept_connection(server: Server):
    async def both() -> tuple[list, list]:
        connection = Connection(server.url)
        answers, writers = [], []
        for path in ROUNDS + ROUNDS:
            answers.append(await connection.post("/v1/pair", PARAMS, path.read_bytes()))
            writers.append(connection._streams)
        await connection.close()
        return answers, writers

    answers, writers = asyncio.run(both())
    assert len({id(writer) for writer in writers}) == 1  # kept alive: one connection
    with server.client() as client:
        for path, answer in zip(ROUNDS + ROUNDS, answers, strict=True):
            expected = client.post("/v1/pair", params=PARAMS, content=path.read_bytes())
            assert answer.status_code == expected.status_code == 200
            assert answer.json()["text"] == expected.json()["text"]
            assert "solve" in answer.headers["server-timing"]


def test_an_error_answer_is_read_and_the_next_request_still_goes_through(server: Server):
    async def both():
        connection = Connection(server.url)
        refused = await connection.post("/v1/pair", PARAMS, b"x" * (2 * MAX_BYTES))
        paired = await connection.post("/v1/pair", PARAMS, ROUNDS[0].read_bytes())
        await connection.close()
        return refused, paired

    refused, paired = asyncio.run(both())
    assert refused.status_code == 413 and refused.json()["error"]["code"]
    assert paired.status_code == 200 and paired.json()["text"].strip()
