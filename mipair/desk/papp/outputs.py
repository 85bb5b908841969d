"""The files PAPP writes round by round (manual 6.3, 6.8), from the configuration's lines
``fichier appariements | resultats | classement | equipes | tableau-croise = "NAME";``
and ``XML true``.

* A name's ``###`` becomes the round number padded with '_' to three characters
  (``result###.txt`` -> ``result__1.txt``); a name without ``###`` gets the
  number appended (``stand`` -> ``stand1``); an empty name writes nothing.
* Kinds that share a name for a round share one file: pairings, results,
  standings and team standings follow each other in that order.
* Pairings: for every round with a pairing; the others after each complete round.
* ``dossier true`` (the default): the files go to a folder named after the
  tournament beside the event file; ``dossier false``: beside the event file.
* ``XML true``: ``rounds.xml`` (every round) and ``stand###.xml`` (standings).
* The HTML crosstable uses ``cell.tpl`` beside the event file, written there
  (with its CSS) when missing.

Every file is rebuilt from the event, so after a correction of an earlier
round every later file agrees with it. Files are written atomically, and only
when their text changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from mipair.desk.papp.crosstable_html import crosstable_html, default_template
from mipair.desk.papp.reports import pairings_text, results_text, standings_text, teams_text
from mipair.errors import FileAccessError
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event import Event
from mipair.formats.papp.xml_files import rounds_xml, standings_xml
from mipair.formats.text import load, save
from mipair.systems.papp.scoring import ranks, standings, tiebreak_name

TEXT_KINDS: tuple[tuple[str, Callable[[Event, int], str], bool], ...] = (
    ("appariements", pairings_text, False),  # (kind, report, needs a complete round)
    ("resultats", results_text, True),
    ("classement", standings_text, True),
    ("equipes", teams_text, True),
)
TEMPLATE = "cell.tpl"


def round_file_name(pattern: str, number: int) -> str:
    """PAPP's numbering: ``###`` -> the round padded with '_', else the number appended."""
    if "###" in pattern:
        return pattern.replace("###", f"{number:_>3}", 1)
    return f"{pattern}{number}"


def folder_name(event: Event, event_file: str | Path) -> str:
    """The tournament folder: the tournament's name in safe characters (else the file's)."""
    name = re.sub(r"[^\w.-]+", "_", event.settings.name.strip()).strip("._")
    return name or Path(event_file).stem


def output_folder(event: Event, cfg: PappConfig, event_file: str | Path) -> Path:
    base = Path(event_file).parent
    return base / folder_name(event, event_file) if cfg.folder else base


def template_for(event_file: str | Path) -> tuple[str, str]:
    """(the cell.tpl text, its path), writing the default one beside the event when missing."""
    path = Path(event_file).parent / TEMPLATE
    if not path.exists():
        save(path, default_template())
    return load(path), str(path)


def planned_files(event: Event, cfg: PappConfig, event_file: str | Path) -> dict[Path, str]:
    """Every output file's path and text for the event as it stands."""
    folder = output_folder(event, cfg, event_file)
    parts: dict[Path, list[str]] = {}
    for rnd in event.rounds:
        for kind, report, needs_complete in TEXT_KINDS:
            pattern = cfg.file(kind)
            if not pattern or not rnd.paired or (needs_complete and not rnd.complete):
                continue
            path = folder / round_file_name(pattern, rnd.number)
            parts.setdefault(path, []).append(report(event, rnd.number))
    files = {path: "\n".join(texts) for path, texts in parts.items()}
    complete = [r.number for r in event.rounds if r.complete]
    crosstable = cfg.file("tableau-croise")
    if crosstable and complete:
        template, source = template_for(event_file)
        for number in complete:
            path = folder / round_file_name(crosstable, number)
            files[path] = crosstable_html(event, number, template, source)
    if cfg.xml and event.rounds:
        files[folder / "rounds.xml"] = rounds_xml(event)
        for number in complete:
            lines = standings(event, number)
            files[folder / round_file_name("stand###.xml", number)] = standings_xml(
                event, number, lines, ranks(lines), tiebreak_name(event)
            )
    return files


def write_outputs(event: Event, cfg: PappConfig, event_file: str | Path) -> list[Path]:
    """Write the files whose text changed; return them."""
    written = []
    for path, text in planned_files(event, cfg, event_file).items():
        if path.exists() and load(path) == text:
            continue
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileAccessError(
                f"cannot create the folder: {exc.strerror}", file=str(path.parent)
            ) from None
        save(path, text)
        written.append(path)
    return written
