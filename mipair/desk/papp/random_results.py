"""Random results for testing (PAPP manual 2.3, the '?' of the results menu).

Every game of the round being played that has no result yet gets one, drawn
as PAPP 1.36 draws it (``resultat.c``): Black wins with probability
``1 / (1 + 3^((r_white - r_black) / 200))``, ratings below 1100 (or missing)
counted as 1100; a win gives Black from half the discs (rounded up) to all of
them, a loss from none to half (rounded down), uniformly. The draw follows the
event's seed and the round, so the same file gives the same results.
"""

from __future__ import annotations

import random
from dataclasses import replace

from mipair.formats.papp.event import Event

FLOOR = 1100
"""The rating below which PAPP counts every player as equally weak."""


def black_wins_probability(black_rating: int | None, white_rating: int | None) -> float:
    """PAPP's chance that Black wins, from the two ratings."""
    black, white = max(black_rating or 0, FLOOR), max(white_rating or 0, FLOOR)
    return 1.0 / (1.0 + 3.0 ** ((white - black) / 200.0))


def random_results(event: Event, number: int) -> tuple[Event, int]:
    """Round ``number`` with a drawn result in every game still without one; how many."""
    rng = random.Random(f"papp-random:{event.settings.seed}:{number}")
    total = event.settings.total_discs
    low, high = total // 2, (total + 1) // 2
    rnd = event.round(number)
    games, drawn = [], 0
    for game in rnd.games:
        if game.played:
            games.append(game)
            continue
        black = event.player(game.black).rating
        white = event.player(game.white).rating
        if rng.random() < black_wins_probability(black, white):
            discs = high + rng.randint(0, low)
        else:
            discs = low - rng.randint(0, low)
        games.append(replace(game, black_discs=discs))
        drawn += 1
    return event.with_round(replace(rnd, games=tuple(games))), drawn
