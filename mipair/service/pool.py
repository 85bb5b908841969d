"""Worker processes that solve, each killed and replaced when a solve passes its time limit.

A :class:`pebble.ProcessPool` keeps ``workers`` processes, each warmed once
(:func:`mipair.service.jobs.warm_up`: systems, HiGHS, models; its CPU
priority and memory budget set). A job that runs past the limit has its
process terminated and a fresh one started by the pool, so the service keeps
answering; a worker that dies (out of memory...) is reported the same way; a
job whose client has gone is cancelled at once, and its process stopped if it runs.
A job writes no file (:mod:`mipair.service.jobs`), so a stopped one leaves nothing behind.
The web process never solves anything itself.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import CancelledError
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pebble import ProcessExpired, ProcessPool

from mipair.service.jobs import Job, run, warm_up
from mipair.service.problems import Answer, problem, unexpected


class SolverPool:
    """``workers`` warm solver processes and the time limit of one job."""

    def __init__(
        self, workers: int, time_limit: float, priority: str = "normal", memory_mb: int = 0
    ) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.pool = ProcessPool(
            max_workers=workers,
            initializer=warm_up,
            initargs=(priority, memory_mb),
            context=multiprocessing.get_context("spawn"),
        )

    @property
    def alive(self) -> bool:
        """Is the pool running (its workers started and not stopped)?"""
        return bool(self.pool.active)

    async def solve(self, job: Job, gone: Callable[[], Awaitable[object]] | None = None) -> Answer:
        """The job's answer; 504 past the time limit, 503 if its worker died, 499 when ``gone()``
        (awaited beside the job: it returns when the client has left) returns first: the job is
        then cancelled, its worker stopped if it had started."""
        future = self.pool.schedule(run, args=(job,), timeout=self.time_limit)
        waiting = asyncio.wrap_future(future)
        leaving = asyncio.ensure_future(gone()) if gone is not None else None
        try:
            if leaving is not None:
                either: set[asyncio.Future[Any]] = {waiting, leaving}
                await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done() and leaving.exception() is None:
                    future.cancel()
                    return problem(499, "cancelled", "the client closed the connection")
            return await waiting
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
        except (CancelledError, asyncio.CancelledError):
            future.cancel()
            raise
        except Exception as exc:  # the pool's own failure (a job's are answers already)
            return unexpected(exc)
        finally:
            if leaving is not None:
                leaving.cancel()

    def close(self) -> None:
        """Stop the workers (running jobs are cancelled)."""
        self.pool.stop()
        self.pool.join(timeout=10)
