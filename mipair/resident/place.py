"""Where a resident lives and which code it runs: its folder, key, socket and lock.

Standard library only and cheap: every drop-in call computes these before
deciding whether to pair in-process.

- The folder is ``$XDG_RUNTIME_DIR/mipair`` (or ``/tmp/mipair-UID`` without
  one), made mode 0700; a folder that is not a real directory of this user
  with no access for others is refused, and then there is no resident.
- The key names the code a resident would run: the Python executable (its
  real path: ``python`` and ``python3`` of one venv are one) and version, the
  import path (each entry with its modification time, so that
  installing or removing a package changes it), the environment variables
  read while modules are imported, and the size and modification time of
  every file under the ``mipair`` package and its ``models`` folder
  (``__pycache__`` left out: Python writes there by itself). An edited or
  upgraded install gets another key, so it never talks to an old resident.
"""

from __future__ import annotations

import os
import stat
import sys

try:  # the hash without hashlib's OpenSSL, whose loading costs more than the key itself
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

IMPORT_TIME_VARIABLES = ("PYTHON", "NPY_", "NUMPY_", "OPENBLAS_", "OMP_", "MKL_", "HIGHS")
"""Prefixes of environment variables read when Python and the engine's libraries load
(hash seed, import path, thread counts): part of the key, since a resident has read
them once."""

SKIPPED_FOLDERS = ("__pycache__",)


def runtime_folder() -> str | None:
    """The user's resident folder, made if missing; None when it is not safe to use."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    uid = os.getuid()
    folder = os.path.join(base, "mipair") if base else f"/tmp/mipair-{uid}"
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        info = os.lstat(folder)
    except OSError:
        return None
    private = stat.S_ISDIR(info.st_mode) and info.st_uid == uid and not info.st_mode & 0o077
    return folder if private else None


def package_folders() -> list[str]:
    """The ``mipair`` package's folder and its ``models`` folder."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folders = [package]
    for models in (os.path.join(package, "_data", "models"), os.path.join(package, "..", "models")):
        if os.path.isdir(models):
            folders.append(os.path.normpath(models))
            break
    return folders


def _tree_stats(folder: str, into: list[str]) -> None:
    """``path size mtime`` of every file under ``folder`` (``__pycache__`` left out)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in SKIPPED_FOLDERS:
                    _tree_stats(entry.path, into)
            else:
                try:
                    info = entry.stat()
                except OSError:
                    continue
                into.append(f"{entry.path} {info.st_size} {info.st_mtime_ns}")


def _path_stats(into: list[str]) -> None:
    """Each import path entry with its modification time (0 when it is missing)."""
    for entry in sys.path:
        try:
            into.append(f"{entry} {os.stat(entry or '.').st_mtime_ns}")
        except OSError:
            into.append(f"{entry} 0")


def code_key() -> str:
    """The key of the code a resident started now would run (16 hex digits)."""
    parts = [os.path.realpath(sys.executable), sys.version]  # python and python3 alike
    _path_stats(parts)
    parts += sorted(
        f"{name}={value}"
        for name, value in os.environ.items()
        if name.startswith(IMPORT_TIME_VARIABLES)
    )
    for folder in package_folders():
        _tree_stats(folder, parts)
    text = "\n".join(parts).encode("utf-8", "surrogateescape")
    return blake2b(text, digest_size=8).hexdigest()


def socket_path(folder: str, key: str) -> str:
    """The socket of the resident of ``key``."""
    return os.path.join(folder, f"{key}.sock")


def lock_path(folder: str, key: str) -> str:
    """The lock held by the one resident of ``key`` for its whole life."""
    return os.path.join(folder, f"{key}.lock")
