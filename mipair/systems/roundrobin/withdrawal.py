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

from mipair.model import Cell, Result, Tournament
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


def lost_unplayed(cell: Cell | None) -> bool:
    """A round with no game begun that the player did not win: an absence (written, blank or
    announced), a forfeit lost, a bye asked for (reading W8)."""
    if cell is None:
        return True
    return (
        cell.result not in COMPLETED and not cell.is_pab and cell.result is not Result.FORFEIT_WIN
    )


def withdrawn(t: Tournament, last_round: int) -> list[int]:
    """The players who have withdrawn (reading W8): the tournament's last round is written
    (someone's cell holds it, a game or an announced absence) and, from the round after a
    player's last game begun to that round, every round of his is lost unplayed."""
    if t.rounds_written < last_round:
        return []
    out = []
    for pid in sorted(t.players):
        cells = [t.cell(pid, rnd) for rnd in range(1, last_round + 1)]
        begun = [rnd for rnd, cell in enumerate(cells, 1) if cell is not None and cell.is_played]
        after = cells[begun[-1] if begun else 0 :]
        if after and all(lost_unplayed(cell) for cell in after):
            out.append(pid)
    return out


def cancelled(t: Tournament, last_round: int, cycles: Cycles) -> list[int]:
    """The withdrawn players whose results count for nobody's standings (C.05, W3)."""
    scheduled = scheduled_games(len(t.players), cycles)
    return [
        pid
        for pid in withdrawn(t, last_round)
        if not results_counted(completed_games(c.result for c in t.results[pid] if c), scheduled)
    ]
