"""The Berger tables of C.05 Annex 1, for any number of players.

Annex 1 prints the tables for 3/4 up to 15/16 players and one rule: with an
odd number of players the table of the next even number is used, its highest
number standing for the bye. Every printed table is the same arithmetic
pattern, stated in ``models/round-robin-2026.md`` section 2 and computed here
for any even size; the tests hold it against the printed tables (3-16) and an
independent construction (17-24).

A table's pairs are ``(white, black)`` pairing numbers, board 1 first.
"""

from __future__ import annotations

Pair = tuple[int, int]


def table_size(players: int) -> int:
    """The Berger table a field plays (Annex 1): its own size if even, else the next."""
    if players < 2:
        raise ValueError(f"a round robin needs at least 2 players, not {players}")
    return players + players % 2


def bye_number(players: int) -> int | None:
    """The table number that stands for the bye (Annex 1): the highest, in an odd field."""
    return table_size(players) if players % 2 else None


def rounds_per_cycle(players: int) -> int:
    """Rounds of one cycle: every number meets every other once, one game a round."""
    return table_size(players) - 1


def fixed_opponent(size: int, rnd: int) -> int:
    """Whom the highest number meets in round ``rnd``: the x with 2x = rnd + 1 (mod size - 1)."""
    rotating = size - 1
    half = (rotating + 1) // 2  # the inverse of 2 modulo an odd number
    return ((rnd + 1) * half - 1) % rotating + 1


def partner(size: int, rnd: int, number: int) -> int:
    """The opponent of a rotating number: the two sum to rnd + 1 (mod size - 1)."""
    rotating = size - 1
    return (rnd - number) % rotating + 1


def board_one(size: int, rnd: int) -> Pair:
    """Board 1: the highest number against its opponent, who has White in odd rounds."""
    other = fixed_opponent(size, rnd)
    return (other, size) if rnd % 2 else (size, other)


def berger_round(size: int, rnd: int) -> tuple[Pair, ...]:
    """Round ``rnd`` (1-based) of the table for ``size`` numbers (even), board 1 first.

    On board k >= 2 White is the number k - 1 places after the highest number's
    opponent, counting round 1..size-1; Black is its partner.
    """
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even size, not {size}")
    if not 1 <= rnd < size:
        raise ValueError(f"the table for {size} has rounds 1-{size - 1}, not {rnd}")
    rotating = size - 1
    first = fixed_opponent(size, rnd)
    boards = [board_one(size, rnd)]
    for board in range(2, size // 2 + 1):
        white = (first + board - 2) % rotating + 1
        boards.append((white, partner(size, rnd, white)))
    return tuple(boards)


def berger_table(size: int) -> tuple[tuple[Pair, ...], ...]:
    """Every round of the table for ``size`` numbers (even)."""
    return tuple(berger_round(size, rnd) for rnd in range(1, size))
