"""A Double-Swiss check list (the drop-in ``-l``): what each player's match round is paired from.

One row a player, in pairing-number order: the score before the match round
(game points, DS16), the colours of his matches (1.6; ``-`` a match without
one), his opponents (0: none), the matches played (3.4.3), whether the PAB is
barred ([C2]) and whether he floated in the previous match (1.5), and the
match as paired (``W 12``: White in game 1 against 12; ``bye``; ``absent``).
Text for people, JSON (a name ending in ``.json``) for programs, as the other
systems' check lists are written.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.matches import match, scores_before
from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.systems.checklist_table import TableCheckList
from mipair.systems.fide.double.state import DoubleState


@dataclass(frozen=True)
class Row:
    """One player's line of the check list."""

    id: int
    name: str
    rating: int
    score: str
    colours: str  # each match's game-1 colour, "-" none
    opponents: tuple[int, ...]  # each match's opponent (0: none)
    played: int
    pab_barred: bool
    floated: bool
    now: str  # "W 12", "B 3", "bye", "absent", "" (no pairing)


def _now(pid: int, pairing: RoundPairing | None, absent: bool) -> str:
    if absent:
        return "absent"
    if pairing is None:
        return ""
    if pairing.bye == pid:
        return "bye"
    for board in pairing.boards:
        if pid == board.white:
            return f"W {board.black}"
        if pid == board.black:
            return f"B {board.white}"
    return ""


def rows(state: DoubleState, pairing: RoundPairing | None = None) -> list[Row]:
    """The check list of ``state``'s match round (``pairing`` fills the last column)."""
    t = state.tournament
    scores = scores_before(t, state.round)
    out = []
    for pid in sorted(t.players):
        past = [match(t, pid, k) for k in range(1, state.round)]
        player = state.players.get(pid)
        out.append(
            Row(
                id=pid,
                name=t.players[pid].name,
                rating=t.players[pid].rating,
                score=points_to_str(scores[pid]),
                colours="".join("-" if m.colour is None else m.colour.value.upper() for m in past),
                opponents=tuple(m.opponent or 0 for m in past),
                played=sum(1 for m in past if m.is_played),
                pab_barred=bool(player and player.pab_barred),
                floated=bool(player and player.floated_last),
                now=_now(pid, pairing, pid in state.absent),
            )
        )
    return out


def format_rows(table: list[Row], title: str) -> str:
    lines = [
        title,
        "",
        f"{'ID':>5} {'Name':<20} {'Rtg':>4} {'Pts':>5} {'Colours':<10} {'Pld':>3} "
        f"{'PAB':>3} {'Flt':>3} {'Now':<10} Opponents",
    ]
    for r in table:
        lines.append(
            f"{r.id:>5} {r.name[:20]:<20} {r.rating:>4} {r.score:>5} {r.colours:<10} "
            f"{r.played:>3} {'no' if r.pab_barred else '':>3} {'yes' if r.floated else '':>3} "
            f"{r.now:<10} " + " ".join(str(o) for o in r.opponents)
        )
    lines += [
        "",
        "Colours: game 1 of each match (game 2 reversed). PAB no: barred (C2). "
        "Flt: floated in the previous match (1.5).",
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def check_list(state: DoubleState, pairing: RoundPairing | None) -> TableCheckList:
    """The check list of ``state``'s match round (``pairing`` fills the last column)."""
    rules, table = "C.04.5 Double-Swiss (2026)", rows(state, pairing)
    title = f"Check list, match round {state.round} ({rules})"
    return TableCheckList.of(state.round, rules, format_rows(table, title), table)
