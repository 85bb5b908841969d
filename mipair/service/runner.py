"""One request's way through the service: content type, size limit, lane, admission, the worker
pool, the log line; a request whose client has gone is cancelled and its worker freed."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import JSONResponse

from mipair.service.jobs import Job, warm_up_job
from mipair.service.lanes import Lane, make_lanes, players_in
from mipair.service.limits import Refused, check_raw_body, read_limited
from mipair.service.logs import log_request
from mipair.service.problems import Answer
from mipair.service.settings import Settings

Gone = Callable[[], Awaitable[object]]
"""Returns once the request's client has closed its connection."""


def departure(request: Request) -> Gone:
    """What returns once ``request``'s client has gone: the server's ``http.disconnect``
    message, waited for beside the solve (no polling). Its body must have been read."""

    async def left() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            continue

    return left


@dataclass
class Service:
    """What every request shares: the settings and the lanes (workers and admission)."""

    settings: Settings
    lanes: dict[str, Lane]
    warm: bool = False

    @classmethod
    def start(cls, settings: Settings) -> Service:
        """Start the workers (they warm up in the background)."""
        return cls(settings, make_lanes(settings))

    async def warm_up(self) -> None:
        """Send one tiny job through each lane (which starts its workers): ready once the small
        lane has answered. The large lane warms beside it, not waited for: its workers load and
        pair at normal priority before they lower it (:func:`mipair.service.jobs.warm_up`), but
        this job then runs at the lane's priority, which a busy host may not give CPU for a
        while (small requests are what readiness is about)."""
        warming = {name: asyncio.create_task(self._warm(lane)) for name, lane in self.lanes.items()}
        await warming["small"]
        self.warm = True
        await asyncio.gather(*warming.values())

    @staticmethod
    async def _warm(lane: Lane) -> None:
        answer = await lane.pool.solve(warm_up_job())
        lane.record(answer.seconds)

    def lane_for(self, job: Job) -> Lane:
        """The large lane for a large tournament (when there is one), else the small lane."""
        large = self.lanes.get("large")
        if large is not None and players_in(job.body) >= self.settings.large_players:
            return large
        return self.lanes["small"]

    @property
    def alive(self) -> bool:
        return all(lane.pool.alive for lane in self.lanes.values())

    def accepting(self) -> bool:
        """Warm, alive, and a small request sent now would be admitted."""
        return self.warm and self.alive and self.lanes["small"].refusal() is None

    async def solve(self, job: Job, gone: Gone | None = None) -> tuple[Answer, dict[str, str]]:
        """Admit the job in its lane and solve it; a refusal (429) is an answer too."""
        lane = self.lane_for(job)
        try:
            async with lane.admitted():
                start = time.perf_counter()
                answer = await lane.pool.solve(job, gone)
                lane.record(answer.seconds)
                return answer, server_timing(lane.name, answer, time.perf_counter() - start)
        except Refused as refused:
            return refused.answer, refused.headers

    async def handle(
        self,
        request: Request,
        kind: str,
        system: str | None,
        rules: str | None,
        name: str | None,
        pairs: tuple[str, ...] = (),
    ) -> JSONResponse:
        """Serve one ``/v1/<kind>`` request whose raw body is the tournament file."""
        request_id, start = new_request_id(), time.perf_counter()
        try:
            check_raw_body(request)
            body = await read_limited(request, self.settings.max_bytes)
            job = Job(
                kind, system, rules, body, name or "upload", pairs, self.settings.explain_seconds
            )
            answer, headers = await self.solve(job, departure(request))
        except Refused as refused:
            answer, headers = refused.answer, refused.headers
        log_answer(request_id, kind, system or answer.body.get("system"), answer, start)
        return JSONResponse(
            answer.body, status_code=answer.status, headers={**headers, "X-Request-ID": request_id}
        )


def server_timing(lane: str, answer: Answer, seconds: float) -> dict[str, str]:
    """The ``Server-Timing`` header: the solve's own time in the worker (what the lane's mean
    is taken over) and the wait before it, in milliseconds."""
    if answer.seconds is None:
        return {}
    solve, wait = 1000 * answer.seconds, max(0.0, 1000 * (seconds - answer.seconds))
    return {"Server-Timing": f'solve;dur={solve:.3f};desc="{lane} lane", wait;dur={wait:.3f}'}


def new_request_id() -> str:
    """A short random id, logged and returned in X-Request-ID."""
    return uuid.uuid4().hex[:16]


def log_answer(request_id: str, kind: str, system: object, answer: Answer, start: float) -> None:
    """The request's one log line: ``ok`` or the error code as its outcome."""
    error = answer.body.get("error")
    outcome = str(error.get("code")) if isinstance(error, dict) else "ok"
    seconds = time.perf_counter() - start
    named = str(system) if system else None
    log_request(request_id, kind, named, answer.players, seconds, answer.status, outcome)


async def start_warm_up(service: Service) -> asyncio.Task[None]:
    """Warm the lanes in the background (the app starts answering /health at once)."""
    return asyncio.create_task(service.warm_up())
