"""The JSON API: ``/v1/pair``, ``/v1/check``, ``/v1/explain``, ``/v1/why``, ``/v1/standings``.

Each takes the tournament file as the raw request body and the CLI's names
as query parameters (``system=dutch&rules=2026``); ``name`` is the file name
shown in located error messages. ``/health`` (liveness), ``/ready``
(readiness) and ``/version`` answer GET. Every answer, errors included, is
described in the OpenAPI document.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from mipair import __version__
from mipair.service.docs import error_responses
from mipair.service.runner import Service
from mipair.service.schemas import ANSWERS, HealthAnswer, VersionAnswer
from mipair.systems.registry import SYSTEMS, load

router = APIRouter()

RAW_BODY = {
    "requestBody": {
        "required": True,
        "description": (
            "The tournament file as it is on disk (TRF of any edition, an OpenGotha XML file, "
            "a PAPP event), sent as the raw body (application/octet-stream, text/* or none); "
            "a form or JSON body is refused with 415."
        ),
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
}
TOURNAMENT_ERRORS = error_responses(409, 413, 415, 422, 429, 500, 503, 504, 507)
SystemName = Annotated[
    str | None,
    Query(
        description="Pairing system, as `mipair --system` (default: the one the file is for: "
        "by its name's ending, else a TRF file's 192 record)."
    ),
]
Rules = Annotated[str | None, Query(description="Rules edition, as `mipair --rules`.")]
UploadName = Annotated[str | None, Query(description="File name to show in error messages.")]


def service_of(request: Request) -> Service:
    """The service the app was started with."""
    service: Service = request.app.state.service
    return service


TOURNAMENT_ENDPOINTS: dict[str, tuple[str, str]] = {
    "pair": (
        "Pair the next round",
        "`round`, `boards` in order, `bye`, and `text` as the drop-in `mipair SYSTEM IN -p` "
        "writes it.",
    ),
    "check": (
        "Check the published rounds",
        "Every published round re-paired and compared, as `mipair check --json` reports it.",
    ),
    "explain": (
        "Explain an impossible round",
        "Why the next round cannot be paired: minimal reason, least relaxation, in JSON and words.",
    ),
    "standings": (
        "Standings",
        "The standings before the round to pair, as the system gives them.",
    ),
}
"""The endpoints that take only the tournament: name -> (summary, description)."""


def add_tournament_endpoint(kind: str, summary: str, description: str) -> None:
    """``POST /v1/<kind>``: the raw body is the tournament file."""

    async def endpoint(
        request: Request,
        system: SystemName = None,
        rules: Rules = None,
        name: UploadName = None,
    ) -> JSONResponse:
        return await service_of(request).handle(request, kind, system, rules, name)

    router.add_api_route(
        f"/v1/{kind}",
        endpoint,
        methods=["POST"],
        name=kind,
        summary=summary,
        description=description,
        openapi_extra=RAW_BODY,
        responses={200: {"model": ANSWERS[kind]}, **TOURNAMENT_ERRORS},
    )


for kind, (summary, description) in TOURNAMENT_ENDPOINTS.items():
    add_tournament_endpoint(kind, summary, description)


@router.post(
    "/v1/why",
    openapi_extra=RAW_BODY,
    responses={200: {"model": ANSWERS["why"]}, **TOURNAMENT_ERRORS},
)
async def why(
    request: Request,
    pair: Annotated[
        list[str], Query(description="A proposed board WHITE-BLACK (ID-0: the bye); repeat.")
    ],
    system: SystemName = None,
    rules: Rules = None,
    name: UploadName = None,
) -> JSONResponse:
    """A proposed pairing held against the engine's, as `mipair why --pair A-B ...` (players
    by pairing number or as the file names them)."""
    return await service_of(request).handle(request, "why", system, rules, name, tuple(pair))


@router.get("/health", response_model=HealthAnswer, responses=error_responses(503))
async def health(request: Request) -> JSONResponse:
    """Liveness and start-up: 200 once the workers are warm and while they run (busy or not);
    503 while warming up or when they have stopped."""
    service = service_of(request)
    return health_answer(service, service.alive and service.warm)


@router.get("/ready", response_model=HealthAnswer, responses=error_responses(503))
async def ready(request: Request) -> JSONResponse:
    """Readiness: 200 while a small request sent now would be admitted (workers warm and not
    saturated); 503 while warming up, saturated or down, so a balancer sends elsewhere."""
    service = service_of(request)
    return health_answer(service, service.accepting())


def health_answer(service: Service, good: bool) -> JSONResponse:
    if not service.alive:
        status = "down"
    elif not service.warm:
        status = "warming"
    else:
        status = "ok" if service.lanes["small"].refusal() is None else "busy"
    body = {"status": status, "lanes": {n: lane.status() for n, lane in service.lanes.items()}}
    return JSONResponse(body, status_code=200 if good else 503)


@router.get("/version", response_model=VersionAnswer)
async def version() -> dict[str, object]:
    """mipair's version and the systems with their rules editions."""
    return {
        "mipair": __version__,
        "systems": {line.name: list(load(line).editions()) for line in SYSTEMS},
    }
