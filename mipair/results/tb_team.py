"""The tie-breaks C.07 defines for teams alone, over a team's two scores.

A team tournament has two scores, match points (MP) and game points (GP), one of
them primary (C.04.6 1.2). Each function takes the two contexts of
:mod:`mipair.results.team_tables` (``MP`` and ``GP``) and the primary score's name;
models/team-2026.md, section 11, states the reading of each:

* **MPvGP**: the secondary score, as a tie-break.
* **Extended Sonneborn-Berger** (``EXYSB``, also written ``ESB:XY``): the SB sum
  where the opponent's (adjusted) score is of kind X and the points it is
  multiplied by are the team's own of kind Y in that match: ``EMGSB`` is the
  opponents' match points times the game points scored against each. ``EMMSB``
  and ``EGGSB`` are ``SB:MP`` and ``SB:GP``. Unplayed rounds and Cut-n as for SB.
* **Extended Direct Encounter** (EDE): DE on the primary score among the tied
  teams, then DE on the secondary score among those still tied, alternately, until
  neither separates any more. Its variants (EDEC, EDET, EDEB, EDEBT, EDEBB; the list of
  each is ``then`` in ``models/tiebreaks.toml``) go on, for two teams still tied, with
  the knock-out tie-breaks of :mod:`mipair.results.tb_boards` on the match they played
  against each other (13.3.2).
* **Score and schedule strength combination** (SSSC): the secondary score plus the
  primary Buchholz divided by K (``/Kn``, else :func:`default_divisor`), to 0.01.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from mipair.results import tb_boards, tb_buchholz, tb_counts
from mipair.results.tb_context import Context, P, T, half_up
from mipair.results.tb_direct import place_values, refine, start_places, unchanged
from mipair.results.tiebreak_spec import TieBreak

Scores = dict[str, Context]


def secondary_points(scores: Scores, primary: str, tb: TieBreak) -> pl.DataFrame:
    """MPvGP: the score that is not primary."""
    other = next(name for name in scores if name != primary)
    return tb_counts.points(scores[other], tb)


def extended_sonneborn_berger(scores: Scores, tb: TieBreak) -> pl.DataFrame:
    """``EXYSB``: X the opponents' score, Y the team's own points in each match."""
    opponents, own = scores[tb.acronym[1] + "P"], scores[tb.acronym[2] + "P"]
    points = own.rounds.select(T, P, "round", pl.col("pts").alias("own_pts"))
    rows = tb_buchholz.entries(opponents, fore=False, product=True, own=points)
    return tb_buchholz.summed(opponents, rows, tb, 100)


def extended_direct_encounter(
    scores: Scores,
    primary: str,
    places: pl.DataFrame,
    board_points: pl.DataFrame,
    boards: int,
    then: Sequence[str] = (),
) -> pl.DataFrame:
    """EDE, given ``places`` (tournament, player, place: the rank so far); ``then`` the
    knock-out tie-breaks (BC, TBR, BBE) its variant applies to two teams still tied, on
    their own match (``board_points``: :mod:`mipair.results.team_tables`')."""
    first, second = scores[primary], next(c for n, c in scores.items() if n != primary)
    start = start_places(places)
    state = start
    while True:
        following = refine(second, refine(first, state))
        if unchanged(following, state):
            break
        state = following
    for kind in then:
        state = tb_boards.encounter_step(first, board_points, boards, kind, state)
    return place_values(start, state)


def score_strength(scores: Scores, primary: str, tb: TieBreak, divisor: int) -> pl.DataFrame:
    """SSSC: secondary score + primary Buchholz / K (``/Kn``, else ``divisor``), rounded
    half up to 0.01 (in whole tenths and hundredths, so exactly)."""
    k = tb.divisor or divisor
    buchholz = tb_buchholz.buchholz(scores[primary], TieBreak("BH", "BH"))
    other = secondary_points(scores, primary, tb).rename({"value": "other"})
    other_tenths = (pl.col("other") * 10).round(0).cast(pl.Int64)
    buchholz_tenths = (pl.col("value") * 10).round(0).cast(pl.Int64)
    hundredths = half_up(10 * (other_tenths * k + buchholz_tenths), pl.lit(k, pl.Int64))
    return buchholz.join(other, on=[T, P]).select(T, P, (hundredths / 100).alias("value"))


def default_divisor(primary: str, rounds: int, match_win: int, game_win: int, boards: int) -> int:
    """SSSC's K when the list gives none, as [TBS] takes it (models/team-2026.md, S7): with
    match points primary, a won match's match points times the rounds over a won game's
    points times the boards; with game points primary, a won game's points times the
    rounds and the boards over a won match's match points. Whole, at least 1; points in
    tenths."""
    if primary == "MP":
        whole = match_win * rounds // (game_win * max(1, boards))
    else:
        whole = game_win * rounds * boards // max(1, match_win)
    return max(1, whole)
