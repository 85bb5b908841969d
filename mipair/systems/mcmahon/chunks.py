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

OpenGotha scans the remaining players once per score level for every part, a
time that grows with the square of the field; here each player's level is read
once and each level's players wait in a queue in the list's order, so that the
parts of a field of ``n`` players are taken in time proportional to ``n`` (the
same parts, in the same order).
"""

from __future__ import annotations

from collections import deque

from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.params import model


class _Levels:
    """The players not yet taken, by score level (highest first), each level in list order."""

    def __init__(self, fld: Field) -> None:
        before = fld.round - 1
        self.top = fld.params.group_max(fld.round)
        self.bottom = fld.params.group_min
        self.queues: dict[int, deque[Entrant]] = {}
        for e in fld.entrants:
            level = min(self.top, fld.scores.main_score(e.index, before))
            if level >= self.bottom:  # below the range: never taken, left for the last part
                self.queues.setdefault(level, deque()).append(e)
        self.remaining = len(fld.entrants)

    def take(self, smallest: int, largest: int) -> list[Entrant]:
        """One part taken from the top of the levels (see the module docstring)."""
        part: list[Entrant] = []
        for level in range(self.top, self.bottom - 1, -1):
            queue = self.queues.get(level, deque())
            full = False
            while queue:
                part.append(queue.popleft())
                self.remaining -= 1
                if len(part) >= largest or self.remaining <= smallest:
                    full = True
                    break
            if full or (len(part) >= smallest and len(part) % 2 == 0):
                break
        return part


def parts(fld: Field) -> list[list[Entrant]]:
    """The field's players in the parts OpenGotha matches separately (one part up to 600)."""
    sizes = model()["parts"]
    smallest, largest = int(sizes["smallest"]), int(sizes["largest"])
    levels = _Levels(fld)
    out: list[list[Entrant]] = []
    while levels.remaining > largest:
        part = levels.take(smallest, largest)
        if not part:  # only players below the score range are left
            break
        out.append(part)
    taken = {e.index for part in out for e in part}
    return out + [[e for e in fld.entrants if e.index not in taken]]
