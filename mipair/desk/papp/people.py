"""The players an event's folder knows: the player file, the new players' file, the registered.

* :func:`known_players`: the players of the player file (``fichier joueurs``,
  or the one given) and of the ``nouveaux`` file, either of which may be missing;
* :func:`new_record`: the record of a new player (``papp register --new``), with
  PAPP's number when none is given;
* :func:`registered_player` / :func:`registered_players`: registered players by
  number or by the start of their name, as PAPP's prompts take them (``*``:
  everyone).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mipair.desk.papp.configuration import Configuration
from mipair.desk.papp.registration import named, next_number, same_name
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.players import PlayerRecord, read_players, split_name

NEW_PLAYERS = "nouveaux"
"""PAPP's name for the new players' file when the configuration names none (manual 6.1)."""


def new_players_file(event_file: str | Path, configuration: Configuration) -> Path:
    """The ``nouveaux`` file (``fichier nouveaux``), beside the event."""
    return configuration.file_beside(
        event_file, configuration.config.file("nouveaux") or NEW_PLAYERS
    )


def readable(path: Path) -> bool:
    """A player file PAPP would open: NAME or NAME.txt (both present is an error, raised later)."""
    return path.is_file() or Path(f"{path}.txt").is_file()


def player_file(event_file: str | Path, configuration: Configuration) -> Path | None:
    """The player file the configuration names (``fichier joueurs``), beside the event."""
    listed = configuration.config.file("joueurs")
    return configuration.file_beside(event_file, listed) if listed else None


def known_players(
    event_file: str | Path, configuration: Configuration, players_file: str | None
) -> tuple[list[PlayerRecord], set[int]]:
    """The players of the player file and of the ``nouveaux`` file (either may be missing),
    and the numbers of the new ones. A player file given, or both NAME and NAME.txt
    present, is an error when it cannot be read."""
    cfg = configuration.config
    main = Path(players_file) if players_file else player_file(event_file, configuration)
    found: list[PlayerRecord] = []
    if main is not None and (players_file or readable(main)):
        found += read_players(main, cfg.country)
    news: list[PlayerRecord] = []
    extra = new_players_file(event_file, configuration)
    if readable(extra):
        news = read_players(extra, cfg.country)
    return found + news, {r.id for r in news}


def new_record(
    known: list[PlayerRecord],
    news: set[int],
    event: Event,
    name_text: str,
    details: tuple[str | None, int | None, int | None, bool],
    configuration: Configuration,
) -> tuple[PlayerRecord, bool]:
    """The new player's record and whether it must be added to ``nouveaux``.

    A name already known is refused (a player registered twice under two
    numbers), except the same new player found in ``nouveaux`` but not in the
    event: an earlier ``register --new`` that stopped between its two writes.
    """
    country, rating, number, force = details
    name, first = split_name(name_text)
    if not name:
        raise InputError("--new: the name is empty")
    twins = same_name(known + list(event.players), name, first)
    unfinished = [r for r in twins if r.id in news and r.id not in event.ids]
    if unfinished and not force:
        return unfinished[0], False
    if twins and not force:
        numbers = ", ".join(str(r.id) for r in twins)
        raise InputError(
            f"{name} {first} is known already as {numbers}: register that number, or add "
            "--force for another player of the same name"
        )
    home = country or configuration.config.country
    taken = {r.id for r in known} | set(event.ids)
    zones = configuration.config.insertion_zones
    pid = number if number is not None else next_number(taken, home, zones)
    if pid in taken or pid < 1:
        raise InputError(f"number {pid} is taken (or not >= 1)")
    return PlayerRecord(pid, name, first, home, rating), True


def registered_player(event: Event, who: str) -> int:
    """A registered player by number or by the start of his name (PAPP's prompts)."""
    if who.strip().isascii() and who.strip().isdigit():
        pid = int(who)
        if pid not in event.ids:
            raise InputError(f"player {pid} is not registered", file=event.source, field="player")
        return pid
    found = named(event.players, who)
    if len(found) == 1:
        return found[0].id
    if not found:
        raise InputError(
            f"no registered player's name starts with '{who}'", file=event.source, field="player"
        )
    names = ", ".join(f"{r.full_name} ({r.id})" for r in found)
    raise InputError(
        f"'{who}' could be {names}: type more of the name", file=event.source, field="player"
    )


def registered_players(event: Event, players: Iterable[str]) -> list[int]:
    """Players by number or name; ``*`` alone for every registered player."""
    wanted = tuple(players)
    if wanted == ("*",):
        return event.ids
    return [registered_player(event, p) for p in wanted]
