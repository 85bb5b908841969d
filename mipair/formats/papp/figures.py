"""How PAPP writes numbers in its files and screens (formats/papp.md, section 8).

* points from half-points: ``5 -> '2.5'``, ``4 -> '2'``;
* discs zero-padded to as many digits as the disc total has (``8 -> '08'``
  out of 64), as a score ``08/56`` or, with ``affichage-pions relatif``, as
  the difference with the opponent's ``+48``, ``-48``, ``=00``;
* the tie-break to one decimal (halves of a tenth round down: 83.25 is
  83.2, 83.26 is 83.3), the decimal shown only when it is not zero
  (``134``, ``83.5``).
"""

from __future__ import annotations

import math
from fractions import Fraction


def format_points(half: int) -> str:
    """Half-points as PAPP shows points: ``5 -> '2.5'``."""
    return f"{half // 2}.5" if half % 2 else str(half // 2)


def format_tiebreak(value: Fraction) -> str:
    """A tie-break as PAPP writes it: one decimal, ``.0`` left out (see the module docstring)."""
    tenths = math.floor(value * 10 + Fraction(49999, 100000))
    whole, tenth = divmod(tenths, 10)
    return str(whole) if tenth == 0 else f"{tenths / 10:.1f}"


def disc_digits(total: int) -> int:
    """How many digits a disc count is written with: those of the disc total."""
    return len(str(abs(total)))


def format_discs(discs: int, total: int) -> str:
    """A disc count zero-padded to the digits of ``total`` (``8`` of 64 -> ``08``)."""
    sign = "-" if discs < 0 else ""
    return f"{sign}{abs(discs):0{disc_digits(total)}d}"


def format_score(own: int, total: int, relative: bool = False) -> str:
    """One side's score: ``40/24`` (own discs first), or ``+16`` / ``-16`` / ``=00`` relative."""
    other = total - own
    if not relative:
        return f"{format_discs(own, total)}/{format_discs(other, total)}"
    sign = "+" if own > other else "-" if own < other else "="
    return sign + format_discs(abs(own - other), total)
