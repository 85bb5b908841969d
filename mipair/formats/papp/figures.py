"""How PAPP's files write numbers: points from half-points, tie-breaks."""

from __future__ import annotations

from fractions import Fraction


def format_points(half: int) -> str:
    """Half-points as PAPP shows points: ``5 -> '2.5'``."""
    return f"{half // 2}.5" if half % 2 else str(half // 2)


def format_tiebreak(value: Fraction) -> str:
    """A tie-break with at most two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
