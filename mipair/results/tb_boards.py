"""The knock-out tie-breaks of C.07 Article 12, over a team's game points board by board.

Each reads the board points table of :mod:`mipair.results.team_tables` (one row a
team a round a board, in units of 1 / (10 x boards), so every sum is exact) and
favours the points scored on the higher boards; models/team-2026.md, section 11,
states the readings (S10-S12):

* **Board Count** (BC, 12.1): the sum, over all rounds, of each board's game points
  times the board's number. Board 1 weighs least, so for teams equal in game points
  the lower count has its points higher up: a lower BC ranks higher.
* **Top Board Result** (TBR, 12.2): among teams still tied, the game points on board 1
  decide, then those on board 2, and so on.
* **Bottom Board Elimination** (BBE, 12.3): among teams still tied, the game points
  without the last board decide, then without the last two, and so on.

TBR and BBE are, like DE, places within the group tied before them (0 when nothing
splits it). The same three, applied to the one match (or matches) two teams still tied
after EDE played against each other, are the last steps of EDE's variants
(:func:`encounter_step`).
"""

from __future__ import annotations

import polars as pl

from mipair.results.tb_context import Context, P, T
from mipair.results.tb_direct import place_values, start_places

BOARD_COUNT, TOP_BOARDS, BOTTOM_BOARDS = "BC", "TBR", "BBE"


def board_weights(kind: str, step: int, boards: int) -> list[int]:
    """The weight of boards 1 .. ``boards`` in one step of a knock-out tie-break, larger
    being better: BC the board number negated (12.1), TBR's step k board k alone (12.2),
    BBE's step k the boards above the last k (12.3)."""
    if kind == BOARD_COUNT:
        return [-board for board in range(1, boards + 1)]
    if kind == TOP_BOARDS:
        return [int(board == step) for board in range(1, boards + 1)]
    return [int(board <= boards - step) for board in range(1, boards + 1)]


def steps(kind: str, boards: int) -> list[int]:
    """The steps of a knock-out tie-break: BC one, TBR one a board, BBE one a board but the
    first (removing every board leaves nothing to compare)."""
    if kind == BOARD_COUNT:
        return [1]
    return list(range(1, boards + (1 if kind == TOP_BOARDS else 0)))


def _weighted(board_points: pl.DataFrame, weights: list[int]) -> pl.Expr:
    weight = pl.col("board").replace_strict(
        list(range(1, len(weights) + 1)), weights, return_dtype=pl.Int64
    )
    return (weight * pl.col("units")).sum()


def board_count(ctx: Context, board_points: pl.DataFrame, boards: int) -> pl.DataFrame:
    """BC (12.1): the game points of each board times its number, summed over the rounds."""
    unit = 10 * max(1, boards)
    sums = board_points.group_by(T, P).agg(
        (-_weighted(board_points, board_weights(BOARD_COUNT, 1, boards)) / unit).alias("value")
    )
    return (
        ctx.players.select(T, P)
        .join(sums, on=[T, P], how="left")
        .with_columns(pl.col("value").fill_null(0.0).cast(pl.Float64))
    )


def split(state: pl.DataFrame, key: pl.DataFrame, pairs_only: bool = False) -> pl.DataFrame:
    """``state`` (tournament, player, place) with every tied group split by ``key``
    (tournament, player, key; larger first; a team without a key is not split from the
    others); ``pairs_only``: only groups of two."""
    group = pl.len().over(T, "place")
    keyed = state.join(key, on=[T, P], how="left")
    complete = pl.col("key").is_not_null().all().over(T, "place")
    splits = complete & ((group == 2) if pairs_only else pl.lit(True))
    offset = pl.col("key").rank("min", descending=True).over(T, "place") - 1
    place = pl.col("place") + pl.when(splits).then(offset.cast(pl.Int64)).otherwise(0)
    return keyed.select(T, P, place.alias("place"))


def knockout(
    board_points: pl.DataFrame, boards: int, kind: str, places: pl.DataFrame
) -> pl.DataFrame:
    """TBR or BBE (12.2, 12.3) for every team, given ``places`` (the ranks so far)."""
    start = start_places(places)
    state = start
    for step in steps(kind, boards):
        weights = board_weights(kind, step, boards)
        key = board_points.group_by(T, P).agg(_weighted(board_points, weights).alias("key"))
        state = split(state, key)
    return place_values(start, state)


def encounter_step(
    ctx: Context, board_points: pl.DataFrame, boards: int, kind: str, state: pl.DataFrame
) -> pl.DataFrame:
    """One knock-out tie-break, step by step, on the matches two teams still tied (EDE's
    groups of two, 13.3) played against each other: ``state`` with those pairs split."""
    own = state.select(T, P, "place")
    theirs = state.select(T, pl.col(P).alias("opponent"), pl.col("place").alias("opp_place"))
    met = (
        ctx.rounds.filter(pl.col("played") & pl.col("has_opp"))
        .join(own, on=[T, P])
        .join(theirs, on=[T, "opponent"])
        .filter(pl.col("place") == pl.col("opp_place"))
        .select(T, P, "round")
    )
    mutual = board_points.join(met, on=[T, P, "round"])
    for step in steps(kind, boards):
        weights = board_weights(kind, step, boards)
        key = mutual.group_by(T, P).agg(_weighted(mutual, weights).alias("key"))
        state = split(state, key, pairs_only=True)
    return state
