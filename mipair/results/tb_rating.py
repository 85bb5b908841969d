"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO (C.07 type D).

Only games played over the board count. The FIDE rating tables (B.02 8.1)
are data in ``models/tiebreaks.toml``. When a player of the tournament has no
rating, these values are not defined (null) unless the tie-break gives
unrated players a rating (``/U1000``).

* ARO: the mean rating of the opponents, rounded half up; Cut-n and Median-n
  drop the lowest (and highest) ratings.
* TPR: ARO plus the rating difference dp of the percentage scored (rounded
  half up to a whole percent).
* PTP: the lowest whole rating whose expected score (table 8.1(b)) against the
  opponents reaches the score; a score of zero gives the lowest rating - 800.
* APRO / APPO: the mean TPR / PTP of the opponents, rounded half up.
"""

from __future__ import annotations

from functools import cache

import polars as pl

from mipair.results.tb_context import Context, P, T, half_up, opponent_values
from mipair.results.tiebreak_spec import TieBreak, settings

SEARCH_STEPS = 13  # 2**13 > the widest range searched (800 + spread of ratings + 800)


@cache
def dp_table() -> pl.DataFrame:
    """percent (0..100) -> dp."""
    dp = settings()["rating"]["dp"]
    return pl.DataFrame(
        {"percent": list(range(len(dp))), "dp": dp}, schema={"percent": pl.Int64, "dp": pl.Int64}
    )


@cache
def pd_table() -> pl.DataFrame:
    """rating difference (0..800) -> the higher-rated player's expected score in hundredths."""
    starts = settings()["rating"]["pd_from"]
    hundredths = [50 + sum(1 for s in starts[1:] if s <= diff) for diff in range(801)]
    return pl.DataFrame(
        {"diff": list(range(801)), "pd": hundredths}, schema={"diff": pl.Int64, "pd": pl.Int64}
    )


def opponents(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """Played games with the opponent's rating (``opp_rating``), in tournaments where it is defined."""
    ratings = ctx.players.select(T, P, pl.col("rating").cast(pl.Int64))
    if tb.unrated is not None:
        ratings = ratings.with_columns(pl.col("rating").fill_null(tb.unrated))
    defined = ratings.group_by(T).agg(pl.col("rating").is_not_null().all().alias("defined"))
    games = ctx.rounds.filter(pl.col("played") & pl.col("has_opp")).join(defined, on=T)
    return opponent_values(games.filter("defined"), ratings.rename({"rating": "r"}), "r").rename(
        {"opp_r": "opp_rating"}
    )


def _cut(games: pl.DataFrame, tb: TieBreak) -> pl.DataFrame:
    """Drop the ``cut_low`` lowest and ``cut_high`` highest opponents' ratings of each player."""
    order = pl.col("opp_rating").rank("ordinal").over(T, P)
    count = pl.len().over(T, P)
    return games.filter((order > tb.cut_low) & (order <= count - tb.cut_high))


def _every_player(ctx: Context, values: pl.DataFrame) -> pl.DataFrame:
    return ctx.players.select(T, P).join(values, on=[T, P], how="left")


def average_rating(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """ARO."""
    games = _cut(opponents(ctx, tb), tb)
    means = games.group_by(T, P).agg(
        half_up(pl.col("opp_rating").sum(), pl.len().cast(pl.Int64)).cast(pl.Float64).alias("value")
    )
    return _every_player(ctx, means)


def performance_rating(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """TPR."""
    games = opponents(ctx, tb)
    sums = games.group_by(T, P).agg(
        pl.col("opp_rating").sum().alias("ratings"),
        pl.col("rp").sum().alias("score_t"),
        pl.len().cast(pl.Int64).alias("n"),
    )
    values = (
        sums.with_columns(half_up(pl.col("score_t") * 10, pl.col("n")).alias("percent"))
        .join(dp_table(), on="percent")
        .select(
            T,
            P,
            (half_up(pl.col("ratings"), pl.col("n")) + pl.col("dp"))
            .cast(pl.Float64)
            .alias("value"),
        )
    )
    return _every_player(ctx, values)


def _expected(games: pl.DataFrame, candidate: str) -> pl.DataFrame:
    """Sum per player of the expected score (hundredths) at rating ``candidate``."""
    diff = (pl.col(candidate) - pl.col("opp_rating")).clip(-800, 800)
    looked_up = games.with_columns(diff.abs().alias("diff")).join(pd_table(), on="diff")
    expected = (
        pl.when(pl.col(candidate) >= pl.col("opp_rating"))
        .then(pl.col("pd"))
        .otherwise(100 - pl.col("pd"))
    )
    return looked_up.group_by(T, P).agg(expected.sum().alias("expected"))


def perfect_performance(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """PTP, by bisection of every player at once (expected score grows with the rating)."""
    games = opponents(ctx, tb)
    bounds = games.group_by(T, P).agg(
        pl.col("rp").sum().alias("score_t"),
        (pl.col("opp_rating").min() - 800).alias("low"),
        (pl.col("opp_rating").max() + 800).alias("high"),
    )
    search = bounds.filter(pl.col("score_t") > 0)
    for _ in range(SEARCH_STEPS):
        search = search.with_columns(((pl.col("low") + pl.col("high")) // 2).alias("mid"))
        sums = _expected(games.join(search.select(T, P, "mid"), on=[T, P]), "mid")
        reached = pl.col("expected") >= pl.col("score_t") * 10
        search = search.join(sums, on=[T, P]).select(
            T,
            P,
            "score_t",
            pl.when(reached).then(pl.col("low")).otherwise(pl.col("mid")).alias("low"),
            pl.when(reached).then(pl.col("mid")).otherwise(pl.col("high")).alias("high"),
        )
    found = search.select(T, P, pl.col("high").cast(pl.Float64).alias("value"))
    zero = bounds.filter(pl.col("score_t") == 0).select(
        T, P, pl.col("low").cast(pl.Float64).alias("value")
    )
    return _every_player(ctx, pl.concat([found, zero]))


def _opponents_mean(ctx: Context, tb: TieBreak, values: pl.DataFrame) -> pl.DataFrame:
    """The mean of the opponents' ``values`` over played games, rounded half up."""
    whole = values.with_columns(pl.col("value").cast(pl.Int64))
    games = opponent_values(ctx.rounds.filter(pl.col("played") & pl.col("has_opp")), whole, "value")
    means = (
        games.filter(pl.col("opp_value").is_not_null())
        .group_by(T, P)
        .agg(
            half_up(pl.col("opp_value").sum(), pl.len().cast(pl.Int64))
            .cast(pl.Float64)
            .alias("value")
        )
    )
    return _every_player(ctx, means)


def average_performance(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """APRO."""
    return _opponents_mean(ctx, tb, performance_rating(ctx, tb))


def average_perfect_performance(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """APPO."""
    return _opponents_mean(ctx, tb, perfect_performance(ctx, tb))
