"""A tournament's document: the files that are its whole state, by name.

A revision holds the game's own files, byte for byte, so that what the store
gives back is what the command-line desk would have on its disk:

* chess: the TRF-2026 file (one file, e.g. ``tournament.trf``);
* Go: the OpenGotha XML file (one file, e.g. ``tournament.xml``);
* Othello: a PAPP event's folder: the event file, its configuration
  (``papp.cfg``), the player file the configuration names (``fichier
  joueurs``) and the new players' file (``nouveaux``), whichever exist. The
  round files PAPP publishes are made from these and are not stored.

Names are plain file names (no folder, no ``..``), so a document can be laid
out in an empty folder for the desk's code that works on files
(:meth:`Document.write_to`) and read back (:meth:`Document.read_from`). Each
file is stored once per tournament, by its SHA-256, compressed
(:func:`packed`).
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from mipair.errors import FileAccessError
from mipair.store.errors import DocumentTooLarge, InvalidValue
from mipair.store.schema import FILE_NAME_LENGTH

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
"""The largest document stored (all its files together): far above a 10,000-player TRF."""
COMPRESSION_LEVEL = 6
"""zlib's level for stored files (its default: most of the gain, little time)."""


def checked_name(name: str) -> str:
    """``name`` when it is a plain file name, else :class:`InvalidValue`."""
    if (
        not name
        or name in (".", "..")
        or len(name.encode("utf-8", "surrogatepass")) > FILE_NAME_LENGTH
        or any(c in name for c in "/\\")
        or any(ord(c) < 32 or ord(c) == 127 for c in name)
    ):
        raise InvalidValue(f"not a plain file name: {name!r}", field="document")
    return name


@dataclass(frozen=True)
class Document:
    """Files by name, in name order (build with :meth:`of`)."""

    files: tuple[tuple[str, bytes], ...]

    @classmethod
    def of(cls, files: Mapping[str, bytes]) -> Document:
        """A document of ``files``: names checked, at least one file, size bounded."""
        if not files:
            raise InvalidValue("a document needs at least one file", field="document")
        size = sum(len(content) for content in files.values())
        if size > MAX_DOCUMENT_BYTES:
            raise DocumentTooLarge(
                f"a document of {size} bytes (at most {MAX_DOCUMENT_BYTES})", field="document"
            )
        return cls(tuple(sorted((checked_name(n), bytes(c)) for n, c in files.items())))

    @classmethod
    def single(cls, name: str, content: bytes) -> Document:
        """A one-file document (chess, Go)."""
        return cls.of({name: content})

    @property
    def names(self) -> tuple[str, ...]:
        """The files' names."""
        return tuple(name for name, _ in self.files)

    def as_dict(self) -> dict[str, bytes]:
        """The files as a dict."""
        return dict(self.files)

    def file(self, name: str) -> bytes:
        """One file's content (KeyError when there is none of that name)."""
        return self.as_dict()[name]

    @property
    def size(self) -> int:
        """All the files' bytes together."""
        return sum(len(content) for _, content in self.files)

    def write_to(self, folder: str | Path) -> list[Path]:
        """Write every file into ``folder`` (which exists); the paths written."""
        written = []
        for name, content in self.files:
            path = Path(folder) / name
            try:
                path.write_bytes(content)
            except OSError as exc:
                raise FileAccessError(f"cannot write ({exc.strerror})", file=str(path)) from None
            written.append(path)
        return written

    @classmethod
    def read_from(cls, folder: str | Path, names: Iterable[str]) -> Document:
        """The document of the files ``names`` in ``folder`` (those that exist)."""
        found = {}
        for name in names:
            path = Path(folder) / checked_name(name)
            try:
                found[name] = path.read_bytes()
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise FileAccessError(f"cannot read ({exc.strerror})", file=str(path)) from None
        return cls.of(found)


def digest(content: bytes) -> str:
    """A file's key in the store: its SHA-256, in hexadecimal."""
    return hashlib.sha256(content).hexdigest()


def packed(content: bytes) -> bytes:
    """A file as stored: zlib-compressed."""
    return zlib.compress(content, COMPRESSION_LEVEL)


def unpacked(stored: bytes, sha256: str) -> bytes:
    """A stored file's content, checked against its SHA-256 (a damaged row is an error,
    never a wrong tournament)."""
    content = zlib.decompress(stored)
    if digest(content) != sha256:
        raise FileAccessError(f"stored file {sha256[:12]} is damaged (its digest differs)")
    return content
