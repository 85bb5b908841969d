"""One desk interface for every game: what a front end (the service's API, its pages) asks of a
tournament kept as its game's own files.

A :class:`Desk` works on a tournament's **files** (name -> bytes: the TRF-2026
file, the OpenGotha file, a PAPP event's folder), never on a path or a
database: each change takes the files and gives the files after it
(:class:`Changed`), made by the very functions the game's command line runs
(``mipair chess``, ``mipair mcmahon``, ``mipair papp``), so that the same change
gives the same bytes whichever door it came through. Where the command line
works on a folder (PAPP's configuration, player files and published files) the
desk lays the files out in a temporary folder and reads them back.

The operations every game offers, with the same names and arguments:

* ``create`` (the ``new`` command's settings), ``imported`` (a file another
  program wrote, checked as the game reads it);
* ``register``, ``attendance`` (who plays which round: :attr:`Desk.statuses`),
  ``withdraw``, ``pair`` (the next round: the pairing ``mipair solve``,
  ``mipair mcmahon pair`` or ``mipair papp pair`` gives on the same file),
  ``results`` (entered or corrected, any round), ``unpair``;
* reading: ``summary``, ``players``, ``pairing``, ``standings``, ``crosstable``,
  ``card`` (one player's rounds), ``download`` in the game's own formats,
  ``result_key`` (what names a board of a pairing in ``results``);
* ``why`` (a proposed round held against the system's) and ``explain`` (why no
  pairing exists), through the operations layer.

Players are named as the game's command line names them (a pairing number or
the start of a name; an OpenGotha key); the views use one shape for every game
(:mod:`mipair.desk.views`). Nothing here names a pairing system: a desk says
which systems it runs (:meth:`Desk.runs`) from their registry lines.
"""

from __future__ import annotations

import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from mipair.desk import views
from mipair.errors import FileAccessError, InputError, MipairError
from mipair.operations.files import Opened, open_tournament
from mipair.operations.judging import proposal
from mipair.systems.base import AnySystem

Files = Mapping[str, bytes]
"""A tournament's files by plain name (what the store keeps as one revision)."""


@dataclass(frozen=True)
class Changed:
    """What a change did: the files after it, one line for the history, and its report (the
    data the command line prints with ``--json``)."""

    files: dict[str, bytes]
    what: str
    report: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Download:
    """A format the tournament can be downloaded in."""

    format: str
    label: str
    media_type: str


@dataclass(frozen=True)
class Option:
    """A setting an operation takes, named as the command line's option (``time_control``
    for ``--time-control``)."""

    name: str
    kind: type
    help: str
    required: bool = False
    default: object = None
    file: bool = False
    """A file's text (a page offers to choose the file)."""

    def describe(self) -> dict[str, object]:
        kinds = {str: "string", int: "integer", bool: "boolean", list: "list of strings"}
        described = {"type": kinds[self.kind], "help": self.help, "required": self.required}
        return described | ({"file": True} if self.file else {})


def options_of(given: Mapping[str, Any], spec: Sequence[Option], what: str) -> dict[str, Any]:
    """``given`` checked against ``spec`` (unknown names and wrong types refused, naming the
    field), every option present (its default when not given)."""
    known = {option.name: option for option in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "nothing"
        raise InputError(f"{what} takes {names}; not {unknown[0]!r}", field=unknown[0])
    out = {}
    for option in spec:
        value = given.get(option.name)
        if value is None:
            if option.required:
                raise InputError(f"{what} needs {option.name}", field=option.name)
            out[option.name] = option.default
            continue
        if not _fits(value, option.kind):
            raise InputError(
                f"{option.describe()['type']} expected, not {value!r:.40}", field=option.name
            )
        out[option.name] = value
    return out


def _fits(value: object, kind: type) -> bool:
    if kind is list:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


@dataclass(frozen=True)
class Status:
    """A way a player takes part in a round (``attendance``): its name and what it means."""

    name: str
    label: str


class Desk(ABC):
    """A game's desk (see the module docstring)."""

    name: ClassVar[str]
    """The game: ``chess``, ``go``, ``othello`` (the store's name of it)."""
    title: ClassVar[str]
    ending: ClassVar[str]
    """The ending of the tournament's file (its name when created: ``tournament`` + it)."""
    statuses: ClassVar[tuple[Status, ...]]
    """What ``attendance`` takes."""
    results_help: ClassVar[str]
    """How a result is typed, and what names a board (for forms and the API's description)."""
    create_options: ClassVar[tuple[Option, ...]]
    register_options: ClassVar[tuple[Option, ...]]
    pair_options: ClassVar[tuple[Option, ...]]

    @property
    def file_name(self) -> str:
        """The name a new tournament's file gets."""
        return f"tournament{self.ending}"

    # -- which files -------------------------------------------------------------------

    @abstractmethod
    def runs(self, system: AnySystem) -> bool:
        """Whether this desk runs tournaments of ``system`` (a file read for it is this
        game's)."""

    @abstractmethod
    def main_file(self, files: Files) -> str:
        """The name of the tournament's own file among ``files`` (the one systems read)."""

    # -- creating ----------------------------------------------------------------------

    @abstractmethod
    def create(self, fields: Mapping[str, Any]) -> Changed:
        """A new tournament from the ``new`` command's settings (by their option names)."""

    @abstractmethod
    def imported(self, files: Files) -> Changed:
        """``files`` as this game reads them (bad input: the located line), unchanged."""

    # -- reading -----------------------------------------------------------------------

    @abstractmethod
    def summary(self, files: Files) -> dict[str, object]:
        """``name``, ``system``, ``rounds``, ``completed``, ``playing`` (the round being played
        or None), ``next`` (the round to pair or None), ``players``."""

    @abstractmethod
    def players(self, files: Files) -> list[dict[str, object]]:
        """Every registered player, as the views name them."""

    def teams(self, files: Files) -> list[dict[str, object]] | None:
        """A team tournament's teams, as the views name them (None: a game without teams)."""
        return None

    @abstractmethod
    def pairing(self, files: Files, round_number: int | None) -> views.Pairing:
        """A paired round (default: the last paired) as :func:`mipair.desk.views.pairing`."""

    def standings(self, files: Files, after: int | None) -> views.Standings:
        """The standings after a round (default: the last complete one)."""
        return self.ranked(files, after, with_rounds=False)

    def crosstable(self, files: Files, after: int | None) -> views.Standings:
        """The crosstable after a round (default: the last complete one)."""
        return self.ranked(files, after, with_rounds=True)

    @abstractmethod
    def ranked(self, files: Files, after: int | None, with_rounds: bool) -> views.Standings:
        """The standings after a round (default: the last complete one), each row with its
        rounds' cells when ``with_rounds`` (the crosstable)."""

    @abstractmethod
    def card(self, files: Files, player: str) -> dict[str, object]:
        """One player and their rounds so far."""

    @abstractmethod
    def downloads(self) -> tuple[Download, ...]:
        """The formats :meth:`download` gives, the tournament's own file first."""

    @abstractmethod
    def download(self, files: Files, format: str) -> tuple[str, bytes]:
        """The file name and bytes of the tournament in ``format``."""

    # -- changing ----------------------------------------------------------------------

    @abstractmethod
    def register(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        """Register a player (the ``register`` command's arguments, by their names)."""

    def register_team(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        """Register a team (``name``) in a team tournament; a game without teams refuses."""
        raise InputError(f"a {self.name} tournament has no teams", field="team")

    @abstractmethod
    def attendance(
        self, files: Files, players: Sequence[str], rounds: Sequence[int], status: str
    ) -> Changed:
        """Players take part in rounds not yet paired as ``status`` says."""

    @abstractmethod
    def withdraw(self, files: Files, players: Sequence[str], first: int | None) -> Changed:
        """Players leave the tournament from round ``first`` (default: the next) on."""

    @abstractmethod
    def pair(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        """Pair the next round and save it (the ``pair --save`` command's options)."""

    @abstractmethod
    def results(
        self, files: Files, round_number: int | None, entries: Sequence[tuple[str, str]]
    ) -> Changed:
        """Enter or correct results of a round (default: the last paired), each a board (as
        :attr:`results_help` says) and a result."""

    @abstractmethod
    def unpair(self, files: Files, round_number: int | None, force: bool) -> Changed:
        """Take the round being played back (with its results only when ``force``)."""

    # -- judging -----------------------------------------------------------------------

    def before_pairing(self, files: Files) -> Files:
        """The files as the round being played was paired from (what ``why`` and
        ``explain`` judge): the files themselves unless the game keeps a paired round
        where its system would not pair it again."""
        return files

    def result_key(self, board: views.Board) -> str:
        """What names ``board`` (a board of :meth:`pairing`) in :meth:`results`: its number,
        unless the game names a board otherwise."""
        return str(board["board"])

    def opened(self, files: Files) -> Opened:
        """The tournament's own file read by the operations layer, from its bytes (as the
        service reads an upload: nothing is written)."""
        name = self.main_file(files)
        return open_tournament(name, None, None, files[name])

    def why(self, files: Files, pairs: Sequence[str]) -> dict[str, object]:
        """A proposed round (``WHITE-BLACK`` boards as ``mipair why --pair`` takes them, ``ID-0``
        the bye) held against the system's, as ``mipair why --json`` gives it."""
        found = self.opened(self.before_pairing(files))
        system, state = found.system, found.state
        labels = system.labels(state)
        try:
            boards = [labels.pair(text) for text in pairs]
        except InputError as exc:
            raise InputError(exc.message, field="pairs") from None
        comparison = system.compare(state, proposal(system, state, boards, field="pairs"))
        return {"system": system.name, **comparison.to_json(), "text": comparison.text()}

    def explain(self, files: Files, seconds: float) -> dict[str, object]:
        """Why the round to pair has no pairing (or that it has one), as ``mipair explain
        --json`` gives it, looking ``seconds`` for the smallest reason."""
        found = self.opened(self.before_pairing(files))
        explanation = found.system.explain(found.state, seconds=seconds)
        return {"system": found.system.name, **explanation.to_json(), "text": explanation.text()}

    def describe(self) -> dict[str, object]:
        """What a form or a client needs to know of this game's desk."""
        return {
            "game": self.name,
            "title": self.title,
            "create": {o.name: o.describe() for o in self.create_options},
            "register": {o.name: o.describe() for o in self.register_options},
            "pair": {o.name: o.describe() for o in self.pair_options},
            "statuses": {s.name: s.label for s in self.statuses},
            "results": self.results_help,
            "downloads": [d.__dict__ for d in self.downloads()],
        }


@contextmanager
def laid_out(files: Files) -> Iterator[Path]:
    """A temporary folder holding ``files`` (removed when the block ends). An error raised in
    the block names the files by their plain names, never by the folder's path."""
    with tempfile.TemporaryDirectory(prefix="mipair-desk-") as folder:
        try:
            for name, content in files.items():
                path = Path(folder) / name
                if path.parent != Path(folder):
                    raise InputError(f"not a plain file name: {name!r}", field="files")
                try:
                    path.write_bytes(content)
                except OSError as exc:
                    raise FileAccessError(f"cannot write ({exc.strerror})", file=name) from None
            yield Path(folder)
        except MipairError as exc:
            raise without_folder(exc, folder) from None


def without_folder(exc: MipairError, folder: str) -> MipairError:
    """``exc`` with every mention of ``folder`` taken out of its file and message."""
    prefix = str(Path(folder)) + "/"
    exc.message = exc.message.replace(prefix, "")
    exc.args = (exc.message,)
    if exc.file is not None:
        exc.file = exc.file.replace(prefix, "")
    return exc
