"""Tie-breaks that count or add up a player's own rounds (C.07 type B).

Each function takes the tie-break context and the parsed entry and returns
``tournament, player, value`` for every player.
"""

from __future__ import annotations

import polars as pl

from mipair.results.tb_context import Context, P, T
from mipair.results.tiebreak_spec import TieBreak, settings


def _per_player(ctx: Context, value: pl.Expr) -> pl.DataFrame:
    """``value`` aggregated over each player's rounds (players without rounds get 0)."""
    sums = ctx.rounds.group_by(T, P).agg(value.alias("value"))
    return (
        ctx.players.select(T, P)
        .join(sums, on=[T, P], how="left")
        .with_columns(pl.col("value").fill_null(0).cast(pl.Float64))
    )


def _count(condition: pl.Expr) -> pl.Expr:
    return condition.cast(pl.Int64).sum()


def points(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """PTS: the points scored, byes and forfeits included."""
    return _per_player(ctx, pl.col("pts").sum() / 10)


def wins(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """WIN: rounds in which the player got as many points as a win, with or without playing."""
    return _per_player(ctx, _count(pl.col("pts") == pl.col("win_t")))


def games_won(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """WON: games won over the board."""
    return _per_player(ctx, _count((pl.col("pts") == pl.col("win_t")) & pl.col("played")))


def black_games(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """BPG: games played with Black."""
    return _per_player(ctx, _count((pl.col("colour") == "b") & pl.col("played")))


def black_wins(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """BWG: games won with Black over the board."""
    won = (pl.col("colour") == "b") & pl.col("played") & (pl.col("pts") == pl.col("win_t"))
    return _per_player(ctx, _count(won))


def rounds_elected(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """REP: rounds the player elected to play: every round that is not a VUR."""
    return _per_player(ctx, _count(~pl.col("vur")))


def progressive(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """PS: the sum of the running scores after each round; Cut-n leaves out the first n."""
    running = ctx.rounds.sort(T, P, "round").with_columns(
        pl.col("pts").cum_sum().over(T, P).alias("running")
    )
    kept = pl.col("running").filter(pl.col("round") > tb.cut_low).sum() / 10
    return _per_player(Context(running, ctx.players, ctx.events), kept)


def koya(ctx: Context, tb: TieBreak) -> pl.DataFrame:
    """KS: points scored against opponents who scored at least the Koya limit.

    The limit is a share (50% unless ``/Ln``) of the points of a win times the
    games one could play: the rounds, less, in a round robin, the rounds a player
    sits out (odd field), the players never paired and those whose results are
    cancelled (C.05).
    """
    percent = (
        tb.limit_percent if tb.limit_percent is not None else settings()["koya"]["limit_percent"]
    )
    never_paired = ctx.players.group_by(T).agg(
        _count((pl.col("lmp") == 0) | ~pl.col("counted")).alias("absent")
    )
    games = ctx.events.join(never_paired, on=T, how="left").select(
        T,
        pl.when(pl.col("swiss"))
        .then(pl.col("last"))
        .otherwise(
            pl.col("last")
            - pl.when(pl.col("last") % pl.col("size") == 0)
            .then(pl.col("last") // pl.col("size"))
            .otherwise(0)
            - pl.col("absent").fill_null(0)
        )
        .alias("max_games"),
    )
    totals = ctx.players.select(T, pl.col(P).alias("opponent"), pl.col("total").alias("opp_total"))
    rounds = ctx.rounds.join(games, on=T).join(totals, on=[T, "opponent"], how="left")
    reaches = 100 * pl.col("opp_total") >= percent * pl.col("win_t") * pl.col("max_games")
    value = pl.col("pts").filter(pl.col("has_opp") & reaches).sum() / 10
    return _per_player(Context(rounds, ctx.players, ctx.events), value)
