"""Starting an event: the settings a configuration implies, the players registered at the start."""

from __future__ import annotations

from collections.abc import Iterable

from mipair.errors import InputError
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event import Event, Settings
from mipair.formats.papp.players import PlayerRecord


def settings_from_config(cfg: PappConfig, **overrides: object) -> Settings:
    """The event settings a configuration implies (disc total, Bip, colours, country)."""
    values: dict[str, object] = dict(
        total_discs=cfg.total_discs,
        bip_discs=cfg.bip_discs,
        colours=cfg.colours,
        country=cfg.country,
        round_robin=cfg.round_robin,
    )
    if cfg.brightwell is not None:
        values["brightwell"] = cfg.brightwell
    values.update({k: v for k, v in overrides.items() if v is not None})
    return Settings(**values)  # type: ignore[arg-type]


def from_players(
    records: Iterable[PlayerRecord], settings: Settings, select: Iterable[int] = ()
) -> Event:
    """A new event registering ``select`` (default: every player of the file)."""
    records = list(records)
    wanted = list(select)
    if wanted:
        by_id = {r.id: r for r in records}
        missing = [i for i in wanted if i not in by_id]
        if missing:
            raise InputError(f"player(s) {', '.join(map(str, missing))} not in the player file")
        records = [by_id[i] for i in dict.fromkeys(wanted)]
    return Event(settings, tuple(records))
