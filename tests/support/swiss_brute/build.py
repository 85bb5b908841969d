"""Small tournaments written as games, for hand cases: ``build(4, ["1-3:1", "4-2:="])``.

Team tournaments are written as matches: ``build_teams(4, [["1-3:1=", "4-2:00"]])``.

Each round is a list of items: ``"a-b:r"`` a game with ``a`` White and ``r`` the
result of ``a`` (``1 0 = + -``), or ``"a:U"`` / ``"a:H"`` / ``"a:F"`` / ``"a:Z"``
a bye or an absence of ``a``. Players not named in a round have nothing written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.teams import ByeRecord, ForfeitedMatch, Team, TeamSection

RESULTS = {r.value: r for r in Result}
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def build(
    players: int,
    rounds: Sequence[Sequence[str]],
    *,
    total: int = 5,
    ratings: Sequence[int] | None = None,
    initial: Colour = Colour.WHITE,
) -> Tournament:
    """A tournament of ``players`` (ratings 2400, 2350, ... unless given) after ``rounds``."""
    ratings = ratings or [2400 - 50 * i for i in range(players)]
    cells: dict[int, list[Cell | None]] = {p: [] for p in range(1, players + 1)}
    for rnd, items in enumerate(rounds, 1):
        for item in items:
            who, code = item.split(":")
            if "-" in who:
                white, black = (int(x) for x in who.split("-"))
                cells[white].append(Cell(black, Colour.WHITE, RESULTS[code]))
                cells[black].append(Cell(white, Colour.BLACK, RESULTS[OTHER_SIDE[code]]))
            else:
                cells[int(who)].append(Cell(None, None, RESULTS[code]))
        for row in cells.values():
            row.extend([None] * (rnd - len(row)))
    table = {p: Player(id=p, name=f"Player {p}", rating=ratings[p - 1]) for p in cells}
    return Tournament(
        players=table,
        results={p: tuple(c) for p, c in cells.items()},
        total_rounds=total,
        initial_colour=initial,
    )


def build_double(
    players: int,
    rounds: Sequence[Sequence[str]],
    *,
    total: int = 5,
    ratings: Sequence[int] | None = None,
    initial: Colour | None = Colour.WHITE,
) -> Tournament:
    """A Double-Swiss tournament (two TRF rounds a match, 192 FIDE_DOUBLESWISS) after ``rounds``.

    ``"a-b:xy"`` is a match with ``a`` White in game 1 and ``x``, ``y`` the results of
    ``a`` in games 1 and 2 (``1 = 0 + -``); ``"a:U"`` (``H F Z``) a bye or an absence of
    ``a`` for the whole match. ``total`` counts matches.
    """
    games: list[list[str]] = []
    for items in rounds:
        first, second = [], []
        for item in items:
            who, code = item.split(":")
            if "-" in who:
                white, black = who.split("-")
                first.append(f"{white}-{black}:{code[0]}")
                second.append(f"{black}-{white}:{OTHER_SIDE[code[1]]}")
            else:
                first.append(item)
                second.append(item)
        games += [first, second]
    t = build(players, games, total=2 * total, ratings=ratings, initial=initial or Colour.WHITE)
    return replace(t, system="FIDE_DOUBLESWISS", initial_colour=initial)


def build_teams(
    teams: int,
    rounds: Sequence[Sequence[str]],
    *,
    boards: int = 2,
    total: int = 5,
    initial: Colour | None = Colour.WHITE,
    system: str = "FIDE_TEAM_TYPEA_MP_GP",
) -> Tournament:
    """A team tournament of ``teams`` teams of ``boards`` players after ``rounds``.

    Team ``n``'s players are ``(n - 1) * boards + 1 ..``, in board order; the boards
    alternate W, B for the team with White on board 1 (``352``). Each round is a list of
    items: ``"a-b:1=0"`` a match with ``a`` White on board 1 and the boards' results of
    ``a`` (``1 = 0 + -``, one a board); ``"a-b/+-"`` a forfeited match (``330``: ``+-``,
    ``-+`` or ``--``), its players' cells ``0000 - +`` / ``0000 - -``; ``"a:U"`` the PAB
    (``320``, worth a draw), ``"a:F"`` / ``"a:H"`` / ``"a:Z"`` a bye or an absence of the
    whole team, written in its players' cells.
    """
    sequence = ("WB" * boards)[:boards]
    members = {n: [(n - 1) * boards + k for k in range(1, boards + 1)] for n in range(1, teams + 1)}
    cells: dict[int, list[Cell | None]] = {p: [] for ps in members.values() for p in ps}
    byes: list[int] = []
    forfeits = []
    for rnd, items in enumerate(rounds, 1):
        byes.append(0)
        for item in items:
            if "/" in item:
                pair, code = item.split("/")
                a, b = (int(x) for x in pair.split("-"))
                forfeits.append(ForfeitedMatch(code, rnd, a, b))
                for team, result in ((a, code[0]), (b, code[1])):
                    for pid in members[team]:
                        cells[pid].append(Cell(None, None, RESULTS[result]))
            elif "-" in item.split(":")[0]:
                pair, results = item.split(":")
                a, b = (int(x) for x in pair.split("-"))
                for k, code in enumerate(results):
                    pa, pb = members[a][k], members[b][k]
                    white, black = (pa, pb) if sequence[k] == "W" else (pb, pa)
                    mine = code if white == pa else OTHER_SIDE[code]
                    cells[white].append(Cell(black, Colour.WHITE, RESULTS[mine]))
                    cells[black].append(Cell(white, Colour.BLACK, RESULTS[OTHER_SIDE[mine]]))
            else:
                team_text, code = item.split(":")
                team = int(team_text)
                if code == "U":
                    byes[-1] = team
                for pid in members[team]:
                    cells[pid].append(Cell(None, None, RESULTS[code]))
        for row in cells.values():
            row.extend([None] * (rnd - len(row)))
    section = TeamSection(
        teams={n: Team(n, f"Team {n}", players=tuple(ps)) for n, ps in members.items()},
        boards=sequence,
        bye=ByeRecord(10, 5 * boards, tuple(byes)) if any(byes) else None,
        forfeits=tuple(forfeits),
    )
    table = {p: Player(id=p, name=f"Player {p}", rating=2400 - 10 * p) for p in cells}
    return Tournament(
        players=table,
        results={p: tuple(c) for p, c in cells.items()},
        total_rounds=total,
        initial_colour=initial,
        system=system,
        teams=section,
    )
