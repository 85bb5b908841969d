"""A round's pairing as the arbiter posts it: boards, the PAB, the byes asked for, the absent.

The same data is printed as text, as JSON, or as a printable page with a
result column to fill in by hand (:mod:`~mipair.desk.chess.pages`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from mipair.desk.chess.document import ChessEvent, Outcome
from mipair.desk.chess.notation import shown_result
from mipair.desk.chess.rounds_dates import round_dates
from mipair.desk.chess.standings import Person, heading, person
from mipair.model import Result, Tournament, points_to_str
from mipair.rounds import scores_before

BYE_WORDS = {Result.HALF_BYE: "half-point bye", Result.FULL_BYE: "full-point bye"}


class Seat(Person):
    """A player at a board, with his points before the round."""

    points: str


class AskedBye(Seat):
    """A player who asked for a bye, and which."""

    bye: str


class Board(TypedDict):
    """A board: its players, the result as shown and as the two players' codes."""

    board: int
    white: Seat
    black: Seat
    result: str
    codes: list[str] | None


class PairingView(TypedDict):
    """A round's pairing (:func:`pairing_view`)."""

    tournament: dict[str, object]
    round: int
    date: str
    complete: bool
    boards: list[Board]
    bye: Seat | None
    byes: list[AskedBye]
    absent: list[Seat]


def pairing_view(event: ChessEvent, rnd: int) -> PairingView:
    """Round ``rnd`` (paired): its boards in order with each player's points before it."""
    boards = event.round_boards(rnd)
    t = event.tournament
    before = scores_before(_rounds_before(event, rnd), rnd)
    playing = event.playing if event.playing and event.playing.number == rnd else None
    results: list[Outcome | None]
    if playing is not None:
        results = [g.result for g in playing.games]
        bye = playing.bye
    else:
        results = [_outcome(event, b.white, rnd) for b in boards]
        bye = next((pid for pid in t.players if (c := t.cell(pid, rnd)) and c.is_pab), None)
    asked = {pid: c.result for pid in t.players if (c := t.cell(pid, rnd)) and not c.takes_part}

    def seat(pid: int) -> Seat:
        return {**person(event, pid), "points": points_to_str(before[pid])}

    return {
        "tournament": heading(event),
        "round": rnd,
        "date": round_dates(event).get(rnd, ""),
        "complete": playing is None,
        "boards": [
            {
                "board": k,
                "white": seat(b.white),
                "black": seat(b.black),
                "result": shown_result(result),
                "codes": None if result is None else [result[0].value, result[1].value],
            }
            for k, (b, result) in enumerate(zip(boards, results), 1)
        ],
        "bye": None if bye is None else seat(bye),
        "byes": [
            {**seat(pid), "bye": BYE_WORDS[kind]}
            for pid, kind in sorted(asked.items())
            if kind in BYE_WORDS
        ],
        "absent": [seat(pid) for pid, kind in sorted(asked.items()) if kind not in BYE_WORDS],
    }


def _rounds_before(event: ChessEvent, rnd: int) -> Tournament:
    """The tournament as round ``rnd`` found it (its completed rounds before it)."""
    return replace(event.tournament, results=event.completed_cells(min(rnd - 1, event.completed)))


def _outcome(event: ChessEvent, white: int, rnd: int) -> Outcome | None:
    cell = event.cell(white, rnd)
    if cell is None or cell.opponent is None:
        return None
    other = event.cell(cell.opponent, rnd)
    return None if other is None else (cell.result, other.result)


def pairing_text(view: PairingView) -> str:
    """The pairing as a plain list: board, White, points, result, points, Black."""
    width = max([len(b[s]["name"]) for b in view["boards"] for s in ("white", "black")] + [5])
    state = "" if view["complete"] else " (being played)"
    lines = [
        f"Round {view['round']} of {view['tournament']['rounds']}{state}",
        f"{'Bd':>3} {'No':>4} {'White':<{width}} {'Pts':>4}  {'Result':^7}  {'Pts':>4} "
        f"{'No':>4} Black",
    ]
    for b in view["boards"]:
        w, k = b["white"], b["black"]
        lines.append(
            f"{b['board']:>3} {w['id']:>4} {w['name']:<{width}} {w['points']:>4}  "
            f"{b['result']:^7}  {k['points']:>4} {k['id']:>4} {k['name']}"
        )
    if view["bye"]:
        lines.append(f"Bye (pairing-allocated): {view['bye']['name']} ({view['bye']['id']})")
    for item in view["byes"]:
        lines.append(f"{item['bye'].capitalize()}: {item['name']} ({item['id']})")
    if view["absent"]:
        lines.append("Absent: " + ", ".join(f"{p['name']} ({p['id']})" for p in view["absent"]))
    return "\n".join(lines) + "\n"
