"""The configuration of one command, resolved once (PAPP manual 4).

Every ``mipair papp`` command takes ``--config FILE``; without it
``$PAPP_CFG`` names the file, else ``papp.cfg`` beside the event. A file that
was named must exist (exit 5: a mistyped name never runs on PAPP's defaults).
When none was named and ``papp.cfg`` is missing, PAPP's defaults apply and, as
PAPP does, are written there, but only by a command that writes anyway (one
that changes the event): a command that only shows, or ``pair --no-save``,
writes nothing. The warnings of the file (a capped penalty, a Bip that wins)
are said once, on stderr.

Everything that depends on the configuration (the event's settings at
``new``, the published files and where they go, registration, when to save)
gets this one :class:`Configuration`.

The files mipair writes under the names of ``fichier`` lines (:data:`WRITTEN`) stay in
the event's folder: a name is relative and never climbs out with ``..``, whatever the
configuration file says, unless it lands in one of the folders ``MIPAIR_PAPP_FOLDERS``
names (paths separated by ``:``), the arbiter's explicit permission (a web server's
folder, say). Any other name refuses the command before it changes anything (exit 3,
located at the ``fichier`` line). The player file (``joueurs``) is only read: it may be
anywhere.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePath

from mipair.errors import FileAccessError, InputError
from mipair.formats.papp.config import PappConfig, default_config_path
from mipair.formats.papp.config_file import (
    CONFIG_NAME,
    FILE_KINDS,
    default_config,
    locate_config,
    parse_config,
    read_config,
)
from mipair.formats.text import save

WRITTEN = tuple(kind for kind in FILE_KINDS if kind not in ("joueurs", "inter", "log"))
"""The ``fichier`` kinds mipair writes: all but the player file, which it reads, and PAPP's
own work file and log, which it does not use."""
PART_BYTES_MAX = 252
"""The longest name of a file or folder a ``fichier`` name may give, in UTF-8 bytes: 255,
the usual file systems' limit, less the three characters of a round's number."""
FOLDERS_VARIABLE = "MIPAIR_PAPP_FOLDERS"
"""Folders (separated by ``os.pathsep``) a ``fichier`` name may also write into."""


def allowed_folders() -> list[Path]:
    """The folders ``MIPAIR_PAPP_FOLDERS`` allows besides the event's."""
    value = os.environ.get(FOLDERS_VARIABLE, "")
    return [Path(os.path.abspath(part)) for part in value.split(os.pathsep) if part.strip()]


def written_name_problem(name: str, event_folder: Path, allowed: list[Path]) -> str | None:
    """Why a written file's configured ``name`` may not be used (None: it may): a control
    character, a part too long for a file system, a place outside the event's folder and
    the ``allowed`` ones."""
    if any(unicodedata.category(c) == "Cc" for c in name):
        return f"{name!r}: a file name has no control characters"
    if any(len(part.encode("utf-8")) > PART_BYTES_MAX for part in PurePath(name).parts):
        return f"a file name is at most {PART_BYTES_MAX} bytes between two '/' (a round's number is added)"
    relative = not PurePath(name).is_absolute() and ".." not in PurePath(name).parts
    target = Path(os.path.normpath(os.path.abspath(event_folder / name)))
    if relative or any(target.is_relative_to(folder) for folder in allowed):
        return None
    return (
        f"'{name}' is outside the event's folder: names are relative to it, without '..' "
        f"({FOLDERS_VARIABLE} names other folders that may be written)"
    )


@dataclass(frozen=True)
class Configuration:
    """The configuration a command runs with, and where it came from."""

    config: PappConfig
    path: Path
    exists: bool  # False: PAPP's defaults, ``path`` not written (yet)
    notes: tuple[str, ...] = ()  # warnings and remarks, for stderr

    def file_beside(self, event_file: str | Path, name: str) -> Path:
        """A file the configuration names (``fichier joueurs``...), relative to the event's folder."""
        path = Path(name)
        return path if path.is_absolute() else Path(event_file).parent / path

    def write_default(self) -> str | None:
        """Write PAPP's default configuration at ``path`` when it is missing; the note to say."""
        if self.exists or self.path.exists():
            return None
        save(self.path, default_text())
        return f"mipair: {self.path} not found: PAPP's default configuration written there"


def resolve_configuration(
    option: str | None, event_file: str | Path, allowed: list[Path] | None = None
) -> Configuration:
    """The configuration for a command on ``event_file`` (see the module docstring); written
    files may go to the event's folder and to ``allowed`` ones (default: those of
    ``MIPAIR_PAPP_FOLDERS``)."""
    path, given = locate_config(option, Path(event_file).parent)
    if given and not path.is_file():
        raise FileAccessError(
            "configuration file not found (mipair papp config --write-default FILE "
            "writes PAPP's defaults)",
            file=str(path),
        )
    if not path.exists():
        return Configuration(default_config(), path, exists=False)
    config = read_config(path)
    folders = allowed_folders() if allowed is None else allowed
    return checked(Configuration(config, path, True), Path(event_file).parent, folders)


def checked(configuration: Configuration, event_folder: Path, allowed: list[Path]) -> Configuration:
    """``configuration`` refused (exit 3, at its ``fichier`` line) when a file it names would
    be written outside ``event_folder`` and ``allowed``; with its warnings as notes."""
    config, path = configuration.config, configuration.path
    for kind in WRITTEN:
        name = config.file(kind)
        problem = written_name_problem(name, event_folder, allowed) if name else None
        if problem:
            raise InputError(
                problem, file=str(path), line=config.file_line(kind), field=f"fichier {kind}"
            )
    notes = tuple(w.located() for w in config.warnings)
    return Configuration(config, path, configuration.exists, notes)


def stored_configuration(text: str | None) -> Configuration:
    """The configuration of an event kept with its files (the service's desk): the text of its
    ``papp.cfg``, else PAPP's defaults (never ``$PAPP_CFG``); the files it names are written in
    the event's folder only."""
    path = Path(CONFIG_NAME)
    if text is None:
        return Configuration(default_config(), path, exists=False)
    config = parse_config(text, source=CONFIG_NAME, base=default_config())
    return checked(Configuration(config, path, True), Path("/event"), [])


def default_text() -> str:
    """PAPP's default configuration, as :meth:`Configuration.write_default` writes it."""
    return default_config_path().read_text(encoding="utf-8")
