"""The arbiters' page: upload a tournament file, read the next round, the check and the explanation.

Server-rendered HTML (jinja2 templates in ``templates/``), no script: ``GET /``
shows the form, ``POST /arbiter`` runs the same jobs as the JSON API (pair;
explain when the round cannot be paired; check of the published rounds) and
renders their answers.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from mipair import __version__
from mipair.service.jobs import Job
from mipair.service.problems import Answer, problem
from mipair.service.runner import Service, log_answer, new_request_id
from mipair.systems.registry import system_names

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(Path(__file__).with_name("templates")))


def declared_too_large(request: Request, max_bytes: int) -> bool:
    """Does the request say it is larger than the upload limit (plus room for the form)?"""
    declared = request.headers.get("content-length", "")
    return declared.isdigit() and int(declared) > max_bytes + 64_000


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> HTMLResponse:
    """The upload form."""
    return templates.TemplateResponse(
        request, "index.html", {"systems": system_names(), "version": __version__}
    )


async def page_answers(service: Service, job: Job) -> dict[str, Answer]:
    """The pairing, else the explanation; and the check of the published rounds."""
    answers: dict[str, Answer] = {}
    answers["pair"], _ = await service.solve(job)
    error = answers["pair"].body.get("error")
    if isinstance(error, dict) and error.get("code") == "no_pairing":
        answers["explain"], _ = await service.solve(replace(job, kind="explain"))
    if answers["pair"].status in (200, 409):
        answers["check"], _ = await service.solve(replace(job, kind="check"))
    return answers


@router.post("/arbiter", response_class=HTMLResponse)
async def arbiter(
    request: Request,
    tournament: Annotated[UploadFile, File()],
    system: Annotated[str, Form()] = "dutch",
    rules: Annotated[str, Form()] = "",
) -> HTMLResponse:
    """The results page for one uploaded file."""
    service: Service = request.app.state.service
    request_id, start = new_request_id(), time.perf_counter()
    limit = service.settings.max_bytes
    body = await tournament.read(limit + 1)
    answers: dict[str, Answer]
    if declared_too_large(request, limit) or len(body) > limit:
        answers = {"pair": problem(413, "too_large", f"the file is larger than {limit} bytes")}
    else:
        job = Job(
            "pair",
            system,
            rules or None,
            body,
            tournament.filename or "upload",
            (),
            service.settings.explain_seconds,
        )
        answers = await page_answers(service, job)
    log_answer(request_id, "page", system, answers["pair"], start)
    context = {
        "file": tournament.filename,
        "system": system,
        "answers": {kind: answer.body for kind, answer in answers.items()},
        "version": __version__,
    }
    return templates.TemplateResponse(
        request,
        "result.html",
        context,
        status_code=answers["pair"].status,
        headers={"X-Request-ID": request_id},
    )
