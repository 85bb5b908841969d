"""The Othello desk behind the one desk interface (:class:`mipair.desk.game.Desk`).

A PAPP event is a folder: the event file, its configuration (``papp.cfg``), the
player file the configuration names and the new players' file. A change is the
change ``mipair papp ...`` makes (:mod:`~mipair.desk.papp.changes`), saved as
:func:`~mipair.desk.papp.session.change_event` saves it: nothing when the event
is unchanged, else the event file (and PAPP's default configuration when the
event has none). The round files PAPP publishes are made from these and are not
kept. A change that reads or writes the player files (a new event, a
registration) runs in a temporary folder holding the files, as the command
line runs in the arbiter's folder, and the files are read back. The
configuration is the event's own ``papp.cfg``, never ``$PAPP_CFG``
(:func:`~mipair.desk.papp.configuration.stored_configuration`).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from mipair.desk import views
from mipair.desk.game import Changed, Desk, Download, Files, Option, Status, laid_out, options_of
from mipair.desk.papp import changes, shown
from mipair.desk.papp.configuration import Configuration, default_text, stored_configuration
from mipair.desk.papp.creation import (
    brightwell_coefficient,
    from_player_files,
    new_event_settings,
    seeded,
)
from mipair.desk.papp.outputs import output_folder, republish
from mipair.desk.papp.people import NEW_PLAYERS, player_file
from mipair.desk.papp.session import Change, change_event, create_event
from mipair.errors import InputError
from mipair.formats.papp.config_file import CONFIG_NAME
from mipair.formats.papp.event import Event, name_problem
from mipair.formats.papp.event_file import parse_event, write_event
from mipair.formats.text import decode
from mipair.operations.files import Opened
from mipair.systems.base import AnySystem
from mipair.systems.papp.system import PappDocument
from mipair.systems.registry import for_ending

PLAYER_FILE = "joueurs.txt"
"""The name a new event's player file is kept under (PAPP's default ``fichier joueurs``)."""


class OthelloDesk(Desk):
    """An Othello tournament as PAPP runs it (``mipair papp``)."""

    name = "othello"
    title = "Othello"
    ending = ".papp"
    statuses = (
        Status("absent", "out from the round to pair on (PAPP's '-', a withdrawal)"),
        Status("plays", "back from the round to pair on (PAPP's '+')"),
    )
    results_help = (
        "board: a player, by number or the start of his name; result: his discs (40), or the "
        "difference with his opponent (+4, =, -6), or e to erase the coupon (PAPP's coupons)"
    )
    create_options = (
        Option("name", str, "Tournament name (also the folder of its files).", required=True),
        Option(
            "players", str, "The player file's text (JECH/PAPP format).", required=True, file=True
        ),
        Option("players_name", str, f"The player file's name (default {PLAYER_FILE})."),
        Option("config", str, "The configuration's text (papp.cfg; default: PAPP's).", file=True),
        Option("ids", list, "Register only these player numbers (default: all).", default=[]),
        Option("date", str, "Tournament date (default: today, DD/MM/YYYY as PAPP)."),
        Option("rounds", int, "Number of rounds (decides the round robin)."),
        Option("brightwell", str, "Brightwell coefficient per point (0: discs only)."),
        Option("seed", int, "Seed for draws by lot (default: from the event)."),
    )
    register_options = (
        Option("ids", list, "Players of the player files, by number.", default=[]),
        Option("new", str, "A new player, 'NAME, First name' (goes to 'nouveaux')."),
        Option("country", str, "The new player's country (default: 'pays')."),
        Option("rating", int, "The new player's rating."),
        Option("number", int, "The new player's number (default: PAPP's choice)."),
        Option("force", bool, "A new player with the name of a known one.", default=False),
    )
    pair_options = (
        Option("details", bool, "Each pair's penalty terms in the report.", default=False),
        Option("extra_round", bool, "A round past the planned ones.", default=False),
    )

    # -- which files -------------------------------------------------------------------

    def runs(self, system: AnySystem) -> bool:
        return self.ending in system.registered.endings

    def main_file(self, files: Files) -> str:
        found = [name for name in files if name.lower().endswith(self.ending)]
        if len(found) != 1:
            raise InputError(f"a PAPP event has one event file ({self.ending})", field="files")
        return found[0]

    def event(self, files: Files) -> Event:
        name = self.main_file(files)
        return parse_event(decode(files[name]), source=name)

    def configuration(self, files: Files, folder: Path | None = None) -> Configuration:
        """The event's configuration: its ``papp.cfg``, else PAPP's defaults (in ``folder``,
        where the files are laid out)."""
        found = files.get(CONFIG_NAME)
        configuration = stored_configuration(None if found is None else decode(found))
        path = (folder or Path()) / CONFIG_NAME
        return replace(configuration, path=path) if folder is not None else configuration

    @contextmanager
    def folder(self, files: Files) -> Iterator[tuple[Path, Configuration]]:
        """The event file laid out with its other files, and its configuration."""
        with laid_out(files) as folder:
            event_file = folder / self.main_file(files)
            yield event_file, self.configuration(files, folder)

    def kept(
        self, files: Files, event_file: Path, configuration: Configuration
    ) -> dict[str, bytes]:
        """The files of the event's folder that are the tournament (the module docstring)."""
        folder = event_file.parent
        names = set(files) | {event_file.name, CONFIG_NAME}
        listed = player_file(event_file, configuration)
        news = configuration.config.file("nouveaux") or NEW_PLAYERS
        for path in (listed, folder / news):
            if path is not None and path.parent == folder:
                names |= {path.name, f"{path.name}.txt"}
        return {n: (folder / n).read_bytes() for n in sorted(names) if (folder / n).is_file()}

    def changing(
        self, files: Files, make: Callable[[Path, Configuration], Change], what: str
    ) -> Changed:
        """A change that reads or writes the player files, run in their folder."""
        shown: list[str] = []
        with self.folder(files) as (event_file, configuration):
            change = make(event_file, configuration)
            outcome = change_event(event_file, configuration, change, shown.append)
            kept = self.kept(files, event_file, configuration)
        report = {"text": "".join(shown), "round_to_pair": outcome.after.round_to_pair}
        return Changed(kept, what, report)

    def applied(self, files: Files, make: Callable[[Configuration], Change], what: str) -> Changed:
        """A change of the event alone, saved as ``change_event`` saves it (module docstring)."""
        configuration = self.configuration(files)
        name = self.main_file(files)
        before = self.event(files)
        output_folder(before, configuration.config, name)  # a name PAPP cannot publish under
        after, text = make(configuration)(before)
        report = {"text": text, "round_to_pair": after.round_to_pair}
        if after == before:
            return Changed(dict(files), what, report)
        saved = dict(files) | {name: write_event(after).encode("utf-8")}
        if not configuration.exists:
            saved[CONFIG_NAME] = default_text().encode("utf-8")
        return Changed(saved, what, report)

    def opened(self, files: Files) -> Opened:
        """The event with its configuration, as the PAPP system reads it."""
        system = for_ending(self.main_file(files))
        assert system is not None
        document = PappDocument(self.event(files), self.configuration(files).config)
        return Opened(system, None, system.state_of(document))

    # -- creating ----------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.create_options, "an Othello tournament")
        problem = name_problem(o["name"])
        if problem:
            raise InputError(problem, field="name")
        given = {o["players_name"] or PLAYER_FILE: o["players"].encode("utf-8")}
        if o["config"] is not None:
            given[CONFIG_NAME] = o["config"].encode("utf-8")
        with laid_out(given) as folder:
            event_file = folder / self.file_name
            configuration = self.configuration(given, folder)
            coefficient = brightwell_coefficient(o["brightwell"])
            settings = new_event_settings(
                configuration.config, o["name"], o["date"], o["rounds"], coefficient, o["seed"]
            )
            players = str(event_file.parent / (o["players_name"] or PLAYER_FILE))
            ids = [_number(i, "ids") for i in o["ids"]]
            event = from_player_files(event_file, configuration, players, ids, settings)
            created = create_event(event_file, configuration, seeded(event, o["seed"])).after
            kept = self.kept(given, event_file, configuration)
        report = {"players": len(created.players), "rounds": created.settings.rounds}
        return Changed(kept, f"created: {o['name']}", report)

    def imported(self, files: Files) -> Changed:
        with self.folder(files) as (event_file, configuration):
            kept = self.kept({}, event_file, configuration)
        extra = sorted(set(files) - set(kept))
        if extra:
            raise InputError(
                f"{extra[0]!r} is not a file of this PAPP event (the event file, {CONFIG_NAME}, "
                "its player file and its new players' file)",
                field="files",
            )
        self.event(files)
        return Changed(dict(files), "imported", self.summary(files))

    # -- reading -----------------------------------------------------------------------

    def summary(self, files: Files) -> dict[str, object]:
        event = self.event(files)
        s = event.settings
        paired = event.paired_round
        playing = paired if paired and not event.round(paired).complete else None
        last = s.rounds or len(event.rounds)
        return {
            "name": s.name,
            "system": "PAPP",
            "rounds": s.rounds,
            "completed": event.completed,
            "playing": playing,
            "next": None if playing or event.round_to_pair > last else event.round_to_pair,
            "players": len(event.players),
            "heading": {"name": s.name, "date": s.date, "rounds": s.rounds},
        }

    def players(self, files: Files) -> list[dict[str, object]]:
        event = self.event(files)
        return [shown.person(event, p.id) for p in event.players]

    def pairing(self, files: Files, round_number: int | None) -> views.Pairing:
        return shown.pairing(self.event(files), round_number)

    def ranked(self, files: Files, after: int | None, with_rounds: bool) -> views.Standings:
        return shown.ranked(self.event(files), after, with_rounds)

    def card(self, files: Files, player: str) -> dict[str, object]:
        return shown.card(self.event(files), player)

    def downloads(self) -> tuple[Download, ...]:
        return (
            Download("event", "The PAPP event file", "text/plain"),
            Download(
                "zip",
                "The event's folder: its files and every published round file",
                "application/zip",
            ),
        )

    def download(self, files: Files, format: str) -> tuple[str, bytes]:
        name = self.main_file(files)
        if format == "event":
            return name, files[name]
        if format != "zip":
            raise InputError(f"{format!r}: one of event, zip", field="format")
        buffer = io.BytesIO()
        with self.folder(files) as (event_file, configuration):
            republish(self.event(files), configuration.config, event_file)
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in sorted(event_file.parent.rglob("*")):
                    if path.is_file() and not path.name.startswith("."):
                        archive.write(path, path.relative_to(event_file.parent).as_posix())
        return f"{name.rpartition('.')[0] or name}.zip", buffer.getvalue()

    # -- changing ----------------------------------------------------------------------

    def register(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.register_options, "a registration")
        ids = [_number(i, "ids") for i in o["ids"]]
        new = (o["new"], o["country"], o["rating"], o["number"], o["force"])
        warnings: list[str] = []
        changes.check_registration(ids, o["new"])
        what = f"registered {o['new'] or ', '.join(map(str, ids))}"
        return self.changing(
            files,
            lambda event_file, configuration: changes.registration(
                event_file, configuration, None, ids, new, warnings
            ),
            what,
        )

    def attendance(
        self, files: Files, players: Sequence[str], rounds: Sequence[int], status: str
    ) -> Changed:
        if status not in {s.name for s in self.statuses}:
            raise InputError(f"{status!r}: absent or plays", field="status")
        to_pair = self.event(files).round_to_pair
        if any(r != to_pair for r in rounds):
            raise InputError(
                f"an Othello player leaves or returns from the round to pair (round {to_pair}) "
                "on: withdraw, and return later",
                field="rounds",
            )
        leave = status == "absent"
        what = f"{'withdrawn' if leave else 'back'} from round {to_pair}: {', '.join(players)}"
        return self.applied(files, lambda _: changes.roster(players, leave), what)

    def withdraw(self, files: Files, players: Sequence[str], first: int | None) -> Changed:
        return self.attendance(files, players, [] if first is None else [first], "absent")

    def pair(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.pair_options, "pairing")
        name = self.main_file(files)
        number = self.event(files).round_to_pair
        done = self.applied(
            files,
            lambda configuration: changes.pairing(
                name, configuration.config, o["details"], o["extra_round"]
            ),
            f"round {number} paired",
        )
        report = self.pairing(done.files, number) | {"text": done.report["text"]}
        return Changed(done.files, done.what, report)

    def results(
        self, files: Files, round_number: int | None, entries: Sequence[tuple[str, str]]
    ) -> Changed:
        coupons = [f"{where.strip()} {result.strip()}" for where, result in entries]
        number = round_number or self.event(files).paired_round

        def make(configuration: Configuration) -> Change:
            bad: list[str] = []
            relative = configuration.config.relative_display
            record = changes.coupons(coupons, round_number, False, relative, bad, [])

            def change(event: Event) -> tuple[Event, str]:
                after, text = record(event)
                if bad:
                    raise InputError("; ".join(bad), field="result")
                return after, text

            return change

        return self.applied(files, make, f"results of round {number}: {', '.join(coupons)}")

    def result_key(self, board: views.Board) -> str:
        """A coupon names its game by a player: the board's first (Black)."""
        return str(board["first"]["id"])

    def unpair(self, files: Files, round_number: int | None, force: bool) -> Changed:
        to_pair = self.event(files).round_to_pair
        if round_number is not None and round_number != to_pair:
            raise InputError(
                f"only the round to pair (round {to_pair}) has its pairs undone", field="round"
            )
        return self.applied(files, lambda _: changes.no_pairs, f"round {to_pair} taken back")


def _number(text: str, field: str) -> int:
    if not (text.strip().isascii() and text.strip().isdigit()):
        raise InputError(f"{text!r}: a player's number expected", field=field)
    return int(text)
