"""Starting an event: the settings the configuration implies, the players registered at the start.

PAPP 1.36 asks, when a tournament starts, for its name, number of rounds and
Brightwell coefficient, and takes the date of the day; the configuration gives
the rest (``pays``, ``score-bip``, ``couleurs``, and the compatibility
commands ``toutes-rondes`` and ``brightwell``). The coefficient PAPP proposes
is 0 (a tie-break on discs) under 8 rounds and 6 from 8 rounds on (PAPP
1.36's ``main.c``; the manual gives no default). The draws by lot follow the
event's ``seed``; unless one is given it comes from the event itself (its
name, date and players), so that two events with the same players are not
paired alike in round 1.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path

from mipair.desk.papp.configuration import Configuration
from mipair.desk.papp.people import known_players
from mipair.errors import InputError
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event import Event, Settings
from mipair.formats.papp.players import PlayerRecord

LONG_EVENT = 8
"""From this many rounds PAPP proposes a Brightwell coefficient of 6 rather than 0."""


def default_brightwell(rounds: int | None) -> Decimal:
    """PAPP's proposed coefficient per point: 0 under 8 rounds (5 when not said), else 6."""
    return Decimal(6) if (rounds or 5) >= LONG_EVENT else Decimal(0)


def brightwell_coefficient(brightwell: str | None) -> Decimal | None:
    """A typed coefficient (``--brightwell``), None when not given."""
    if brightwell is None:
        return None
    try:
        beta = Decimal(brightwell)
    except InvalidOperation:
        raise InputError(f"--brightwell: not a number: {brightwell!r}") from None
    if not beta.is_finite() or beta < 0:
        raise InputError("--brightwell must be a number >= 0")
    return beta


def today() -> str:
    """Today's date as PAPP writes it: DD/MM/YYYY."""
    return time.strftime("%d/%m/%Y")


def new_event_settings(
    cfg: PappConfig,
    name: str,
    date: str | None,
    rounds: int | None,
    brightwell: Decimal | None,
    seed: int | None,
) -> Settings:
    """The settings of a new event: the arguments, else the configuration, else PAPP's."""
    if brightwell is None:
        brightwell = cfg.brightwell if cfg.brightwell is not None else default_brightwell(rounds)
    return Settings(
        name=name,
        date=today() if date is None else date,
        rounds=rounds,
        brightwell=brightwell,
        total_discs=cfg.total_discs,
        bip_discs=cfg.bip_discs,
        colours=cfg.colours,
        country=cfg.country,
        seed=seed or 0,
        round_robin=cfg.round_robin,
    )


def seeded(event: Event, seed: int | None) -> Event:
    """``event`` with its seed: ``seed`` when given, else one drawn from the event itself."""
    if seed is not None:
        return replace(event, settings=replace(event.settings, seed=seed))
    s = event.settings
    key = f"{s.name}|{s.date}|{','.join(str(p) for p in sorted(event.ids))}"
    drawn = int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) & 0x7FFFFFFF
    return replace(event, settings=replace(s, seed=drawn))


def from_player_files(
    event_file: str | Path,
    configuration: Configuration,
    players_file: str | None,
    ids: Iterable[int],
    settings: Settings,
) -> Event:
    """A new event (``papp new --players``): every player of the player file (``players_file``,
    else ``fichier joueurs``), or those of ``ids``, found also in ``nouveaux``."""
    if players_file is None and not configuration.config.file("joueurs"):
        raise InputError("give --players FILE (the configuration names no 'fichier joueurs')")
    wanted = list(ids)
    records, news = known_players(event_file, configuration, players_file)
    if not wanted:  # everyone of the player file; 'nouveaux' only by number
        records = [r for r in records if r.id not in news]
    missing = sorted(set(wanted) - {record.id for record in records})
    if missing:
        raise InputError(
            f"no player {', '.join(map(str, missing))} in the player file",
            file=players_file,
            field="--id",
        )
    return from_players(records, settings, wanted)


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
