"""The shapes every desk's views take, whatever the game: a pairing, standings, a crosstable,
a player's card.

A front end (the service's API, its pages) shows every game with the same
code; what differs between games is in the values (a Go board's handicap, an
Othello game's discs) and in the labels a view carries (``columns``: Board or
Table, White or Black first). Every player is a **person**: ``id`` (the label
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
from typing import Any


def person(identifier: object, name: str, **extras: object) -> dict[str, Any]:
    """A player: the id the desk's commands take, the name, what the game adds."""
    return {"id": str(identifier), "name": name, **extras}


def columns(board: str, first: str, second: str) -> dict[str, str]:
    """A pairing's labels: what a board is called, and its first and second player."""
    return {"board": board, "first": first, "second": second}


def board(
    number: int, first: dict[str, Any], second: dict[str, Any], result: str, **extras: object
) -> dict[str, Any]:
    """One board of a pairing."""
    return {"board": number, "first": first, "second": second, "result": result, "extras": extras}


def pairing(
    round_number: int,
    complete: bool,
    boards: Sequence[dict[str, Any]],
    *,
    columns: dict[str, str],
    bye: dict[str, Any] | None = None,
    byes: Sequence[dict[str, Any]] = (),
    absent: Sequence[dict[str, Any]] = (),
    date: str = "",
) -> dict[str, Any]:
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
    player: dict[str, Any],
    points: str,
    values: Sequence[str],
    rounds: Sequence[str] | None = None,
) -> dict[str, Any]:
    """One line of the standings (of the crosstable, with ``rounds``)."""
    line: dict[str, Any] = {
        "rank": rank,
        "player": player,
        "points": points,
        "values": list(values),
    }
    if rounds is not None:
        line["rounds"] = list(rounds)
    return line


def standings(after: int, names: Sequence[str], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The standings (or crosstable) after round ``after``."""
    return {"after": after, "columns": list(names), "rows": list(rows)}


def game(
    round_number: int,
    opponent: dict[str, Any] | None,
    colour: str | None,
    result: str,
    shown: str = "",
) -> dict[str, Any]:
    """One round of a player's card."""
    return {
        "round": round_number,
        "opponent": opponent,
        "colour": colour,
        "result": result,
        "shown": shown or result,
    }


def card(
    player: dict[str, Any], rank: int | None, points: str, rounds: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """A player's card."""
    return {"player": player, "rank": rank, "points": points, "rounds": list(rounds)}
