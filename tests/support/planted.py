"""Errors planted into a published round, for the checker's tests: the checker must find each
and name the rule it breaks (tests/check/)."""

from __future__ import annotations

from dataclasses import replace

from mipair.model import Cell, Colour, Result, Tournament


def _set(t: Tournament, rnd: int, cells: dict[int, Cell]) -> Tournament:
    results = {
        pid: tuple(cells.get(pid, c) if k == rnd - 1 else c for k, c in enumerate(cs))
        for pid, cs in t.results.items()
    }
    return replace(t, results=results)


def _game(t: Tournament, w: int, b: int, rnd: int) -> dict[int, Cell]:
    """w (White) against b: White keeps its result code of round rnd, Black the opposite."""
    rw = t.cell(w, rnd).result  # type: ignore[union-attr]
    rb = {
        Result.WIN: Result.LOSS,
        Result.LOSS: Result.WIN,
        Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
        Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
    }.get(rw, rw)
    return {w: Cell(b, Colour.WHITE, rw), b: Cell(w, Colour.BLACK, rb)}


def swap_opponents(t: Tournament, rnd: int, a, c) -> Tournament:
    """Boards A-B and C-D become A-D and C-B."""
    return _set(t, rnd, {**_game(t, a.white, c.black, rnd), **_game(t, c.white, a.black, rnd)})


def flip_colours(t: Tournament, rnd: int, board) -> Tournament:
    return _set(t, rnd, _game(t, board.black, board.white, rnd))


def second_bye(t: Tournament, rnd: int, player: int, board, bye: int) -> Tournament:
    """``player`` (on ``board``) gets the PAB; the bye holder takes their place."""
    other = board.black if board.white == player else board.white
    cells = {player: Cell(None, None, Result.PAB)}
    if board.white == player:
        cells[bye], cells[other] = (
            Cell(other, Colour.WHITE, Result.WIN),
            Cell(bye, Colour.BLACK, Result.LOSS),
        )
    else:
        cells[bye], cells[other] = (
            Cell(other, Colour.BLACK, Result.WIN),
            Cell(bye, Colour.WHITE, Result.LOSS),
        )
    return _set(t, rnd, cells)


def swapped_game(text: str, white: str, black: str) -> str:
    """The OpenGotha text with the game white-black given the other colours."""
    old = f'blackPlayer="{black}"'
    line = next(ln for ln in text.splitlines() if old in ln and f'whitePlayer="{white}"' in ln)
    new = line.replace(old, "@").replace(f'whitePlayer="{white}"', f'whitePlayer="{black}"')
    return text.replace(line, new.replace("@", f'blackPlayer="{white}"'))
