"""The Berger tables of C.05 Annex 1 without mipair: as printed (``berger-handbook.txt``, 3/4 up
to 15/16 players), drawn by hand beyond them, and the rounds of a field on a table, single or
double (tests/systems/roundrobin/). Nothing here shares code with ``mipair.systems.roundrobin``.
"""

from __future__ import annotations

from tests.support import paths

PRINTED = paths.DATA / "berger-handbook.txt"

Table = list[list[tuple[int, int]]]


def printed_tables() -> dict[int, Table]:
    """The Annex's tables by even size, each round's (white, black) pairs in board order."""
    tables: dict[int, Table] = {}
    size = 0
    for line in PRINTED.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            size = int(line[3:])
            tables[size] = []
        elif line and not line.startswith("#"):
            pairs = [tuple(map(int, pair.split("-"))) for pair in line.split(", ")]
            tables[size].append([(w, b) for w, b in pairs])
    return tables


def hand_drawn_table(size: int) -> Table:
    """A Berger table drawn the way it is drawn by hand (after Schurig).

    Write 1, 2, ..., size-1 again and again into the first seat of the boards,
    board 1 to the last, round after round; then write size-1, ..., 1 again and
    again into the second seat of boards 2 to the last, round after round. Board 1's second seat is the highest number, who has Black in odd
    rounds and White in even ones; on the other boards the first seat is White.
    """
    rotating = size - 1
    boards = size // 2
    up = iter(n % rotating + 1 for n in range(10**6))
    down = iter(rotating - n % rotating for n in range(10**6))
    first = [[next(up) for _ in range(boards)] for _ in range(rotating)]
    second = [[0] + [next(down) for _ in range(boards - 1)] for _ in range(rotating)]
    table = []
    for rnd in range(rotating):
        one = (first[rnd][0], size) if rnd % 2 == 0 else (size, first[rnd][0])
        table.append([one] + [(first[rnd][b], second[rnd][b]) for b in range(1, boards)])
    return table


def expected_rounds(players: int, table: Table, cycles: int = 1, swap: bool = False):
    """The rounds of a field on ``table``: (sorted games as (white, black), bye)."""
    bye = players + 1 if players % 2 else None
    order = list(range(len(table)))
    first_cycle = order[:-2] + order[-2:][::-1] if swap and cycles > 1 and len(order) > 1 else order
    rounds = []
    for cycle in range(cycles):
        for index in first_cycle if cycle == 0 else order:
            pairs = [(b, w) if cycle % 2 else (w, b) for w, b in table[index]]
            games = [pair for pair in pairs if bye not in pair]
            sits = next((w + b - bye for w, b in pairs if bye in (w, b)), None)
            rounds.append((games, sits))
    return rounds


def table_for(players: int) -> Table:
    size = players + players % 2
    return printed_tables().get(size) or hand_drawn_table(size)
