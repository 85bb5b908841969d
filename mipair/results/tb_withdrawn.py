"""A round robin's withdrawals in the standings (C.05): results kept or cancelled.

C.05: a player who withdraws having completed fewer than half of his
scheduled games has his results cancelled for the final standings: the points
scored against him count for nobody. ``models/round-robin-2026.md`` (section
6) reads it for a table of games:

* **a round robin** is a tournament whose system text names one (TRF 192 or
  092: ``ROBIN``, ``BERGER``, ``RR``, and no Swiss word);
* **a game completed** is one begun at the board: ``played`` (W1);
* **his scheduled games**: every other player once a cycle, the cycles being
  the rounds over a cycle's rounds (W2);
* **a withdrawal** (W8): the tournament's last round is written (played or
  announced) and every round of his after his last game begun is lost unplayed
  (an absence, a forfeit lost, a bye asked for: no win by forfeit, no
  pairing-allocated bye);
* **cancelled** (W3, W5): a withdrawal with completed games under the model
  file's share (50%) of the scheduled ones. Every other player's games against
  him are left out before any tie-break; his own line keeps his results, and he
  is ranked after every player who counts.

Over the games and tournaments tables, for any number of tournaments at once.
"""

from __future__ import annotations

import polars as pl

from mipair.results.tiebreak_spec import (
    ROUND_ROBIN_WORDS,
    SWISS_WORDS,
    round_robin_settings,
)

T, P = "tournament", "player"


def named_round_robin() -> pl.Expr:
    """Over the tournaments table: does the system text name a round robin?"""
    name = pl.col("system").fill_null("").str.to_uppercase()
    return name.str.contains_any(list(ROUND_ROBIN_WORDS)) & ~name.str.contains_any(
        list(SWISS_WORDS)
    )


def cancelled_players(games: pl.DataFrame, tournaments: pl.DataFrame) -> pl.DataFrame:
    """tournament, player: the withdrawn players of round robins whose results are cancelled
    (see the module docstring)."""
    percent = int(round_robin_settings()["withdrawal"]["counted_from_percent"])
    players, rounds = pl.col("players").cast(pl.Int64), pl.col("rounds").cast(pl.Int64)
    per_cycle = players - 1 + players % 2
    events = tournaments.filter(named_round_robin() & (players >= 2)).select(
        T,
        rounds.alias("last"),
        ((players - 1) * pl.max_horizontal(rounds // per_cycle, pl.lit(1))).alias("scheduled"),
    )
    if events.is_empty():
        return pl.DataFrame(schema={T: games.schema[T], P: games.schema[P]})
    rows = games.join(events, on=T).filter(pl.col("round").cast(pl.Int64) <= pl.col("last"))
    won_unplayed = (pl.col("result") == "+") | (pl.col("bye") == "pab")
    lost_unplayed = ~pl.col("played") & ~won_unplayed.fill_null(False)
    begun = pl.col("round").cast(pl.Int64).filter(pl.col("played")).max().fill_null(0)
    per_player = rows.group_by(T, P).agg(
        pl.col("played").sum().alias("completed"),
        pl.col("scheduled").first(),
        (pl.col("round").cast(pl.Int64).max() >= pl.col("last").first()).alias("last_written"),
        (begun < pl.col("last").first()).alias("missed_the_last"),
        lost_unplayed.filter(pl.col("round").cast(pl.Int64) > begun).all().alias("gone"),
    )
    return per_player.filter(
        pl.col("last_written")
        & pl.col("missed_the_last")
        & pl.col("gone")
        & (100 * pl.col("completed") < percent * pl.col("scheduled"))
    ).select(T, P)


def without_cancelled(games: pl.DataFrame, cancelled: pl.DataFrame) -> pl.DataFrame:
    """The games table less every other player's games against a cancelled player."""
    if cancelled.is_empty():
        return games
    against = cancelled.select(T, pl.col(P).alias("opponent"), pl.lit(True).alias("cancel"))
    return (
        games.join(against, on=[T, "opponent"], how="left")
        .filter(pl.col("cancel").is_null())
        .drop("cancel")
    )
