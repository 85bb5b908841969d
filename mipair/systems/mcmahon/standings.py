"""Standings after a round, and the EGF results list (.h9) built from them (reference 3, 8.4).

Players are ordered by the placement criteria (DC and SDC included), then
surname and first name; players equal on every criterion share the place
(:mod:`~mipair.systems.mcmahon.placement`). Values are shown as OpenGotha
shows them: whole points and ``½`` (``¼``, ``¾`` for SODOS).

As in OpenGotha, the standings after round r count every round up to r, those
without a game included (an absence, a bye, or nothing when the player was
neither paired nor absent); the results list is the standings after the
tournament's last round and lists the players with a game or a bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mipair.formats.go_players import rank_text
from mipair.formats.h9 import H9Header, H9Row, TimeControl, format_h9
from mipair.formats.opengotha import OgTournament
from mipair.systems.mcmahon.params import McMahonParams
from mipair.systems.mcmahon.placement import Placement
from mipair.systems.mcmahon.scores import ABSENT, BYE, PAIRED, Scores

SCALE = {"SODOSM": 4, "SODOSW": 4, "Rating": 1, "Rank": 1, "DC": 1, "SDC": 1}
"""How many times a criterion is stored multiplied (the rest are doubled)."""

SHORT_NAMES = {
    **{c: c[:-1] for c in ("SOSM", "SOSW", "SODOSM", "SODOSW", "SOSOSM", "SOSOSW", "CUSSM")},
    **{c: c[:3] + c[4:] for c in ("SOSM-1", "SOSM-2", "SOSW-1", "SOSW-2")},
    "CUSSW": "CUSS",
}
"""Column names of the results list where OpenGotha shortens a criterion (SOSM: SOS)."""

FRACTIONS = {2: {1: "½"}, 4: {1: "¼", 2: "½", 3: "¾"}}


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    place: int
    tied: bool  # same place as the line above
    index: int
    stored: tuple[int, ...]  # the placement criteria as stored (doubled...)

    def values(self, criteria: Sequence[str]) -> tuple[float, ...]:
        """The criteria in real points."""
        return tuple(v / SCALE.get(c, 2) for c, v in zip(criteria, self.stored))


def shown(name: str, stored: int) -> str:
    """A criterion value as OpenGotha prints it: ``12``, ``12½``, ``40¾``."""
    scale = SCALE.get(name, 2)
    whole = abs(stored) // scale * (1 if stored >= 0 else -1)  # Java: toward zero
    part = stored - whole * scale
    return f"{whole}{FRACTIONS.get(scale, {}).get(part, '')}"


def standings(placement: Placement, players: Sequence[int] | None = None) -> list[Standing]:
    """The places of ``players`` (default: everyone) after the placement's round."""
    order = placement.order(players)
    places = placement.places(order)
    return [
        Standing(place, k > 0 and place == places[k - 1], i, placement.row(i))
        for k, (i, place) in enumerate(zip(order, places))
    ]


def unplayed_sign(scores: Scores, status: str) -> str:
    """``+``, ``=`` or ``-``: what a round without a game was worth (MMS values in a McMahon
    tournament, wins otherwise)."""
    p = scores.params
    if status not in (BYE, ABSENT):
        return "-"
    mcmahon = p.mcmahon_type
    if status == BYE:
        value = p.mms2_bye if mcmahon else p.nbw2_bye
    else:
        value = p.mms2_absent if mcmahon else p.nbw2_absent
    return {2: "+", 1: "="}.get(value, "-")


def round_entry(
    scores: Scores, player: int, round_number: int, line_of: dict[int, int], full: bool = True
) -> str:
    """A round of a player as OpenGotha writes it: ``  12+/w0``, ``   5-!b3``, ``   0=   ``;
    without ``full`` (the tournament's short game format) only ``  12+``.

    ``!`` marks a result decided by default, ``?`` an unknown result or colour.
    """
    o = scores.outcome[player][round_number - 1]
    if o.status != PAIRED or o.opponent is None:
        return f"   0{unplayed_sign(scores, o.status)}   "
    base = o.result.removesuffix("_BYDEF")
    sign = "?" if base == "RESULT_UNKNOWN" else {2: "+", 1: "=", 0: "-"}[o.points2]
    if base in ("RESULT_BOTHWIN", "RESULT_BOTHLOSE"):
        sign = "+" if base == "RESULT_BOTHWIN" else "-"
    if not full:
        return f"{line_of[o.opponent]:4}{sign}"
    kind = "!" if o.result.endswith("_BYDEF") else "/"
    colour = "?" if not o.known_colour else "w" if o.white else "b"
    return f"{line_of[o.opponent]:4}{sign}{kind}{colour}{o.handicap}"


def _general(tournament: OgTournament, attribute: str, default: str) -> str:
    found = tournament.parameter("GeneralParameterSet", attribute)
    return found[0] if found else default


def _integer(tournament: OgTournament, attribute: str, default: int) -> int:
    text = _general(tournament, attribute, str(default)).strip()
    return int(text) if text.lstrip("-").isdigit() else default


def h9_header(tournament: OgTournament, params: McMahonParams) -> H9Header:
    """The comment lines' data, read as OpenGotha reads the general parameters."""
    time = TimeControl(
        basic_minutes=_integer(tournament, "basicTime", 60),
        system=_general(tournament, "complementaryTimeSystem", "CANBYOYOMI"),
        byoyomi_seconds=_integer(tournament, "stdByoYomiTime", 30),
        canadian_moves=_integer(tournament, "nbMovesCanTime", 15),
        canadian_seconds=_integer(tournament, "canByoYomiTime", 300),
        fischer_seconds=_integer(tournament, "fischerTime", 10),
        online=_general(tournament, "bInternet", "false") == "true",
    )
    return H9Header(
        name=_general(tournament, "name", "default Name"),
        location=_general(tournament, "location", "Paris"),
        begin=_general(tournament, "beginDate", ""),
        end=_general(tournament, "endDate", ""),
        handicap_correction=params.hd_correction,
        komi=_general(tournament, "komi", "7.5"),
        time=time,
    )


def h9_text(tournament: OgTournament, params: McMahonParams, after: int | None = None) -> str:
    """The EGF results list after round ``after`` (default: the tournament's last round)."""
    rounds = params.rounds if after is None else after
    scores = Scores(tournament, params, rounds)
    placement = Placement(scores, rounds, params.placement)
    present = {k for g in tournament.games for k in (g.white, g.black)}
    present |= {b.player for b in tournament.byes}
    listed = [i for i, p in enumerate(tournament.players) if p.key in present]
    table = standings(placement, listed)
    line_of = {s.index: k for k, s in enumerate(table, 1)}
    criteria = params.placement
    format_found = tournament.parameter("DPParameterSet", "gameFormat")
    full = format_found is None or format_found[0] != "short"
    rows = []
    for s in table:
        p = tournament.players[s.index]
        entries = [round_entry(scores, s.index, k, line_of, full) for k in range(1, rounds + 1)]
        rows.append(
            H9Row(
                "" if s.tied else str(s.place),
                p.name,
                p.first_name,
                rank_text(p.rank),
                p.country,
                p.club,
                [shown(c, v) for c, v in zip(criteria, s.stored)],
                ["      0=" if "!" in e else e for e in entries],
                p.egf_pin,
            )
        )
    columns = [SHORT_NAMES.get(c, c) for c in criteria]
    return format_h9(h9_header(tournament, params), columns, rows)
