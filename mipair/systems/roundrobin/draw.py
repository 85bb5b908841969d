"""The drawing of lots applied to a tournament file: its players renumbered, the draw recorded.

The draw itself is :mod:`.lots` (plain) and :mod:`.varma` (by federation,
Annex 2); here a :class:`~mipair.model.Tournament`'s players become entrants
(the key a lot is drawn for: the FIDE ID, else the name, reading L2), get the
numbers drawn, and the file records the draw in its comment line (section 8
of the specification), its tournament type (192) and its number of rounds
(142). A file with a recorded draw can be checked: are its numbers the ones
the draw gives?
"""

from __future__ import annotations

from dataclasses import replace

from mipair.errors import InputError
from mipair.model import Tournament
from mipair.rounds import rounds_played
from mipair.systems.roundrobin.lots import (
    PLAIN,
    VARMA,
    Entrant,
    draw_numbers,
    lots_line,
    read_lots_line,
)
from mipair.systems.roundrobin.schedule import total_rounds
from mipair.systems.roundrobin.settings import Cycles
from mipair.systems.roundrobin.trf_type import type_code
from mipair.systems.roundrobin.varma import varma_numbers


def entrant(t: Tournament, pid: int) -> Entrant:
    """The player ``pid`` as the draw knows him: his FIDE ID, else his name (reading L2)."""
    player = t.players[pid]
    key = player.fide_id.strip() or player.name.strip()
    return Entrant(key, player.name, player.federation)


def recorded_draw(t: Tournament) -> tuple[str, str] | None:
    """The (method, seed) of the draw the file records; None when it records none."""
    found = [drawn for line in t.comments if (drawn := read_lots_line(line)) is not None]
    return found[-1] if found else None


def new_numbers(t: Tournament, seed: str, method: str) -> dict[int, int]:
    """Each player's number by the draw of ``seed`` (``method``: plain or varma)."""
    ids = sorted(t.players)
    entrants = [entrant(t, pid) for pid in ids]
    try:
        drawn = varma_numbers(entrants, seed) if method == VARMA else draw_numbers(entrants, seed)
    except ValueError as exc:
        raise InputError(str(exc), file=t.source, field="drawing of lots") from None
    return {pid: drawn[e.key] for pid, e in zip(ids, entrants)}


def numbers_as_drawn(t: Tournament) -> bool | None:
    """Are the players' numbers those the recorded draw gives (None: no draw recorded)?"""
    drawn = recorded_draw(t)
    if drawn is None:
        return None
    try:
        numbers = new_numbers(t, drawn[1], drawn[0])
    except InputError:
        return False
    return all(pid == number for pid, number in numbers.items())


def renumbered(t: Tournament, numbers: dict[int, int]) -> Tournament:
    """``t`` with its players numbered ``numbers`` (old id -> new), before round 1."""
    order = sorted(t.players, key=numbers.__getitem__)
    return replace(
        t,
        players={numbers[pid]: replace(t.players[pid], id=numbers[pid]) for pid in order},
        results={numbers[pid]: t.results.get(pid, ()) for pid in order},
        accelerations=tuple(replace(a, player=numbers[a.player]) for a in t.accelerations),
        forbidden=tuple(
            replace(f, players=tuple(numbers[p] for p in f.players)) for f in t.forbidden
        ),
    )


def drawn(t: Tournament, seed: str, method: str, cycles: Cycles) -> Tournament:
    """The tournament after the drawing of lots of ``seed`` by ``method`` (plain or varma):
    players renumbered, the draw's line among the comments (any earlier one replaced), the
    round robin's type (192) and number of rounds (142). Refused once a round is paired
    (C.05: the numbers are drawn before round 1)."""
    if method not in (PLAIN, VARMA):
        raise InputError(f"a drawing of lots is {PLAIN} or {VARMA}, not {method!r}")
    if rounds_played(t):
        raise InputError(
            f"round {rounds_played(t)} is paired already: the lots are drawn before round 1 (C.05)",
            file=t.source,
            field="drawing of lots",
        )
    try:
        line = lots_line(seed, method)
    except ValueError as exc:
        raise InputError(str(exc), field="--seed") from None
    kept = tuple(c for c in t.comments if read_lots_line(c) is None)
    after = renumbered(t, new_numbers(t, seed, method))
    return replace(
        after,
        comments=(*kept, line),
        system=type_code(cycles),
        total_rounds=total_rounds(len(t.players), cycles),
    )
