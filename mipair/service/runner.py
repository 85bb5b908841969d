"""One request's way through the service: size limit, admission, the worker pool, the log line."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import JSONResponse

from mipair.service.jobs import Job
from mipair.service.limits import Admission, Refused, read_limited
from mipair.service.logs import log_request
from mipair.service.pool import SolverPool
from mipair.service.problems import Answer
from mipair.service.settings import Settings


@dataclass
class Service:
    """What every request shares: the settings, the admission counter and the solver pool."""

    settings: Settings
    admission: Admission
    pool: SolverPool

    @classmethod
    def start(cls, settings: Settings) -> Service:
        """Start the workers (they warm up in the background)."""
        return cls(
            settings,
            Admission(settings.workers, settings.queue, settings.retry_after),
            SolverPool(settings.workers, settings.time_limit),
        )

    async def solve(self, job: Job) -> tuple[Answer, dict[str, str]]:
        """Admit the job and solve it; a refusal (429) is an answer too, with its headers."""
        try:
            async with self.admission.admitted():
                start = time.perf_counter()
                answer = await self.pool.solve(job)
                self.admission.record(time.perf_counter() - start)
                return answer, {}
        except Refused as refused:
            return refused.answer, refused.headers

    async def handle(
        self,
        request: Request,
        kind: str,
        system: str,
        rules: str | None,
        name: str | None,
        pairs: tuple[str, ...] = (),
    ) -> JSONResponse:
        """Serve one ``/v1/<kind>`` request whose raw body is the tournament file."""
        request_id, start = new_request_id(), time.perf_counter()
        try:
            body = await read_limited(request, self.settings.max_bytes)
            job = Job(
                kind, system, rules, body, name or "upload", pairs, self.settings.explain_seconds
            )
            answer, headers = await self.solve(job)
        except Refused as refused:
            answer, headers = refused.answer, refused.headers
        log_answer(request_id, kind, system, answer, start)
        return JSONResponse(
            answer.body, status_code=answer.status, headers={**headers, "X-Request-ID": request_id}
        )


def new_request_id() -> str:
    """A short random id, logged and returned in X-Request-ID."""
    return uuid.uuid4().hex[:16]


def log_answer(request_id: str, kind: str, system: str, answer: Answer, start: float) -> None:
    """The request's one log line: ``ok`` or the error code as its outcome."""
    error = answer.body.get("error")
    outcome = str(error.get("code")) if isinstance(error, dict) else "ok"
    seconds = time.perf_counter() - start
    log_request(request_id, kind, system, answer.players, seconds, answer.status, outcome)
