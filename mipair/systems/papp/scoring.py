"""Othello scoring: discs, points, Buchholz, the Brightwell tie-break, standings.

Points are half-points (win 2, draw 1, loss 0), compared on discs; a game
against Bip gives the player ``total - bip`` discs. The Brightwell tie-break
(PAPP manual 4.6) is ``discs + beta x Buchholz`` where every round that is not
a game against an opponent still in the tournament (Bip, an absence, an
opponent who withdrew) counts as a draw against oneself: ``total / 2`` discs
and one's own points. With ``beta = 0`` the tie-break is the plain disc count;
for games without discs (total <= 2) it is that modified Buchholz alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mipair.errors import InputError
from mipair.formats.papp.event import Event, game_points
from mipair.formats.papp.figures import format_points, format_tiebreak

__all__ = ["Line", "format_points", "format_tiebreak", "game_points", "ranks", "standings"]


@dataclass(frozen=True)
class Line:
    """One player's figures after some rounds."""

    id: int
    points: int  # half-points
    discs: int  # discs actually scored (Bip games included)
    buchholz: int  # half-points of the opponents actually met
    tiebreak: Fraction  # Brightwell (or discs, or modified Buchholz: see module doc)
    present: bool  # still in the tournament


def _round_result(event: Event, rnd_no: int, pid: int) -> tuple[int | None, int, int] | None:
    """(opponent or None for Bip, own discs, own half-points); None when absent or unplayed."""
    s = event.settings
    rnd = event.round(rnd_no)
    if rnd.bip == pid:
        own = s.total_discs - s.bip_discs
        return None, own, game_points(own, s.bip_discs)
    g = rnd.game_of(pid)
    if g is None or not g.played:
        return None
    own = g.discs_of(pid, s.total_discs)
    return g.opponent(pid), own, game_points(own, s.total_discs - own)


def points_before(event: Event, rnd_no: int) -> dict[int, int]:
    """Half-points of every player from the rounds before ``rnd_no``."""
    pts = {pid: 0 for pid in event.ids}
    for r in range(1, rnd_no):
        for pid in pts:
            res = _round_result(event, r, pid)
            if res is not None:
                pts[pid] += res[2]
    return pts


def standings(event: Event, after: int | None = None) -> list[Line]:
    """Every player's line after round ``after`` (default: the completed rounds), best first."""
    last = event.completed if after is None else after
    if last > event.completed:
        raise InputError(f"round {last} has no complete results", file=event.source)
    return list(_standings(event, last))


@lru_cache(maxsize=32)
def _standings(event: Event, last: int) -> tuple[Line, ...]:
    """The standings after round ``last`` (cached: events are immutable and hashable)."""
    s = event.settings
    pts = points_before(event, last + 1)
    still = set(event.present(len(event.rounds))) if event.rounds else set(event.ids)
    still -= event.withdrawn
    half = Fraction(s.total_discs, 2)
    lines = []
    for pid in event.ids:
        discs = buchholz = 0
        tb_discs, tb_opp = Fraction(0), 0
        for r in range(1, last + 1):
            res = _round_result(event, r, pid)
            opp, own = (res[0], res[1]) if res is not None else (None, 0)
            discs += own
            if opp is not None:
                buchholz += pts[opp]
            if opp is not None and opp in still:
                tb_discs += own
                tb_opp += pts[opp]
            else:
                tb_discs += half
                tb_opp += pts[pid]
        beta = Fraction(s.brightwell)
        if s.discless:
            tb = Fraction(tb_opp, 2)
        elif beta == 0:
            tb = Fraction(discs)
        else:
            tb = tb_discs + beta * Fraction(tb_opp, 2)
        lines.append(Line(pid, pts[pid], discs, buchholz, tb, pid in still))
    # PAPP 1.36 (crosstable.c, entrejou.c): points, tie-break, discs, then the name
    names = {p.id: p.full_name.upper() for p in event.players}
    lines.sort(key=lambda ln: (-ln.points, -ln.tiebreak, -ln.discs, names[ln.id], ln.id))
    return tuple(lines)


def team_standings(event: Event, after: int | None = None) -> list[tuple[str, int]]:
    """Half-points per country (PAPP 1.36 'T'), best first."""
    total: dict[str, int] = {}
    for ln in standings(event, after):
        c = event.country_of(ln.id) or "?"
        total[c] = total.get(c, 0) + ln.points
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))


def tiebreak_name(event: Event) -> str:
    """The tie-break's name: Brightwell, else Discs (beta 0), Buchholz without discs."""
    settings = event.settings
    return (
        "Buchholz" if settings.discless else "Discs" if settings.brightwell == 0 else "Brightwell"
    )


def ranks(lines: list[Line]) -> dict[int, int]:
    """Rank of every player: equal points and tie-break share a rank."""
    out: dict[int, int] = {}
    prev, rank = None, 0
    for k, ln in enumerate(lines, 1):
        if (ln.points, ln.tiebreak) != prev:
            rank, prev = k, (ln.points, ln.tiebreak)
        out[ln.id] = rank
    return out
