"""A round's pairing as the arbiter posts it: boards, the PAB, the byes asked for, the absent.

The same data is printed as text, as JSON, or as a printable page with a
result column to fill in by hand (:mod:`~mipair.desk.chess.pages`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NotRequired, TypedDict

from mipair.desk.chess.document import ChessEvent, Outcome, scores_before
from mipair.desk.chess.notation import shown_result
from mipair.desk.chess.rounds_dates import round_dates
from mipair.desk.chess.standings import Person, heading, person
from mipair.model import Colour, Result, Tournament, points_to_str

BYE_WORDS = {Result.HALF_BYE: "half-point bye", Result.FULL_BYE: "full-point bye"}
NOT_ENTERED = "…"
"""A game of a match whose result is not entered yet, on pairing lists."""
MATCH_NOTE = (
    "Each board is a match: White plays White in game 1 and Black in game 2; the results "
    "game by game, each White first"
)


class Seat(Person):
    """A player at a board, with his points before the round."""

    points: str


class AskedBye(Seat):
    """A player who asked for a bye, and which."""

    bye: str


class MatchGame(TypedDict):
    """A game of a match: its White and Black (pairing numbers), its result as shown and as
    the two players' codes (None while not entered)."""

    game: int
    white: int
    black: int
    result: str
    codes: list[str] | None


class Board(TypedDict):
    """A board: its players, the result as shown and as the two players' codes. A match's
    board (White: game 1's): each game's result, White first, in order ('…' while not
    entered; '' before any), its ``games`` and the ``match`` score, White's first, once
    complete."""

    board: int
    white: Seat
    black: Seat
    result: str
    codes: list[str] | None
    games: NotRequired[list[MatchGame]]
    match: NotRequired[str]


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
    before = scores_before(_rounds_before(event, rnd), rnd, event.games)
    playing = event.playing if event.playing and event.playing.number == rnd else None
    results: list[tuple[Outcome | None, ...]]
    if playing is not None:
        results = [g.results(event.games) for g in playing.games]
        bye = playing.bye
    else:
        results = [
            tuple(_outcome(event, b.white, column) for column in event.columns(rnd)) for b in boards
        ]
        bye = next((pid for pid in t.players if (c := event.cell(pid, rnd)) and c.is_pab), None)
    asked = {pid: c.result for pid in t.players if (c := event.cell(pid, rnd)) and not c.takes_part}

    def seat(pid: int) -> Seat:
        return {**person(event, pid), "points": points_to_str(before[pid])}

    return {
        "tournament": heading(event),
        "round": rnd,
        "date": round_dates(event).get(rnd, ""),
        "complete": playing is None,
        "boards": [
            _board(k, seat(b.white), seat(b.black), outcomes, t)
            for k, (b, outcomes) in enumerate(zip(boards, results), 1)
        ],
        "bye": None if bye is None else seat(bye),
        "byes": [
            {**seat(pid), "bye": BYE_WORDS[kind]}
            for pid, kind in sorted(asked.items())
            if kind in BYE_WORDS
        ],
        "absent": [seat(pid) for pid, kind in sorted(asked.items()) if kind not in BYE_WORDS],
    }


def _board(
    number: int, white: Seat, black: Seat, outcomes: tuple[Outcome | None, ...], t: Tournament
) -> Board:
    """A board of the pairing (of a match: its games, the match score)."""
    if len(outcomes) == 1:
        result = outcomes[0]
        codes = None if result is None else [result[0].value, result[1].value]
        return {
            "board": number,
            "white": white,
            "black": black,
            "result": shown_result(result),
            "codes": codes,
        }
    players = [(white["id"], black["id"]), (black["id"], white["id"])]
    games: list[MatchGame] = [
        {
            "game": k,
            "white": players[(k - 1) % 2][0],
            "black": players[(k - 1) % 2][1],
            "result": shown_result(outcome),
            "codes": None if outcome is None else [outcome[0].value, outcome[1].value],
        }
        for k, outcome in enumerate(outcomes, 1)
    ]
    board: Board = {
        "board": number,
        "white": white,
        "black": black,
        "result": " ".join(g["result"] or NOT_ENTERED for g in games)
        if any(outcome is not None for outcome in outcomes)
        else "",
        "codes": None,
        "games": games,
    }
    if all(outcome is not None for outcome in outcomes):
        board["match"] = _match_score(outcomes, t)
    return board


def _match_score(outcomes: tuple[Outcome | None, ...], t: Tournament) -> str:
    """The match's score, game 1's White first: the points of each game, colours alternating."""
    first = second = 0
    for k, outcome in enumerate(outcomes):
        assert outcome is not None
        own, other = (outcome[0], outcome[1]) if k % 2 == 0 else (outcome[1], outcome[0])
        first += t.point_system.points(own)
        second += t.point_system.points(other)
    return f"{first / 10:g}-{second / 10:g}"  # points are tenths


def _rounds_before(event: ChessEvent, rnd: int) -> Tournament:
    """The tournament as round ``rnd`` found it (its completed rounds before it)."""
    return replace(event.tournament, results=event.completed_cells(min(rnd - 1, event.completed)))


def _outcome(event: ChessEvent, white: int, column: int) -> Outcome | None:
    """The result of the game of ``white`` (game 1's White) in TRF round ``column``, White's
    code first."""
    cell = event.tournament.cell(white, column)
    if cell is None or cell.opponent is None:
        return None
    other = event.tournament.cell(cell.opponent, column)
    if other is None:
        return None
    return (
        (cell.result, other.result)
        if cell.colour is not Colour.BLACK
        else (other.result, cell.result)
    )


def pairing_text(view: PairingView) -> str:
    """The pairing as a plain list: board, White, points, result, points, Black."""
    width = max([len(b[s]["name"]) for b in view["boards"] for s in ("white", "black")] + [5])
    state = "" if view["complete"] else " (being played)"
    wide = max([len(b["result"]) for b in view["boards"]] + [7])
    lines = [
        f"Round {view['round']} of {view['tournament']['rounds']}{state}",
        f"{'Bd':>3} {'No':>4} {'White':<{width}} {'Pts':>4}  {'Result':^{wide}}  {'Pts':>4} "
        f"{'No':>4} Black",
    ]
    if any("games" in b for b in view["boards"]):
        lines.insert(1, MATCH_NOTE)
    for b in view["boards"]:
        w, k = b["white"], b["black"]
        match = f"  (match {b['match']})" if "match" in b else ""
        lines.append(
            f"{b['board']:>3} {w['id']:>4} {w['name']:<{width}} {w['points']:>4}  "
            f"{b['result']:^{wide}}  {k['points']:>4} {k['id']:>4} {k['name']}{match}"
        )
    if view["bye"]:
        lines.append(f"Bye (pairing-allocated): {view['bye']['name']} ({view['bye']['id']})")
    for item in view["byes"]:
        lines.append(f"{item['bye'].capitalize()}: {item['name']} ({item['id']})")
    if view["absent"]:
        lines.append("Absent: " + ", ".join(f"{p['name']} ({p['id']})" for p in view["absent"]))
    return "\n".join(lines) + "\n"
