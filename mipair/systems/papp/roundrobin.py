"""PAPP's round robin: players seated round a table, all but the pivot move one seat a round.

The seating comes from round 1 (paired by optimisation like any round): seat
0 is the pivot (Bip when the number of players is odd), seats ``1..k-1`` form
the top row and ``k..2k-1`` the bottom row; seat ``s`` plays seat ``s + k``.
Non-pivot seats keep their colour (alternating along a row, opposite across
the table) for a whole cycle of ``2k - 1`` rounds and swap colours in the next
cycle; the pivot's game alternates colours every round. Each cycle every two
players meet exactly once, and with Bip as pivot every player has each colour
equally often. When more than one cycle is planned, the last two rounds of
the first cycle are played the other way round, as FIDE recommends for a
double round robin (../shared/reference/berger.md): no player then has the
same colour three times in a row where the cycles meet.

After a withdrawal (or an absence) the schedule goes on with the missing
player replaced by Bip (manual 4.5 falls back to optimisation; mipair keeps
the schedule wherever that avoids a repeat, formats/papp.md section 4): the
scheduled games between players present are kept, and the players left
without an opponent (the missing players' opponents, Bip's) are paired among
themselves, by the penalties. When that round would repeat a game, give Bip
to a player who had it, or when someone new joined after round 1 or pairs
were made by hand, the round is paired by optimisation instead.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.formats.papp.event import Event, Round

BIP = -1
Games = list[tuple[int, int]]
LeftoverPairer = Callable[[list[int]], tuple[Games, int | None]]
"""Pairs the players the schedule leaves without an opponent: (games, Bip)."""


def seating(first: Round) -> list[int]:
    """Seats from the pairings of round 1 (Bip as pivot when someone had it)."""
    games = list(first.games)
    k = len(games) + (first.bip is not None)
    seats = [0] * (2 * k)
    top, bottom = 0, k
    if first.bip is not None:
        seats[0], seats[k] = BIP, first.bip
        top, bottom = 1, k + 1
    for g in games:
        # seat s of the top row has Black in round 1 when s is even
        seats[top], seats[bottom] = (g.black, g.white) if top % 2 == 0 else (g.white, g.black)
        top, bottom = top + 1, bottom + 1
    return seats


def _rotated(seats: list[int], steps: int) -> list[int]:
    """Seats after ``steps`` moves of every player but the pivot (seat 0)."""
    k = len(seats) // 2
    ring = seats[1:k] + seats[k:][::-1]  # around the table, pivot excluded
    steps %= len(ring)
    ring = ring[-steps:] + ring[:-steps] if steps else ring
    return [seats[0]] + ring[: k - 1] + ring[k - 1 :][::-1]


def scheduled_round(rnd: int, cycle_len: int, planned: int | None) -> int:
    """The schedule's round played as round ``rnd``: the first cycle's last two are swapped
    when more than one cycle is planned (FIDE's double round robin)."""
    if planned is not None and planned > cycle_len >= 3 and rnd in (cycle_len - 1, cycle_len):
        return 2 * cycle_len - 1 - rnd
    return rnd


def schedule(seats: list[int], rnd: int, planned: int | None = None) -> tuple[Games, int | None]:
    """Round ``rnd``'s games as (black, white) and the player with Bip."""
    k = len(seats) // 2
    cycle_len = 2 * k - 1
    rnd = scheduled_round(rnd, cycle_len, planned)
    table = _rotated(seats, rnd - 1)
    cycle = (rnd - 1) // cycle_len if cycle_len else 0
    games: Games = []
    bip = None
    for s in range(k):
        a, b = table[s], table[s + k]
        if s == 0:
            if a == BIP:
                bip = b
                continue
            black_top = (rnd - 1) % 2 == 0
        else:
            black_top = (s % 2 == 0) != (cycle % 2 == 1)
        games.append((a, b) if black_top else (b, a))
    return games, bip


def round_robin_players(event: Event) -> set[int] | None:
    """The players of the round robin (round 1's), or None when the event is not one.

    PAPP's condition (manual 4.5): round 1 paired everybody present, at most
    one Bip, with a number of players within the round-robin range.
    """
    if not event.rounds:
        return None
    first = event.round(1)
    lo, hi = event.settings.rr_range()
    players = set(event.present(1))
    if not first.paired or not lo <= len(players) <= hi:
        return None
    if set(first.mentioned()) - first.absent != players:
        return None
    return players


def round_robin_pairing(
    event: Event, rnd: int, pair_leftovers: LeftoverPairer
) -> tuple[Games, int | None] | None:
    """The round-robin pairing of round ``rnd`` when the schedule can give one, else None."""
    players = round_robin_players(event)
    current = event.round(rnd)
    if rnd < 2 or players is None or current.games or current.bip is not None:
        return None
    present = set(event.present(rnd))
    if present - players:
        return None  # someone joined after round 1: not in the schedule
    seats = seating(event.round(1))
    games, bip = schedule(seats, rnd, event.settings.rounds)
    kept = [g for g in games if set(g) <= present]
    seated = {p for g in kept for p in g}
    leftovers = sorted(present - seated)
    more, bip = pair_leftovers(leftovers) if leftovers else ([], None)
    proposal = kept + more
    cycle = (rnd - 1) // (len(seats) - 1)
    return None if _repeats(event, rnd, proposal, bip, cycle) else (proposal, bip)


def _repeats(event: Event, rnd: int, games: Games, bip: int | None, cycle: int) -> bool:
    """Whether the round would repeat a game of its cycle (``cycle`` earlier cycles each allow
    one meeting), or give Bip a second time in the cycle."""
    met: dict[frozenset[int], int] = {}
    bips: dict[int | None, int] = {}
    for r in range(1, rnd):
        played = event.round(r)
        for g in played.games:
            key = frozenset((g.black, g.white))
            met[key] = met.get(key, 0) + 1
        bips[played.bip] = bips.get(played.bip, 0) + 1
    if any(met.get(frozenset(g), 0) > cycle for g in games):
        return True
    return bip is not None and bips.get(bip, 0) > cycle
