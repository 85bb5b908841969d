"""The Index of C.04.4.2 (2026) 1.7-1.8: how the players of a bracket are ranked.

After the seeding rounds the players of a bracket are ranked, for pairing only,
by their Index: Buchholz, then Sonneborn-Berger (higher first), then the
pairing number (lower first); scores are not used (1.8). The order is data:
``[index] order`` in ``models/burstein-2026.toml``. As the specification reads
1.7 (models/burstein-2026.md, B3-B5):

* **Buchholz**: the sum of the current scores of the opponents met over the
  board; a round not played over the board (a bye of any kind, a forfeit, an
  absence, a round before a late entry) is a game against oneself, worth the
  player's own current score (1.7.2);
* **Sonneborn-Berger**: the sum, over the rounds, of the points scored in the
  round times that round's opponent's current score (oneself when unplayed);
* a player whose latest rounds, up to now, are a run of zero-point byes or
  absences is seen by his opponents with a draw for each of them (1.7.2);
* real points only: virtual (acceleration) points never count (1.7.2).

Scores are in tenths of a point, so Buchholz is in tenths and
Sonneborn-Berger in hundredths.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mipair.model import Cell, PointSystem, Result
from mipair.systems.fide.state import PlayerState, Snapshot

ZERO_BYE_RESULTS = (Result.ZERO_BYE, Result.FORFEIT_LOSS)
"""An absence without an opponent: ``Z``, ``0000 - -`` (a blank cell is one too)."""


@dataclass(frozen=True)
class Index:
    """Every player's Buchholz (tenths) and Sonneborn-Berger (hundredths) before the round."""

    buchholz: dict[int, int]
    sonneborn_berger: dict[int, int]


def zero_bye_run(ps: PointSystem, cells: list[Cell | None]) -> int:
    """1.7.2: how many of the latest rounds, up to now, are zero-point byes or absences."""
    run = 0
    for cell in reversed(cells):
        absence = cell is None or (cell.opponent is None and cell.result in ZERO_BYE_RESULTS)
        if not absence or ps.cell_points(cell) != 0:
            break
        run += 1
    return run


def index(snap: Snapshot) -> Index:
    """The Index of every player of ``snap``'s tournament before its round (see the module)."""
    t, ps = snap.tournament, snap.tournament.point_system
    rounds = range(1, snap.round)
    cells = {pid: [t.cell(pid, k) for k in rounds] for pid in snap.players}
    score = {pid: st.score for pid, st in snap.players.items()}
    seen = {pid: score[pid] + ps.draw * zero_bye_run(ps, cells[pid]) for pid in snap.players}
    buchholz, sonneborn = {}, {}
    for pid, row in cells.items():
        bh = sb = 0
        for cell in row:
            met = cell.opponent if cell is not None and cell.is_played else None
            opponent = score[pid] if met is None else seen[met]
            bh += opponent
            sb += ps.cell_points(cell) * opponent
        buchholz[pid], sonneborn[pid] = bh, sb
    return Index(buchholz, sonneborn)


RankKey = Callable[[PlayerState], int]

ORDER: dict[str, Callable[[Index], RankKey]] = {
    "buchholz": lambda idx: lambda p: -idx.buchholz[p.id],
    "sonneborn-berger": lambda idx: lambda p: -idx.sonneborn_berger[p.id],
    "tpn-ascending": lambda idx: lambda p: p.tpn,
}
"""1.8's keys by the names the model file gives them (each: the higher ranked first)."""


def ranking(snap: Snapshot, names: Sequence[str]) -> Callable[[PlayerState], tuple[int, ...]]:
    """1.8: a sort key of players, the highest ranked first, by the Index order ``names``
    (the edition's ``[index] order``, checked when its model file loaded)."""
    idx = index(snap)
    keys = [ORDER[name](idx) for name in names]
    return lambda p: tuple(key(p) for key in keys)
