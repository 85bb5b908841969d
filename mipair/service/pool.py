"""Worker processes that solve, each killed and replaced when a solve passes its time limit.

A :class:`pebble.ProcessPool` keeps ``workers`` processes, each warmed once
(:func:`mipair.service.jobs.warm_up`: systems, HiGHS, models). A job that
runs past the limit has its process terminated and a fresh one started by the
pool, so the service keeps answering; a worker that dies (out of memory...)
is reported the same way. The web process never solves anything itself.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import TimeoutError as FutureTimeout

from pebble import ProcessExpired, ProcessPool

from mipair.service.jobs import Job, run, warm_up
from mipair.service.problems import Answer, problem


class SolverPool:
    """``workers`` warm solver processes and the time limit of one job."""

    def __init__(self, workers: int, time_limit: float) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.pool = ProcessPool(
            max_workers=workers,
            initializer=warm_up,
            context=multiprocessing.get_context("spawn"),
        )

    @property
    def alive(self) -> bool:
        """Is the pool running (its workers started and not stopped)?"""
        return bool(self.pool.active)

    async def solve(self, job: Job) -> Answer:
        """The job's answer, or a 504 past the time limit, or a 503 if its worker died."""
        future = self.pool.schedule(run, args=(job,), timeout=self.time_limit)
        try:
            return await asyncio.wrap_future(future)
        except FutureTimeout:
            return problem(
                504,
                "time_limit",
                f"the {job.kind} of this tournament took more than the service's limit of "
                f"{self.time_limit:g} s; its worker was stopped (run mipair locally, "
                "or ask the operator for a longer limit)",
                time_limit=self.time_limit,
            )
        except ProcessExpired as exc:
            return problem(
                503,
                "worker_died",
                f"the worker solving this request stopped ({exc}); likely out of memory",
            )

    def close(self) -> None:
        """Stop the workers (running jobs are cancelled)."""
        self.pool.stop()
        self.pool.join(timeout=10)
