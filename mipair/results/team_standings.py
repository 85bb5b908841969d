"""A team tournament's standings: the primary score, then the tie-breaks in order (C.07).

Teams are ranked by their primary score (match points unless ``192`` makes game
points primary, C.04.6 1.2), then by the list: the file's own (TRF-2026 ``212``
or ``202``), else ``models/tiebreaks.toml``'s ``[team]`` default. Teams still
tied share their rank. Every individual tie-break runs on the team's rounds
(:mod:`mipair.results.team_tables`) in the score its ``:MP`` / ``:GP`` names,
the primary one by default; the team tie-breaks are :mod:`mipair.results.tb_team`, the
knock-out ones (BC, TBR, BBE) :mod:`mipair.results.tb_boards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from mipair.formats.papp.event_file import MAGIC
from mipair.formats.text import decode
from mipair.formats.trf import read_tournament
from mipair.formats.trf_teams import is_team_file
from mipair.model import Tournament
from mipair.results import tb_boards, tb_team
from mipair.results.importer import read_bytes
from mipair.results.standings import COMPUTE, ranked_by_list
from mipair.results.tb_context import P, T
from mipair.results.tb_direct import direct_encounter
from mipair.results.team_tables import GAME_POINTS, MATCH_POINTS, TeamTables, team_tables
from mipair.results.tiebreak_spec import TieBreak, parse_list


def team_tiebreaks(
    tables: TeamTables, tiebreaks: str | Sequence[TieBreak] | None
) -> list[TieBreak]:
    """The list asked for (text or parsed), else the file's, else the team default."""
    if tiebreaks is None or isinstance(tiebreaks, str):
        return parse_list(tiebreaks or tables.tiebreaks, team=True)
    return list(tiebreaks)


def values(tables: TeamTables, tb: TieBreak, places: pl.DataFrame | None) -> pl.DataFrame:
    """tournament, player, value of one tie-break (``places``: the ranks so far, for DE/EDE)."""
    scores, primary = tables.contexts, tables.primary
    ctx = scores[MATCH_POINTS if tb.counts_matches else tb.score or primary]
    if tb.acronym == "DE" and places is not None:
        return direct_encounter(ctx, places)
    if tb.acronym.startswith("EDE") and places is not None:
        return tb_team.extended_direct_encounter(
            scores, primary, places, tables.board_points, tables.boards, tb.then
        )
    if tb.acronym == "BC":
        return tb_boards.board_count(ctx, tables.board_points, tables.boards)
    if tb.acronym in ("TBR", "BBE") and places is not None:
        return tb_boards.knockout(tables.board_points, tables.boards, tb.acronym, places)
    if tb.acronym in ("MPTS", "GPTS"):
        return COMPUTE["PTS"](scores[tb.acronym[:2]], tb)
    if tb.acronym == "MPVGP":
        return tb_team.secondary_points(scores, primary, tb)
    if tb.acronym in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        return tb_team.extended_sonneborn_berger(scores, tb)
    if tb.acronym == "SSSC":
        divisor = tb_team.default_divisor(
            primary, tables.last, tables.match_win, tables.game_win, tables.boards
        )
        return tb_team.score_strength(scores, primary, tb, divisor)
    return COMPUTE[tb.acronym](ctx, tb)


def team_standings_table(tables: TeamTables, tiebreaks: Sequence[TieBreak]) -> pl.DataFrame:
    """id, rank, match points, game points and one column a tie-break (named as written)."""
    mp = tables.contexts[MATCH_POINTS].players.select(T, P, (pl.col("total") / 10).alias("mp"))
    gp = tables.contexts[GAME_POINTS].players.select(T, P, (pl.col("total") / 10).alias("gp"))
    primary = "mp" if tables.primary == MATCH_POINTS else "gp"
    ranked = ranked_by_list(
        mp.join(gp, on=[T, P]),
        [primary],
        [False],
        tiebreaks,
        lambda tb, places: values(tables, tb, places),
    )
    return ranked.select(pl.col(P).alias("id"), "rank", "mp", "gp", *[tb.text for tb in tiebreaks])


def team_ranking(
    t: Tournament, tiebreaks: str | Sequence[TieBreak] | None = None
) -> tuple[TeamTables, list[dict[str, Any]]]:
    """The team file's tables and its ranking, best first:
    ``[{id, rank, name, match_points, game_points, tiebreaks: {name: value}}]``."""
    tables = team_tables(t)
    chosen = team_tiebreaks(tables, tiebreaks)
    table = team_standings_table(tables, chosen)
    rows = [
        {
            "id": row["id"],
            "rank": row["rank"],
            "name": tables.names[row["id"]],
            "match_points": row["mp"],
            "game_points": row["gp"],
            "tiebreaks": {tb.text: tb.shown(row[tb.text]) for tb in chosen},
        }
        for row in table.iter_rows(named=True)
    ]
    return tables, rows


def read_team_file(path: str) -> Tournament | None:
    """The tournament of a team file (records 310 or 013); None for any other file."""
    text = decode(read_bytes(path))
    if text.lstrip().startswith(MAGIC) or not is_team_file(text.splitlines()):
        return None
    return read_tournament(text, source=path)
