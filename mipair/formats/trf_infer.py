"""Infer the point system of a file that declares none, from its points fields.

TRF16 has no record for the point system; JaVaFo reads it from the points
field (81-84) of the players instead. mipair does the same when a file has
no 162, BB* or XXS record and the default 1 / ½ / 0 does not explain the
points: it looks for the values of a win (also forfeit win and full-point
bye), a draw (also half-point bye) and a PAB that explain every player's
points exactly. Losses, absences and forfeit losses stay worth 0. If no
single answer fits everybody, the default stays and the first mismatch is
reported as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mipair.model import Cell, PointSystem, Result, Tournament
from mipair.rounds import rounds_played

if TYPE_CHECKING:
    from fractions import Fraction

WIN_LIKE = {Result.WIN, Result.WIN_UNPLAYED, Result.FORFEIT_WIN, Result.FULL_BYE}
DRAW_LIKE = {Result.DRAW, Result.DRAW_UNPLAYED, Result.HALF_BYE}


def _counts(cells: list[Cell | None]) -> list[int]:
    """How many wins, draws and PABs a player's cells hold."""
    wins = draws = pabs = 0
    for cell in cells:
        if cell is None:
            continue
        if cell.is_pab:
            pabs += 1
        elif cell.result in WIN_LIKE and not (
            cell.opponent is None and cell.result is Result.FORFEIT_WIN
        ):
            wins += 1
        elif cell.result in DRAW_LIKE:
            draws += 1
    return [wins, draws, pabs]


def _solve(rows: list[tuple[list[int], int]]) -> list[Fraction | None] | None:
    """Gaussian elimination over the rationals; None if inconsistent, None entries where free."""
    from fractions import Fraction  # only for a file whose points need it (a process per round)

    matrix = [[Fraction(v) for v in counts] + [Fraction(points)] for counts, points in rows]
    pivots: list[int] = []
    r = 0
    for col in range(3):
        pivot = next((i for i in range(r, len(matrix)) if matrix[i][col] != 0), None)
        if pivot is None:
            continue
        matrix[r], matrix[pivot] = matrix[pivot], matrix[r]
        lead = matrix[r][col]
        matrix[r] = [v / lead for v in matrix[r]]
        for i in range(len(matrix)):
            if i != r and matrix[i][col] != 0:
                factor = matrix[i][col]
                matrix[i] = [a - factor * b for a, b in zip(matrix[i], matrix[r])]
        pivots.append(col)
        r += 1
    if any(all(v == 0 for v in row[:3]) and row[3] != 0 for row in matrix):
        return None
    solution: list[Fraction | None] = [None, None, None]
    for i, col in enumerate(pivots):
        if any(matrix[i][c] != 0 for c in range(3) if c != col):
            return None  # depends on a free value: not a single answer
        solution[col] = matrix[i][3]
    return solution


def infer_point_system(t: Tournament) -> PointSystem | None:
    """Win/draw/PAB values that explain every points field, or None."""
    played = rounds_played(t)
    rows = [
        (_counts([t.cell(pid, k) for k in range(1, played + 1)]), p.points)
        for pid, p in t.players.items()
        if p.points is not None
    ]
    solution = _solve(rows) if rows else None
    if solution is None:
        return None
    win, draw, pab = solution
    if win is None or any(v is not None and (v < 0 or v.denominator != 1) for v in solution):
        return None
    w = int(win)
    d = int(draw) if draw is not None else w // 2
    u = int(pab) if pab is not None and pab != win else None
    return PointSystem(win=w, draw=d, pab=u)
