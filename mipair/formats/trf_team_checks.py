"""Consistency checks of a team file, each failing with a located InputError.

The reader runs them after the checks every file gets (:mod:`mipair.formats.trf_checks`):
every team's round reads one way (:class:`mipair.team_rounds.TeamReader` refuses a team
meeting two teams, players meeting players of no team, forfeits against nobody), two teams
in a match name each other, a ``320`` PAB team is not paired, and the standing a ``310`` record publishes is the one the results give.
"""

from __future__ import annotations

from mipair.errors import InputError
from mipair.model import Points, Tournament, points_to_str
from mipair.team_rounds import Kind, TeamReader, TeamRound
from mipair.teams import Team


def check_teams(t: Tournament) -> None:
    """Every check of this module, in order."""
    if t.teams is None:
        return
    reader = TeamReader(t)
    last = reader.last_round()
    rounds = {n: [reader.round(n, r) for r in range(1, last + 1)] for n in t.teams.teams}
    check_opponents(t, rounds)
    check_standings(t, reader, rounds, last)


def check_opponents(t: Tournament, rounds: dict[int, list[TeamRound]]) -> None:
    """Two teams in a match name each other; a team given the PAB by 320 meets nobody."""
    assert t.teams is not None
    for number, team_rounds in rounds.items():
        team = t.teams.teams[number]
        for rnd, now in enumerate(team_rounds, 1):
            if now.kind is Kind.MATCH and now.opponent is not None:
                back = rounds[now.opponent][rnd - 1]
                if back.kind is not Kind.MATCH or back.opponent != number:
                    raise _error(
                        t,
                        team,
                        f"round {rnd}",
                        f"team {number} meets team {now.opponent} in round {rnd}, but team "
                        f"{now.opponent}'s round {rnd} is {_describe(back)}",
                    )
            bye = t.teams.bye
            named = bye is not None and rnd <= len(bye.teams) and bye.teams[rnd - 1] == number
            if named and any(
                (c := t.cell(pid, rnd)) is not None and c.opponent is not None
                for pid in team.players
            ):
                raise _error(
                    t,
                    team,
                    f"320 round {rnd}",
                    f"team {number} has the PAB of round {rnd} (320) but its players are paired",
                )


def check_standings(
    t: Tournament, reader: TeamReader, rounds: dict[int, list[TeamRound]], last: int
) -> None:
    """A ``310`` team's match points and game points are those its results give (T28).

    Accepted, as for a player's points: the rounds played, with or without a bye announced
    for the round after; the game points also without the PAB's (TRF-2026 leaves them out
    of the players' points, and a file may follow that in ``310`` too).
    """
    assert t.teams is not None
    for number, team in t.teams.teams.items():
        done = rounds[number]
        following = reader.round(number, last + 1)
        bye = following.kind is not Kind.MATCH  # a bye or absence announced for the next round
        pab_games = sum(r.game_points for r in done if r.kind is Kind.PAB)
        for field, declared, values, ahead, pab in (
            (
                "match points (55-60)",
                team.match_points,
                [r.match_points for r in done],
                following.match_points,
                0,
            ),
            (
                "game points (62-67)",
                team.game_points,
                [r.game_points for r in done],
                following.game_points,
                pab_games,
            ),
        ):
            _compare(t, team, field, declared, values, ahead if bye else 0, pab)


def _compare(
    t: Tournament,
    team: Team,
    field: str,
    declared: Points | None,
    per_round: list[Points],
    announced: Points,
    pab: Points,
) -> None:
    if declared is None:
        return
    base = sum(per_round)
    allowed = {base, base + announced}
    if pab:
        allowed |= {value - pab for value in allowed}
    if declared not in allowed:
        raise _error(
            t,
            team,
            field,
            f"team {team.number} has {points_to_str(declared)} but its results of rounds "
            f"1-{len(per_round)} give {points_to_str(base)}",
        )


def _describe(r: TeamRound) -> str:
    if r.kind is Kind.MATCH:
        return f"a match against team {r.opponent}"
    return {Kind.PAB: "the PAB", Kind.ABSENT: "an absence"}.get(r.kind, f"a {r.kind.value}")


def _error(t: Tournament, team: Team, field: str, message: str) -> InputError:
    """An error located at the team's record."""
    return InputError(message, file=t.source or "<text>", line=team.line, field=field)
