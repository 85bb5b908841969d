"""Standings after a round, and the EGF results list (.h9) built from them (reference 3, 8.4).

Players are ordered by the placement criteria (MMS, SOSM, SOSOSM by
default), then surname and first name; players equal on every criterion share
the place. Criterion values are shown in real points (halves as ``.5``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mipair.formats.opengotha import H9Row, OgTournament, format_h9
from mipair.systems.mcmahon.params import McMahonParams
from mipair.systems.mcmahon.scores import ABSENT, BYE, PAIRED, Scores

SCALE = {"SODOSM": 4, "SODOSW": 4, "Rating": 1, "Rank": 1}
"""How many times a criterion is stored multiplied (the rest are doubled)."""


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    place: int
    tied: bool  # same place as the line above
    index: int
    values: tuple[float, ...]  # the placement criteria, in real points


def points(name: str, stored: int) -> float:
    """A criterion value in real points."""
    return stored / SCALE.get(name, 2)


def shown(value: float) -> str:
    """A value as results lists print it: ``12``, ``12.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def standings(scores: Scores, after: int, criteria: Sequence[str]) -> list[Standing]:
    """Everyone's place after round ``after``."""
    order = sorted(range(len(scores.players)), key=lambda i: scores.ranking_key(i, after, criteria))
    out: list[Standing] = []
    previous: tuple[int, ...] | None = None
    for position, i in enumerate(order, 1):
        raw = tuple(scores.criterion(c, i, after) for c in criteria)
        tied = raw == previous
        place = out[-1].place if tied else position
        values = tuple(points(c, v) for c, v in zip(criteria, raw))
        out.append(Standing(place, tied, i, values))
        previous = raw
    return out


def round_entry(scores: Scores, player: int, round_number: int, line_of: dict[int, int]) -> str:
    """A round of a player as the EGF format writes it: ``12+/w0``, ``5-/b3``, ``0=``."""
    o = scores.outcome[player][round_number - 1]
    p = scores.params
    if o.status == PAIRED and o.opponent is not None:
        sign = {2: "+", 1: "=", 0: "-"}[o.points2] if o.known else "?"
        return f"{line_of[o.opponent]}{sign}/{'w' if o.white else 'b'}{o.handicap}"
    value = p.mms2_bye if o.status == BYE else p.mms2_absent if o.status == ABSENT else 0
    return "0" + {2: "+", 1: "=", 0: "-"}.get(value, "-")


def h9_text(tournament: OgTournament, params: McMahonParams, after: int) -> str:
    """The EGF results file of the tournament after round ``after``."""
    scores = Scores(tournament, params, after)
    criteria = list(params.placement)
    table = standings(scores, after, criteria)
    line_of = {s.index: k for k, s in enumerate(table, 1)}
    rows = []
    for s in table:
        p = tournament.players[s.index]
        rows.append(
            H9Row(
                None if s.tied else s.place,
                p.name,
                p.first_name,
                p.rank,
                p.country,
                p.club,
                [shown(v) for v in s.values],
                [round_entry(scores, s.index, k, line_of) for k in range(1, after + 1)],
                p.egf_pin,
            )
        )
    general = {}
    for attr in ("name", "location", "beginDate", "endDate", "komi", "basicTime"):
        found = tournament.parameter("GeneralParameterSet", attr)
        general[attr] = found[0] if found else ""
    header = [
        ("EV", general["name"]),
        ("PC", f",{general['location']}"),
        ("DT", f"{general['beginDate']},{general['endDate']}"),
    ]
    if params.hd_correction > 0:
        header.append(("HA", f"h{params.hd_correction}"))
    header += [("KM", general["komi"]), ("TM", general["basicTime"])]
    return format_h9(rows, header, criteria)
