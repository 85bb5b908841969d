"""The Double-Swiss layout of a TRF file: match ``k`` in TRF rounds ``2k - 1`` and ``2k``.

A file whose tournament type (192) names the Double-Swiss system (or that the
caller reads as one) is checked as matches, each failure a located InputError:

* the number of rounds (142 / XXR) counts TRF rounds, two a match, so it is even;
* the two columns of a match agree: the same opponent with reversed colours, or
  the same bye in both (byes apply to whole matches, C.04.5 Preface); a match
  with one column written and the other empty is half recorded;
* a game may end 1/2-0 or 0-0 (Preface): ``=`` against ``0``, ``0`` against ``0``;
* the points field counts the matches (a PAB is one match's value, not two columns').

The meaning of a match (forfeits, colour, points) is :mod:`mipair.matches`.
"""

from __future__ import annotations

from mipair.formats import trf_checks
from mipair.formats.trf_checks import COUNTERPART, at, cell_field
from mipair.formats.trf_player import Where
from mipair.matches import GAMES, columns, match, match_of, matches_written
from mipair.model import Cell, Points, Result, Tournament
from mipair.rounds import accelerations_of, rounds_played

GAME_COUNTERPART = {
    **COUNTERPART,
    Result.DRAW: {Result.DRAW, Result.LOSS},
    Result.LOSS: {Result.WIN, Result.DRAW, Result.LOSS},
}
"""What the opponent's cell may hold: also a game drawn for one and lost for the other, or lost by both."""


def check_rounds_even(t: Tournament, where: Where | None) -> None:
    """142 / XXR counts TRF rounds: a whole number of matches."""
    if t.total_rounds is not None and t.total_rounds % GAMES:
        target = where or Where(t.source or "<text>", 1)
        raise target.error(
            f"{t.total_rounds} rounds: a Double-Swiss file has two TRF rounds a match, "
            "so the number is even",
            "XXR/142",
        )


def check_columns(t: Tournament) -> None:
    """Both columns of every match agree: one opponent, reversed colours, one bye."""
    for pid, cells in t.results.items():
        for number in range(1, match_of(len(cells)) + 1):
            one, two = columns(number)
            first, second = t.cell(pid, one), t.cell(pid, two)
            if first is None and second is None:
                continue
            where = at(t, t.players[pid])
            if first is None or second is None:
                missing = one if first is None else two
                raise where.error(
                    f"match {number} is half recorded: round {missing} has nothing "
                    "(a match is two TRF rounds)",
                    cell_field(missing),
                )
            _check_pair(number, first, second, where, two)


def _check_pair(number: int, first: Cell, second: Cell, where: Where, two: int) -> None:
    field = cell_field(two)
    if first.opponent != second.opponent:
        if first.opponent is None or second.opponent is None:
            raise where.error(
                f"match {number} has a bye in one game only: byes apply to whole matches", field
            )
        raise where.error(
            f"match {number} has opponent {first.opponent} in game 1 and "
            f"{second.opponent} in game 2",
            field,
        )
    if first.opponent is None:
        if first.result != second.result or first.is_pab != second.is_pab:
            raise where.error(
                f"match {number} has two different byes ({first.result.value!r} and "
                f"{second.result.value!r}): a bye covers the whole match",
                field,
            )
        return
    if first.colour is not None and first.colour == second.colour:
        raise where.error(
            f"match {number} has colour {first.colour.value!r} in both games "
            "(the colours alternate)",
            field,
        )


def check_scores(t: Tournament) -> None:
    """The points field counts the matches played, plus the next match's announced bye
    and/or fictitious points (those of its game-1 round)."""
    ps = t.point_system
    played = match_of(rounds_played(t))
    acc = accelerations_of(t)
    for pid, player in t.players.items():
        base: Points = sum(match(t, pid, k).points(ps) for k in range(1, played + 1))
        nxt = match(t, pid, played + 1) if played < matches_written(t) else None
        extra_bye = nxt.points(ps) if nxt is not None and nxt.games[0] is not None else 0
        extra_acc = acc.get((pid, columns(played + 1)[0]), 0)
        trf_checks.check_points_field(t, player, base, extra_acc, extra_bye, f"matches 1-{played}")


def check_all(
    t: Tournament,
    acc_where: dict[tuple[int, int], Where],
    forbidden_where: list[Where],
    rounds_where: Where | None = None,
) -> None:
    """Every check of a TRF file, as matches (the single-game checks' counterpart)."""
    trf_checks.check_ids(t)
    check_rounds_even(t, rounds_where)
    trf_checks.check_games(t, GAME_COUNTERPART)
    check_columns(t)
    trf_checks.check_rounds(t)
    trf_checks.check_references(t, acc_where, forbidden_where)
    check_scores(t)


__all__ = ["GAME_COUNTERPART", "check_all", "check_columns", "check_rounds_even", "check_scores"]
