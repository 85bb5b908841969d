"""What the ``papp`` commands share: the configuration to use, how a player is named."""

from __future__ import annotations

import os
from pathlib import Path

import click


def load_config(option: str | None, event_path: str):
    """The configuration to use (see the module docstring); warnings go to stderr."""
    from mipair.systems.papp.config import default_config_path
    from mipair.systems.papp.config_parser import default_config, read_config

    path = Path(option or os.environ.get("PAPP_CFG") or Path(event_path).parent / "papp.cfg")
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


def player_label(event, pid: int | None) -> str:
    if pid is None:
        return "Bip"
    p = event.player(pid)
    return f"{p.full_name} ({pid})"
