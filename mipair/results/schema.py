"""The tables of bulk results and their columns, declared once.

One row of ``games`` is one player in one round, so a tie-break is a
group-by over it. Points are in points (1.0, 0.5, ...), as written in the
files; the tie-break code works on exact tenths derived from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import polars as pl

TOURNAMENTS: dict[str, pl.DataType] = {
    "tournament": pl.UInt32(),  # index of the file in this import
    "source": pl.String(),  # the file's path
    "hash": pl.String(),  # sha256 of the file's bytes
    "format": pl.String(),  # trf16, trfx, trf26 or papp
    "name": pl.String(),
    "city": pl.String(),
    "start_date": pl.String(),
    "end_date": pl.String(),
    "system": pl.String(),  # the file's pairing-system text (092/192), or "papp"
    "rounds": pl.UInt16(),  # planned rounds (XXR/142), else the rounds written
    "rounds_played": pl.UInt16(),  # the last round somebody took part in (byes asked for later
    # rounds are written but not yet played: mipair.rounds.rounds_played)
    "players": pl.UInt32(),
    "tiebreaks": pl.String(),  # the file's own list (TRF-2026 202/212), "" if none
    "win": pl.Float64(),
    "draw": pl.Float64(),
    "loss": pl.Float64(),
    "zero_bye": pl.Float64(),
    "forfeit_win": pl.Float64(),
    "forfeit_loss": pl.Float64(),
    "pab": pl.Float64(),
    "full_bye": pl.Float64(),
    "half_bye": pl.Float64(),
}

PLAYERS: dict[str, pl.DataType] = {
    "tournament": pl.UInt32(),
    "id": pl.UInt32(),  # pairing id
    "name": pl.String(),
    "sex": pl.String(),
    "title": pl.String(),
    "rating": pl.Int32(),  # null when unrated
    "federation": pl.String(),
    "fide_id": pl.String(),
    "birth": pl.String(),
    "file_points": pl.Float64(),  # the points written in the file, if any
    "file_rank": pl.Int32(),  # the rank written in the file, if any
}
PLAYERS_DERIVED: dict[str, pl.DataType] = {"points": pl.Float64()}  # from the games table

GAMES: dict[str, pl.DataType] = {
    "tournament": pl.UInt32(),
    "round": pl.UInt16(),
    "player": pl.UInt32(),
    "opponent": pl.UInt32(),  # null: no opponent (bye or absence)
    "colour": pl.String(),  # "w", "b" or null
    "result": pl.String(),  # the TRF result code (1 = 0 + - W D L H F U Z); null: nothing written
    "points": pl.Float64(),  # points the round is worth under the file's point system
    "played": pl.Boolean(),  # a game played over the board (not a forfeit, not a bye)
    "bye": pl.String(),  # pab, full, half or zero for a round without opponent; null for a game
    "discs": pl.Int16(),  # PAPP: the player's discs in a played game
}

ERRORS: dict[str, pl.DataType] = {
    "source": pl.String(),
    "error": pl.String(),  # the located one-line message
}

STANDINGS_KEYS: dict[str, pl.DataType] = {
    "tournament": pl.UInt32(),
    "id": pl.UInt32(),
    "rank": pl.UInt32(),
    "points": pl.Float64(),
}

TABLES = ("tournaments", "players", "games", "standings", "errors")


Columns = Mapping[str, Sequence[object]]
"""A table's rows as columns: name -> values, one a row."""


def frame(columns: Columns, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """A DataFrame of ``schema`` from column lists (missing columns are all null)."""
    size = len(next(iter(columns.values()), []))
    return pl.DataFrame(
        {name: columns.get(name, [None] * size) for name in schema},
        schema=schema,
    )
