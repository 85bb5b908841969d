"""The team records of a TRF file, written: TRF-2026's, or TRF16's ``013`` and what it loses.

:func:`team_lines` writes a :class:`~mipair.teams.TeamSection` in an edition, in the
columns :mod:`mipair.formats.trf_teams` reads; :func:`team_losses` says what TRF16 and
TRF(x), whose only team record is ``013``, cannot hold.
"""

from __future__ import annotations

from mipair.errors import TooLargeError
from mipair.formats.trf_teams import MATCH_SYMBOLS
from mipair.model import points_to_str
from mipair.teams import LineUp, Team, TeamSection

MAX_TEAM = 999
"""The largest team number a ``310`` record can write: three columns."""


def team_lines(section: TeamSection, edition: str) -> tuple[list[str], list[str]]:
    """The section's records in ``edition``: (those before the ``001`` records, those after).

    TRF16 and TRF(x) hold the teams as ``013`` only; TRF-2026 writes ``352`` and ``362``
    before the players, the teams (``310``, or ``013`` for a legacy section) and the
    records naming them after.
    """
    teams = [section.teams[n] for n in sorted(section.teams)]
    if edition != "trf26" or section.legacy:
        after = [_line_013(team) for team in teams]
        if edition != "trf26":
            return [], after
    else:
        if teams and teams[-1].number > MAX_TEAM:
            raise TooLargeError(
                f"team {teams[-1].number}: a 310 record numbers at most {MAX_TEAM} teams "
                "(three columns)",
                field="310",
            )
        after = [_line_310(team) for team in teams]
    before = [f"352 {section.boards}"] if section.boards else []
    if section.match_points is not None:
        mp = section.match_points
        before.append(
            "362 "
            + "   ".join(f"{s}{points_to_str(getattr(mp, n)):>4}" for s, n in MATCH_SYMBOLS.items())
        )
    after += [_line_300(u) for u in section.line_ups]
    after += [
        f"240 {b.kind} {b.round:03d}" + "".join(f" {n:4d}" for n in b.teams) for b in section.byes
    ]
    after += [
        f"250 {points_to_str(a.match_points):>4} {points_to_str(a.game_points):>4} "
        f"{a.first_round:03d} {a.last_round:03d} {a.first_team:04d} {a.last_team:04d}"
        for a in section.accelerations
    ]
    if section.bye is not None:
        bye = section.bye
        after.append(
            f"320 {points_to_str(bye.match_points):>4} {points_to_str(bye.game_points):>4}"
            + "".join(f" {n:03d}" for n in bye.teams)
        )
    after += [
        f"330 {f.result} {f.round:03d} {f.first:03d} {f.second:03d}" for f in section.forfeits
    ]
    return before, after


def team_losses(section: TeamSection, legacy_headers: list[str]) -> list[str]:
    """What TRF16 and TRF(x), whose only team record is ``013``, cannot hold of ``section``.

    ``legacy_headers`` are the ``013`` lines a ``310`` file also carried, as written.
    """
    teams = [section.teams[n] for n in sorted(section.teams)]
    lost = []
    if [t.number for t in teams] != list(range(1, len(teams) + 1)):
        lost.append("the team pairing numbers (013 numbers the teams 1, 2, ... in order)")
    for what, attr in (
        ("nicknames", "nickname"),
        ("strength factors", "strength"),
        ("declared match points", "match_points"),
        ("declared game points", "game_points"),
        ("ranks", "rank"),
    ):
        if any(getattr(t, attr) not in (None, "") for t in teams):
            lost.append(f"the teams' {what} (310)")
    if any(len(t.name) > 32 for t in teams):
        lost.append("team names beyond 32 characters")
    if legacy_headers and legacy_headers != [_line_013(t) for t in teams]:
        lost.append("the file's own 013 records (its 310 teams are written as 013)")
    if section.boards:
        lost.append(f"the colours of the boards (352 {section.boards})")
    if section.match_points is not None:
        lost.append("the match points of a win, draw and loss (362)")
    if section.bye is not None:
        lost.append("the pairing-allocated byes' value and teams (320)")
    for what, records, code in (
        ("forfeited matches", section.forfeits, "330"),
        ("line-ups out of the default order", section.line_ups, "300"),
        ("byes of teams", section.byes, "240"),
        ("accelerations of teams", section.accelerations, "250"),
    ):
        if records:
            lost.append(f"{len(records)} {what} ({code})")
    return lost


# --- lines ---------------------------------------------------------------------------
def _line_310(team: Team) -> str:
    def opt(value: int | None, width: int) -> str:
        return f"{value:>{width}}" if value is not None else " " * width

    def pts(value: int | None) -> str:
        return f"{points_to_str(value):>6}" if value is not None else " " * 6

    head = (
        f"310 {team.number:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {opt(team.strength, 6)} "
        f"{pts(team.match_points)} {pts(team.game_points)} {opt(team.rank, 3)}  "
    )
    return (head + " ".join(f"{pid:4d}" for pid in team.players)).rstrip()


def _line_013(team: Team) -> str:
    return (f"013 {team.name[:32]:<32}" + " ".join(f"{pid:4d}" for pid in team.players)).rstrip()


def _line_300(line_up: LineUp) -> str:
    return f"300 {line_up.round:03d} {line_up.team:03d} {line_up.opponent:03d}" + "".join(
        f" {pid:04d}" for pid in line_up.players
    )
