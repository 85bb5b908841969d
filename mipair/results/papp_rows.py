"""One PAPP event (Othello) as table rows, in the same columns as a TRF file.

The first player of a game has the first colour (Black in Othello), written
``b``; a game's result follows the discs (``1``, ``=``, ``0``), Bip is the
pairing-allocated bye (``U``, with the discs PAPP gives against Bip) and an
absence is ``Z``. A game paired but not played yet has no result. PAPP counts
1 / 0.5 / 0 points (its half-points halved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.formats.papp.event import Event, Round, game_points

if TYPE_CHECKING:  # polars loads with the tables, not with the rows
    from mipair.results.schema import Columns

POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0, "zero_bye": 0.0, "forfeit_win": 1.0}
POINTS |= {"forfeit_loss": 0.0, "pab": 1.0, "full_bye": 1.0, "half_bye": 0.5}
RESULT_OF_HALF_POINTS = {2: "1", 1: "=", 0: "0"}


def tournament_row(event: Event, index: int, source: str, digest: str) -> dict[str, object]:
    """The ``tournaments`` row of one PAPP event."""
    s = event.settings
    return {
        "tournament": index,
        "source": source,
        "hash": digest,
        "format": "papp",
        "name": s.name,
        "city": "",
        "start_date": s.date,
        "end_date": "",
        "system": "papp",
        "rounds": s.rounds or len(event.rounds),
        "rounds_played": len(event.rounds),
        "players": len(event.players),
        "tiebreaks": "",
        **POINTS,
    }


def player_columns(event: Event, index: int) -> Columns:
    """The ``players`` rows of one PAPP event."""
    people = sorted(event.players, key=lambda p: p.id)
    return {
        "tournament": [index] * len(people),
        "id": [p.id for p in people],
        "name": [p.full_name for p in people],
        "rating": [p.rating or None for p in people],
        "federation": [event.country_of(p.id) for p in people],
    }


def _entry(event: Event, rnd: Round, pid: int) -> tuple[object, ...]:
    """(opponent, colour, result, points, played, bye, discs) of ``pid`` in ``rnd``."""
    s = event.settings
    if rnd.bip == pid:
        own = s.total_discs - s.bip_discs
        return None, None, "U", 1.0, False, "pab", own
    game = rnd.game_of(pid)
    if game is None:
        return None, None, "Z", 0.0, False, "zero", None
    colour = "b" if pid == game.black else "w"
    if not game.played:
        return game.opponent(pid), colour, None, 0.0, False, None, None
    own = game.discs_of(pid, s.total_discs)
    half = game_points(own, s.total_discs - own)
    return game.opponent(pid), colour, RESULT_OF_HALF_POINTS[half], half / 2, True, None, own


def game_columns(event: Event, index: int) -> Columns:
    """The ``games`` rows of one PAPP event: every player, every round in the file."""
    names = ("opponent", "colour", "result", "points", "played", "bye", "discs")
    columns: dict[str, list[object]] = {n: [] for n in ("tournament", "round", "player", *names)}
    for rnd in event.rounds:
        for pid in sorted(event.ids):
            columns["tournament"].append(index)
            columns["round"].append(rnd.number)
            columns["player"].append(pid)
            for name, value in zip(names, _entry(event, rnd, pid)):
                columns[name].append(value)
    return columns
