"""The games table readied for tie-breaks: exact points and each round's category.

Points become whole tenths (``pts``), so every tie-break is exact integer
arithmetic. Each player-round gets the flags C.07 reasons with:

* ``has_opp``: an opponent was paired (a game, played or forfeited);
* ``paired``: an opponent or the pairing-allocated bye;
* ``vur``: a voluntary unplayed round: not played and not won without play
  (a requested bye, an absence, a forfeit loss; the PAB, a forfeit win and a
  full-point bye are not VURs);
* ``rp``: rating points of a played game (1, 0.5, 0 in tenths), for TPR/PTP.

Per player: ``total`` (tenths), ``lna`` the last round that was not a VUR,
``lmp`` the last round paired, ``counted`` false for a round robin's withdrawn
player whose results are cancelled (C.05: :mod:`mipair.results.tb_withdrawn`). Per tournament: ``last`` (the round the
standings are after), the points of a win and a draw, and whether it is a
Swiss (the unplayed-round rules of Swiss and round-robin differ).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mipair.results.tb_withdrawn import cancelled_players, without_cancelled
from mipair.results.tiebreak_spec import ROUND_ROBIN_WORDS, SWISS_WORDS

T, P = "tournament", "player"


def tenths(column: str) -> pl.Expr:
    """A points column as whole tenths."""
    return (pl.col(column) * 10).round(0).cast(pl.Int64)


def is_swiss() -> pl.Expr:
    """A Swiss unless the system's name, or the field and its games, say round robin.

    Over the tournaments table joined with ``pairs`` (the different pairs of
    players who met). A name that says Swiss (or names a Swiss system: Dutch,
    PAPP, ...) decides; one that says round robin decides. Otherwise a field of
    ``rounds`` or ``rounds + 1`` players (twice that for a double round robin)
    is a round robin, unless all its rounds are played and some players never
    met (a small Swiss).
    """
    name = pl.col("system").fill_null("").str.to_uppercase()
    players, rounds = pl.col("players").cast(pl.Int64), pl.col("rounds").cast(pl.Int64)
    single = (players == rounds) | (players == rounds + 1)
    double = (rounds == 2 * (players - 1)) | (rounds == 2 * players)
    finished = pl.col("rounds_played").cast(pl.Int64) >= rounds
    everyone_met = pl.col("pairs").fill_null(0) == players * (players - 1) // 2
    return (
        pl.when(name.str.contains_any(list(SWISS_WORDS)))
        .then(True)
        .when(name.str.contains_any(list(ROUND_ROBIN_WORDS)))
        .then(False)
        .otherwise(~((single | double) & (~finished | everyone_met)))
    )


def pairs_met(games: pl.DataFrame) -> pl.DataFrame:
    """tournament, pairs: how many different pairs of players met (played or forfeited)."""
    return (
        games.filter(pl.col("opponent").is_not_null() & (pl.col(P) < pl.col("opponent")))
        .select(T, P, "opponent")
        .unique()
        .group_by(T)
        .agg(pl.len().cast(pl.Int64).alias("pairs"))
    )


@dataclass(frozen=True)
class Context:
    """Frames shared by the tie-breaks of one or many tournaments."""

    rounds: pl.DataFrame  # one row a player a round, with the flags above
    players: pl.DataFrame  # tournament, player, rating, total, lna, lmp, counted
    events: pl.DataFrame  # tournament, last, win_t, draw_t, swiss, size


def prepare(games: pl.DataFrame, players: pl.DataFrame, tournaments: pl.DataFrame) -> Context:
    """Build the tie-break context from the three imported tables: a round robin's games
    against a withdrawn player whose results are cancelled left out
    (:mod:`mipair.results.tb_withdrawn`), and each player's ``counted`` flag."""
    cancelled = cancelled_players(games, tournaments)
    games = without_cancelled(games, cancelled)
    events = tournaments.join(pairs_met(games), on=T, how="left").select(
        T,
        pl.col("rounds_played").cast(pl.Int64).alias("last"),
        tenths("win").alias("win_t"),
        tenths("draw").alias("draw_t"),
        is_swiss().alias("swiss"),
        pl.col("players").cast(pl.Int64).alias("size"),
    )
    rounds = (
        games.lazy()
        .join(events.lazy(), on=T)
        .filter(pl.col("round") <= pl.col("last"))
        .select(
            T,
            P,
            pl.col("round").cast(pl.Int64),
            "opponent",
            "colour",
            "result",
            "played",
            "last",
            "win_t",
            "draw_t",
            "swiss",
            tenths("points").alias("pts"),
            pl.col("opponent").is_not_null().alias("has_opp"),
            (pl.col("opponent").is_not_null() | (pl.col("bye") == "pab")).alias("paired"),
            ~(
                pl.col("played")
                | (pl.col("opponent").is_not_null() & (pl.col("result") == "+"))
                | pl.col("bye").is_in(["pab", "full"]).fill_null(False)
            ).alias("vur"),
            pl.when(pl.col("played") & pl.col("result").is_in(["1", "W"]))
            .then(10)
            .when(pl.col("played") & pl.col("result").is_in(["=", "D"]))
            .then(5)
            .otherwise(0)
            .alias("rp"),
        )
        .collect()
    )
    per_player = rounds.group_by(T, P).agg(
        pl.col("pts").sum().alias("total"),
        pl.col("round").filter(~pl.col("vur")).max().fill_null(0).alias("lna"),
        pl.col("round").filter(pl.col("paired")).max().fill_null(0).alias("lmp"),
    )
    flagged = cancelled.with_columns(pl.lit(False).alias("counted"))
    people = (
        players.select(T, pl.col("id").alias(P), "rating")
        .join(per_player, on=[T, P], how="left")
        .with_columns(pl.col("total", "lna", "lmp").fill_null(0))
        .join(flagged, on=[T, P], how="left")
        .with_columns(pl.col("counted").fill_null(True))
    )
    return Context(rounds=rounds, players=people, events=events)


def opponent_values(rounds: pl.DataFrame, values: pl.DataFrame, name: str) -> pl.DataFrame:
    """``rounds`` with the opponent's ``name`` from ``values`` (tournament, player, name)."""
    renamed = values.select(T, pl.col(P).alias("opponent"), pl.col(name).alias(f"opp_{name}"))
    return rounds.join(renamed, on=[T, "opponent"], how="left")


def half_up(numerator: pl.Expr, denominator: pl.Expr) -> pl.Expr:
    """numerator / denominator rounded half up (both whole, denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)
