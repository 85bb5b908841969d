"""Bytes to lines: the encodings and line ends tournament files come in.

TRF files are written with CR (the FIDE text), LF or CRLF line ends and in
UTF-8 or Latin-1 (older Windows programs). :func:`decode` accepts all of them;
:func:`load` adds the file-access error handling every reader needs.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from mipair.errors import FileAccessError

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


def sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (fsync of the directory where the OS allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def temporary_path(target: Path) -> Path:
    """Where :func:`save` writes before the rename: ``.NAME.PID.tmp`` beside ``target``."""
    return target.with_name(f".{target.name}.{os.getpid()}.tmp")


def save(
    path: str | os.PathLike[str], text: str, encoding: str = "utf-8", durable: bool = True
) -> None:
    """Write atomically (temporary file, os.replace); newlines are kept as given.

    ``durable`` also forces the text and the rename to disk (fsync) before
    returning, as tournament state needs; an output that is recomputed from
    its input (a drop-in pairing) skips it: a reader still sees the old file
    or the whole new one, and a round no longer waits 2-100 ms on the disk.
    """
    target = Path(path)
    tmp = temporary_path(target)
    try:
        with open(tmp, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, target)
        if durable:
            sync_directory(target.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise FileAccessError(
            f"cannot write the file: {exc.strerror or exc}", file=str(path)
        ) from None
    except UnicodeEncodeError as exc:
        tmp.unlink(missing_ok=True)
        raise FileAccessError(
            f"cannot encode the text as {encoding}: {exc.reason}", file=str(path)
        ) from None
