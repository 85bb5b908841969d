"""``mipair info FILE``: a short human summary of a tournament file."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import click

from mipair.formats.text import load
from mipair.formats.trf import detect_edition, parse_text
from mipair.model import PointSystem, Result, Tournament, points_to_str
from mipair.snapshot import next_round, rounds_played

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


def summary(t: Tournament, edition: str) -> dict[str, Any]:
    """The figures ``info`` prints, as a dict (also the --json output)."""
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
    nxt = next_round(t)
    absent = sorted(
        pid for pid in t.players if (c := t.cell(pid, nxt)) is not None and not c.takes_part
    )
    name = next((txt.strip() for code, txt in t.headers if code == "012"), "")
    return {
        "file": t.source,
        "edition": edition,
        "name": name,
        "players": len(t.players),
        "rounds_played": played,
        "total_rounds": t.total_rounds,
        "next_round": nxt if t.total_rounds is None or nxt <= t.total_rounds else None,
        "system": t.system,
        "point_system": describe_points(t.point_system),
        "byes": dict(sorted(byes.items())),
        "forfeits": forfeits,
        "double_forfeits": double,
        "absent_next_round": absent,
        "accelerated_players": len({a.player for a in t.accelerations}),
        "forbidden_pairs": len(t.forbidden),
        "initial_colour": t.initial_colour.value if t.initial_colour else None,
    }


@click.command()
@click.argument("file", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def info(file: str, as_json: bool) -> None:
    """Summarise FILE: players, rounds played, point system, byes, forfeits."""
    text = load(file)
    s = summary(parse_text(text, file), detect_edition(text))
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    total = s["total_rounds"] or "?"
    lines = [
        f"{s['file']} ({s['edition']}){': ' + str(s['name']) if s['name'] else ''}",
        f"players:        {s['players']}",
        f"rounds played:  {s['rounds_played']} of {total}"
        + (f" (next: round {s['next_round']})" if s["next_round"] else " (complete)"),
        f"system:         {s['system'] or '-'}",
        f"point system:   {s['point_system']}",
        "byes:           " + (", ".join(f"{n} {k}" for k, n in s["byes"].items()) or "none"),
        f"forfeits:       {s['forfeits']} forfeit wins, {s['double_forfeits']} double forfeits",
    ]
    if s["absent_next_round"]:
        lines.append(f"absent next:    {', '.join(map(str, s['absent_next_round']))}")
    if s["accelerated_players"]:
        lines.append(f"accelerations:  {s['accelerated_players']} players")
    if s["forbidden_pairs"]:
        lines.append(f"forbidden:      {s['forbidden_pairs']} groups")
    click.echo("\n".join(lines))
