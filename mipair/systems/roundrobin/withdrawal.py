"""Withdrawals from a round robin (C.05): the schedule stays, the games are kept or cancelled.

A player who withdraws or is excluded keeps his pairing number and the
schedule does not change: his remaining games are unplayed, marked ``-`` for
him and ``+`` for his opponent (``-`` for both when neither is there). Whether
his results count in the final standings depends on how many of his games he
completed: at least the share of ``[withdrawal]`` in the model file (50%),
they count; fewer, they stay in the table (for rating) but count for nobody.
Before round 1 the lots are drawn again, unless the withdrawn player had the
last number of an even field or a substitute takes his place.
``models/round-robin-2026.md`` section 6 states the rule and its readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mipair.model import Result
from mipair.systems.roundrobin.schedule import Round
from mipair.systems.roundrobin.settings import Cycles, settings

COMPLETED = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.WIN_UNPLAYED,
        Result.DRAW_UNPLAYED,
        Result.LOSS_UNPLAYED,
    }
)
"""Results of a game begun at the board (reading W1): a forfeit or a bye is no game."""


def scheduled_games(players: int, cycles: Cycles) -> int:
    """The games a player is scheduled to play: every other player once a cycle."""
    return (players - 1) * cycles.count


def completed_games(results: Iterable[Result | None]) -> int:
    """How many of a player's rounds were games completed at the board (reading W1)."""
    return sum(1 for result in results if result in COMPLETED)


def results_counted(completed: int, scheduled: int) -> bool:
    """Whether a withdrawn player's results count in the final standings (C.05): he
    completed at least the model file's share (50%) of his scheduled games."""
    return 100 * completed >= settings().counted_from_percent * scheduled


def unplayed_results(
    rounds: Iterable[Round], last_round: Mapping[int, int]
) -> dict[tuple[int, int], Result]:
    """The results of the scheduled games withdrawals leave unplayed, by (round, player).

    ``last_round`` maps each withdrawn player to the last round he took part in.
    A game after it is lost by forfeit by the absent player and won by forfeit by
    the one present; when both are absent both lose it (C.05: two ``-``).
    """

    def absent(player: int, rnd: int) -> bool:
        return player in last_round and rnd > last_round[player]

    unplayed: dict[tuple[int, int], Result] = {}
    for round_ in rounds:
        for game in round_.games:
            gone = [p for p in (game.white, game.black) if absent(p, round_.number)]
            if not gone:
                continue
            for player in (game.white, game.black):
                lost = player in gone
                unplayed[round_.number, player] = (
                    Result.FORFEIT_LOSS if lost else Result.FORFEIT_WIN
                )
    return unplayed


def lots_drawn_again(players: int, number: int, substituted: bool) -> bool:
    """Whether a withdrawal between the drawing of lots and round 1 means a new draw:
    yes, unless a substitute takes the place or the field was even and the player
    had its last number (the table of the odd field left is the same table)."""
    if substituted:
        return False
    return not (players % 2 == 0 and number == players)
