"""One TRF tournament (the model :class:`~mipair.model.Tournament`) as table rows.

Rows are built as column lists (the cheap form to hand from a worker
process); :func:`mipair.results.schema.frame` turns them into DataFrames.
Every round column of the file gives one ``games`` row per player, so the
games table rebuilds the file's results (:mod:`mipair.results.rebuild`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.matches import is_double_swiss, pab_value
from mipair.model import Cell, PointSystem, Result, Tournament
from mipair.rounds import rounds_played

if TYPE_CHECKING:  # polars loads with the tables, not with the rows
    from mipair.results.schema import Columns

# the header records kept verbatim by the reader (TRF16 / TRF-2026 codes)
NAME, CITY, START, END = "012", "022", "042", "052"
TIEBREAK_RECORDS = ("212", "202")  # TRF-2026: tie-breaks defining the standings / breaking ties

BYE_KINDS = {
    Result.PAB: "pab",
    Result.FORFEIT_WIN: "pab",  # 0000 - + reads as the PAB
    Result.FULL_BYE: "full",
    Result.WIN: "full",
    Result.WIN_UNPLAYED: "full",
    Result.HALF_BYE: "half",
    Result.DRAW: "half",
    Result.DRAW_UNPLAYED: "half",
}


def bye_kind(cell: Cell | None) -> str | None:
    """The kind of a round without opponent (pab, full, half, zero); None for a game."""
    if cell is None:
        return "zero"
    if cell.opponent is not None:
        return None
    return BYE_KINDS.get(cell.result, "zero")


Headers = tuple[tuple[str, str], ...]


def header_text(headers: Headers, code: str) -> str:
    """The text of the first header record ``code`` (stripped), or ''."""
    return next((text.strip() for c, text in headers if c == code), "")


def file_tiebreaks(headers: Headers) -> str:
    """The file's own tie-break list (TRF-2026 212 without its PTS, else 202), or ''."""
    for code in TIEBREAK_RECORDS:
        text = header_text(headers, code)
        if text:
            names = [n.strip() for n in text.replace(";", ",").split(",") if n.strip()]
            return ",".join(n for n in names if n.upper() != "PTS")
    return ""


def point_columns(ps: PointSystem) -> dict[str, float]:
    """The point system, one column a kind of result, in points."""
    kinds = {
        "win": Result.WIN,
        "draw": Result.DRAW,
        "loss": Result.LOSS,
        "zero_bye": Result.ZERO_BYE,
        "forfeit_win": Result.FORFEIT_WIN,
        "forfeit_loss": Result.FORFEIT_LOSS,
        "pab": Result.PAB,
        "full_bye": Result.FULL_BYE,
        "half_bye": Result.HALF_BYE,
    }
    return {name: ps.points(result) / 10 for name, result in kinds.items()}


def tournament_row(
    t: Tournament, index: int, source: str, digest: str, edition: str
) -> dict[str, object]:
    """The ``tournaments`` row of one file (values, one a column)."""
    return row_of(
        index,
        source,
        digest,
        edition,
        headers=t.headers,
        system=t.system,
        total_rounds=t.total_rounds,
        rounds_played=rounds_played(t),
        players=len(t.players),
        point_system=t.point_system,
    )


def row_of(
    index: int,
    source: str,
    digest: str,
    edition: str,
    *,
    headers: Headers,
    system: str,
    total_rounds: int | None,
    rounds_played: int,
    players: int,
    point_system: PointSystem,
) -> dict[str, object]:
    """The ``tournaments`` row from what a file says (the careful or the fast reader's)."""
    return {
        "tournament": index,
        "source": source,
        "hash": digest,
        "format": edition,
        "name": header_text(headers, NAME),
        "city": header_text(headers, CITY),
        "start_date": header_text(headers, START),
        "end_date": header_text(headers, END),
        "system": system,
        "rounds": total_rounds or rounds_played,
        "rounds_played": rounds_played,
        "players": players,
        "tiebreaks": file_tiebreaks(headers),
        **point_columns(point_system),
    }


def player_columns(t: Tournament, index: int) -> Columns:
    """The ``players`` rows of one file, as column lists."""
    people = [t.players[pid] for pid in sorted(t.players)]
    return {
        "tournament": [index] * len(people),
        "id": [p.id for p in people],
        "name": [p.name for p in people],
        "sex": [p.sex for p in people],
        "title": [p.title for p in people],
        "rating": [p.rating or None for p in people],
        "federation": [p.federation for p in people],
        "fide_id": [p.fide_id for p in people],
        "birth": [p.birth for p in people],
        "file_points": [None if p.points is None else p.points / 10 for p in people],
        "file_rank": [p.rank for p in people],
    }


def game_columns(t: Tournament, index: int) -> Columns:
    """The ``games`` rows of one file: every player, every round written."""
    rounds = t.rounds_written
    ids = sorted(t.players)
    cells: list[Cell | None] = []
    for pid in ids:
        own = t.results.get(pid, ())
        cells += own
        cells += [None] * (rounds - len(own))
    ps = t.point_system
    # points and bye kind depend on the result and on whether there is an opponent
    kinds = {(c.result, c.opponent is None): c for c in cells if c is not None}
    worth = {key: ps.cell_points(c) / 10 for key, c in kinds.items()}
    byes = {key: bye_kind(c) for key, c in kinds.items()}
    keys = [None if c is None else (c.result, c.opponent is None) for c in cells]
    points = [ps.cell_points(None) / 10 if k is None else worth[k] for k in keys]
    if is_double_swiss(t.system):
        _score_pabs_once(cells, points, rounds, ps)
    return {
        "tournament": [index] * len(cells),
        "round": list(range(1, rounds + 1)) * len(ids),
        "player": [pid for pid in ids for _ in range(rounds)],
        "opponent": [None if c is None else c.opponent for c in cells],
        "colour": [None if c is None or c.colour is None else c.colour.value for c in cells],
        "result": [None if c is None else c.result.value for c in cells],
        "points": points,
        "played": [c is not None and c.is_played for c in cells],
        "bye": ["zero" if k is None else byes[k] for k in keys],
    }


def _score_pabs_once(
    cells: list[Cell | None], points: list[float], rounds: int, ps: PointSystem
) -> None:
    """A Double-Swiss file writes a match's PAB in both of its columns and its value is the
    whole match's (C.04.5 1.4, ``models/double-swiss-2026.md`` section 9): the game-1
    column scores it, the game-2 column nothing, so that a player's points are the file's."""
    for start in range(0, len(cells), rounds):  # one player's columns
        for first in range(start, start + rounds - 1, 2):
            game_1, game_2 = cells[first], cells[first + 1]
            if game_1 is not None and game_2 is not None and game_1.is_pab and game_2.is_pab:
                points[first], points[first + 1] = pab_value(ps) / 10, 0.0
