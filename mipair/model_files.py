"""TOML model files (``models/*.toml``) read once, then from a cache.

A drop-in process pairs one round and exits, so parsing its edition's model
file (and importing ``tomllib`` to do it) is paid on every round. The parsed
table is kept in the user's cache directory (``$XDG_CACHE_HOME/mipair`` or
``~/.cache/mipair``) as a ``marshal`` image, beside the exact bytes of the
file it came from:

- Invalidation: an entry is used only when the model file's bytes now are
  the bytes it was made from (compared whole, not by time stamp), so an
  edited file is parsed again, however quickly it was edited.
- Two processes at once: an entry is written to a file of its own (the
  process id in its name) and renamed over the old one, which is atomic, so
  a reader sees a whole entry or none.
- Anything wrong with the cache (no home directory, a read-only disk, a
  truncated or foreign entry, a table ``marshal`` cannot hold) is not an
  error: the file is parsed as if there were no cache.

``MIPAIR_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from pathlib import Path
from typing import Any

FORMAT = 1  # bumped when the layout of an entry changes


def cache_dir() -> Path | None:
    """Where entries live, or None when caching is off or there is no home."""
    if os.environ.get("MIPAIR_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if base.startswith("~"):
        return None
    return Path(base) / "mipair"


def read_model(path: Path) -> dict[str, Any]:
    """The table of the TOML file ``path``; OSError if it cannot be read,
    ``tomllib.TOMLDecodeError`` if it is not TOML."""
    source = path.read_bytes()
    folder = cache_dir()
    entry = folder / entry_name(path) if folder is not None else None
    if entry is not None:
        cached = read_entry(entry, source)
        if cached is not None:
            return cached
    data = parse(source)
    if entry is not None:
        write_entry(entry, source, data)
    return data


def parse(source: bytes) -> dict[str, Any]:
    """``source`` parsed as TOML (UTF-8)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    return tomllib.loads(source.decode("utf-8"))


def entry_name(path: Path) -> str:
    """The cache entry's file name: the model's name, a checksum of its full
    path (two checkouts do not share an entry) and the Python version (whose
    ``marshal`` wrote it)."""
    where = zlib.crc32(os.fsencode(os.path.abspath(path)))
    return f"{path.stem}-{where:08x}-py{sys.version_info[0]}{sys.version_info[1]}.marshal"


def read_entry(entry: Path, source: bytes) -> dict[str, Any] | None:
    """The table an entry holds if it was made from exactly ``source``; else None."""
    try:
        image = entry.read_bytes()
    except OSError:
        return None
    try:
        version, made_from, data = marshal.loads(image)
    except (ValueError, EOFError, TypeError):  # truncated, foreign or from another layout
        return None
    if version != FORMAT or made_from != source or not isinstance(data, dict):
        return None
    return data


def write_entry(entry: Path, source: bytes, data: dict[str, Any]) -> None:
    """Store ``data`` for ``source``: a file of this process's own, renamed into place."""
    try:
        image = marshal.dumps((FORMAT, source, data))
    except ValueError:  # a value marshal cannot hold (a TOML date): no entry
        return
    partial = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial.write_bytes(image)
        os.replace(partial, entry)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink()
