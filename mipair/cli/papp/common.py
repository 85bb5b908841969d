"""What the ``papp`` commands share: ``--config``, the configuration resolved once, changes.

Every command takes ``--config FILE`` (else ``$PAPP_CFG``, else ``papp.cfg``
beside the event: :mod:`mipair.desk.papp.configuration`). A command that
changes the event goes through :func:`apply`: the event's lock, the change,
the atomic save and the published files (:mod:`mipair.desk.papp.session`),
then what was published is said. ``MIPAIR_LOCK_WAIT`` (seconds) bounds the
wait for another command changing the same event.
"""

from __future__ import annotations

from pathlib import Path

import click

from mipair.desk.papp.configuration import Configuration, resolve_configuration
from mipair.desk.papp.people import registered_player as resolve_player
from mipair.desk.papp.session import Change, Outcome, change_event
from mipair.systems.papp.presentation import player_label

__all__ = ["apply", "config_option", "configure", "player_label", "resolve_player"]

config_option = click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="PAPP configuration (default: $PAPP_CFG, else papp.cfg beside EVENT).",
)


def configure(config_file: str | None, event_file: str) -> Configuration:
    """The command's configuration; its warnings said once, on stderr."""
    configuration = resolve_configuration(config_file, event_file)
    for note in configuration.notes:
        click.echo(note, err=True)
    return configuration


def _echo(text: str) -> None:
    click.echo(text, nl=False)


def apply(event_file: str, configuration: Configuration, change: Change) -> Outcome:
    """Run ``change`` on the event (locked, saved, published) and say what was published."""
    outcome = change_event(event_file, configuration, change, _echo)
    for note in outcome.notes:
        click.echo(note, err=True)
    published = outcome.publication
    if published.written:
        click.echo("published: " + ", ".join(_shown(p, event_file) for p in published.written))
    if published.withdrawn:
        click.echo("withdrawn: " + ", ".join(_shown(p, event_file) for p in published.withdrawn))
    return outcome


def _shown(path: Path, event_file: str) -> str:
    """A published file's name as the arbiter finds it: from the event's folder."""
    try:
        return str(path.relative_to(Path(event_file).parent))
    except ValueError:
        return str(path)
