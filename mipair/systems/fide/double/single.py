"""The choices a bracket can make by completion questions alone (C.04.5 3.5, C6).

A bracket of an odd number of residents needs at least one upfloater. When one
is enough (C4), the candidates are single players, and each is judged by
completion questions ([C3], :class:`~mipair.systems.swiss_pairable.Pairable`:
Dirac's theorem when it answers, SAT otherwise) instead of a matching model
of every unpaired player, which a large field would make slow:

* a candidate works when the residents with it can be paired and the players
  left can too (3.5.2, reading DS4);
* C5: the highest score with a working candidate (the procedure fixes the order
  C4, C5, C6, C7 in the model file, so C5 decides before C6 and C7);
* at that score, the first by (C6 met, C7 not floated, 3.5.3's order), the
  first candidate that meets both ending the search.

:func:`following_met` is C6 itself (reading DS6), which ``why`` and ``check``
evaluate on a finished pairing too.
"""

from __future__ import annotations

from itertools import groupby

from mipair.systems.fide.double.criteria import following_split
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.swiss_brackets import ScoreBracket


def following_met(field: DoubleField, ctx: ScoreBracket, rest: list[int]) -> bool:
    """C6 (DS6): what is left in ``rest`` of the following scoregroup pairs within itself
    but the one player its parity sends to a lower score, the others staying pairable."""
    group = [v for v in rest if field.score(v) == ctx.following]
    if not group:
        return True  # its players became or are upfloaters (or there is none)
    lower = [v for v in rest if field.score(v) != ctx.following]
    options: list[list[int]] = [[]] if len(group) % 2 == 0 else [[u] for u in lower]
    pairable = field.pairable
    for extra in options:
        inside = group + extra
        if pairable.all(inside) and pairable.all([v for v in rest if v not in inside]):
            return True
    return False


def single_upfloater(
    field: DoubleField, residents: list[int], pool: list[int], specs: list[CriterionSpec]
) -> int | None:
    """The one upfloater of an odd bracket (a vertex of ``pool``, which is in 3.5.3's
    order), or None when no single player works (see the module docstring)."""
    top = field.score(residents[0])
    ctx = ScoreBracket(top, field.following(top))
    active = {spec.function.__name__ for spec in specs}
    pairable = field.pairable
    for _, level in groupby(pool, key=field.score):
        best: tuple[tuple[int, int], int] | None = None
        for u in level:
            rest = [v for v in pool if v != u]
            if not (pairable.all([*residents, u]) and pairable.all(rest)):
                continue
            c6 = 0
            if following_split.__name__ in active and not following_met(field, ctx, rest):
                c6 = 1
            c7 = int("floated_upfloaters" in active and field.players[u].floated_last)
            if best is None or (c6, c7) < best[0]:
                best = ((c6, c7), u)
            if best[0] == (0, 0):
                break
        if best is not None:
            return best[1]
    return None
