"""Where a resident lives and which code it runs: its folder, key, socket and lock.

Standard library only and cheap: a drop-in call computes these when a resident
may serve it.

- The folder is ``$XDG_RUNTIME_DIR/mipair`` (or ``/tmp/mipair-UID`` without
  one), made mode 0700 when a resident is started; a folder that is not a real
  directory of this user with no access for others is refused, and then there
  is no resident.
- The key names the code a resident would run, and nothing of the call that
  asks (its working folder, the script that started it), so that every call of
  one installation finds the same resident:

  - the Python executable (its real path: ``python`` and ``python3`` of one
    venv are one) and version, and the environment variables read while
    modules are imported;
  - the import path without its first entry (the folder of the script, or
    the working folder, which Python puts there for each process; none with
    ``-P`` or ``-I``), and the distributions installed along it (the names of
    its ``*.dist-info`` folders, which carry their versions): installing,
    upgrading or removing one changes the key;
  - where the ``mipair`` package is, and a hash of the content of every file
    of it and of its data folders (``models``, ``formats``; ``__pycache__``
    left out: Python writes there by itself).

  The content hash is computed once for each state of those files (their
  paths, sizes and modification times: a ``stat`` each) and kept in the
  runtime folder; the calls after it read it back. An edited or upgraded
  install gets another key, so it never talks to an old resident.
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
DATA_FOLDERS = ("models", "formats")
"""The data folders the package reads: ``mipair/_data/NAME`` in a wheel, ``NAME`` beside
the package in a source checkout (as :mod:`mipair.resources` finds them)."""
DISTRIBUTION_SUFFIXES = (".dist-info", ".egg-info")
CHUNK = 1 << 20


def runtime_path() -> str:
    """Where the user's resident folder is."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    return os.path.join(base, "mipair") if base else f"/tmp/mipair-{os.getuid()}"


def runtime_folder(create: bool = True) -> str | None:
    """The user's resident folder (made if missing and ``create``); None when it is not
    there or not safe to use."""
    folder = runtime_path()
    uid = os.getuid()
    if create:
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


def any_listening(folder: str) -> bool:
    """Is there a resident's socket in ``folder`` (of any key)?"""
    try:
        return any(name.endswith(".sock") for name in os.listdir(folder))
    except OSError:
        return False


def package_folder() -> str:
    """The ``mipair`` package's folder."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def code_folders() -> list[str]:
    """The package's folder and its data folders."""
    package = package_folder()
    folders = [package]
    for name in DATA_FOLDERS:
        for data in (os.path.join(package, "_data", name), os.path.join(package, "..", name)):
            if os.path.isdir(data):
                folders.append(os.path.normpath(data))
                break
    return folders


def _tree_stats(folder: str, into: list[tuple[str, int, int]]) -> None:
    """(path, size, mtime) of every file under ``folder`` (``__pycache__`` left out)."""
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
                into.append((entry.path, info.st_size, info.st_mtime_ns))


def code_files() -> list[tuple[str, int, int]]:
    """(path, size, mtime) of every file of the package and its data folders, sorted."""
    files: list[tuple[str, int, int]] = []
    for folder in code_folders():
        _tree_stats(folder, files)
    files.sort()
    return files


def _hash_contents(files: list[tuple[str, int, int]]) -> str:
    """A hash of the files' names (relative to the package's parent) and contents."""
    base = os.path.dirname(package_folder())
    digest = blake2b(digest_size=16)
    for path, _, _ in files:
        name = os.path.relpath(path, base).encode("utf-8", "surrogateescape")
        digest.update(len(name).to_bytes(4, "little") + name)
        try:
            with open(path, "rb") as handle:
                while chunk := handle.read(CHUNK):
                    digest.update(chunk)
        except OSError:
            digest.update(b"\0unreadable")
        digest.update(b"\0")
    return digest.hexdigest()


def content_hash(folder: str) -> str:
    """The hash of the code's contents, read back from ``folder`` when the files are as
    they were when it was computed (else computed and kept there)."""
    files = code_files()
    state = "\n".join(f"{path} {size} {mtime}" for path, size, mtime in files)
    fingerprint = blake2b(state.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()
    name = blake2b(package_folder().encode("utf-8", "surrogateescape"), digest_size=8)
    kept = os.path.join(folder, f"code-{name.hexdigest()}")
    try:
        with open(kept) as handle:
            seen, _, known = handle.read().strip().partition(" ")
        if seen == fingerprint and known:
            return known
    except OSError:
        pass
    known = _hash_contents(files)
    temporary = f"{kept}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w") as handle:
            handle.write(f"{fingerprint} {known}\n")
        os.replace(temporary, kept)
    except OSError:
        try:  # noqa: SIM105 - contextlib is one more import in a drop-in call's start
            os.unlink(temporary)
        except OSError:
            pass
    return known


def _main_entry_dropped() -> bool:
    """Is ``sys.path[0]`` the entry Python adds for the script's or working folder?"""
    return bool(sys.path) and not getattr(sys.flags, "safe_path", False)


def installation_path() -> list[str]:
    """The import path without the script's or working folder (see the module docstring),
    every entry absolute."""
    entries = sys.path[1:] if _main_entry_dropped() else sys.path
    return [os.path.abspath(entry or os.curdir) for entry in entries]


def resident_path() -> list[str]:
    """The import path a resident runs with (it runs from ``/``): the installation's,
    and first the script's or working folder only when the package is imported from it
    (a source checkout run with ``python -m`` from its top folder, not installed)."""
    path = installation_path()
    if _main_entry_dropped():
        first = os.path.abspath(sys.path[0] or os.curdir)
        if first == os.path.dirname(package_folder()):
            path.insert(0, first)
    return path


def _distributions(entry: str, into: list[str]) -> None:
    """``entry`` and the distributions installed in it."""
    into.append(entry)
    try:
        names = os.listdir(entry)
    except OSError:
        return  # a zip file, or missing
    into += sorted(name for name in names if name.endswith(DISTRIBUTION_SUFFIXES))


def code_key(folder: str) -> str:
    """The key of the code a resident started now would run (16 hex digits); ``folder``
    keeps the content hash (see the module docstring)."""
    parts = [os.path.realpath(sys.executable), sys.version]  # python and python3 alike
    parts += sorted(
        f"{name}={value}"
        for name, value in os.environ.items()
        if name.startswith(IMPORT_TIME_VARIABLES)
    )
    for entry in installation_path():
        _distributions(entry, parts)
    parts += [package_folder(), content_hash(folder)]
    text = "\n".join(parts).encode("utf-8", "surrogateescape")
    return blake2b(text, digest_size=8).hexdigest()


def socket_path(folder: str, key: str) -> str:
    """The socket of the resident of ``key``."""
    return os.path.join(folder, f"{key}.sock")


def lock_path(folder: str, key: str) -> str:
    """The lock held by the one resident of ``key`` for its whole life."""
    return os.path.join(folder, f"{key}.lock")
