"""A round robin's whole schedule: the Berger table over its cycles, byes and colours.

C.05 Annex 1 gives one cycle (every pairing number meets every other once). A
double round robin plays the table twice, the second time with the colours
reversed, and Annex 1 recommends playing the first cycle's last two rounds in
the other order, so that nobody has the same colour three times running at
the change of cycle (``models/round-robin-2026.md`` section 3). A tournament
type of more cycles reverses the colours in every even cycle.

Boards are numbered in the table's order; in an odd field the bye (board 1 of
the table, the highest number's place) is not a board, so the games are boards
1, 2, ... of what is left (reading B3 of the specification).
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.model import Colour
from mipair.systems.roundrobin.berger import berger_round, bye_number, rounds_per_cycle, table_size
from mipair.systems.roundrobin.settings import Cycles


@dataclass(frozen=True)
class Game:
    """One scheduled game: the pairing numbers with White and Black, and its board."""

    round: int
    board: int
    white: int
    black: int


@dataclass(frozen=True)
class Round:
    """One round of the schedule: its games in board order, and who sits out (odd field)."""

    number: int
    games: tuple[Game, ...]
    bye: int | None


SINGLE = Cycles(1, swap_last_two=False)
FIDE_DOUBLE = Cycles(2, swap_last_two=True)


def total_rounds(players: int, cycles: Cycles = SINGLE) -> int:
    """The rounds of the whole tournament (TRF 142): a cycle's rounds times the cycles."""
    return rounds_per_cycle(players) * cycles.count


def cycle_of(players: int, rnd: int) -> int:
    """The cycle (1-based) round ``rnd`` belongs to."""
    return (rnd - 1) // rounds_per_cycle(players) + 1


def table_round(players: int, rnd: int, cycles: Cycles = SINGLE) -> int:
    """The round of the Berger table that tournament round ``rnd`` plays.

    Each cycle plays the table in order, except that with ``swap_last_two`` the
    first cycle's last two rounds change places (Annex 1's recommendation for a
    double round robin); a cycle of a single round has nothing to exchange.
    """
    if not 1 <= rnd <= total_rounds(players, cycles):
        raise ValueError(
            f"round {rnd} is not in this round robin (rounds 1-{total_rounds(players, cycles)})"
        )
    per_cycle = rounds_per_cycle(players)
    within = (rnd - 1) % per_cycle + 1
    swapped = cycles.swap_last_two and cycles.count > 1 and per_cycle > 1
    if swapped and cycle_of(players, rnd) == 1 and within >= per_cycle - 1:
        return 2 * per_cycle - 1 - within
    return within


def colours_reversed(players: int, rnd: int) -> bool:
    """Whether round ``rnd`` reverses the table's colours: every even cycle does."""
    return cycle_of(players, rnd) % 2 == 0


def scheduled_round(players: int, rnd: int, cycles: Cycles = SINGLE) -> Round:
    """Round ``rnd`` of a round robin of ``players`` numbered 1..players."""
    pairs = berger_round(table_size(players), table_round(players, rnd, cycles))
    if colours_reversed(players, rnd):
        pairs = tuple((black, white) for white, black in pairs)
    absent = bye_number(players)
    bye = next((a + b - absent for a, b in pairs if absent in (a, b)), None) if absent else None
    played = [pair for pair in pairs if absent not in pair]
    games = tuple(Game(rnd, board, w, b) for board, (w, b) in enumerate(played, 1))
    return Round(rnd, games, bye)


def schedule(players: int, cycles: Cycles = SINGLE) -> tuple[Round, ...]:
    """Every round of the tournament, round 1 first."""
    return tuple(
        scheduled_round(players, rnd, cycles) for rnd in range(1, total_rounds(players, cycles) + 1)
    )


def colour_of(round_: Round, player: int) -> Colour | None:
    """The colour ``player`` has in ``round_`` (None: the bye, or not in the field)."""
    for game in round_.games:
        if player == game.white:
            return Colour.WHITE
        if player == game.black:
            return Colour.BLACK
    return None


def opponent_of(round_: Round, player: int) -> int | None:
    """Whom ``player`` meets in ``round_`` (None: the bye)."""
    for game in round_.games:
        if player in (game.white, game.black):
            return game.white + game.black - player
    return None
