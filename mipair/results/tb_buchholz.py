"""Buchholz, Fore Buchholz, Sonneborn-Berger and the average of opponents' Buchholz.

C.07's treatment of unplayed rounds, as the FIDE Technical Commission's
implementation settles it:

* An opponent's score counts as *adjusted*: the rounds after the last one the
  opponent did not forfeit by choice (their last non-VUR round) that have no
  opponent count as draws in a Swiss (nothing in a round robin).
* A player's own unplayed round in a Swiss counts, in place of an opponent's
  score, the player's own score, but at most the adjusted score of the
  opponent who forfeited (a forfeit) or a draw in every round (a bye or an
  absence). In a round robin a forfeited game counts as played and a round
  without opponent counts nothing.
* Fore Buchholz: the last round counts as a draw for everyone paired in it,
  and a forfeit in the last round as a game.
* Cut-n drops the n least significant values, a voluntary unplayed round
  first (unless, for SB, the lowest opponent's product is the larger);
  Median-n also drops the n most significant.
"""

from __future__ import annotations

import polars as pl

from mipair.results.tb_context import Context, P, T, half_up, opponent_values
from mipair.results.tiebreak_spec import TieBreak

KEY = ["score", "value", "round"]


def adjusted_scores(ctx: Context, fore: bool) -> pl.DataFrame:
    """tournament, player, ``abh`` (adjusted score, tenths), ``own`` (own score for unplayed rounds)."""
    people = ctx.players.select(T, P, "lna", "lmp", "total")
    rounds = ctx.rounds.join(people, on=[T, P])
    foremost = pl.lit(fore) & (pl.col("lmp") == pl.col("last"))
    lna = pl.when(foremost).then(pl.col("last")).otherwise(pl.col("lna"))
    no_opponent = pl.when(pl.col("swiss")).then(pl.col("draw_t")).otherwise(0)
    value = pl.when((pl.col("round") <= lna) | pl.col("has_opp")).then(pl.col("pts"))
    last_game = foremost & (pl.col("round") == pl.col("last")) & pl.col("has_opp")
    adjust = pl.when(last_game).then(pl.col("draw_t") - pl.col("pts")).otherwise(0)
    return rounds.group_by(T, P).agg(
        (value.otherwise(no_opponent) + adjust).sum().alias("abh"),
        (pl.col("total").first() + adjust.sum()).alias("own"),
    )


def entries(
    ctx: Context, fore: bool, product: bool, own: pl.DataFrame | None = None
) -> pl.DataFrame:
    """One value a round for BH/FB (the opponent's score) or SB (score x own points), tenths.

    ``own`` (tournament, player, round, ``own_pts``) gives the points the score is
    multiplied by in place of the round's own: a team's other score (extended SB).
    """
    scores = adjusted_scores(ctx, fore)
    rounds = opponent_values(ctx.rounds, scores, "abh").join(scores.select(T, P, "own"), on=[T, P])
    if own is not None:
        rounds = rounds.drop("pts").join(
            own.select(T, P, "round", pl.col("own_pts").alias("pts")), on=[T, P, "round"]
        )
    counts_as_game = (
        pl.col("played") | ~pl.col("swiss") | (pl.lit(fore) & (pl.col("round") == pl.col("last")))
    ) & pl.col("has_opp")
    cap = (
        pl.when(pl.col("has_opp"))
        .then(pl.col("opp_abh"))
        .otherwise(pl.col("draw_t") * pl.col("last"))
    )
    score = (
        pl.when(counts_as_game)
        .then(pl.col("opp_abh"))
        .otherwise(pl.min_horizontal(pl.col("own"), cap))
    )
    value = score * pl.col("pts") if product else score * 10
    return (
        rounds.filter(pl.col("swiss") | pl.col("has_opp"))
        .with_columns(score.alias("score"), value.alias("value"))
        .with_columns((pl.col("vur") & ~counts_as_game).alias("vur"))
        .select(T, P, "round", "score", "value", "vur")
        .with_row_index("row")
    )


def cut_lowest(rows: pl.DataFrame) -> pl.DataFrame:
    """Drop each player's least significant value, a VUR's first."""
    ordered = rows.sort(KEY)
    lowest = ordered.group_by(T, P).agg(
        pl.col("row").first().alias("any_row"), pl.col("value").first().alias("any_value")
    )
    lowest_vur = (
        ordered.filter("vur")
        .group_by(T, P)
        .agg(pl.col("row").first().alias("vur_row"), pl.col("value").first().alias("vur_value"))
    )
    cut = lowest.join(lowest_vur, on=[T, P], how="left").select(
        pl.when(pl.col("vur_row").is_null() | (pl.col("any_value") > pl.col("vur_value")))
        .then(pl.col("any_row"))
        .otherwise(pl.col("vur_row"))
        .alias("row")
    )
    return rows.join(cut, on="row", how="anti")


def cut_highest(rows: pl.DataFrame) -> pl.DataFrame:
    """Drop each player's most significant value."""
    top = rows.sort(KEY, descending=True).group_by(T, P).agg(pl.col("row").first())
    return rows.join(top, on="row", how="anti")


def summed(ctx: Context, rows: pl.DataFrame, tb: TieBreak, scale: int) -> pl.DataFrame:
    """The kept values' sum for every player (in points), after the cuts."""
    for _ in range(tb.cut_low):
        rows = cut_lowest(rows)
    for _ in range(tb.cut_high):
        rows = cut_highest(rows)
    sums = rows.group_by(T, P).agg((pl.col("value").sum() / scale).alias("value"))
    return (
        ctx.players.select(T, P)
        .join(sums, on=[T, P], how="left")
        .with_columns(pl.col("value").fill_null(0.0).cast(pl.Float64))
    )


def buchholz(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """BH: the sum of the opponents' (adjusted) scores."""
    return summed(ctx, entries(ctx, fore=False, product=False), tb, 100)


def fore_buchholz(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """FB: Buchholz with every last-round game counted as a draw."""
    return summed(ctx, entries(ctx, fore=True, product=False), tb, 100)


def sonneborn_berger(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """SB: the sum of each opponent's (adjusted) score times the points scored against them."""
    return summed(ctx, entries(ctx, fore=False, product=True), tb, 100)


def average_opponents_buchholz(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """AOB: the mean Buchholz of the opponents met over the board, to 0.01 (half up)."""
    plain = buchholz(ctx, TieBreak("BH", "BH")).with_columns(
        (pl.col("value") * 10).round(0).cast(pl.Int64).alias("bh_t")
    )
    played = opponent_values(ctx.rounds.filter(pl.col("played") & pl.col("has_opp")), plain, "bh_t")
    means = played.group_by(T, P).agg(
        (half_up(pl.col("opp_bh_t").sum() * 10, pl.len().cast(pl.Int64)) / 100)
        .round(2)
        .alias("value")
    )
    return ctx.players.select(T, P).join(means, on=[T, P], how="left")
