"""What the arbiter types to enter a result: a board (in a match, a game of it) and its result.

A round of one game a board: the board's number and its result, ``3`` ``1-0``.

A round of matches (Double-Swiss, C.04.5: two games, the colours reversed in
game 2) is entered from the score sheets, each game's result as its sheet
gives it, White's score first (in game 2 the board's Black has White):

* ``3`` and both results in order, ``1-0 ½-½`` (one field, the results apart);
* ``3.2`` and one result, ``½-½``: that game alone (``3.1``: game 1).

A game of a match may also end ½-0, 0-½ or 0-0 (C.04.5 Preface), a single game not.

A board or game that does not exist, or a number of results that does not fit,
is refused whole (InputError): nothing of the entry is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mipair.desk.chess.document import Outcome
from mipair.desk.chess.notation import typed_result
from mipair.errors import InputError

GAME_MARK = "."
"""Between a board and a game of its match: ``3.2`` is game 2 of board 3."""


@dataclass(frozen=True)
class Typed:
    """One game's result as typed: the board, the game of its match (1 for a single game),
    the outcome (None: erased)."""

    board: int
    game: int
    outcome: Outcome | None


def typed_entries(
    entries: Iterable[tuple[str, str]], boards: int, games: int, rnd: int
) -> list[Typed]:
    """The ``(board, results)`` pairs as typed, read for round ``rnd`` of ``boards`` boards of
    ``games`` games each."""
    out = []
    for board_text, results_text in entries:
        board, game = _address(board_text, boards, games, rnd)
        outcomes = [typed_result(word, games) for word in results_text.split() or [results_text]]
        wanted = 1 if game is not None else games
        if len(outcomes) != wanted:
            raise InputError(_count_error(rnd, board, games, len(outcomes)), field="result")
        first = game or 1
        out += [Typed(board, first + k, outcome) for k, outcome in enumerate(outcomes)]
    return out


def _address(typed: str, boards: int, games: int, rnd: int) -> tuple[int, int | None]:
    """Board and game (None: every game of the board) of a typed board."""
    text = typed.strip()
    board, mark, game = text.partition(GAME_MARK)
    if not _number_in(board, boards) or (mark and games == 1):
        raise InputError(f"round {rnd} has boards 1 to {boards}, not {typed[:20]!r}", field="board")
    if not mark:
        return int(board), None
    if not _number_in(game, games):
        raise InputError(
            f"round {rnd} board {board} is a match of games 1 to {games}, not {game[:20]!r}",
            field="board",
        )
    return int(board), int(game)


def _number_in(text: str, high: int) -> bool:
    return text.isascii() and text.isdigit() and 1 <= int(text) <= high


def _count_error(rnd: int, board: int, games: int, typed: int) -> str:
    if games == 1:
        return f"round {rnd} board {board} is one game: one result, not {typed}"
    return (
        f"round {rnd} board {board} is a match of {games} games: type every game's result in "
        f"order ({board} 1-0 ½-½) or name the game ({board}{GAME_MARK}2 ½-½), not {typed} "
        "result(s)"
    )
