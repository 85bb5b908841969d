"""The arbiters' page: upload a tournament file, read and print the next round, download it, and
check the earlier rounds on request, round by round.

Server-rendered HTML (jinja2 templates in ``templates/``): ``GET /`` shows the
form; ``POST /arbiter`` pairs the round (the explanation when it cannot be
paired) and shows it with the players' names, ratings and scores (handicaps
for Go); ``POST /arbiter/check`` re-pairs the published rounds one job a
round and streams each verdict as it comes (the page fills in as it goes).
The upload is read with the size limit applied while it streams, every part
in memory (:func:`mipair.service.limits.read_form`): nothing larger than the
limit is held, and nothing is written to disk.
"""

from __future__ import annotations

import base64
import binascii
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.datastructures import UploadFile

from mipair import __version__
from mipair.service.jobs import Job, safe_name
from mipair.service.limits import Refused, read_form
from mipair.service.problems import Answer, problem
from mipair.service.runner import Gone, Service, departure, log_answer, new_request_id
from mipair.systems.registry import system_names

router = APIRouter(include_in_schema=False)
TEMPLATES = Path(__file__).with_name("templates")
templates = Jinja2Templates(directory=str(TEMPLATES))
streaming = Environment(
    loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(), enable_async=True
)
FORM_ROOM = 64_000
"""Bytes a form may add around the file (boundaries, headers, the other fields)."""
FORM_FIELDS = 8
"""Fields a page form may have besides its file."""


def form_limit(max_bytes: int) -> int:
    """The largest form body: the file sent back by the check button (base64, 4 bytes for
    every 3) and the room around it."""
    return 4 * (max_bytes + 2) // 3 + FORM_ROOM


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> HTMLResponse:
    """The upload form."""
    return templates.TemplateResponse(
        request, "index.html", {"systems": system_names(), "version": __version__}
    )


async def upload_of(request: Request, service: Service) -> tuple[str, bytes, str | None, str]:
    """(file name, bytes, system, rules) of the page's form (system None: the one the file is
    for); Refused for a bad or large upload."""
    limit = service.settings.max_bytes
    form = await read_form(request, form_limit(limit), FORM_FIELDS)
    system, rules = str(form.get("system") or "") or None, str(form.get("rules") or "")
    upload, carried = form.get("tournament"), form.get("tournament_data")
    if isinstance(upload, UploadFile):
        name, body = upload.filename or "upload", await upload.read(limit + 1)
    elif isinstance(carried, str):  # the check button sends the file back as it was shown
        try:
            name, body = str(form.get("name") or "upload"), base64.b64decode(carried, validate=True)
        except binascii.Error:
            raise Refused(problem(422, "bad_request", "the file sent back is damaged")) from None
    else:
        raise Refused(problem(422, "bad_request", "no tournament file was chosen"))
    if len(body) > limit:
        raise Refused(problem(413, "too_large", f"the file is larger than {limit} bytes"))
    return name, body, system, rules


async def page_answers(service: Service, job: Job, gone: Gone) -> dict[str, Answer]:
    """The pairing (with the players' cards), else why the round cannot be paired."""
    answers: dict[str, Answer] = {}
    answers["pair"], _ = await service.solve(replace(job, cards=True), gone)
    error = answers["pair"].body.get("error")
    if isinstance(error, dict) and error.get("code") == "no_pairing":
        answers["explain"], _ = await service.solve(replace(job, kind="explain"), gone)
    return answers


@router.post("/arbiter", response_class=HTMLResponse)
async def arbiter(request: Request) -> HTMLResponse:
    """The next round of one uploaded file."""
    service: Service = request.app.state.service
    request_id, start = new_request_id(), time.perf_counter()
    name, body = "upload", b""
    system: str | None = None
    try:
        name, body, system, rules = await upload_of(request, service)
        job = Job("pair", system, rules or None, body, name, (), service.settings.explain_seconds)
        answers = await page_answers(service, job, departure(request))
    except Refused as refused:
        answers, rules = {"pair": refused.answer}, ""
    system = str(answers["pair"].body.get("system") or system or "")  # the one that paired
    log_answer(request_id, "page", system, answers["pair"], start)
    context = {
        "file": safe_name(name),
        "system": system,
        "rules": rules,
        "answers": {kind: answer.body for kind, answer in answers.items()},
        "carried": base64.b64encode(body).decode("ascii"),
        "version": __version__,
    }
    return templates.TemplateResponse(
        request,
        "result.html",
        context,
        status_code=page_status(answers["pair"].status),
        headers={"X-Request-ID": request_id},
    )


def page_status(status: int) -> int:
    """The page's HTTP status: a round that cannot be paired or a bad file is a page that says
    so (200); a refusal or a failure of the service keeps its status (413, 429, 5xx)."""
    return 200 if status in (409, 422) else status


@router.post("/arbiter/check", response_class=HTMLResponse)
async def arbiter_check(request: Request) -> StreamingResponse:
    """The earlier rounds re-paired one by one, each verdict sent as soon as it is known."""
    service: Service = request.app.state.service
    try:
        name, body, system, rules = await upload_of(request, service)
    except Refused as refused:
        page = await streaming.get_template("check.html").render_async(
            file="upload", system="", failure=refused.answer.body["error"], version=__version__
        )
        return StreamingResponse(
            iter([page]), status_code=page_status(refused.answer.status), media_type="text/html"
        )
    job = Job("published", system, rules or None, body, name, (), service.settings.explain_seconds)
    listed, _ = await service.solve(job, departure(request))
    failure = listed.body.get("error")
    listed_rounds = listed.body.get("rounds", [])
    numbers = [] if failure or not isinstance(listed_rounds, list) else list(listed_rounds)

    async def verdicts() -> AsyncIterator[dict[str, object]]:
        for number in numbers:
            answer, _ = await service.solve(
                replace(job, kind="check", rounds=(number,)), departure(request)
            )
            error = answer.body.get("error")
            if isinstance(error, dict):
                yield {"round": number, "verdict": "not checked", "summary": error["located"]}
            else:
                yield from_check(answer.body, number)

    context = {
        "file": safe_name(name),
        "system": listed.body.get("system") or system or "",
        "failure": failure,
        "count": len(numbers),
        "verdicts": verdicts(),
        "version": __version__,
    }
    chunks = streaming.get_template("check.html").generate_async(**context)
    return StreamingResponse(chunks, media_type="text/html; charset=utf-8")


def from_check(body: dict[str, object], number: int) -> dict[str, object]:
    """The one round of a check answer."""
    rounds = body.get("rounds") or [{}]
    found: dict[str, object] = dict(rounds[0]) if isinstance(rounds, list) else {}
    return {
        "round": number,
        "verdict": found.get("verdict", ""),
        "summary": found.get("summary", ""),
        "illegal": bool(found.get("violations")),
    }
