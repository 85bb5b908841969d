"""The shapes every desk's views take, whatever the game: a pairing, standings, a crosstable,
a player's card.

A front end (the service's API, its pages) shows every game with the same
code; what differs between games is in the values (a Go board's handicap, an
Othello game's discs) and in the labels a view carries (``columns``: Board or
Table, White or Black first, and which of the two has White). Every player is a **person**: ``id`` (the label
the game's command line names them by: a pairing number, an OpenGotha key, a
PAPP number), ``name``, and what the game adds (rating, title, federation;
rank, club; country).

* pairing: ``round``, ``complete``, ``date``, ``columns``, ``boards`` (each
  ``board``, ``first`` and ``second`` player in the order the game writes them,
  with the points they had before the round, ``result`` as the game writes it,
  '' until entered, and the game's ``extras``), ``bye`` (the pairing's bye, or
  None), ``byes`` (byes asked for), ``absent``;
* standings and crosstable: ``after`` (the round), ``columns`` (the tie-breaks'
  names), ``rows`` (``rank``, None for a player tied with the row above where
  the game prints no rank; ``player``; ``points``; ``values`` in the columns'
  order; in a crosstable ``rounds``, each round's cell as the game prints it);
* card: ``player``, ``rank``, ``points``, ``rounds`` (each ``round``,
  ``opponent`` or None, ``colour``, ``result`` as the game's code, and ``shown``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict


class Board(TypedDict):
    """A board of a pairing, as :func:`board` makes it."""

    board: int
    first: dict[str, object]
    second: dict[str, object]
    result: str
    extras: dict[str, object]


class Pairing(TypedDict):
    """A round's pairing, as :func:`pairing` makes it (a front end reads its boards back)."""

    round: int
    complete: bool
    date: str
    columns: dict[str, str]
    boards: list[Board]
    bye: dict[str, object] | None
    byes: list[dict[str, object]]
    absent: list[dict[str, object]]


class Row(TypedDict):
    """A line of the standings, as :func:`row` makes it."""

    rank: int | None
    player: dict[str, object]
    points: str
    values: list[str]
    rounds: NotRequired[list[str]]


class Standings(TypedDict):
    """The standings or the crosstable, as :func:`standings` makes them."""

    after: int
    columns: list[str]
    rows: list[Row]


def person(identifier: object, name: str, **extras: object) -> dict[str, object]:
    """A player: the id the desk's commands take, the name, what the game adds."""
    return {"id": str(identifier), "name": name, **extras}


def columns(board: str, first: str, second: str, white: str = "first") -> dict[str, str]:
    """A pairing's labels: what a board is called, its first and second player, and which
    of the two (``white``: "first" or "second") has White, the player ``why`` names first
    (``mipair why --pair WHITE-BLACK``)."""
    return {"board": board, "first": first, "second": second, "white": white}


def board(
    number: int, first: dict[str, object], second: dict[str, object], result: str, **extras: object
) -> Board:
    """One board of a pairing."""
    return {"board": number, "first": first, "second": second, "result": result, "extras": extras}


def pairing(
    round_number: int,
    complete: bool,
    boards: Sequence[Board],
    *,
    columns: dict[str, str],
    bye: dict[str, object] | None = None,
    byes: Sequence[dict[str, object]] = (),
    absent: Sequence[dict[str, object]] = (),
    date: str = "",
) -> Pairing:
    """A round's pairing (see the module docstring)."""
    return {
        "round": round_number,
        "complete": complete,
        "date": date,
        "columns": columns,
        "boards": list(boards),
        "bye": bye,
        "byes": list(byes),
        "absent": list(absent),
    }


def row(
    rank: int | None,
    player: dict[str, object],
    points: str,
    values: Sequence[str],
    rounds: Sequence[str] | None = None,
) -> Row:
    """One line of the standings (of the crosstable, with ``rounds``)."""
    line: Row = {
        "rank": rank,
        "player": player,
        "points": points,
        "values": list(values),
    }
    if rounds is not None:
        line["rounds"] = list(rounds)
    return line


def standings(after: int, names: Sequence[str], rows: Sequence[Row]) -> Standings:
    """The standings (or crosstable) after round ``after``."""
    return {"after": after, "columns": list(names), "rows": list(rows)}


def game(
    round_number: int,
    opponent: dict[str, object] | None,
    colour: str | None,
    result: str,
    shown: str = "",
) -> dict[str, object]:
    """One round of a player's card."""
    return {
        "round": round_number,
        "opponent": opponent,
        "colour": colour,
        "result": result,
        "shown": shown or result,
    }


def card(
    player: dict[str, object], rank: int | None, points: str, rounds: Sequence[dict[str, object]]
) -> dict[str, object]:
    """A player's card."""
    return {"player": player, "rank": rank, "points": points, "rounds": list(rounds)}
