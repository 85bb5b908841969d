"""The games table back into the model's result cells (the round trip's other half).

``cells(games)`` gives, for every tournament and player, the tuple of
:class:`~mipair.model.Cell` the TRF reader would have built: a row without a
result is a round with nothing written, and trailing ones are dropped as the
reader drops them.
"""

from __future__ import annotations

import polars as pl

from mipair.model import Cell, Colour, Result

Results = dict[int, dict[int, tuple[Cell | None, ...]]]


def cells(games: pl.DataFrame) -> Results:
    """``{tournament: {player: cells}}`` from a games table."""
    out: Results = {}
    ordered = games.sort("tournament", "player", "round")
    for key, part in ordered.group_by("tournament", "player", maintain_order=True):
        tournament, player = int(key[0]), int(key[1])
        row_cells: list[Cell | None] = [
            None
            if result is None
            else Cell(opponent, None if colour is None else Colour(colour), Result(result))
            for opponent, colour, result in zip(
                part["opponent"].to_list(), part["colour"].to_list(), part["result"].to_list()
            )
        ]
        while row_cells and row_cells[-1] is None:
            row_cells.pop()
        out.setdefault(tournament, {})[player] = tuple(row_cells)
    return out
