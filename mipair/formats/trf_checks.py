"""Consistency checks of a TRF tournament, each failing with a located InputError.

The reader runs them after parsing: ids, opponents, the symmetry of every
game (both players name each other, colours differ, results agree), byes
announced in records, the number of rounds, accelerations, forbidden pairs,
and the points field of every player against the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mipair.formats.trf_player import CELL_WIDTH, FIRST_CELL, Where
from mipair.formats.trf_records import Bye
from mipair.model import Cell, Player, Points, Result, Tournament, points_to_str
from mipair.rounds import accelerations_of, rounds_played

# what the opponent's cell must hold for each result
COUNTERPART = {
    Result.WIN: {Result.LOSS},
    Result.LOSS: {Result.WIN},
    Result.DRAW: {Result.DRAW},
    Result.WIN_UNPLAYED: {Result.LOSS_UNPLAYED},
    Result.LOSS_UNPLAYED: {Result.WIN_UNPLAYED},
    Result.DRAW_UNPLAYED: {Result.DRAW_UNPLAYED},
    Result.FORFEIT_WIN: {Result.FORFEIT_LOSS},
    Result.FORFEIT_LOSS: {Result.FORFEIT_WIN, Result.FORFEIT_LOSS},
}


def cell_field(rnd: int) -> str:
    start = FIRST_CELL + 1 + CELL_WIDTH * (rnd - 1)
    return f"round {rnd} (columns {start}-{start + 7})"


def at(t: Tournament, player: Player) -> Where:
    return Where(t.source or "<text>", player.line or 0)


def check_ids(t: Tournament) -> None:
    """Pairing ids run 1..N without gaps (unless XXC rank pairs by position)."""
    if t.use_rank_ids or not t.players:
        return
    ids = sorted(t.players)
    for expected, pid in enumerate(ids, 1):
        if pid != expected:
            raise at(t, t.players[pid]).error(
                f"pairing id {expected} is missing (ids must run 1..{len(ids)} without gaps)",
                "player id (5-8)",
            )


def check_games(t: Tournament, counterpart: Mapping[Result, set[Result]] = COUNTERPART) -> None:
    """Every opponent exists and names the player back, with the other colour and a result
    ``counterpart`` allows."""
    for pid, cells in t.results.items():
        for rnd, cell in enumerate(cells, 1):
            if cell is None or cell.opponent is None:
                continue
            where, field = at(t, t.players[pid]), cell_field(rnd)
            opp = cell.opponent
            if opp not in t.players:
                raise where.error(f"opponent {opp} does not exist", field)
            other = t.cell(opp, rnd)
            if other is None or other.opponent != pid:
                named = (
                    "nothing"
                    if other is None
                    else (f"opponent {other.opponent}" if other.opponent else "no opponent")
                )
                raise where.error(
                    f"player {pid} meets {opp}, but {opp}'s round {rnd} cell has {named}", field
                )
            if cell.colour is not None and cell.colour == other.colour:
                raise where.error(f"{pid} and {opp} both have colour {cell.colour.value!r}", field)
            if other.result not in counterpart[cell.result]:
                raise where.error(
                    f"result {cell.result.value!r} against {opp} does not agree "
                    f"with {opp}'s {other.result.value!r}",
                    field,
                )


def check_rounds(t: Tournament) -> None:
    """No results beyond the announced number of rounds."""
    if t.total_rounds is None:
        return
    played = rounds_played(t)
    if played > t.total_rounds:
        for pid, cells in t.results.items():
            if len(cells) >= played and cells[played - 1] is not None:
                raise at(t, t.players[pid]).error(
                    f"round {played} is paired but the tournament has {t.total_rounds} rounds "
                    "(XXR/142)",
                    cell_field(played),
                )


def check_references(
    t: Tournament, acc_where: dict[tuple[int, int], Where], forbidden_where: list[Where]
) -> None:
    """Accelerations and forbidden pairs name existing players (teams in a team file) and rounds."""
    for (pid, rnd), where in acc_where.items():
        if pid not in t.players:
            raise where.error(f"acceleration for player {pid}, who does not exist", "player id")
        if t.total_rounds is not None and rnd > t.total_rounds:
            raise where.error(
                f"acceleration for round {rnd} of a {t.total_rounds}-round tournament", "round"
            )
    for fp, where in zip(t.forbidden, forbidden_where):
        for pid in fp.players:
            if t.teams is not None and pid not in t.teams.teams:
                raise where.error(f"forbidden pair names team {pid}, which does not exist", "team")
            if t.teams is None and pid not in t.players:
                raise where.error(
                    f"forbidden pair names player {pid}, who does not exist", "player id"
                )


def check_scores(t: Tournament) -> None:
    """The points field (81-84) must agree with the results.

    Accepted, as in the reference engine: the points of the played rounds,
    optionally plus the acceleration of the next round and/or the points of
    an announced bye in the next round's column; in a team file also without
    the points of the team's pairing-allocated byes (``U``).
    """
    ps = t.point_system
    played = rounds_played(t)
    acc = accelerations_of(t)
    for pid, player in t.players.items():
        base: Points = sum(ps.cell_points(t.cell(pid, k)) for k in range(1, played + 1))
        nxt = t.cell(pid, played + 1)
        extra_bye = ps.cell_points(nxt) if nxt is not None else 0
        extra_acc = acc.get((pid, played + 1), 0)
        pab: Points = 0
        if t.teams is not None:  # TRF-2026 leaves a team's PAB out of its players' points
            cells = [t.cell(pid, k) for k in range(1, played + 1)]
            pab = sum(ps.points(Result.PAB) for c in cells if c and c.result is Result.PAB)
        check_points_field(t, player, base, extra_acc, extra_bye, f"rounds 1-{played}", pab)


def check_points_field(
    t: Tournament,
    player: Player,
    base: Points,
    extra_acc: Points,
    extra_bye: Points,
    done: str,
    pab: Points = 0,
) -> None:
    """A written points field is the results of ``done`` (``base``), maybe with the next
    round's fictitious points and/or the points of a bye announced for it, and maybe
    without ``pab`` (a team's pairing-allocated byes, which TRF-2026 leaves out)."""
    allowed = {base, base + extra_acc, base + extra_bye, base + extra_acc + extra_bye}
    allowed |= {value - pab for value in allowed}
    if player.points is not None and player.points not in allowed:
        raise at(t, player).error(
            f"the file says {points_to_str(player.points)} points but the results of "
            f"{done} give {points_to_str(base)}",
            "points (81-84)",
        )


def check_all(
    t: Tournament, acc_where: dict[tuple[int, int], Where], forbidden_where: list[Where]
) -> None:
    check_ids(t)
    check_games(t)
    check_rounds(t)
    check_references(t, acc_where, forbidden_where)
    check_scores(t)


def apply_byes(
    results: dict[int, list[Cell | None]], byes: Sequence[Bye], next_rnd: int, span: int = 1
) -> None:
    """Write byes announced by 240/XXZ records into the round cells.

    An empty cell takes the bye; a cell that already holds an equivalent
    absence is left alone; anything else contradicts the record. A bye for the
    round to be paired (XXZ) covers ``span`` TRF rounds from ``next_rnd`` (two
    for a Double-Swiss match); a 240 record names its TRF round.
    """
    expanded = [
        (bye, rnd)
        for bye in byes
        for rnd in ([bye.round] if bye.round is not None else range(next_rnd, next_rnd + span))
    ]
    for bye, rnd in expanded:
        if bye.player not in results:
            raise bye.where.error(f"bye for player {bye.player}, who does not exist", "player id")
        cells = results[bye.player]
        while len(cells) < rnd:
            cells.append(None)
        cell = cells[rnd - 1]
        if cell is None:
            cells[rnd - 1] = Cell(None, None, bye.result)
        elif (
            cell.opponent is not None
            or cell.takes_part
            or (cell.result != bye.result and bye.round is not None)
        ):
            raise bye.where.error(
                f"player {bye.player}'s round {rnd} cell already says something else than this bye",
                cell_field(rnd),
            )
