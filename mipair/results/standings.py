"""Standings: points, then a list of FIDE tie-breaks, for one tournament or thousands.

Ties are broken in the order of the list (C.07 4.2); players still tied
share their rank. Every tie-break is a function over the tie-break context
(:mod:`mipair.results.tb_context`) except DE, which needs the ranks so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import polars as pl

from mipair.model import Tournament
from mipair.reports import Standing
from mipair.results import tb_buchholz, tb_counts, tb_rating
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS, frame
from mipair.results.tb_context import Context, P, T, prepare
from mipair.results.tb_direct import direct_encounter
from mipair.results.tiebreak_spec import TieBreak, names_round_robin, parse_list
from mipair.results.trf_rows import game_columns, player_columns, tournament_row

if TYPE_CHECKING:
    from mipair.systems.base import AnySystem

Compute = Callable[[Context, TieBreak], pl.DataFrame]
COMPUTE: dict[str, Compute] = {
    "PTS": tb_counts.points,
    "WIN": tb_counts.wins,
    "WON": tb_counts.games_won,
    "BPG": tb_counts.black_games,
    "BWG": tb_counts.black_wins,
    "REP": tb_counts.rounds_elected,
    "PS": tb_counts.progressive,
    "KS": tb_counts.koya,
    "BH": tb_buchholz.buchholz,
    "FB": tb_buchholz.fore_buchholz,
    "SB": tb_buchholz.sonneborn_berger,
    "AOB": tb_buchholz.average_opponents_buchholz,
    "ARO": tb_rating.average_rating,
    "TPR": tb_rating.performance_rating,
    "PTP": tb_rating.perfect_performance,
    "APRO": tb_rating.average_performance,
    "APPO": tb_rating.average_perfect_performance,
}


def ranks(
    table: pl.DataFrame, keys: Sequence[str], lower_is_better: Sequence[bool]
) -> pl.DataFrame:
    """``table`` sorted by its keys within each tournament, with ``rank`` (ties share the lowest)."""
    ordered = table.sort(
        [T, *keys, P],
        descending=[False, *[not low for low in lower_is_better], False],
        nulls_last=True,
    )
    position = pl.int_range(1, pl.len() + 1).over(T)
    changed = pl.any_horizontal(
        [pl.col(k).ne_missing(pl.col(k).shift(1).over(T)) for k in keys]
    ) | (position == 1)
    return ordered.with_columns(
        pl.when(changed)
        .then(position)
        .otherwise(None)
        .forward_fill()
        .over(T)
        .cast(pl.UInt32)
        .alias("rank")
    )


def ranked_by_list(
    table: pl.DataFrame,
    keys: list[str],
    lower: list[bool],
    tiebreaks: Sequence[TieBreak],
    compute: Callable[[TieBreak, pl.DataFrame | None], pl.DataFrame],
) -> pl.DataFrame:
    """``table`` ranked by its ``keys``, then by each tie-break in turn (C.07 4.2), with one
    column a tie-break named as written. ``compute`` gives a tie-break's values (tournament,
    player, value); a tie-break of places (DE, EDE, TBR, ...) is handed the ranks so far as
    ``place``."""
    for position, tb in enumerate(tiebreaks):
        places = None
        if tb.needs_places:
            places = ranks(table, keys, lower).select(T, P, pl.col("rank").alias("place"))
        found = compute(tb, places)
        table = table.join(found.rename({"value": f"tb{position}"}), on=[T, P], how="left")
        keys = [*keys, f"tb{position}"]
        lower = [*lower, tb.lower_is_better]
    names = {f"tb{position}": tb.text for position, tb in enumerate(tiebreaks)}
    return ranks(table, keys, lower).rename(names)


def standings_table(ctx: Context, tiebreaks: Sequence[TieBreak]) -> pl.DataFrame:
    """tournament, id, rank, points and one column a tie-break (named as written)."""
    table = tb_counts.points(ctx, TieBreak("PTS", "PTS")).rename({"value": "points"})
    table = table.join(ctx.players.select(T, P, "counted"), on=[T, P], how="left")

    def compute(tb: TieBreak, places: pl.DataFrame | None) -> pl.DataFrame:
        if places is not None:
            return direct_encounter(ctx, places)
        return COMPUTE[tb.acronym](ctx, tb)

    # cancelled results rank last (C.05)
    ranked = ranked_by_list(table, ["counted", "points"], [False, False], tiebreaks, compute)
    return ranked.select(T, pl.col(P).alias("id"), "rank", "points", *[tb.text for tb in tiebreaks])


def standings_of(tables: dict[str, pl.DataFrame], tiebreaks: Sequence[TieBreak]) -> pl.DataFrame:
    """The standings of every tournament of imported tables (games, players, tournaments)."""
    ctx = prepare(tables["games"], tables["players"], tables["tournaments"])
    return standings_table(ctx, tiebreaks)


def tournament_tables(t: Tournament) -> dict[str, pl.DataFrame]:
    """One tournament as the three tables (index 0)."""
    row = tournament_row(t, 0, t.source or "", "", "")
    return {
        "tournaments": frame({k: [v] for k, v in row.items()}, TOURNAMENTS),
        "players": frame(player_columns(t, 0), PLAYERS),
        "games": frame(game_columns(t, 0), GAMES),
    }


def standings(
    tournament: Tournament, tiebreaks: str | Sequence[TieBreak] | None = None
) -> list[dict]:
    """The ranking of one tournament: ``[{id, rank, points, tiebreaks: {name: value}}]``.

    ``tiebreaks`` is a list like ``"BH/C1,BH,SB,DE"`` (None: the file's own
    list, else the default of ``models/tiebreaks.toml``, a round robin's that of
    ``models/round-robin-2026.toml``).
    """
    return ranking_rows(tournament_tables(tournament), tiebreaks)


def ranking_rows(
    tables: dict[str, pl.DataFrame], tiebreaks: str | Sequence[TieBreak] | None = None
) -> list[dict]:
    """The ranking of the (one) tournament of ``tables``, as :func:`standings` gives it."""
    if tiebreaks is None or isinstance(tiebreaks, str):
        from_file = tables["tournaments"]["tiebreaks"][0] or ""
        system = tables["tournaments"]["system"][0] or ""
        tiebreaks = parse_list(tiebreaks or from_file, names_round_robin(system))
    table = standings_of(tables, tiebreaks)
    return [
        {
            "id": row["id"],
            "rank": row["rank"],
            "points": row["points"],
            "tiebreaks": {tb.text: tb.shown(row[tb.text]) for tb in tiebreaks},
        }
        for row in table.iter_rows(named=True)
    ]


def system_standings(system: AnySystem, state: object) -> list[Standing]:
    """The standings before the round ``state`` is about to pair, best first: FIDE's
    tie-breaks (C.07) for a system of TRF files, else the system's own standings."""
    t = system.tournament_of(state)
    if t is None:
        return system.standings(state)
    return [
        Standing(
            row["rank"],
            row["id"],
            t.players[row["id"]].name,
            str(row["points"]),
            tuple((name, str(value)) for name, value in row["tiebreaks"].items()),
        )
        for row in standings(t)
    ]
