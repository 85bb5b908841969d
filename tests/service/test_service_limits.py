"""The service's limits against a real server: a solve past its limit is killed (504, the service
answers on); a full lane refuses at once (429, Retry-After); a large tournament does not hold up
small ones; a request whose client has gone is cancelled and its worker freed; settings that
cannot work are refused at start.

The slow request is a real one: ``/v1/check`` of a 300-player, 5-round
tournament re-pairs five rounds, several seconds even on a fast machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.support.paths import DATA

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)

from tests.support.cli_process import run_cli
from tests.support.service_server import SCENARIOS, Server, running_server, worker_processes

SLOW = (DATA / "service" / "field300.trf").read_bytes()
SMALL = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
TIME_LIMIT = 1.5


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(
        workers=1, queue=1, large_workers=0, time_limit=TIME_LIMIT, retry_after=3
    ) as running:
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
        after = client.post("/v1/pair", content=SMALL)
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


@pytest.mark.parametrize(
    ("option", "value", "field"),
    [
        ("--workers", "0", "--workers"),
        ("--queue", "-5", "--queue"),
        ("--time-limit", "0", None),
        ("--large-priority", "fast", "--large-priority"),
    ],
)
def test_settings_that_cannot_work_are_refused_at_start(option, value, field):
    done = run_cli("serve", "--port", "1", option, value)
    assert done.returncode == 3, done.stderr
    assert len(done.stderr.splitlines()) == 1
    if field:
        assert done.stderr.startswith(f"{field}: must be ")


def test_a_large_tournament_does_not_hold_up_small_ones():
    """field300 is large here (large_players=200): it solves in the large lane, and a small
    request sent while it runs is answered first by the small lane's worker."""
    with (
        running_server(workers=1, large_workers=1, large_players=200, time_limit=120) as server,
        ThreadPoolExecutor(1) as background,
    ):
        large = background.submit(slow_check, server)
        time.sleep(1.0)  # the large check is running
        with server.client() as client:
            small = client.post("/v1/pair", content=SMALL)
            assert small.status_code == 200
            assert not large.done()  # the small one did not wait for it
            lanes = client.get("/health").json()["lanes"]
        assert lanes["large"]["requests"] == 1 and lanes["small"]["requests"] == 0
        assert large.result().status_code == 200


def test_a_request_whose_client_has_gone_is_cancelled_and_its_worker_freed():
    with running_server(workers=1, large_workers=0, time_limit=120) as server:
        with pytest.raises(httpx.ReadTimeout), server.client(timeout=1.0) as client:
            client.post("/v1/check", content=SLOW, params={"name": "gone.trf"})
        deadline = time.monotonic() + 30
        while not (cancelled := [json.loads(x) for x in server.log_lines() if "cancelled" in x]):
            assert time.monotonic() < deadline, server.log_lines()
            time.sleep(0.2)
        assert (cancelled[0]["endpoint"], cancelled[0]["status"]) == ("check", 499)
        with server.client() as client:  # the one worker serves the next request
            assert client.post("/v1/pair", content=SMALL).status_code == 200


def worker_priorities(expected: list[tuple[int, int]], **settings: object) -> list[tuple[int, int]]:
    """(scheduling policy, nice value) of each worker process of a server with ``settings``,
    read until they are ``expected`` or a minute has passed (each worker lowers its priority
    as it starts; the server is not waited for until warm: an idle-policy worker on a busy
    machine may get no CPU for its warm-up)."""
    with running_server(workers=2, large_workers=1, warm=False, **settings) as server:
        deadline = time.monotonic() + 60
        while True:
            seen = sorted(
                (os.sched_getscheduler(pid), os.getpriority(os.PRIO_PROCESS, pid))
                for pid in worker_processes(server.pid)
            )
            if seen == sorted(expected) or time.monotonic() > deadline:
                return seen
            time.sleep(0.2)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling policy")
def test_large_solves_run_only_on_cpu_time_nothing_else_wants():
    """By default the large lane's workers, once warm, run under SCHED_IDLE (and nice 10):
    whenever a small request's worker wants a core, the kernel gives it at once."""
    own = os.getpriority(os.PRIO_PROCESS, 0)
    small, large = (os.SCHED_OTHER, own), (os.SCHED_IDLE, min(19, own + 10))
    expected = [small, small, large]
    assert worker_priorities(expected) == sorted(expected)


def test_large_solves_can_run_at_a_tenth_of_a_normal_share():
    """With ``large_priority=nice`` the large lane's workers run at nice 10 under the normal
    policy: they still make progress on a host that other work keeps busy."""
    own = os.getpriority(os.PRIO_PROCESS, 0)
    small, large = (os.SCHED_OTHER, own), (os.SCHED_OTHER, min(19, own + 10))
    expected = [small, small, large]
    assert worker_priorities(expected, large_priority="nice") == sorted(expected)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling policy")
def test_an_idle_policy_lane_does_not_keep_the_service_from_warming_on_a_busy_host():
    """With every core kept busy by normal-priority processes, the service is ready (its small
    lane has paired) and the large lane's worker has warmed up (it lowers its priority to the
    idle policy only then) within a minute: the warm-up runs at normal priority, and readiness
    does not wait for the large lane's first job, which the idle policy may hold back."""
    spinners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(2 * (os.cpu_count() or 1))
    ]
    try:
        with running_server(workers=1, large_workers=1, warm=False) as server:
            deadline = time.monotonic() + 60
            with server.client() as client:
                while client.get("/health").status_code != 200:
                    assert time.monotonic() < deadline, "not warm within a minute"
                    time.sleep(0.2)
            policies: list[int] = []
            while os.SCHED_IDLE not in policies:
                assert time.monotonic() < deadline, policies
                policies = [os.sched_getscheduler(pid) for pid in worker_processes(server.pid)]
                time.sleep(0.2)
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
