"""Small tournaments written as games, for hand cases: ``build(4, ["1-3:1", "4-2:="])``.

Each round is a list of items: ``"a-b:r"`` a game with ``a`` White and ``r`` the
result of ``a`` (``1 0 = + -``), or ``"a:U"`` / ``"a:H"`` / ``"a:F"`` / ``"a:Z"``
a bye or an absence of ``a``. Players not named in a round have nothing written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mipair.model import Cell, Colour, Player, Result, Tournament

RESULTS = {r.value: r for r in Result}
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def build(
    players: int,
    rounds: Sequence[Sequence[str]],
    *,
    total: int = 5,
    ratings: Sequence[int] | None = None,
    initial: Colour = Colour.WHITE,
) -> Tournament:
    """A tournament of ``players`` (ratings 2400, 2350, ... unless given) after ``rounds``."""
    ratings = ratings or [2400 - 50 * i for i in range(players)]
    cells: dict[int, list[Cell | None]] = {p: [] for p in range(1, players + 1)}
    for rnd, items in enumerate(rounds, 1):
        for item in items:
            who, code = item.split(":")
            if "-" in who:
                white, black = (int(x) for x in who.split("-"))
                cells[white].append(Cell(black, Colour.WHITE, RESULTS[code]))
                cells[black].append(Cell(white, Colour.BLACK, RESULTS[OTHER_SIDE[code]]))
            else:
                cells[int(who)].append(Cell(None, None, RESULTS[code]))
        for row in cells.values():
            row.extend([None] * (rnd - len(row)))
    table = {p: Player(id=p, name=f"Player {p}", rating=ratings[p - 1]) for p in cells}
    return Tournament(
        players=table,
        results={p: tuple(c) for p, c in cells.items()},
        total_rounds=total,
        initial_colour=initial,
    )


def build_double(
    players: int,
    rounds: Sequence[Sequence[str]],
    *,
    total: int = 5,
    ratings: Sequence[int] | None = None,
    initial: Colour | None = Colour.WHITE,
) -> Tournament:
    """A Double-Swiss tournament (two TRF rounds a match, 192 FIDE_DOUBLESWISS) after ``rounds``.

    ``"a-b:xy"`` is a match with ``a`` White in game 1 and ``x``, ``y`` the results of
    ``a`` in games 1 and 2 (``1 = 0 + -``); ``"a:U"`` (``H F Z``) a bye or an absence of
    ``a`` for the whole match. ``total`` counts matches.
    """
    games: list[list[str]] = []
    for items in rounds:
        first, second = [], []
        for item in items:
            who, code = item.split(":")
            if "-" in who:
                white, black = who.split("-")
                first.append(f"{white}-{black}:{code[0]}")
                second.append(f"{black}-{white}:{OTHER_SIDE[code[1]]}")
            else:
                first.append(item)
                second.append(item)
        games += [first, second]
    t = build(players, games, total=2 * total, ratings=ratings, initial=initial or Colour.WHITE)
    return replace(t, system="FIDE_DOUBLESWISS", initial_colour=initial)
