"""What ``mipair info`` says of a TRF file (:class:`~mipair.systems.records.Summary`), for every
system of TRF files (the FIDE Swiss systems, the round robin)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mipair.formats.text import load
from mipair.formats.trf import detect_edition, parse_text
from mipair.model import PointSystem, Result, Tournament, points_to_str
from mipair.rounds import next_round, rounds_played
from mipair.systems.records import Summary

BYE_NAMES = {
    Result.PAB: "pairing-allocated (U)",
    Result.FULL_BYE: "full-point (F)",
    Result.HALF_BYE: "half-point (H)",
    Result.ZERO_BYE: "zero-point/absent (Z)",
    Result.FORFEIT_LOSS: "absent (0000 -)",
    Result.FORFEIT_WIN: "pairing-allocated (0000 +)",
    Result.DRAW: "half-point (0000 =)",
}


def describe_points(ps: PointSystem) -> str:
    """``1-0.5-0`` style text, with the non-default extras."""
    text = (
        f"win {points_to_str(ps.win)}, draw {points_to_str(ps.draw)}, loss {points_to_str(ps.loss)}"
    )
    extras = [
        f"{name.replace('_', ' ')} {points_to_str(v)}"
        for name, v in (
            ("PAB", ps.pab),
            ("full bye", ps.full_bye),
            ("half bye", ps.half_bye),
            ("forfeit win", ps.forfeit_win),
        )
        if v is not None
    ]
    if ps.zero_bye:
        extras.append(f"zero bye {points_to_str(ps.zero_bye)}")
    if ps.forfeit_loss:
        extras.append(f"forfeit loss {points_to_str(ps.forfeit_loss)}")
    return text + (f" ({', '.join(extras)})" if extras else "")


def trf_settings(t: Tournament, edition: str) -> dict[str, Any]:
    """What ``info`` says of a TRF file besides players and rounds (names as in ``--json``)."""
    played = rounds_played(t)
    byes: Counter[str] = Counter()
    forfeits = double = 0
    for pid, cells in t.results.items():
        for rnd, cell in enumerate(cells[:played], 1):
            if cell is None:
                continue
            if cell.opponent is None:
                byes[BYE_NAMES.get(cell.result, cell.result.value)] += 1
            elif cell.result is Result.FORFEIT_WIN:
                forfeits += 1
            elif cell.result is Result.FORFEIT_LOSS and cell.opponent > pid:
                other = t.cell(cell.opponent, rnd)
                double += other is not None and other.result is Result.FORFEIT_LOSS
    name = next((txt.strip() for code, txt in t.headers if code == "012"), "")
    return {
        "edition": edition,
        "name": name,
        "system": t.system,
        "point_system": describe_points(t.point_system),
        "byes": dict(sorted(byes.items())),
        "forfeits": forfeits,
        "double_forfeits": double,
        "accelerated_players": len({a.player for a in t.accelerations}),
        "forbidden_pairs": len(t.forbidden),
        "initial_colour": t.initial_colour.value if t.initial_colour else None,
    }


def trf_summary(
    path: str,
    system: str,
    title: str,
    extra: Callable[[Tournament], dict[str, Any]] | None = None,
) -> Summary:
    """The summary of the TRF file at ``path`` for the system ``system``; ``extra(t)``: the
    system's own settings of the tournament ``t`` (their number of rounds, ``total_rounds``,
    replacing the file's when given)."""
    text = load(path)
    t = parse_text(text, path)
    own = extra(t) if extra is not None else {}
    if own.get("total_rounds"):
        t = replace(t, total_rounds=own.pop("total_rounds"))
    nxt = next_round(t)
    absent = sorted(
        pid for pid in t.players if (c := t.cell(pid, nxt)) is not None and not c.takes_part
    )
    return Summary(
        path,
        system,
        title,
        len(t.players),
        rounds_played(t),
        nxt if t.total_rounds is None or nxt <= t.total_rounds else None,
        t.total_rounds,
        {**trf_settings(t, detect_edition(text)), **own},
        tuple(absent),
    )
