"""Random team tournaments in the model's form (hypothesis), for the tests of team files and
of team standings: teams of one to four boards, played matches, forfeited ones (330), a PAB or
a bye in an odd field, line-ups, and the standings declared in 310 or not."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from mipair.model import Cell, Colour, Player, PointSystem, Result, Tournament
from mipair.team_rounds import standings
from mipair.teams import (
    ByeRecord,
    ForfeitedMatch,
    LineUp,
    MatchPointSystem,
    Team,
    TeamAcceleration,
    TeamRoundBye,
    TeamSection,
)

BOARD_RESULTS = [Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN, Result.FORFEIT_LOSS]
OTHER = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
}
NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÅÖéñ -'", min_size=1, max_size=32).map(str.strip)


@st.composite
def team_tournaments(draw) -> Tournament:
    """A consistent team tournament in the model's form, its standings declared or not."""
    teams = draw(st.integers(2, 7))
    boards = draw(st.integers(1, 4))
    played = draw(st.integers(0, 4))
    sequence = draw(st.sampled_from(["W", "B"])) + "".join(
        draw(st.lists(st.sampled_from("WB"), min_size=boards - 1, max_size=boards - 1))
    )
    members = {n: [(n - 1) * boards + k for k in range(1, boards + 1)] for n in range(1, teams + 1)}
    cells: dict[int, list[Cell | None]] = {p: [] for ps in members.values() for p in ps}
    byes, forfeits, line_ups, team_byes = [], [], [], []
    for rnd in range(1, played + 1):
        order = draw(st.permutations(range(1, teams + 1)))
        pab = 0
        for i in range(0, teams - 1, 2):
            a, b = order[i], order[i + 1]
            if draw(st.integers(0, 9)) == 0:
                code = draw(st.sampled_from(["+-", "-+", "--"]))
                forfeits.append(ForfeitedMatch(code, rnd, a, b))
                for team, mark in ((a, code[0]), (b, code[1])):
                    for pid in members[team]:
                        cells[pid].append(Cell(None, None, Result(mark)))
                continue
            for k in range(boards):
                pa, pb = members[a][k], members[b][k]
                result = draw(st.sampled_from(BOARD_RESULTS))
                white, black = (pa, pb) if sequence[k] == "W" else (pb, pa)
                cells[white].append(Cell(black, Colour.WHITE, result))
                cells[black].append(Cell(white, Colour.BLACK, OTHER[result]))
            if draw(st.booleans()) and boards > 1:
                line_ups.append(LineUp(rnd, a, b, tuple(members[a])))
        if teams % 2:
            last = order[-1]
            if draw(st.booleans()):
                pab = last
                for pid in members[last]:
                    cells[pid].append(Cell(None, None, Result.PAB))
            else:
                kind = draw(st.sampled_from("FHZ"))
                team_byes.append(TeamRoundBye(kind, rnd, (last,)))
                for pid in members[last]:
                    cells[pid].append(None)
        byes.append(pab)
    for row in cells.values():  # a file writes no empty cell after the last one
        while row and row[-1] is None:
            row.pop()
    while byes and not byes[-1]:
        byes.pop()
    results = {p: tuple(c) for p, c in cells.items()}
    points = {p: sum(PointSystem().cell_points(c) for c in row) for p, row in results.items()}
    t0 = Tournament(
        players={p: Player(p, f"P{p}", points=points[p]) for p in cells},
        results=results,
        teams=TeamSection(
            teams={n: Team(n, players=tuple(ps)) for n, ps in members.items()},
            boards=sequence,
            bye=ByeRecord(10, 5 * boards, tuple(byes)) if any(byes) else None,
            forfeits=tuple(forfeits),
            byes=tuple(team_byes),
        ),
    )
    table = standings(t0) if played else {n: (0, 0) for n in members}
    declare = draw(st.booleans())
    section = TeamSection(
        teams={
            n: Team(
                n,
                draw(NAME),
                nickname=draw(st.sampled_from(["", "NOR", "A1"])),
                strength=draw(st.none() | st.integers(0, 2900)),
                match_points=table[n][0] if declare else None,
                game_points=table[n][1] if declare else None,
                rank=draw(st.none() | st.integers(1, teams)),
                players=tuple(ps),
            )
            for n, ps in members.items()
        },
        boards=sequence if draw(st.booleans()) else None,
        match_points=draw(st.none() | st.just(MatchPointSystem())),
        bye=t0.teams.bye if t0.teams else None,
        forfeits=tuple(forfeits),
        line_ups=tuple(line_ups),
        byes=tuple(team_byes),
        accelerations=tuple(
            draw(st.lists(st.just(TeamAcceleration(20, 10, 1, 2, 1, teams)), max_size=1))
        ),
    )
    if section.boards is None and any(s == "B" for s in sequence):
        section = replace(section, boards=sequence)  # board colours need 352 to be read back
    return replace(t0, teams=section, total_rounds=played + 2, system="FIDE_TEAM_TYPEA_MP_GP")
