"""Admission arithmetic of a lane (:class:`mipair.service.lanes.Lane`), on the lane itself: a request
is admitted while it can expect to start within ``max_wait`` from the measured solve time, and a
refusal's Retry-After is the time the lane needs to come back under its bounds."""

from __future__ import annotations

import pytest

from tests.support.paths import DATA

pytest.importorskip("fastapi", reason="the service extra is not installed")

from mipair.service.lanes import SOLVE_WINDOW, Lane, players_in
from mipair.service.limits import Refused
from tests.support.service_server import SCENARIOS, running_server


def lane(workers=2, queue=256, max_wait=20.0, mean=0.2, inside=0) -> Lane:
    return Lane("small", None, workers, queue, max_wait, 1, mean, inside)  # type: ignore[arg-type]


def test_a_burst_of_50_small_requests_is_admitted_at_measured_speed():
    assert lane(inside=49, mean=0.3).refusal() is None  # 48 ahead x 0.3 s / 2 workers = 7.2 s


def test_past_the_expected_wait_the_retry_after_is_the_excess_wait():
    busy = lane(inside=49, mean=2.0)  # 48 ahead x 2 s / 2 = 48 s > 20 s
    why, seconds = busy.refusal()
    assert "wait about 48 s" in why and seconds == pytest.approx(28.0)


def test_the_queue_bounds_a_lane_without_a_wait_bound():
    large = Lane("large", None, 1, 2, None, 1, 30.0, 3)  # type: ignore[arg-type]
    why, seconds = large.refusal()
    assert "waiting" in why and seconds == pytest.approx(30.0)
    assert Lane("large", None, 1, 2, None, 1, 30.0, 2).refusal() is None  # type: ignore[arg-type]


@pytest.mark.anyio
async def test_a_refusal_is_429_with_retry_after_from_the_solve_time():
    busy = lane(inside=49, mean=2.0)
    with pytest.raises(Refused) as refused:
        async with busy.admitted():
            pass
    assert refused.value.answer.status == 429 and refused.value.headers == {"Retry-After": "28"}


def test_the_mean_is_that_of_the_latest_solves_only():
    fresh = lane(mean=5.0)
    fresh.record(0.1)  # the first measurement replaces the first guess
    fresh.record(0.6)
    assert fresh.mean_seconds == pytest.approx(0.35)
    for _ in range(SOLVE_WINDOW):
        fresh.record(0.2)
    assert fresh.mean_seconds == pytest.approx(0.2)  # the first two have left the window


def test_players_are_counted_from_the_upload():
    assert players_in((SCENARIOS / "dutch" / "small.trfx").read_bytes()) == 9
    assert players_in((DATA / "service" / "field300.trf").read_bytes()) == 300
    assert players_in((SCENARIOS / "mcmahon" / "club.xml").read_bytes()) == 11


def solve_milliseconds(answer) -> float:
    """The solve's own time, as the answer's Server-Timing header gives it."""
    timing = dict(
        (part.split(";")[0].strip(), part) for part in answer.headers["server-timing"].split(",")
    )
    return float(timing["solve"].split("dur=")[1].split(";")[0])


def test_a_real_lanes_mean_is_that_of_its_latest_solves_a_slow_one_among_them():
    """Admission counts with the mean of the lane's latest solves, each given back in its
    answer's Server-Timing: one slow job (the check of a 300-player tournament) among quick
    ones moves it by its share of the window
    (a running mean weighted to the newest solve jumped by a fifth of it and refused a burst the
    lane could serve)."""
    small = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
    slow = (DATA / "service" / "field300.trf").read_bytes()
    with running_server(workers=1, large_workers=0) as server, server.client() as client:
        solves = []
        work = [("pair", small)] * (SOLVE_WINDOW + 4) + [("check", slow)]  # warm-up leaves
        for endpoint, body in work:
            answer = client.post(f"/v1/{endpoint}", content=body)
            assert answer.status_code == 200
            solves.append(solve_milliseconds(answer) / 1000)
        lane_now = client.get("/health").json()["lanes"]["small"]
    window = solves[-SOLVE_WINDOW:]
    assert lane_now["solves_measured"] == SOLVE_WINDOW
    assert lane_now["mean_solve_seconds"] == pytest.approx(sum(window) / SOLVE_WINDOW, abs=2e-4)
    assert solves[-1] > 3 * max(solves[:-1])  # the slow one is an outlier
