"""Admission: bounded concurrency with a bounded queue, and the request size limit.

At most ``workers`` requests solve at once and at most ``queue`` more wait;
one more is refused at once with 429 and a Retry-After estimated from the
recent solve times. A body larger than ``max_bytes`` is refused with 413
(from its Content-Length when given, else while it is read).
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Request

from mipair.service.problems import Answer, problem


class Refused(Exception):
    """A request the service will not take; carries the error answer and its headers."""

    def __init__(self, answer: Answer, headers: dict[str, str] | None = None) -> None:
        super().__init__(answer.body)
        self.answer = answer
        self.headers = headers or {}


class Admission:
    """Counts the requests solving or waiting; refuses past ``workers + queue``."""

    def __init__(self, workers: int, queue: int, retry_after: int) -> None:
        self.workers = workers
        self.capacity = workers + queue
        self.retry_after = retry_after
        self.inside = 0
        self.mean_seconds = 0.0

    def retry_seconds(self) -> int:
        """How long a refused client should wait: the queue's expected drain time, at least the floor."""
        drain = self.mean_seconds * self.inside / max(1, self.workers)
        return max(self.retry_after, math.ceil(drain))

    @asynccontextmanager
    async def admitted(self) -> AsyncIterator[None]:
        """Hold a place while the block runs; Refused (429) when none is free."""
        if self.inside >= self.capacity:
            seconds = self.retry_seconds()
            raise Refused(
                problem(
                    429,
                    "busy",
                    f"the service is busy ({self.inside} requests solving or waiting); "
                    f"retry in {seconds} s",
                    retry_after=seconds,
                ),
                {"Retry-After": str(seconds)},
            )
        self.inside += 1
        try:
            yield
        finally:
            self.inside -= 1

    def record(self, seconds: float) -> None:
        """Fold one solve's duration into the running mean used for Retry-After."""
        self.mean_seconds = 0.8 * self.mean_seconds + 0.2 * seconds


async def read_limited(request: Request, max_bytes: int) -> bytes:
    """The request body, or Refused (413) as soon as it is known to exceed ``max_bytes``."""

    def too_large(size: str) -> Refused:
        return Refused(
            problem(
                413,
                "too_large",
                f"the upload is {size} bytes; the service accepts at most {max_bytes}",
                max_bytes=max_bytes,
            )
        )

    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_bytes:
        raise too_large(declared)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise too_large(f"more than {max_bytes}")
        chunks.append(chunk)
    return b"".join(chunks)
