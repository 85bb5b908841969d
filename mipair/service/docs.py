"""The API's documentation served from the package, with no network: Swagger UI's own files (the
``swagger-ui-py`` package ships them), the OpenAPI document's error schema, and the favicon.

FastAPI's default ``/docs`` loads Swagger UI from a CDN and shows a blank page
offline; here ``/docs`` is FastAPI's page pointed at ``/static/swagger-ui/``.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui
from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

STATIC = Path(__file__).with_name("static")
FAVICON = STATIC / "favicon.ico"

router = APIRouter(include_in_schema=False)


def swagger_ui_folder() -> Path:
    """Swagger UI's files as the swagger-ui-py package installs them."""
    return Path(swagger_ui.__file__).with_name("static")


@router.get("/docs")
async def docs() -> HTMLResponse:
    """Swagger UI for /openapi.json, every file from this server."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="mipair · API",
        swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger-ui/swagger-ui.css",
        swagger_favicon_url="/favicon.ico",
    )


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    return FileResponse(FAVICON, media_type="image/x-icon")


def mount_static(app: FastAPI) -> None:
    """Swagger UI's files under /static/swagger-ui, the page's under /static."""
    app.mount("/static/swagger-ui", StaticFiles(directory=swagger_ui_folder()), name="swagger-ui")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


class ErrorDetail(BaseModel):
    """What went wrong: a short code, the message, and the CLI's located line."""

    code: str = Field(description="bad_input, no_pairing, too_large, busy, time_limit, ...")
    message: str
    located: str = Field(description="`FILE:LINE: field: what is wrong`, as the CLI prints it")
    exit_code: int | None = Field(None, description="the CLI's exit code for the same input")
    file: str | None = None
    line: int | None = None
    field: str | None = None
    retry_after: int | None = Field(None, description="429: seconds to wait")
    revision: int | None = Field(None, description="409 stale_revision: the current revision")
    max_bytes: int | None = Field(None, description="413: the largest upload accepted")
    time_limit: float | None = Field(None, description="504: the limit a solve passed")


class ErrorBody(BaseModel):
    """Every error of the service has this shape."""

    error: ErrorDetail


def error_responses(*statuses: int) -> dict[int | str, dict[str, object]]:
    """OpenAPI entries for the given error statuses, each with the one error schema."""
    return {status: {"model": ErrorBody, "description": ERRORS[status]} for status in statuses}


ERRORS: dict[int, str] = {
    401: "Not signed in (no session, or it ended): sign in, then retry.",
    403: "Not allowed: a change made with the session cookie without its CSRF token, or an "
    "operation that is the tournament owner's.",
    404: "No such path, or no such tournament among the director's (another director's "
    "tournament is not found, as one that does not exist).",
    405: "The path does not take this method.",
    409: "No legal pairing exists (`no_pairing`: the reason is in `message`); or, at the desk, "
    "the change was based on a revision that is no longer current (`stale_revision`: "
    "`revision` is the current one; nothing was saved).",
    413: "The upload is larger than the service accepts.",
    415: "The body is not a raw tournament file (a form or JSON): send the file itself.",
    422: "Bad input: the file or a parameter; `located` is the CLI's line.",
    429: "Busy: retry after `Retry-After` seconds (a measured estimate).",
    499: "The client closed the connection; the solve was cancelled (logged only).",
    500: "An unexpected error.",
    503: "The worker solving the request stopped (likely out of memory), or not ready; or the "
    "desk's database cannot be reached (`database_unavailable`).",
    504: "The solve took longer than the service's time limit; its worker was replaced.",
    507: "The server's disk is full (no request writes a file: this is the host's trouble).",
}
"""What each error status means, for the OpenAPI document."""
