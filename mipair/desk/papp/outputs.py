"""The files PAPP publishes round by round (manual 6.3, 6.8), written once, kept as published.

From the configuration's ``fichier appariements | resultats | classement |
equipes | tableau-croise = "NAME";`` and ``XML true``:

* a round's pairing file is written when the round is paired (again when its
  pairs change while it is open), without results;
* when a round's last result comes in (the round is published, PAPP's '!'),
  its results, standings, team standings, HTML crosstable and, with ``XML
  true``, ``stand###.xml`` are written, as the tournament stood then
  (:meth:`~mipair.formats.papp.event.Event.as_of`: a player who leaves later
  still shows as present, later rounds count for nothing);
* from then on they are kept as published: a later withdrawal, a late player
  or a change of nationality does not touch them;
* a correction of a round's result, as PAPP 1.36 offers after 'C', writes
  again the standings, team standings, crosstable (and ``stand###.xml``) of
  the latest published round, and all of that round's files when the
  corrected round is the latest one; earlier files stay as published;
* a round whose results are reopened (a coupon erased) or whose pairing is
  undone has its files withdrawn (deleted), to be published again;
* ``rounds.xml`` is written again after every change of a pairing or result.

Kinds that share a name share one file per round (pairings, results,
standings, team standings, in that order). Names are numbered as PAPP does
(:func:`~mipair.formats.papp.config.numbered_name`), except a crosstable name
without ``###``: one file, the latest crosstable, as in PAPP 1.36. The files go to the
tournament's folder (``dossier true``, PAPP's default; PAPP's name for it,
:func:`folder_name`) or beside the event (``dossier false``, or a tournament
without a name). A file missing on disk (a command killed before it wrote it)
is written by the next command that changes the event.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mipair import __version__
from mipair.desk.papp.crosstable_html import crosstable_html, default_template, template_path
from mipair.desk.papp.reports import pairings_text, results_text, standings_text, teams_text
from mipair.errors import FileAccessError, InputError
from mipair.formats.papp.config import PappConfig, numbered_name
from mipair.formats.papp.event import Event, Round, name_problem
from mipair.formats.papp.xml_files import ROUNDS_FILE, STANDINGS_FILE, rounds_xml, standings_xml
from mipair.formats.text import load, save
from mipair.systems.papp.scoring import standings

CREATOR = f"mipair {__version__}"
PAIRING_KIND = "appariements"
RESULT_KINDS = ("resultats", "classement", "equipes")
STANDING_KINDS = frozenset(("classement", "equipes", "tableau-croise", "xml"))
"""What a correction of an earlier round publishes again for the latest round (PAPP's 'C')."""
SPECIAL = frozenset("#&%:?*!/'`\"\\")
"""Characters PAPP turns into '-' in the tournament folder's name (spaces become '_')."""


@dataclass(frozen=True)
class Publication:
    """What a change published: files written, files withdrawn."""

    written: tuple[Path, ...] = ()
    withdrawn: tuple[Path, ...] = ()


def folder_name(name: str) -> str:
    """PAPP's folder for a tournament: its name, spaces as '_', ``#&%:?*!/'`"\\`` as '-'."""
    return "".join("_" if c == " " else "-" if c in SPECIAL else c for c in name)


def output_folder(event: Event, cfg: PappConfig, event_file: str | Path) -> Path:
    """Where the published files go (see the module docstring): always inside the event's
    folder (a name that would lead elsewhere is refused, exit 3)."""
    base = Path(event_file).parent
    name = event.settings.name.strip()
    problem = name_problem(name)
    if problem:
        raise InputError(problem, file=str(event_file), field="name")
    return base / folder_name(name) if cfg.folder and name else base


def template_for(event_file: str | Path, write: bool) -> tuple[str, str]:
    """(the template text, its name); PAPP's default written beside the event when ``write``."""
    found = template_path(event_file)
    if found is not None:
        return load(found), str(found)
    text = default_template()
    if write:
        target = Path(event_file).parent / "cell.tmpl"
        save(target, text)
        return text, str(target)
    return text, "cell.tmpl (default)"


def _state(rnd: Round | None) -> tuple[object, ...] | None:
    """What a round's published files depend on: its pairing, or its results once complete."""
    if rnd is None or not rnd.paired:
        return None
    if rnd.complete:
        return ("complete", rnd.games, rnd.bip)
    return ("open", tuple((g.black, g.white) for g in rnd.games), rnd.bip)


def round_files(
    event: Event,
    cfg: PappConfig,
    event_file: str | Path,
    number: int,
    kinds: frozenset[str] | None = None,
) -> dict[Path, Callable[[], str]]:
    """Round ``number``'s files as the round stands, each with what writes its text
    (computed only when called); ``kinds``: only the files holding one of those."""
    rnd = event.round(number)
    if not rnd.paired:
        return {}
    folder = output_folder(event, cfg, event_file)
    then = event.as_of(number)
    relative = cfg.relative_display
    reports: list[tuple[str, Callable[[], str]]] = [
        (PAIRING_KIND, lambda: pairings_text(then, number, with_results=False, relative=relative))
    ]
    if rnd.complete:
        reports += [
            ("resultats", lambda: results_text(then, number, relative)),
            ("classement", lambda: standings_text(then, number)),
            ("equipes", lambda: teams_text(then, number)),
        ]
    parts: dict[Path, list[tuple[str, Callable[[], str]]]] = {}
    for kind, report in reports:
        name = cfg.file(kind)
        if name:
            parts.setdefault(folder / numbered_name(name, number), []).append((kind, report))
    files: dict[Path, Callable[[], str]] = {
        path: _joined([report for _, report in held])
        for path, held in parts.items()
        if kinds is None or kinds & {kind for kind, _ in held}
    }
    if not rnd.complete:
        return files
    crosstable = cfg.file("tableau-croise") or ""
    numbered = "###" in crosstable  # else one file, the latest crosstable (PAPP numbers ### only)
    if (
        crosstable
        and (kinds is None or "tableau-croise" in kinds)
        and (numbered or number == event.completed)
    ):
        name = numbered_name(crosstable, number) if numbered else crosstable
        files[folder / name] = lambda: crosstable_html(
            then, number, *template_for(event_file, write=True)
        )
    if cfg.xml and (kinds is None or "xml" in kinds):
        files[folder / numbered_name(STANDINGS_FILE, number)] = lambda: standings_xml(
            then, number, standings(then, number), CREATOR
        )
    return files


def _joined(reports: list[Callable[[], str]]) -> Callable[[], str]:
    """The text of kinds sharing one file: one after the other, as PAPP appends them."""
    return lambda: "\n\n\n".join(report() for report in reports)


def _all_names(cfg: PappConfig, folder: Path, number: int) -> set[Path]:
    """Every file name round ``number`` can have under this configuration."""
    names = {cfg.file(k) for k in (PAIRING_KIND, *RESULT_KINDS)}
    crosstable = cfg.file("tableau-croise")
    if crosstable and "###" in crosstable:  # an unnumbered crosstable is not withdrawn
        names.add(crosstable)
    out = {folder / numbered_name(n, number) for n in names if n}
    if cfg.xml:
        out.add(folder / numbered_name(STANDINGS_FILE, number))
    return out


def publish(
    before: Event | None, after: Event, cfg: PappConfig, event_file: str | Path
) -> Publication:
    """Write and withdraw what the change from ``before`` to ``after`` publishes (module doc)."""
    folder = output_folder(after, cfg, event_file)
    last = after.completed
    numbers = range(1, max(len(after.rounds), len(before.rounds) if before else 0) + 1)
    old = {n: _state(before.round(n)) if before else None for n in numbers}
    new = {n: _state(after.round(n)) for n in numbers}
    corrected = [n for n in numbers if old[n] != new[n] and _complete(old[n]) and _complete(new[n])]
    written: list[Path] = []
    withdrawn: list[Path] = []
    for n in numbers:
        files = round_files(after, cfg, event_file, n)
        again = old[n] != new[n] and not (n in corrected and n != last)
        written += [path for path, text in files.items() if _write(path, text, again)]
        for path in sorted(_all_names(cfg, folder, n) - set(files)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                withdrawn.append(path)
    if corrected and last:
        files = round_files(after, cfg, event_file, last, STANDING_KINDS)
        written += [path for path, text in files.items() if _write(path, text, True)]
    rounds_file = folder / ROUNDS_FILE
    if cfg.xml and any(new.values()) and (old != new or not rounds_file.exists()):
        written += (
            [rounds_file] if _write(rounds_file, lambda: rounds_xml(after, CREATOR), True) else []
        )
    return Publication(tuple(dict.fromkeys(written)), tuple(withdrawn))


def republish(event: Event, cfg: PappConfig, event_file: str | Path) -> Publication:
    """Write every round's files again, as each round stood (``papp outputs``)."""
    written = []
    for n in range(1, len(event.rounds) + 1):
        for path, text in round_files(event, cfg, event_file, n).items():
            _write(path, text, True)
            written.append(path)
    if cfg.xml and any(r.paired for r in event.rounds):
        path = output_folder(event, cfg, event_file) / ROUNDS_FILE
        _write(path, lambda: rounds_xml(event, CREATOR), True)
        written.append(path)
    return Publication(tuple(written))


def _complete(state: tuple[object, ...] | None) -> bool:
    return state is not None and state[0] == "complete"


def _write(path: Path, text_of: Callable[[], str], again: bool) -> bool:
    """Write ``path`` when it is missing, or when ``again`` and its text changed."""
    if path.exists() and not again:
        return False
    text = text_of()
    if path.exists() and _same(load(path), text):
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileAccessError(
            f"cannot create the folder: {exc.strerror}", file=str(path.parent)
        ) from None
    save(path, text)
    return True


def _same(old: str, new: str) -> bool:
    """Equal texts, the creation time PAPP stamps in its XML and rating files aside."""
    return _unstamped(old) == _unstamped(new)


def _unstamped(text: str) -> str:
    return "\n".join(ln for ln in text.split("\n") if "CreationDate:" not in ln)
