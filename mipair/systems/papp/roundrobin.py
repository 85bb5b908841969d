"""PAPP's round robin: players seated round a table, all but the pivot move one seat a round.

The seating comes from round 1 (paired by optimisation like any round): seat
0 is the pivot (Bip when the number of players is odd), seats ``1..k-1`` form
the top row and ``k..2k-1`` the bottom row; seat ``s`` plays seat ``s + k``.
Non-pivot seats keep their colour (alternating along a row, opposite across
the table) for a whole cycle of ``2k - 1`` rounds and swap colours in the next
cycle; the pivot's game alternates colours every round. Each cycle every two
players meet exactly once, and with Bip as pivot every player has each colour
equally often.
"""

from __future__ import annotations

from mipair.formats.papp.event import Event, Round

BIP = -1


def seating(first: Round) -> list[int] | None:
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


def schedule(seats: list[int], rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``rnd``'s games as (black, white) and the player with Bip."""
    k = len(seats) // 2
    cycle_len = 2 * k - 1
    table = _rotated(seats, rnd - 1)
    cycle = (rnd - 1) // cycle_len if cycle_len else 0
    games: list[tuple[int, int]] = []
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


def round_robin_pairing(event: Event, rnd: int) -> tuple[list[tuple[int, int]], int | None] | None:
    """The round-robin pairing of round ``rnd`` when PAPP would use one, else None.

    Conditions (PAPP manual 4.5): a round after the first; round 1 paired
    everybody present (at most one Bip) with a number of players within the
    round-robin range; the same players present now and in every round
    between, each of which followed the schedule (same pairs, same Bip);
    nobody paired by hand in round ``rnd``.
    """
    if rnd < 2 or not event.rounds:
        return None
    first, current = event.round(1), event.round(rnd)
    lo, hi = event.settings.rr_range()
    players1 = set(event.present(1))
    if not lo <= len(players1) <= hi or current.games or current.bip is not None:
        return None
    if set(first.mentioned()) - first.absent != players1 or set(event.present(rnd)) != players1:
        return None
    seats = seating(first)
    if not seats:
        return None
    for played in range(2, rnd):
        if set(event.present(played)) != players1 or not _follows(seats, event.round(played)):
            return None
    return schedule(seats, rnd)


def _follows(seats: list[int], rnd: Round) -> bool:
    """Round ``rnd`` was played as the schedule says (the pairs and Bip; colours aside)."""
    games, bip = schedule(seats, rnd.number)
    planned = {frozenset(g) for g in games}
    return bip == rnd.bip and planned == {frozenset((g.black, g.white)) for g in rnd.games}
