"""What the ``papp`` commands share: the configuration to use, saving before showing."""

from __future__ import annotations

import os
from pathlib import Path

import click

from mipair.errors import FileAccessError
from mipair.systems.papp.config import PappConfig, default_config_path
from mipair.systems.papp.config_parser import default_config, read_config
from mipair.systems.papp.event import Event
from mipair.systems.papp.event_io import save_event
from mipair.systems.papp.presentation import player_label

__all__ = ["commit", "load_config", "player_label"]


def load_config(option: str | None, event_path: str, write_default: bool = True) -> PappConfig:
    """The configuration: ``--config``, else ``$PAPP_CFG``, else ``papp.cfg`` beside the event.

    A path that was given must exist (exit 5 otherwise). When none was given
    and ``papp.cfg`` is missing, PAPP's defaults are written there (as PAPP
    does; not when ``write_default`` is false, as for ``pair --no-save``, which
    writes nothing) and used. Warnings go to stderr.
    """
    given = option or os.environ.get("PAPP_CFG")
    if given and not Path(given).exists():
        raise FileAccessError(
            "configuration file not found (papp config --write-default "
            "FILE writes PAPP's defaults)",
            file=given,
        )
    path = Path(given or Path(event_path).parent / "papp.cfg")
    if not path.exists() and not write_default:
        return default_config()
    if not path.exists():
        try:
            path.write_text(default_config_path().read_text(encoding="utf-8"), encoding="utf-8")
            click.echo(
                f"mipair: {path} not found: PAPP's default configuration written there", err=True
            )
        except OSError as exc:
            click.echo(
                f"mipair: {path} not found and not writable ({exc.strerror}): "
                "using PAPP's defaults",
                err=True,
            )
        return default_config()
    cfg = read_config(path)
    for w in cfg.warnings:
        click.echo(w.located(), err=True)
    return cfg


def commit(event_file: str, event: Event, config: PappConfig | None = None) -> None:
    """Write the event atomically (temporary file, fsync, rename), then the round-by-round files
    of the configuration; the caller shows its output after this returns."""
    from mipair.systems.papp.outputs import write_outputs

    save_event(event_file, event)
    write_outputs(event, config or load_config(None, event_file), event_file)
