"""Questions about a tournament's rounds, answered from its results.

How many rounds are played and which one is to be paired, each player's
score before a round, the initial colour, the tournament as it stood when a
round was paired, and the pairing a file publishes for a round. Every
figure is computed from the round cells, never taken from the file's points
field. The formats and every system reading TRF files share these answers;
the state a FIDE system pairs from is built on them
(:mod:`mipair.systems.fide.state`).

Definitions (as the reference engine bbpPairings reads a TRF file):

* **Taking part in a round's pairing**: paired with an opponent (forfeits
  included) or given the PAB (``0000 - U``; ``0000 - +`` reads as a PAB).
  Requested byes (H, F), absences (Z, ``0000 - -``, blank) do not take part.
* **Rounds played**: the last round in which someone took part.
* **Effective pairing number** (tpn), 1-based: the rank of the player among
  those who count for the round, in pairing-id order (file order with
  ``XXC rank``). A player who never took part in any pairing and is absent in
  the round does not count.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.errors import InputError
from mipair.model import Cell, Colour, Points, Tournament
from mipair.pairing import Board, RoundPairing


def rounds_played(t: Tournament) -> int:
    """The last round in which some player took part in the pairing (0 if none)."""
    last = 0
    for cells in t.results.values():
        for i, cell in enumerate(cells, 1):
            if cell is not None and cell.takes_part and i > last:
                last = i
    return last


def next_round(t: Tournament) -> int:
    """The round to be paired: one after the last round anyone took part in."""
    return rounds_played(t) + 1


def round_to_pair(t: Tournament) -> int:
    """The round an engine is asked to pair from ``t``, checked like the reference engine does.

    The number of rounds (XXR / 142) must be known and not yet reached;
    otherwise an InputError (exit 3) names the file.
    """
    rnd = next_round(t)

    def refused(message: str) -> InputError:
        return InputError(message, file=t.source or "<text>", line=1, field="XXR/142")

    if t.total_rounds is None:
        raise refused("the number of rounds is needed to pair the next round")
    if rnd > t.total_rounds:
        raise refused(f"all {t.total_rounds} rounds are already paired")
    return rnd


def accelerations_of(t: Tournament) -> dict[tuple[int, int], Points]:
    """``(player, round) -> fictitious points``."""
    return {(a.player, a.round): a.points for a in t.accelerations}


def scores_before(t: Tournament, rnd: int) -> dict[int, Points]:
    """Real scores of every player from rounds 1 .. rnd-1."""
    ps = t.point_system
    return {pid: sum(ps.cell_points(t.cell(pid, k)) for k in range(1, rnd)) for pid in t.players}


def effective_numbers(t: Tournament, rnd: int) -> dict[int, int]:
    """tpn of every player counted for round rnd (see the module docstring)."""
    order = list(t.players) if t.use_rank_ids else sorted(t.players)
    tpn: dict[int, int] = {}
    for pid in order:
        cells = [t.cell(pid, k) for k in range(1, rnd)]
        now = t.cell(pid, rnd)
        took_part = any(c is not None and c.takes_part for c in cells)
        if now is not None and not now.takes_part and not took_part:
            continue
        tpn[pid] = len(tpn) + 1
    return tpn


def inferred_initial_colour(t: Tournament, tpn_order: list[int]) -> Colour | None:
    """The colour the top player got (or would have got) in the first round with colours.

    Looks at the first round in which any game carries a colour, walks the
    players who had taken part in a pairing by then in pairing order, and
    takes the first one's colour there, inverted when that player's position
    is even (2nd, 4th, ...), as the reference engine infers it.
    """
    first = None
    for cells in t.results.values():
        for i, c in enumerate(cells, 1):
            if c is not None and c.colour is not None and (first is None or i < first):
                first = i
    if first is None:
        return None
    k = 0
    for pid in tpn_order:
        first_cells = [t.cell(pid, i) for i in range(1, first + 1)]
        if not any(c is not None and c.takes_part for c in first_cells):
            continue
        cell = first_cells[-1]
        colour = cell.colour if cell is not None else None
        if colour is not None:
            return colour.opposite if k % 2 else colour
        k += 1
    return None


# -- a finished tournament round by round (what `check` replays) --


def rounds_to_check(t: Tournament) -> list[int]:
    """Rounds in which somebody took part in the pairing."""
    return [
        r
        for r in range(1, t.rounds_written + 1)
        if any(
            len(c) >= r and (cell := c[r - 1]) is not None and cell.takes_part
            for c in t.results.values()
        )
    ]


def initial_colour_of(t: Tournament) -> Colour | None:
    """The initial colour the file gives, else the one its first colours show."""
    if t.initial_colour is not None:
        return t.initial_colour
    order = list(t.players) if t.use_rank_ids else sorted(t.players)
    return inferred_initial_colour(t, order)


def cut_before(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood when round ``rnd`` was paired: rounds 1 .. rnd-1 plus round
    ``rnd``'s announced absences; the number of rounds defaults to the rounds written
    and the initial colour to the one the whole file shows."""
    results = {}
    for pid, cells in t.results.items():
        now = cells[rnd - 1] if len(cells) >= rnd else None
        keep = cells[: rnd - 1]
        if now is not None and not now.takes_part:
            keep = keep + (None,) * (rnd - 1 - len(keep)) + (now,)
        results[pid] = keep
    return replace(
        t,
        results=results,
        total_rounds=t.total_rounds or t.rounds_written,
        initial_colour=initial_colour_of(t),
    )


def published_pairing(t: Tournament, rnd: int) -> RoundPairing:
    """Round ``rnd`` as the file has it (boards by White's id; a game without colours
    gives White to the smaller id)."""
    boards: list[Board] = []
    bye = None
    for pid, cells in t.results.items():
        cell: Cell | None = cells[rnd - 1] if len(cells) >= rnd else None
        if cell is None:
            continue
        if cell.is_pab:
            bye = pid
        elif cell.opponent is not None:
            opp = cell.opponent
            if cell.colour is Colour.WHITE or (
                cell.colour is None and pid < opp and _colour(t, opp, rnd) is not Colour.WHITE
            ):
                boards.append(Board(pid, opp))
    return RoundPairing(rnd, tuple(sorted(boards, key=lambda b: b.white)), bye)


def _colour(t: Tournament, pid: int, rnd: int) -> Colour | None:
    cell = t.cell(pid, rnd)
    return cell.colour if cell is not None else None
