"""A round robin's check list (the drop-in ``-l``): each player's place in the table.

One row a player, in pairing-number order, with what the round is paired
from: the points before it, the cycle, the colours and opponents so far, and
the round as the table has it (``W 12``, ``B 3``, ``bye``; ``absent`` when
the player is announced absent: his game is forfeited, C.05). Text for
people, JSON (a name ending in ``.json``) for programs, as the FIDE systems'
check lists are written.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.rounds import scores_before
from mipair.systems.checklist_table import TableCheckList
from mipair.systems.roundrobin.schedule import cycle_of
from mipair.systems.roundrobin.state import RoundRobinState


@dataclass(frozen=True)
class Row:
    """One player's line of the check list."""

    id: int
    name: str
    rating: int
    score: str
    cycle: int
    colours: str  # e.g. "WB-W": each round's colour, "-" no game
    opponents: tuple[int, ...]  # each round's opponent (0: none)
    now: str  # "W 12", "B 3", "bye", "absent" (his game forfeited), "" (no pairing)


def _now(pid: int, pairing: RoundPairing | None, absent: bool) -> str:
    if pairing is None:
        return ""
    if pairing.bye == pid:
        return "bye"
    for board in pairing.boards:
        if pid in (board.white, board.black):
            side = "W" if board.white == pid else "B"
            text = f"{side} {board.black if side == 'W' else board.white}"
            return f"{text} absent" if absent else text
    return "absent" if absent else ""


def rows(state: RoundRobinState, pairing: RoundPairing | None = None) -> list[Row]:
    """The check list of ``state``'s round (``pairing`` fills the last column)."""
    t = state.tournament
    scores = scores_before(t, state.round)
    out = []
    for pid in sorted(t.players):
        cells = [t.cell(pid, k) for k in range(1, state.round)]
        out.append(
            Row(
                id=pid,
                name=t.players[pid].name,
                rating=t.players[pid].rating,
                score=points_to_str(scores[pid]),
                cycle=cycle_of(state.size, state.round),
                colours="".join(
                    "-" if c is None or c.colour is None else c.colour.value.upper() for c in cells
                ),
                opponents=tuple(0 if c is None else c.opponent or 0 for c in cells),
                now=_now(pid, pairing, pid in state.absent),
            )
        )
    return out


def format_rows(table: list[Row], title: str) -> str:
    lines = [
        title,
        "",
        f"{'ID':>5} {'Name':<20} {'Rtg':>4} {'Pts':>5} {'Cycle':>5} {'Colours':<12} "
        f"{'Now':<10} Opponents",
    ]
    for r in table:
        lines.append(
            f"{r.id:>5} {r.name[:20]:<20} {r.rating:>4} {r.score:>5} {r.cycle:>5} "
            f"{r.colours:<12} {r.now:<10} " + " ".join(str(o) for o in r.opponents)
        )
    lines += ["", "Now: the Berger table's round (C.05 Annex 1); absent: the game is forfeited."]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def check_list(state: RoundRobinState, pairing: RoundPairing | None) -> TableCheckList:
    """The check list of ``state``'s round (``pairing`` fills the last column)."""
    rules, table = "C.05 round robin", rows(state, pairing)
    title = f"Check list, round {state.round} ({rules})"
    return TableCheckList.of(state.round, rules, format_rows(table, title), table)
