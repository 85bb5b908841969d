"""Direct Encounter (DE, C.07 type A): the games among players still tied.

Players tied so far (same rank after the tie-breaks before DE) are compared
on the points they scored against one another (against an opponent met more
than once, the mean). When every one of them has met every other (always in
a round robin, where a forfeit counts as a game), that score ranks them.
Otherwise (a Swiss) a player is ranked first only when his score is more
than the best any tied player below could reach by winning the games not
played; the others stay tied. Ranking a group may leave smaller groups still
tied: they are compared again, among themselves, until nothing changes.

The value is the place within the tied group (1, 2, ...; lower ranks
higher), 0 for everyone in a group DE does not separate.
"""

from __future__ import annotations

import polars as pl

from mipair.results.tb_context import Context, P, T

MAX_PASSES = 30


def _scores(ctx: Context, state: pl.DataFrame) -> pl.DataFrame:
    """Per player: ``deval`` (points against tied players, tenths) and ``denum`` (tied players met)."""
    games = ctx.rounds.filter(pl.col("has_opp") & (pl.col("played") | ~pl.col("swiss")))
    own = state.select(T, P, "place")
    theirs = state.select(T, pl.col(P).alias("opponent"), pl.col("place").alias("opp_place"))
    among = (
        games.join(own, on=[T, P])
        .join(theirs, on=[T, "opponent"])
        .filter(pl.col("place") == pl.col("opp_place"))
        .group_by(T, P, "opponent")
        .agg(pl.col("pts").mean().alias("mean"))
        .group_by(T, P)
        .agg(pl.col("mean").sum().alias("deval"), pl.len().cast(pl.Int64).alias("denum"))
    )
    return state.join(among, on=[T, P], how="left").with_columns(
        pl.col("deval").fill_null(0.0), pl.col("denum").fill_null(0)
    )


def _one_pass(ctx: Context, state: pl.DataFrame) -> pl.DataFrame:
    """Split every tied group once (columns tournament, player, place)."""
    scored = _scores(ctx, state).join(ctx.events.select(T, "swiss", "win_t"), on=T)
    group = [T, "place"]
    size = pl.len().over(group)
    unmet = size - 1 - pl.col("denum")
    ordered = scored.with_columns(
        (
            pl.col("deval") + pl.when(pl.col("swiss")).then(unmet * pl.col("win_t")).otherwise(0)
        ).alias("demax"),
        (~pl.col("swiss") | (unmet == 0).all().over(group)).alias("all_met"),
    ).sort(
        T,
        "place",
        pl.col("deval"),
        pl.col("demax"),
        P,
        descending=[False, False, True, True, False],
    )
    position = pl.int_range(pl.len()).over(group)
    # all met: the score ranks them (equal scores share the first place of their run)
    by_score = pl.col("deval").rank("min", descending=True).over(group) - 1
    # not all met: player i is separated while the one above scored more than anyone from i down could
    best_below = pl.col("demax").reverse().cum_max().reverse().over(group)
    clear = (pl.col("deval").shift(1).over(group) > best_below).fill_null(True)
    still_clear = clear.cast(pl.Int64).cum_min().over(group) == 1
    first_unclear = pl.when(still_clear).then(None).otherwise(position).min().over(group)
    by_margin = pl.when(still_clear).then(position).otherwise(first_unclear - 1)
    offset = pl.when(pl.col("all_met")).then(by_score).otherwise(by_margin)
    return ordered.select(T, P, (pl.col("place") + offset.cast(pl.Int64)).alias("place"))


def refine(ctx: Context, state: pl.DataFrame) -> pl.DataFrame:
    """``state`` (tournament, player, place) with every tied group split by the games among
    its players, again and again until nothing changes."""
    for _ in range(MAX_PASSES):
        following = _one_pass(ctx, state)
        if unchanged(following, state):
            break
        state = following
    return state


def unchanged(following: pl.DataFrame, state: pl.DataFrame) -> bool:
    """Do two states give every player the same place?"""
    return following.join(state, on=[T, P, "place"], how="anti").height == 0


def start_places(places: pl.DataFrame) -> pl.DataFrame:
    """The ranks so far as the state DE refines (tournament, player, place)."""
    return places.select(T, P, pl.col("place").cast(pl.Int64))


def direct_encounter(ctx: Context, places: pl.DataFrame) -> pl.DataFrame:
    """DE for every player, given ``places`` (tournament, player, place: the rank so far)."""
    start = start_places(places)
    return place_values(start, refine(ctx, start))


def place_values(start: pl.DataFrame, state: pl.DataFrame) -> pl.DataFrame:
    """Each player's place within the group he was tied with at ``start`` (1, 2, ...), 0 for
    everyone in a group ``state`` did not split."""
    final = start.rename({"place": "tied"}).join(state, on=[T, P])
    low = pl.col("place").min().over(T, "tied")
    split = pl.col("place").n_unique().over(T, "tied") > 1
    value = pl.when(split).then(pl.col("place") - low + 1).otherwise(0)
    return final.select(T, P, value.cast(pl.Float64).alias("value"))
