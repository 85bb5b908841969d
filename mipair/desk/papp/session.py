"""One change to an event at the arbiter's desk: locked, saved atomically, then published.

A command that changes the event runs :func:`change_event`: it takes the
event's lock (:func:`~mipair.formats.state_file.locked_state`: a second
command waits for the first, then works on what the first saved), reads the
event, applies the change, saves the event atomically and publishes the round
files (:mod:`mipair.desk.papp.outputs`), then releases the lock. With
``sauvegarde immediate`` (PAPP's default) all this happens before anything is
shown: what is on the screen is on the disk. With ``sauvegarde differee`` the
text is shown first and saved when the command ends, as PAPP saves when it is
left. A command shows nothing and saves nothing when its change fails
(InputError): nothing confirmed is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mipair.desk.papp.configuration import Configuration
from mipair.desk.papp.outputs import Publication, output_folder, publish, republish
from mipair.errors import FileAccessError
from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event, save_event
from mipair.formats.state_file import locked_state, remove_stale_temporaries

Change = Callable[[Event], tuple[Event, str]]
"""A change: the event after it and the text that reports it."""


@dataclass(frozen=True)
class Outcome:
    """What a change did: the event before and after, what was published, notes to say."""

    before: Event
    after: Event
    saved: bool
    publication: Publication = field(default_factory=Publication)
    notes: tuple[str, ...] = field(default=())


def _persist(
    event_file: str | Path, configuration: Configuration, before: Event | None, after: Event
) -> tuple[Publication, tuple[str, ...]]:
    """Write the default configuration if due, the event, then the published files."""
    note = configuration.write_default()
    save_event(event_file, after)
    publication = publish(before, after, configuration.config, event_file)
    return publication, (note,) if note else ()


def change_event(
    event_file: str | Path,
    configuration: Configuration,
    change: Change,
    show: Callable[[str], None],
    save: bool = True,
    wait: float | None = None,
) -> Outcome:
    """Apply ``change`` to the event under its lock (see the module docstring)."""
    with locked_state(event_file, wait):
        before = read_event(event_file)
        remove_stale_temporaries([output_folder(before, configuration.config, event_file)])
        after, text = change(before)
        if not save or after == before:
            show(text)
            return Outcome(before, after, False)
        if configuration.config.immediate_save:
            publication, notes = _persist(event_file, configuration, before, after)
            show(text)
        else:
            show(text)
            publication, notes = _persist(event_file, configuration, before, after)
    return Outcome(before, after, True, publication, notes)


def create_event(
    event_file: str | Path,
    configuration: Configuration,
    event: Event,
    force: bool = False,
    wait: float | None = None,
) -> Outcome:
    """Write a new event (refused when the file exists, unless ``force``), under its lock."""
    with locked_state(event_file, wait):
        if Path(event_file).exists() and not force:
            raise FileAccessError(
                "the event file exists already (use --force)", file=str(event_file)
            )
        publication, notes = _persist(event_file, configuration, None, event)
    return Outcome(event, event, True, publication, notes)


def republish_event(
    event_file: str | Path, configuration: Configuration, wait: float | None = None
) -> Publication:
    """Write every round's files again (``papp outputs``), under the event's lock."""
    with locked_state(event_file, wait):
        event = read_event(event_file)
        return republish(event, configuration.config, event_file)
