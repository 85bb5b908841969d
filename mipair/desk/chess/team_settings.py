"""A new Team Swiss at the desk: the boards of a match, the match points and the team type.

``mipair chess new --system team`` (:func:`~mipair.desk.chess.settings.new_event`) writes
them as TRF-2026 records: ``352`` the colours of the boards (alternating from White),
``362`` the match points of a win, draw and loss, ``192`` ``FIDE_TEAM_`` and the words of
the colour preferences and the scores (models/team-2026.md T7, T8); the defaults are the
``[team]`` table of ``models/chess-desk.toml``.
"""

from __future__ import annotations

from functools import cache

from mipair.desk.chess import engine
from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.notation import model
from mipair.errors import InputError
from mipair.model import parse_points
from mipair.teams import MatchPointSystem, TeamSection


@cache
def team_model() -> dict[str, object]:
    """The ``[team]`` table of ``models/chess-desk.toml``."""
    return dict(model()["team"])


def team_settings(event: ChessEvent, boards: int | None, points: str, kind: str) -> ChessEvent:
    """A new tournament of a team system: ``boards`` boards a match (352, alternating from
    White), ``points`` the match points of a win, draw and loss (362, ``2,1,0`` by
    default) and ``kind`` the words of 192 after ``FIDE_TEAM_`` (``TYPEA_MP_GP`` by
    default: type A colour preferences, match points then game points)."""
    count = int(str(team_model()["boards"])) if boards is None else boards
    most = int(str(team_model()["most_boards"]))
    if not 1 <= count <= most:
        raise InputError(f"a match has 1 to {most} boards, not {count}", field="boards")
    words = (kind or str(team_model()["type"])).strip().upper()
    known = [str(k) for k in team_model()["types"]]  # type: ignore[attr-defined]
    if words not in known:
        raise InputError(f"{kind!r}: the team type is one of {', '.join(known)}", field="team-type")
    if engine.BAKU in event.tournament.system.upper().split("_"):
        raise InputError(
            "the desk keeps no acceleration for teams (their 250 records name teams)",
            field="acceleration",
        )
    teams = TeamSection(teams={}, boards=("WB" * count)[:count], match_points=match_points(points))
    return event.changed(teams=teams, system=f"{event.tournament.system}_{words}")


def match_points(text: str) -> MatchPointSystem:
    """``WIN,DRAW,LOSS`` match points (``2,1,0`` when empty)."""
    if not text.strip():
        return MatchPointSystem()
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [parse_points(p) for p in parts]
    except ValueError:
        raise InputError(f"{text!r}: match points as WIN,DRAW,LOSS", field="match-points") from None
    if len(values) != 3 or any(not 0 <= v <= 999 for v in values):
        raise InputError(f"{text!r}: three values 0 to 99.9, WIN,DRAW,LOSS", field="match-points")
    return MatchPointSystem(*values)
