"""Othello scoring: discs, points, Buchholz, the Brightwell tie-break, standings, result entry.

Points are half-points (win 2, draw 1, loss 0), compared on discs; a game
against Bip gives the player ``total - bip`` discs. The Brightwell tie-break
(PAPP manual 4.6) is ``discs + beta x Buchholz`` where every round that is not
a game against an opponent still in the tournament (Bip, an absence, an
opponent who withdrew) counts as a draw against oneself: ``total / 2`` discs
and one's own points. With ``beta = 0`` the tie-break is the plain disc count;
for games without discs (total <= 2) it is that modified Buchholz alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from mipair.errors import InputError
from mipair.systems.papp.event import Event, Game


def game_points(own: int, other: int) -> int:
    """Half-points for a game scored ``own`` discs to ``other``."""
    return 2 if own > other else 1 if own == other else 0


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
    s = event.settings
    last = event.completed if after is None else after
    if last > event.completed:
        raise InputError(f"round {last} has no complete results", file=event.source)
    pts = points_before(event, last + 1)
    still = set(event.present(len(event.rounds))) if event.rounds else set(event.ids)
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
    lines.sort(key=lambda ln: (-ln.points, -ln.tiebreak, -ln.discs, ln.id))
    return lines


def team_standings(event: Event, after: int | None = None) -> list[tuple[str, int]]:
    """Half-points per country (PAPP 1.36 'T'), best first."""
    total: dict[str, int] = {}
    for ln in standings(event, after):
        c = event.country_of(ln.id) or "?"
        total[c] = total.get(c, 0) + ln.points
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))


_ENTRY = re.compile(r"^\s*([0-9]{1,9})\s*(?:([+-])\s*([0-9]{1,9})|(=)|\s([0-9]{1,9}))\s*$")


def parse_entry(text: str, total: int) -> tuple[int, int]:
    """A result as the arbiter types it: ``145 40``, ``145+4``, ``145=``, ``145-6``.

    Returns (player, discs of that player). Relative forms give the difference
    with the opponent; its parity must match the disc total.
    """
    m = _ENTRY.match(text)
    if not m:
        raise InputError(
            f"cannot read the result '{text.strip()}': expected PLAYER DISCS, "
            "PLAYER+DIFF, PLAYER= or PLAYER-DIFF"
        )
    pid = int(m.group(1))
    if m.group(5) is not None:
        own = int(m.group(5))
    else:
        diff = 0 if m.group(4) else int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        if (total + diff) % 2:
            raise InputError(f"a difference of {diff} is impossible with {total} discs")
        own = (total + diff) // 2
    if not 0 <= own <= total:
        raise InputError(f"{own} discs is not a score out of {total}")
    return pid, own


def enter_result(event: Event, text: str) -> tuple[Event, Game]:
    """Record one result in the round being played; return the new event and the game."""
    pid, own = parse_entry(text, event.settings.total_discs)
    number = event.round_to_pair
    rnd = event.round(number)
    game = rnd.game_of(pid)
    if game is None:
        raise InputError(f"player {pid} has no game in round {number}", file=event.source)
    black = own if pid == game.black else event.settings.total_discs - own
    new = replace(game, black_discs=black)
    games = tuple(new if g is game else g for g in rnd.games)
    return event.with_round(replace(rnd, games=games)), new


def format_points(half: int) -> str:
    """Half-points as PAPP shows points: ``5 -> '2.5'``."""
    return f"{half // 2}.5" if half % 2 else str(half // 2)


def format_tiebreak(value: Fraction) -> str:
    """A tie-break with at most two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
