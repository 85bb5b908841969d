"""Admission by lane: small requests and large ones wait for different workers.

A :class:`Lane` is a pool of warm workers with its own count of the requests
inside it (solving or waiting) and its own measured solve time. A request is
admitted while it would wait less than the lane's ``max_wait`` (the requests
ahead of it times the mean solve time, shared by the lane's workers) and
while fewer than ``queue`` requests wait; otherwise it is refused at once
(429) with a Retry-After of the time the lane needs to come back under its
bounds, from the same measured solve times. The solve time is measured in
the worker (:attr:`mipair.service.problems.Answer.seconds`), so time spent
waiting is never counted as solving.

The mean solve time is the plain mean of the lane's last ``SOLVE_WINDOW``
solves: the wait of a request behind a queue is the sum of the solves ahead
of it, whose best estimate is their count times that mean. (A running mean
weighted 0.2 to the newest solve jumped by a fifth of each slow round of a
mixed stream, and with it every queued request's expected wait.)
"""

from __future__ import annotations

import math
import re
import statistics
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from mipair.service.limits import Refused
from mipair.service.pool import SolverPool
from mipair.service.problems import problem
from mipair.service.settings import Settings

FIRST_GUESS_SECONDS = {"small": 0.2, "large": 30.0}
"""The solve time assumed until a lane has measured one."""
SOLVE_WINDOW = 64
"""How many of a lane's latest solve times its mean is taken over."""

PLAYER_RECORDS = (re.compile(rb"^001", re.M), re.compile(rb"<Player\b"))
"""A TRF's player records and an OpenGotha file's players, to count the players of an upload."""


def players_in(body: bytes) -> int:
    """About how many players an upload has (TRF ``001`` records, OpenGotha ``<Player``), else
    its lines: enough to choose a lane before the file is read."""
    for pattern in PLAYER_RECORDS:
        found = len(pattern.findall(body))
        if found:
            return found
    return body.count(b"\n")


@dataclass
class Lane:
    """Workers for one size of request, and what admission needs to know about them."""

    name: str
    pool: SolverPool
    workers: int
    queue: int
    max_wait: float | None  # None: only the queue bounds this lane
    retry_floor: int
    first_guess: float
    inside: int = 0
    solves: deque[float] = field(default_factory=lambda: deque(maxlen=SOLVE_WINDOW))

    @property
    def mean_seconds(self) -> float:
        """The mean of the latest solve times (the first guess until one is measured)."""
        return statistics.fmean(self.solves) if self.solves else self.first_guess

    @property
    def waiting(self) -> int:
        return max(0, self.inside - self.workers)

    def expected_wait(self, inside: int) -> float:
        """Seconds the last of ``inside`` requests can expect to wait for a worker."""
        return max(0, inside - self.workers) * self.mean_seconds / self.workers

    def refusal(self) -> tuple[str, float] | None:
        """Why one more request would be refused and how long until it would not, or None."""
        after = self.inside + 1
        if after - self.workers > self.queue:
            drain = (after - self.workers - self.queue) * self.mean_seconds / self.workers
            return f"{self.waiting} requests are waiting, the most this service keeps", drain
        wait = self.expected_wait(after)
        if self.max_wait is not None and wait > self.max_wait:
            return (
                f"a new request would wait about {wait:.0f} s, more than {self.max_wait:g} s",
                wait - self.max_wait,
            )
        return None

    @asynccontextmanager
    async def admitted(self) -> AsyncIterator[None]:
        """Hold a place in the lane while the block runs; Refused (429) when it is full."""
        refused = self.refusal()
        if refused is not None:
            why, seconds = refused
            retry = max(self.retry_floor, math.ceil(seconds))
            raise Refused(
                problem(
                    429,
                    "busy",
                    f"the service is busy: {why}; retry in {retry} s",
                    retry_after=retry,
                ),
                {"Retry-After": str(retry)},
            )
        self.inside += 1
        try:
            yield
        finally:
            self.inside -= 1

    def record(self, seconds: float | None) -> None:
        """Add one solve's own duration (measured in the worker) to the latest solve times."""
        if seconds is not None:
            self.solves.append(seconds)

    def status(self) -> dict[str, object]:
        return {
            "workers": self.workers,
            "requests": self.inside,
            "waiting": self.waiting,
            "mean_solve_seconds": round(self.mean_seconds, 4),
            "solves_measured": len(self.solves),
            "accepting": self.refusal() is None,
        }


def make_lanes(settings: Settings) -> dict[str, Lane]:
    """The small lane, and the large one when it has workers."""

    def lane(
        name: str, workers: int, queue: int, wait: float | None, priority: str, mb: int
    ) -> Lane:
        return Lane(
            name,
            SolverPool(workers, settings.time_limit, priority, mb),
            workers,
            queue,
            wait,
            settings.retry_after,
            FIRST_GUESS_SECONDS[name],
        )

    lanes = {
        "small": lane(
            "small",
            settings.workers,
            settings.queue,
            settings.max_wait,
            "normal",
            settings.memory_mb,
        )
    }
    if settings.large_workers > 0:
        lanes["large"] = lane(
            "large",
            settings.large_workers,
            settings.large_queue,
            None,
            settings.large_priority,
            settings.large_memory_mb,
        )
    return lanes
