"""What a request may send: the size limit, read while the body streams, and the content type.

A body larger than ``max_bytes`` is refused with 413 from its Content-Length
when given, else as soon as the bytes read pass the limit: nothing larger is
ever held in memory, and nothing is written to disk (the page's form too: its
file part is kept in memory, :func:`read_form`). The JSON API takes the
tournament file as the raw body: a form or JSON body is refused with 415 and a hint.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from fastapi import Request
from starlette.datastructures import FormData
from starlette.formparsers import MultiPartException, MultiPartParser

from mipair.service.problems import Answer, problem

RAW_TYPES = ("application/octet-stream", "text/", "application/xml", "application/trf")
"""Content types of a raw tournament file (none given is taken as raw too)."""
RAW_HINT = (
    "send the tournament file itself as the body, e.g. curl --data-binary @FILE "
    "-H 'Content-Type: application/octet-stream' URL"
)


class Refused(Exception):
    """A request the service will not take; carries the error answer and its headers."""

    def __init__(self, answer: Answer, headers: dict[str, str] | None = None) -> None:
        super().__init__(answer.body)
        self.answer = answer
        self.headers = headers or {}


def check_raw_body(request: Request) -> None:
    """Refused (415) unless the body is sent as a raw file (or with no content type)."""
    declared = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if declared and not declared.startswith(RAW_TYPES):
        form = declared.startswith(("multipart/", "application/x-www-form-urlencoded"))
        where = " (the page at / takes a form upload)" if form else ""
        raise Refused(
            problem(
                415,
                "unsupported_media_type",
                f"the body is sent as {declared}: {RAW_HINT}{where}",
                content_type=declared,
            )
        )


def too_large(size: str, max_bytes: int) -> Refused:
    """The 413 of an upload past the limit."""
    return Refused(
        problem(
            413,
            "too_large",
            f"the upload is {size} bytes; the service accepts at most {max_bytes}",
            max_bytes=max_bytes,
        )
    )


async def limited_body(request: Request, max_bytes: int) -> AsyncGenerator[bytes, None]:
    """The request body's chunks as they come; Refused (413) as soon as it is known to exceed
    ``max_bytes`` (from its Content-Length, else from the bytes read)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_bytes:
        raise too_large(declared, max_bytes)
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise too_large(f"more than {max_bytes}", max_bytes)
        yield chunk


async def read_limited(request: Request, max_bytes: int) -> bytes:
    """The request body, or Refused (413) as soon as it is known to exceed ``max_bytes``."""
    return b"".join([chunk async for chunk in limited_body(request, max_bytes)])


async def read_form(
    request: Request, max_bytes: int, max_fields: int, max_files: int = 1
) -> FormData:
    """A multipart form of at most ``max_bytes`` (``max_files`` file parts), parsed while it streams (Refused: 413 past
    the limit, 415 for another kind of body, 422 for a broken form), every part in memory.

    Starlette's parser spools a file part to a temporary file past its
    ``spool_max_size`` (1 MB); set above the whole body's limit, no part ever is."""
    declared = request.headers.get("content-type", "")
    if not declared.lower().startswith("multipart/form-data"):
        raise Refused(
            problem(
                415,
                "unsupported_media_type",
                f"the page takes a multipart/form-data form, not {declared or 'no content type'}",
                content_type=declared,
            )
        )
    parser = MultiPartParser(
        request.headers,
        limited_body(request, max_bytes),
        max_files=max_files,
        max_fields=max_fields,
        max_part_size=max_bytes,
    )
    parser.spool_max_size = max_bytes + 1  # never to disk: the body is smaller than this
    try:
        return await parser.parse()
    except MultiPartException as exc:
        raise Refused(
            problem(422, "bad_request", f"the form cannot be read: {exc.message}")
        ) from None
