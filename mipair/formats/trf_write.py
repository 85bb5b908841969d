"""Write a Tournament as TRF16, TRF(x) or TRF-2026 text.

Records are written in the column layout of the FIDE texts; the order is:
the records kept verbatim from the source (``??2`` tournament records,
national ratings, in their original order), the edition's pairing records,
a team file's ``352`` and ``362``, the ``001`` players, then the teams and the
records that name them (:func:`mipair.formats.trf_teams_write.team_lines`). Player
lines keep the file's points and rank fields as they were.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import groupby

from mipair import matches
from mipair.formats.trf_player import format_player
from mipair.formats.trf_teams_write import team_lines, team_losses
from mipair.model import Colour, Points, PointSystem, Tournament, points_to_str
from mipair.rounds import rounds_played, scores_before

EDITIONS = ("trf16", "trfx", "trf26")
LAST_ROUND = 999  # a 260 record's "until the end" when the number of rounds is unknown
DEFAULT = PointSystem()


def _system_record(t: Tournament) -> list[str]:
    """192, unless the type only repeats the free-text 092 record."""
    text_092 = next((txt.strip() for c, txt in t.headers if c == "092"), None)
    return [f"192 {t.system}"] if t.system and t.system != text_092 else []


def _xxs(ps: PointSystem, fields: tuple[str, ...]) -> list[str]:
    """An XXS record for the given PointSystem fields (JaVaFo codes)."""
    codes = {
        "win": "W",
        "draw": "D",
        "loss": "WL",
        "zero_bye": "ZPB",
        "forfeit_loss": "FL",
        "pab": "PAB",
        "full_bye": "FPB",
        "half_bye": "HPB",
        "forfeit_win": "FW",
    }
    parts = []
    for name in fields:
        value = getattr(ps, name)
        if value is None:
            continue
        if name == "loss":
            parts += [f"WL={points_to_str(value)}", f"BL={points_to_str(value)}"]
        elif name in ("win", "draw"):
            letter = codes[name]
            parts += [f"W{letter}={points_to_str(value)}", f"B{letter}={points_to_str(value)}"]
        else:
            parts.append(f"{codes[name]}={points_to_str(value)}")
    return [f"XXS {' '.join(parts)}"] if parts else []


def _bb_points(ps: PointSystem) -> list[str]:
    """bbpPairings BB* records for the values that differ from the defaults, XXS for the rest."""
    out = []
    for code, name in (
        ("BBW", "win"),
        ("BBD", "draw"),
        ("BBL", "loss"),
        ("BBZ", "zero_bye"),
        ("BBF", "forfeit_loss"),
        ("BBU", "pab"),
    ):
        value = getattr(ps, name)
        if value is not None and value != getattr(DEFAULT, name):
            out.append(f"{code} {points_to_str(value):>4}")
    return out + _xxs(ps, ("full_bye", "half_bye", "forfeit_win"))


def _points_162(ps: PointSystem) -> list[str]:
    """A 162 record (symbols at columns 6, 15, 24, ...), XXS for what it cannot say."""
    items: list[tuple[str, Points]] = []
    for symbol, name in (
        ("W", "win"),
        ("D", "draw"),
        ("L", "loss"),
        ("A", "zero_bye"),
        ("P", "pab"),
    ):
        value = getattr(ps, name)
        if value is not None and value != getattr(DEFAULT, name):
            items.append((symbol, value))
    out = []
    if items:
        out.append("162 " + "".join(f" {s}{points_to_str(v):>4}   " for s, v in items).rstrip())
    extra: tuple[str, ...] = ("full_bye", "half_bye", "forfeit_win")
    if ps.forfeit_loss != ps.zero_bye:
        extra = ("forfeit_loss",) + extra
    return out + _xxs(ps, extra)


def _accel_table(t: Tournament) -> dict[int, dict[int, Points]]:
    table: dict[int, dict[int, Points]] = {}
    for a in t.accelerations:
        table.setdefault(a.player, {})[a.round] = a.points
    return table


def _xxa(t: Tournament) -> list[str]:
    out = []
    for pid, rounds in sorted(_accel_table(t).items()):
        values = [points_to_str(rounds.get(r, 0)) for r in range(1, max(rounds) + 1)]
        out.append(f"XXA {pid:4d}" + "".join(f" {v:>4}" for v in values))
    return out


def _250(t: Tournament) -> list[str]:
    """Accelerations as 250 ranges: runs of rounds per player, then runs of players."""
    runs: dict[tuple[int, int, Points], list[int]] = {}
    for pid, rounds in sorted(_accel_table(t).items()):
        ordered = sorted(rounds.items())
        for _, grp in groupby(enumerate(ordered), key=lambda x: (x[1][0] - x[0], x[1][1])):
            items = [rv for _, rv in grp]
            runs.setdefault((items[0][0], items[-1][0], items[0][1]), []).append(pid)
    out = []
    for (first, last, pts), pids in sorted(runs.items()):
        for _, run in groupby(enumerate(pids), key=lambda x: x[1] - x[0]):
            ids = [p for _, p in run]
            out.append(
                f"250 {'':4} {points_to_str(pts):>4} {first:03d} {last:03d} "
                f"{ids[0]:04d} {ids[-1]:04d}"
            )
    return out


def _forbidden(t: Tournament, ranged_only_260: bool) -> list[str]:
    """XXP for every-round entries (when allowed), 260 for round ranges."""
    out = []
    for fp in t.forbidden:
        ids = "".join(f" {p:4d}" for p in fp.players)
        every_round = fp.first is None and fp.last is None
        if every_round and (ranged_only_260 or t.total_rounds is None):
            out.append("XXP" + "".join(f" {p}" for p in fp.players))
        else:
            last = fp.last if fp.last is not None else (t.total_rounds or LAST_ROUND)
            out.append(f"260 {fp.first or 1:03d} {last:03d}{ids}")
    return out


def _colour_word(c: Colour | None) -> list[str]:
    return [] if c is None else ["white1" if c is Colour.WHITE else "black1"]


def pairing_records(t: Tournament, edition: str) -> list[str]:
    """The records an edition uses for rounds, colour, points, type, accelerations, bans."""
    if edition == "trf16":
        return []
    if edition == "trfx":
        out = [f"XXR {t.total_rounds}"] if t.total_rounds else []
        words = (["rank"] if t.use_rank_ids else []) + _colour_word(t.initial_colour)
        out += [f"XXC {' '.join(words)}"] if words else []
        bans = _forbidden(t, True) if t.teams is None else []  # XXP names players
        return out + _system_record(t) + _bb_points(t.point_system) + _xxa(t) + bans
    out = [f"142 {t.total_rounds}"] if t.total_rounds else []
    if t.initial_colour is not None:
        out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    if t.use_rank_ids:
        out.append("XXC rank")
    return out + _points_162(t.point_system) + _system_record(t) + _250(t) + _forbidden(t, False)


def lost_in(t: Tournament, edition: str) -> list[str]:
    """What writing ``t`` as ``edition`` cannot keep (empty for trf26; for trfx, a team
    file's records other than ``013``)."""
    if edition == "trf26":
        return []
    lost = []
    if t.teams is not None:
        lost += team_losses(t.teams, [f"{c} {x}".rstrip() for c, x in t.headers if c == "013"])
        if edition == "trfx" and t.forbidden:
            lost.append(f"{len(t.forbidden)} forbidden pairs of teams (260)")
    if edition != "trf16":
        return lost
    if t.total_rounds:
        lost.append(f"the number of rounds ({t.total_rounds})")
    if t.initial_colour is not None:
        lost.append("the initial colour")
    if t.use_rank_ids:
        lost.append("pairing by rank (XXC rank)")
    if not t.point_system.is_standard:
        lost.append("the point system (a reader must infer it from the points fields)")
    if matches.is_double_swiss(t.system):
        lost.append(
            f"the tournament type ({t.system}): a TRF16 reader sees each Double-Swiss match "
            "as two rounds and a pairing-allocated bye as two"
        )
    elif _system_record(t):
        lost.append(f"the tournament type ({t.system})")
    if t.accelerations:
        lost.append(f"{len(t.accelerations)} acceleration values")
    if t.forbidden:
        lost.append(f"{len(t.forbidden)} forbidden-pair records")
    return lost


def write_tournament(t: Tournament, edition: str = "trf26", newline: str = "\n") -> str:
    """The text of ``t`` in ``edition`` (trf16, trfx or trf26), lines ended by ``newline``.

    The file's comment lines (``###``) come first, in their order. A player without a points
    field gets the score of the played rounds. A Double-Swiss tournament (192) states its PAB
    value, a whole match's, so that no reader has to guess it.
    """
    if edition not in EDITIONS:
        raise ValueError(f"unknown TRF edition {edition!r} (one of {', '.join(EDITIONS)})")
    kept = [
        f"{c} {txt}".rstrip()
        for c, txt in t.headers
        if not (c == "013" and t.teams is not None and edition != "trf26")
    ]
    before, after = team_lines(t.teams, edition) if t.teams is not None else ([], [])
    if matches.is_double_swiss(t.system):
        ps = t.point_system
        t = replace(t, point_system=replace(ps, pab=matches.pab_value(ps)))
        scores = matches.scores_before(t, matches.match_of(rounds_played(t)) + 1)
    else:
        scores = scores_before(t, rounds_played(t) + 1)
    players = [
        format_player(
            p if p.points is not None else replace(p, points=scores[pid]), t.results.get(pid, ())
        )
        for pid, p in t.players.items()
    ]
    lines = list(t.comments) + kept + pairing_records(t, edition) + before + players + after
    return newline.join(lines) + newline


__all__ = ["EDITIONS", "LAST_ROUND", "lost_in", "pairing_records", "write_tournament"]
