"""A team file's published rounds: which round is next, a round as it was paired, and
the file as it stood before a round (what ``solve`` and ``check`` read).

A team's round is what :class:`~mipair.team_rounds.TeamReader` reads (section 1 of the
specification). The round to pair is one after the last round any team took part in (a
match, a PAB, a ``330`` match), within the number of rounds (``142``). A published
match's White is the team with White on board 1 (1.6.1); a match not played has the
colours its ``330`` record writes (the first team White), else its first board's cell,
else the smaller TPN's White.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.errors import InputError
from mipair.model import Colour, Tournament
from mipair.pairing import Board, RoundPairing
from mipair.rounds import cut_before
from mipair.systems.team.field import announced, initial_colour
from mipair.team_rounds import Kind, TeamReader


def rounds_published(t: Tournament) -> list[int]:
    """The rounds in which some team was paired (a match or the PAB)."""
    reader = TeamReader(t)
    return [
        rnd
        for rnd in range(1, reader.last_round() + 1)
        if any(reader.round(n, rnd).kind in (Kind.MATCH, Kind.PAB) for n in reader.section.teams)
    ]


def round_to_pair(t: Tournament) -> int:
    """The round after the last one any team took part in, passing over a round in which
    every team is written out (a round nobody could be paired in, 3.3.3: T30); bad input
    when the file's number of rounds (142) is reached."""
    reader = TeamReader(t)
    rnd = reader.last_round() + 1
    while all(announced(t, reader, n, rnd) for n in reader.section.teams):
        rnd += 1
    if t.total_rounds is not None and rnd > t.total_rounds:
        raise InputError(
            f"all {t.total_rounds} rounds are already paired",
            file=t.source or "<text>",
            line=1,
            field="XXR/142",
        )
    return rnd


def cut_before_team(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood when round ``rnd`` was paired: the players' cells of rounds
    1..rnd-1 and the round's announced absences (not the cells of a team a ``330`` pairs
    in the round), the team records of those rounds (and the round's ``240`` byes), the
    initial colour the whole file shows (T21)."""
    section = t.teams
    assert section is not None
    reader = TeamReader(t)
    first = initial_colour(t, {n: (reader.round(n, 1),) for n in section.teams})
    bye = section.bye
    cut_section = replace(
        section,
        bye=None if bye is None else replace(bye, teams=bye.teams[: rnd - 1]),
        forfeits=tuple(f for f in section.forfeits if f.round < rnd),
        line_ups=tuple(u for u in section.line_ups if u.round < rnd),
        byes=tuple(b for b in section.byes if b.round <= rnd),
    )
    cut = cut_before(t, rnd)
    paired = {  # teams of a 330 match of the round: paired, whatever their cells say
        pid
        for f in section.forfeits
        if f.round == rnd
        for n in (f.first, f.second)
        for pid in section.teams[n].players
    }
    results = {
        pid: cells[: rnd - 1] if pid in paired else cells for pid, cells in cut.results.items()
    }
    return replace(
        cut, results=results, teams=cut_section, initial_colour=t.initial_colour or first
    )


def published_pairing(t: Tournament, rnd: int) -> RoundPairing:
    """Round ``rnd`` as the file has it (see the module docstring)."""
    reader = TeamReader(t)
    section = reader.section
    boards: list[Board] = []
    bye = None
    seen: set[int] = set()
    for n in sorted(section.teams):
        r = reader.round(n, rnd)
        if r.kind is Kind.PAB:
            bye = n
        if r.kind is not Kind.MATCH or r.opponent is None or n in seen:
            continue
        other = r.opponent
        seen |= {n, other}
        boards.append(Board(*_colours(t, reader, rnd, n, other, r.colour)))
    return RoundPairing(rnd, tuple(sorted(boards, key=lambda b: b.white)), bye)


def _colours(
    t: Tournament, reader: TeamReader, rnd: int, n: int, other: int, colour: Colour | None
) -> tuple[int, int]:
    if colour is None:
        named = [f for f in reader.section.forfeits if f.round == rnd and n in (f.first, f.second)]
        if named:
            return named[0].first, named[0].second
        line_up = reader.line_up(reader.section.teams[n], rnd)
        cell = t.cell(line_up[0], rnd) if line_up and line_up[0] else None
        colour = cell.colour if cell is not None else None
    if colour is None:
        return (n, other) if n < other else (other, n)
    return (n, other) if colour is Colour.WHITE else (other, n)
