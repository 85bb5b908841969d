"""The checks a TRF file must pass to be accepted by the vectorised reader (:mod:`trf_fast`).

Each works on the frames of many files at once and returns the files that fail it; a failing
file is handed back to the careful reader, which accepts it or gives its located message.
"""

from __future__ import annotations

import polars as pl

from mipair.formats.trf_records import RecordReader

AGREEING = ("10", "01", "==", "WL", "LW", "DD", "+-", "-+", "--")
"""(a player's result, the opponent's) pairs that agree (trf_checks.COUNTERPART)."""


def failing_files(
    players: pl.DataFrame, grid: pl.DataFrame, records: dict[int, RecordReader]
) -> set[int]:
    """Files failing a check of trf_checks (ids, games, rounds, points) or without players."""
    bad: set[int] = set(records) - set(players["file"].unique().to_list())
    ids = players.group_by("file").agg(
        (pl.col("id").n_unique() != pl.len())
        | (pl.col("id").max() != pl.len())
        | (pl.col("id").min() != 1)
    )
    bad |= set(ids.filter(pl.col("id"))["file"].to_list())
    bad |= unconfirmed_games(grid)
    played = (
        grid.filter(pl.col("opponent").is_not_null() | pl.col("result").is_in(["U", "+"]))
        .group_by("file")
        .agg(pl.col("round").max().alias("played"))
    )
    totals = pl.DataFrame(
        {"file": list(records), "total": [r.total_rounds for r in records.values()]},
        schema={"file": pl.UInt32, "total": pl.Int64},
    )
    over = played.join(totals, on="file").filter(pl.col("played") > pl.col("total"))
    bad |= set(over["file"].to_list())
    return bad | wrong_points(players, grid, played)


def unconfirmed_games(grid: pl.DataFrame) -> set[int]:
    """Files with a game its opponent's cell does not name back with the other colour and result."""
    games = grid.filter(pl.col("opponent").is_not_null()).select(
        "file", "round", "id", "opponent", "colour", "result"
    )
    other = games.select(
        "file",
        "round",
        pl.col("id").alias("opponent"),
        pl.col("opponent").alias("back"),
        pl.col("colour").alias("other_colour"),
        pl.col("result").alias("other_result"),
    )
    joined = games.join(other, on=["file", "round", "opponent"], how="left")
    wrong = (
        pl.col("back").is_null()
        | (pl.col("back") != pl.col("id"))
        | (pl.col("colour") == pl.col("other_colour")).fill_null(False)
        | ~(pl.col("result") + pl.col("other_result").fill_null("?")).is_in(list(AGREEING))
    )
    return set(joined.filter(wrong)["file"].to_list())


def wrong_points(players: pl.DataFrame, grid: pl.DataFrame, played: pl.DataFrame) -> set[int]:
    """Files where a points field (81-84) is neither the results' sum nor that plus the next bye."""
    rounds = grid.join(played, on="file", how="left").with_columns(pl.col("played").fill_null(0))
    sums = rounds.group_by("file", "id").agg(
        pl.col("tenths").filter(pl.col("round") <= pl.col("played")).sum().alias("base"),
        pl.col("tenths")
        .filter((pl.col("round") == pl.col("played") + 1) & pl.col("result").is_not_null())
        .sum()
        .alias("bye"),
    )
    checked = players.select("file", "id", "tenths").join(sums, on=["file", "id"], how="left")
    base = pl.col("base").fill_null(0)
    wrong = (pl.col("tenths") != base) & (pl.col("tenths") != base + pl.col("bye").fill_null(0))
    return set(checked.filter(wrong)["file"].to_list())
