"""Bytes to lines: the encodings and line ends tournament files come in.

TRF files are written with CR (the FIDE text), LF or CRLF line ends and in
UTF-8 or Latin-1 (older Windows programs). :func:`decode` accepts all of them;
:func:`load` adds the file-access error handling every reader needs.
"""

from __future__ import annotations

import os
from pathlib import Path

from mipair.errors import FileAccessError
from mipair.formats.destination import Outputs, temporary_path

__all__ = ["decode", "load", "newline_of", "save", "split_lines", "temporary_path"]

ENCODINGS = ("utf-8", "latin-1")


def decode(data: bytes) -> str:
    """Decode UTF-8 (with or without BOM), falling back to Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def split_lines(text: str) -> list[str]:
    """Split on CR, LF or CRLF; a final line end does not add an empty line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def newline_of(text: str) -> str:
    """The line end a text uses (the first one found; LF if none)."""
    for i, ch in enumerate(text):
        if ch == "\r":
            return "\r\n" if text[i + 1 : i + 2] == "\n" else "\r"
        if ch == "\n":
            return "\n"
    return "\n"


def load(path: str | os.PathLike[str]) -> str:
    """Read and decode a file; unreadable files raise FileAccessError (exit 5)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise FileAccessError(
            f"cannot read the file: {exc.strerror or exc}", file=str(path)
        ) from None
    return decode(data)


def save(
    path: str | os.PathLike[str], text: str, encoding: str = "utf-8", durable: bool = True
) -> None:
    """Write a text file safely (newlines kept as given): atomically when it is a regular file,
    in place when it is a device, a FIFO or standard output (:mod:`mipair.formats.destination`).

    ``durable`` also forces the text and the rename to disk (fsync) before
    returning, as tournament state needs; an output that is recomputed from
    its input (a drop-in pairing) skips it: a reader still sees the old file
    or the whole new one, and a round no longer waits 2-100 ms on the disk.
    """
    outputs = Outputs(durable)
    outputs.add_text(os.fspath(path), text, encoding)
    outputs.write()
