"""What a request may send: the size limit, read while the body streams, and the content type.

A body larger than ``max_bytes`` is refused with 413 from its Content-Length
when given, else as soon as the bytes read pass the limit: nothing larger is
ever held in memory or written to disk. The JSON API takes the tournament
file as the raw body: a form or JSON body is refused with 415 and a hint.
"""

from __future__ import annotations

from fastapi import Request

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


async def read_limited(request: Request, max_bytes: int) -> bytes:
    """The request body, or Refused (413) as soon as it is known to exceed ``max_bytes``."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_bytes:
        raise too_large(declared, max_bytes)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise too_large(f"more than {max_bytes}", max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)
