"""Who plays which round: requested byes, absences, withdrawals, prohibited pairings.

* A bye asked for a round not yet paired (TRF-2026 240): a half-point bye
  (``H``), a full-point bye (``F``) or a zero-point bye, the known absence
  (``Z``). The pairing of that round leaves the player out; once the round is
  complete the bye stands in his 001 cell.
* A bye or an absence in a match of two games (Double-Swiss, C.04.5 Preface:
  "byes apply to whole matches") covers both games: both TRF rounds of the
  match get it (a half-point bye: half a point a game, the value of a drawn
  match).
* A withdrawal from a round on: a zero-point bye in that round and every
  later one (``present`` brings the player back for the rounds named).
* A prohibited pairing (TRF-2026 260): players who may not meet, in every
  round or in a range of rounds.

Rounds already paired cannot change (take the round back first: unpair), and
rounds beyond the last do not exist: both are refused (exit 3).
"""

from __future__ import annotations

from collections.abc import Iterable

from mipair.desk.chess.document import ChessEvent, check_future_round
from mipair.errors import InputError
from mipair.model import Cell, ForbiddenPairs, Result

BYES = {"half": Result.HALF_BYE, "full": Result.FULL_BYE, "zero": Result.ZERO_BYE}
"""The byes a player may ask for, by the word the command line takes."""


def set_byes(
    event: ChessEvent, players: Iterable[int], rounds: Iterable[int], bye: Result | None
) -> ChessEvent:
    """Give ``players`` the bye ``bye`` in ``rounds`` (None: they play those rounds)."""
    wanted = sorted(set(rounds))
    for rnd in wanted:
        check_future_round(event, rnd)
    columns = [column for rnd in wanted for column in event.columns(rnd)]
    results = dict(event.tournament.results)
    for pid in players:
        cells = list(results.get(pid, ()))
        cells += [None] * (max(columns, default=0) - len(cells))
        for column in columns:
            cells[column - 1] = None if bye is None else Cell(None, None, bye)
        while cells and cells[-1] is None:
            cells.pop()
        results[pid] = tuple(cells)
    return event.changed(results=results)


def byes_of(
    event: ChessEvent, players: Iterable[str], rounds: Iterable[int], kind: str | None
) -> tuple[ChessEvent, list[int]]:
    """Players named as the arbiter types them (a pairing number or the start of a name) get
    the bye ``kind`` of :data:`BYES` in ``rounds`` (None: they play); the event and their
    numbers (``absent``, ``bye``, ``present``)."""
    ids = [event.player(p) for p in players]
    bye = None if kind is None else BYES[kind]
    return set_byes(event, ids, rounds, bye), ids


def withdrawal(
    event: ChessEvent, players: Iterable[str], first: int | None = None
) -> tuple[ChessEvent, list[int], int]:
    """Players named as the arbiter types them leave from round ``first`` (default: the next
    to pair) on: the event, their numbers and the first round they miss (``withdraw``)."""
    ids = [event.player(p) for p in players]
    start = event.paired + 1 if first is None else first
    return withdraw(event, ids, first), ids, start


def withdraw(event: ChessEvent, players: Iterable[int], first: int | None = None) -> ChessEvent:
    """The players leave the tournament from round ``first`` on (default: the next round to
    pair): a zero-point bye in every round from there to the last."""
    start = event.paired + 1 if first is None else first
    if start > event.total_rounds and first is None:
        raise InputError(f"all {event.total_rounds} rounds are paired already", field="round")
    check_future_round(event, start)
    return set_byes(event, players, range(start, event.total_rounds + 1), Result.ZERO_BYE)


def forbid(
    event: ChessEvent, players: Iterable[int], first: int | None = None, last: int | None = None
) -> ChessEvent:
    """Players who may not meet one another in rounds ``first``..``last`` (None: every
    round), as a TRF-2026 260 record."""
    ids = tuple(dict.fromkeys(players))
    if len(ids) < 2:
        raise InputError("a prohibited pairing names two players or more", field="player")
    total = event.total_rounds
    low, high = first or 1, last or total
    if not 1 <= low <= high <= total:
        raise InputError(
            f"rounds {low}-{high}: the tournament has rounds 1 to {total}", field="round"
        )
    first_column, last_column = event.columns(low)[0], event.columns(high)[-1]  # 260 counts games
    record = ForbiddenPairs(
        ids, None if low == 1 else first_column, None if high == total else last_column
    )
    if record in event.tournament.forbidden:
        return event
    return event.changed(forbidden=(*event.tournament.forbidden, record))
