"""A team round's check list (the drop-in ``-l``): what each team is paired from.

One row a team, by TPN: its pairing score and secondary score, the colours of its
played matches (1.6: the first board's, ``-`` a round without a played match), its
colour preference (1.7: ``W``/``B``, ``W!``/``B!`` strong under type B), whether it
floated in the previous round (1.5), whether the PAB is barred to it ([C2]), and the
round as paired (``W 12``, ``B 3``, ``PAB``; ``absent`` when it is not paired). Text
for people, JSON (a name ending in ``.json``) for programs, as the other systems'.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.systems.checklist_table import TableCheckList
from mipair.systems.team.field import TeamState


@dataclass(frozen=True)
class Row:
    """One team's line of the check list."""

    id: int
    name: str
    score: str
    secondary: str
    colours: str
    preference: str
    floated: bool
    pab_barred: bool
    now: str


def _now(team: int, pairing: RoundPairing | None, absent: bool) -> str:
    if absent:
        return "absent"
    if pairing is None:
        return ""
    if pairing.bye == team:
        return "PAB"
    for board in pairing.boards:
        if team == board.white:
            return f"W {board.black}"
        if team == board.black:
            return f"B {board.white}"
    return ""


def rows(state: TeamState, pairing: RoundPairing | None) -> list[Row]:
    section = state.tournament.teams
    assert section is not None
    out = []
    for n in sorted(state.history):
        e = state.teams.get(n)
        colours = "".join(
            r.colour.value.upper() if r.played and r.colour else "-" for r in state.history[n]
        )
        pref = "" if e is None or e.preference is None else e.preference.colour.value.upper()
        if pref and e is not None and e.preference is not None and state.competition.model == "B":
            pref += "!" if e.preference.strong else ""
        out.append(
            Row(
                id=n,
                name=section.teams[n].name,
                score="" if e is None else points_to_str(e.pairing_score),
                secondary="" if e is None else points_to_str(e.secondary),
                colours=colours,
                preference=pref,
                floated=e is not None and e.floated,
                pab_barred=e is not None and e.bye_barred,
                now=_now(n, pairing, n in state.absent),
            )
        )
    return out


def format_rows(table: list[Row], title: str) -> str:
    """The check list's table: a heading, then one team a line."""
    lines = [
        title,
        "",
        f"{'TPN':>4} {'Team':<24} {'Score':>5} {'2nd':>5} {'Colours':<10} {'Pref':<4} "
        f"{'Float':<5} {'NoPAB':<5} Now",
    ]
    for r in table:
        lines.append(
            f"{r.id:>4} {r.name[:24]:<24} {r.score:>5} {r.secondary:>5} {r.colours:<10} "
            f"{r.preference:<4} {'yes' if r.floated else '':<5} "
            f"{'yes' if r.pab_barred else '':<5} {r.now}"
        )
    return "\n".join(line.rstrip() for line in lines) + "\n"


def check_list(state: TeamState, pairing: RoundPairing | None) -> TableCheckList:
    """The check list of ``state``'s round (``pairing`` fills the last column)."""
    rules, table = "C.04.6 Swiss system for teams", rows(state, pairing)
    title = f"Check list, round {state.round} ({rules})"
    return TableCheckList.of(state.round, rules, format_rows(table, title), table, key="teams")
