"""A large field is paired in parts, as OpenGotha pairs it (reference 6.1, item 4).

OpenGotha matches at most ``largest`` players at once (600): while more than
that remain, it takes players from the top score group down (by the main
criterion, in the list's order inside a score level) until the part holds an
even number of at least ``smallest`` (200), or ``largest`` players, or until
no more than ``smallest`` would remain; each part is matched on its own, the
players in the order they were taken (which orders OpenGotha's asymmetric
terms); the rest is the last part, in the list's order. Every part is weighed
with the whole field's score groups. The sizes are declared in
``models/mcmahon.toml`` (``[parts]``).
"""

from __future__ import annotations

from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.params import model


def _take(remaining: list[Entrant], fld: Field, smallest: int, largest: int) -> list[Entrant]:
    """One part taken from the top of ``remaining`` (removed from it)."""
    part: list[Entrant] = []
    before = fld.round - 1
    for level in range(fld.params.group_max(fld.round), fld.params.group_min - 1, -1):
        full = False
        for e in list(remaining):
            if fld.scores.main_score(e.index, before) < level:
                continue
            part.append(e)
            remaining.remove(e)
            if len(part) >= largest or len(remaining) <= smallest:
                full = True
                break
        if full or (len(part) >= smallest and len(part) % 2 == 0):
            break
    return part


def parts(fld: Field) -> list[list[Entrant]]:
    """The field's players in the parts OpenGotha matches separately (one part up to 600)."""
    sizes = model()["parts"]
    smallest, largest = int(sizes["smallest"]), int(sizes["largest"])
    remaining = list(fld.entrants)
    out = []
    while len(remaining) > largest:
        out.append(_take(remaining, fld, smallest, largest))
    return out + [remaining]
