"""The JSON API: ``/v1/pair``, ``/v1/check``, ``/v1/explain``, ``/v1/why``, ``/v1/standings``.

Each takes the tournament file as the raw request body and the CLI's names
as query parameters (``system=dutch&rules=2026``); ``name`` is the file name
shown in located error messages. ``/health`` and ``/version`` answer GET.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from mipair import __version__
from mipair.service.runner import Service
from mipair.systems.registry import get_system, system_names

router = APIRouter()

RAW_BODY = {
    "requestBody": {
        "required": True,
        "description": "The tournament file as it is on disk (TRF of any edition, a PAPP event...).",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
}
SystemName = Annotated[str, Query(description="Pairing system, as `mipair --system`.")]
Rules = Annotated[str | None, Query(description="Rules edition, as `mipair --rules`.")]
UploadName = Annotated[str | None, Query(description="File name to show in error messages.")]


def service_of(request: Request) -> Service:
    """The service the app was started with."""
    service: Service = request.app.state.service
    return service


TOURNAMENT_ENDPOINTS: dict[str, tuple[str, str]] = {
    "pair": (
        "Pair the next round",
        "`round`, `boards` in order, `bye`, and `text` as `mipair --dutch IN -p` writes it.",
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
        system: SystemName = "dutch",
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
    )


for kind, (summary, description) in TOURNAMENT_ENDPOINTS.items():
    add_tournament_endpoint(kind, summary, description)


@router.post("/v1/why", openapi_extra=RAW_BODY)
async def why(
    request: Request,
    pair: Annotated[
        list[str], Query(description="A proposed board WHITE-BLACK (ID-0: the bye); repeat.")
    ],
    system: SystemName = "dutch",
    rules: Rules = None,
    name: UploadName = None,
) -> JSONResponse:
    """A proposed pairing held against the engine's, as `mipair why --pair A-B ...` (players
    by pairing number or as the file names them)."""
    return await service_of(request).handle(request, "why", system, rules, name, tuple(pair))


@router.get("/health")
async def health(request: Request) -> JSONResponse:
    """200 while the worker pool runs (readiness and liveness), else 503."""
    service = service_of(request)
    alive = service.pool.alive
    body = {
        "status": "ok" if alive else "down",
        "workers": service.settings.workers,
        "requests": service.admission.inside,
    }
    return JSONResponse(body, status_code=200 if alive else 503)


@router.get("/version")
async def version() -> dict[str, object]:
    """mipair's version and the systems with their rules editions."""
    return {
        "mipair": __version__,
        "systems": {name: list(get_system(name).editions()) for name in system_names()},
    }
