"""Write the hand-made infeasible rounds of this folder as TRF(x) files.

Each scenario is written below by hand as a list of rounds; a round is a
string of tokens: ``W-B`` a game (White first) with result ``:1`` (White
wins), ``:=`` (draw, the default), ``:0`` (Black wins), ``:+`` / ``:-``
(forfeit won by White / Black); ``PU`` the pairing-allocated bye for player
P, ``PH`` / ``PF`` a requested half- / full-point bye, ``PZ`` an absence.
Absences for the round to be paired go in ``next``. Run
``python scenarios/infeasible/build.py`` to rewrite the files.
"""
from __future__ import annotations

import re
from pathlib import Path

from mipair.formats.trf_write import write_tournament
from mipair.model import Cell, Colour, ForbiddenPairs, Player, Result, Tournament

HERE = Path(__file__).resolve().parent
NAMES = ["Abel, Ada", "Borg, Bo", "Cruz, Cy", "Dahl, Di", "Eck, Ed", "Falk, Flo", "Gray, Gus",
         "Holm, Hal", "Ives, Ida", "Jost, Jan", "Kern, Kai", "Lind, Liv"]
PAIRS = {"1": (Result.WIN, Result.LOSS), "=": (Result.DRAW, Result.DRAW),
         "0": (Result.LOSS, Result.WIN), "+": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
         "-": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)}
BYES = {"U": Result.PAB, "H": Result.HALF_BYE, "F": Result.FULL_BYE, "Z": Result.ZERO_BYE}

# name -> (title, players, total rounds, rounds played, absences next round, forbidden groups)
SCENARIOS: dict[str, tuple[str, int, int, list[str], str, list[tuple[int, ...]]]] = {
    "rr4-exhausted": ("four players after a full round robin", 4, 4,
                      ["1-4 2-3", "4-3 1-2", "2-4 3-1"], "", []),
    "rr5-exhausted": ("five players after a full round robin, every one has had the bye", 5, 6,
                      ["1-2 3-4 5U", "3-1 5-2 4U", "1-5 2-4 3U", "4-1 3-5 2U", "2-3 5-4 1U"],
                      "", []),
    "rr6-exhausted": ("six players after a full round robin", 6, 7,
                      ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3",
                       "3-6 4-2 5-1"], "", []),
    "rr8-exhausted": ("eight players after a full round robin", 8, 9,
                      ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6",
                       "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
                       "4-8 5-3 6-2 7-1"], "", []),
    "rr-absent": ("the four players still present have all met; two others are absent", 6, 6,
                  ["1-2 3-4 5-6", "4-1 2-3 6-5", "1-3 2-4 5H 6H"], "5 6", []),
    "odd-group": ("three players have met all three others and must meet among themselves", 6, 5,
                  ["1-4 2-5 3-6", "5-1 6-2 4-3", "1-6 2-4 3-5"], "", []),
    "met-all-no-bye": ("player 3 has met everyone and already had the bye", 5, 6,
                       ["3-1 2-4 5U", "2-3 1-5 4U", "1-2 4-5 3U", "3-4 2-5 1H", "5-3 4-1 2H"],
                       "", []),
    "forbidden-lone": ("three forbidden pairs leave player 2 without an opponent", 4, 5,
                       [], "", [(1, 2), (2, 3), (2, 4)]),
    "forbidden-group": ("three club mates may not meet; only one other player", 4, 5,
                        [], "", [(1, 2, 3)]),
    "forbidden-bye": ("forbidden pairs and a used bye leave player 5 without a pairing", 5, 5,
                      ["1-2 3-4 5U", "5-4 3-1 2U"], "", [(1, 5), (2, 5), (3, 5)]),
    "bye-all-used": ("odd field in which nobody may receive the bye (2026 rules)", 5, 5,
                     ["1-2:+ 3-4:+ 5U", "1-5 2F 4F 3H"], "", []),
    "colour-rematch": ("absolute colours plus rematches", 4, 4,
                       ["1-3 2-4", "1-4 2-3"], "", []),
    "colour-deadlock": ("three players must all have White; one other player", 7, 5,
                        ["4-1 5-2 6-3 7Z", "5-1 6-2 4-3 7Z"], "4 5 6", []),
    "colour-forbidden": ("a colour clash, a rematch and a forbidden pair close every option", 8,
                         5, ["3-1 4-2 5-7 6-8", "5-1 6-2 3-7 4-8"], "5 6 7 8", [(1, 4)]),
}


def _cells(n: int, rounds: list[str], absent: str) -> dict[int, list[Cell | None]]:
    cells: dict[int, list[Cell | None]] = {p: [] for p in range(1, n + 1)}
    for text in rounds:
        row: dict[int, Cell] = {}
        for tok in text.split():
            m = re.fullmatch(r"(\d+)-(\d+)(?::(.))?", tok)
            if m:
                w, b, res = int(m[1]), int(m[2]), m[3] or "="
                rw, rb = PAIRS[res]
                row[w] = Cell(b, Colour.WHITE, rw)
                row[b] = Cell(w, Colour.BLACK, rb)
            else:
                row[int(tok[:-1])] = Cell(None, None, BYES[tok[-1]])
        for p in cells:
            cells[p].append(row.get(p, Cell(None, None, Result.ZERO_BYE)))
    for p in map(int, absent.split()):
        cells[p].append(Cell(None, None, Result.ZERO_BYE))
    return cells


def build(name: str) -> str:
    title, n, total, rounds, absent, forbidden = SCENARIOS[name]
    cells = _cells(n, rounds, absent)
    players = {p: Player(p, NAMES[p - 1], "m" if p % 2 else "w", "", 2400 - 37 * p, "NED")
               for p in range(1, n + 1)}
    t = Tournament(players, {p: tuple(c) for p, c in cells.items()}, total_rounds=total,
                   forbidden=tuple(ForbiddenPairs(g) for g in forbidden),
                   headers=(("012", f"mipair infeasible scenario {name}: {title}"),))
    return write_tournament(t, "trfx")


def main() -> None:
    for name in SCENARIOS:
        (HERE / f"{name}.trfx").write_text(build(name), encoding="utf-8")


if __name__ == "__main__":
    main()
