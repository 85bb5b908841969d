"""The rating (ELO) file at the end of the tournament (PAPP's E; the layout is
:mod:`mipair.formats.papp.elo_file`).

PAPP asks for the file's name (proposing ``YYYYMMDD_TOURNAMENT.ELO`` from the
tournament's date and folder name), the country, the date and the sender, then
lets the arbiter add games the rounds do not hold (finals, play-offs): here
``--country``, ``--date``, ``--sender`` and ``--game``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from pathlib import Path

from mipair import __version__
from mipair.desk.papp.configuration import Configuration
from mipair.desk.papp.outputs import folder_name, output_folder
from mipair.errors import InputError
from mipair.formats.papp.elo_file import ExtraGame, Heading, RatedLine, rating_file
from mipair.formats.papp.event import Event
from mipair.systems.papp.scoring import standings

_GAME = re.compile(r"^\s*([0-9]{1,9})\s+([0-9]{1,9})\s+([0-9]{1,9})\s+([0-9]{1,9})\s*$")
_DATE = re.compile(r"^([0-9]{2})/([0-9]{2})/([0-9]{4})$")


def extra_game(event: Event, text: str) -> ExtraGame:
    """``'BLACK DISCS WHITE DISCS'``: two registered players and discs adding up to the total."""
    found = _GAME.match(text)
    if not found:
        raise InputError(f"--game '{text}': expected 'BLACK DISCS WHITE DISCS'", field="--game")
    black, black_discs, white, white_discs = (int(x) for x in found.groups())
    total = event.settings.total_discs
    for pid in (black, white):
        if pid not in event.ids:
            raise InputError(f"--game '{text}': player {pid} is not registered", field="--game")
    if black == white or black_discs + white_discs != total:
        raise InputError(
            f"--game '{text}': two players whose discs add up to {total}", field="--game"
        )
    return ExtraGame(black, black_discs, white, white_discs)


def rating_file_name(event: Event, configuration: Configuration, event_file: str | Path) -> Path:
    """``fichier elo`` when the configuration names it, else PAPP's proposal, in the folder."""
    folder = output_folder(event, configuration.config, event_file)
    named = configuration.config.file("elo")
    if named:
        return folder / named
    found = _DATE.match(event.settings.date.strip())
    stamp = f"{found[3]}{found[2]}{found[1]}" if found else ""
    name = folder_name(event.settings.name.strip())
    if stamp and name:
        return folder / f"{stamp}_{name}.ELO"
    return folder / f"{stamp or name or Path(event_file).stem}.ELO"


def rating_text(
    event: Event,
    asked: tuple[str, str | None, str],
    new_players: Collection[int],
    extra: Sequence[ExtraGame],
) -> str:
    """The file: ``asked`` = (country, date or None for the event's, sender)."""
    country, date, sender = asked
    heading = Heading(
        event.settings.name,
        country,
        event.settings.date if date is None else date,
        sender,
        f"mipair {__version__}",
    )
    lines = [RatedLine(ln.id, ln.points, ln.discs) for ln in standings(event)]
    return rating_file(event, heading, lines, new_players, extra)
