"""The state of a tournament before a round, computed from its results.

``snapshot(t, r)`` is what a pairing system sees when it pairs round r: every
figure is recomputed from the round cells of rounds 1 .. r-1 (never taken
from the file's points field), plus the round-r cells that announce who does
not take part.

Definitions (FIDE C.04 and the Dutch rules, as the reference engine
bbpPairings reads them; see /work/shared/reference/dutch-2026.md §0, §1.4):

* **Played game**: a cell with an opponent and a result other than a forfeit
  (``+``/``-``). Games shorter than one move (W/D/L) count as played. Byes of
  any kind, forfeits, absences and rounds before a late entry are unplayed.
* **Taking part in a round's pairing**: paired with an opponent (forfeits
  included) or given the PAB (``0000 - U``; ``0000 - +`` reads as a PAB).
  Requested byes (H, F), absences (Z, ``0000 - -``, blank) do not take part.
* **Score**: points of rounds < r, cell by cell with the tournament's point
  system (:meth:`PointSystem.cell_points`). A round with nothing written is an
  absence worth the zero-point-bye value.
* **Pairing score**: score + the acceleration (fictitious points) of round r.
* **Colour history**: per round, the colour of a *played* game, else None.
* **Floats** (per past round k, compared with the pairing scores before k,
  each including round k's acceleration):
  - 2026 rules (C.04.3 (2026) 1.4): played game: ``down`` if the player's
    pairing score was higher than the opponent's, ``up`` if lower; unplayed
    round: ``down`` if it gave more points than a loss (PAB, forfeit win,
    full- or half-point bye), else none.
  - 2017 rules (C.04.3 (2017) A.4.b): played games as above; every unplayed
    round is a ``down`` float.
* **Opponents**: opponents in played games only (forfeits do not block a
  rematch).
* **had_pab**: a PAB in a round < r.
* **pab_ineligible**: 2026 (C.04.1 (2026) 3, Dutch C2): a PAB, or an unplayed
  round worth at least a win (forfeit win, full-point bye). 2017 (C.04.1.d):
  a PAB or a forfeit win (a requested full-point bye does not count).
* **byes**: rounds < r whose cell has no opponent (H, F, U, Z, ``0000 - -``).
* **absent**: round r's cell exists and does not take part (an announced
  bye or absence); such players are not paired in round r.
* **tpn**: effective pairing number, 1-based: the rank of the player among
  those who count for the round, in pairing-id order (file order with
  ``XXC rank``). A player who never took part in any pairing and is absent
  in round r does not count (as in the reference engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mipair.errors import InputError
from mipair.model import (
    Cell,
    Colour,
    Player,
    PlayerState,
    Points,
    PointSystem,
    Result,
    Snapshot,
    Tournament,
)
from mipair.pairing import Board, RoundPairing

if TYPE_CHECKING:
    from mipair.systems.dutch.edition import Edition


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
    where: dict[str, Any] = {"file": t.source or "<text>", "line": 1, "field": "XXR/142"}
    if t.total_rounds is None:
        raise InputError("the number of rounds is needed to pair the next round", **where)
    if rnd > t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are already paired", **where)
    return rnd


def accelerations_of(t: Tournament) -> dict[tuple[int, int], Points]:
    """``(player, round) -> fictitious points``."""
    return {(a.player, a.round): a.points for a in t.accelerations}


def scores_before(t: Tournament, rnd: int) -> dict[int, Points]:
    """Real scores of every player from rounds 1 .. rnd-1."""
    ps = t.point_system
    return {pid: sum(ps.cell_points(t.cell(pid, k)) for k in range(1, rnd)) for pid in t.players}


def is_unplayed_down(ps: PointSystem, cell: Cell | None, edition: Edition) -> bool:
    """Does an unplayed round count as a downfloat? (the edition's ``unplayed_downfloat``)."""
    from mipair.systems.dutch.edition import UNPLAYED_ALWAYS

    if edition.unplayed_downfloat == UNPLAYED_ALWAYS:
        return True
    return ps.cell_points(cell) > ps.loss


def pab_ineligible(ps: PointSystem, cells: list[Cell | None], edition: Edition) -> bool:
    """C.04.1: has the player had something that bars the PAB? (the edition's ``bye_barred_by``)."""
    from mipair.systems.dutch.edition import BARRED_BY_FORFEIT_WIN

    forfeit_only = edition.bye_barred_by == BARRED_BY_FORFEIT_WIN
    for cell in cells:
        if cell is None or cell.is_played:
            continue
        if cell.is_pab:
            return True
        if forfeit_only:
            if cell.takes_part and cell.result is Result.FORFEIT_WIN:
                return True
        elif ps.cell_points(cell) >= ps.win:
            return True
    return False


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


def player_state(
    t: Tournament,
    player: Player,
    rnd: int,
    tpn: int,
    pairing_scores: Mapping[int, list[Points]],
    edition: Edition,
) -> PlayerState:
    """One player's :class:`PlayerState` before round rnd."""
    ps = t.point_system
    pid = player.id
    cells = [t.cell(pid, k) for k in range(1, rnd)]
    colours: list[Colour | None] = []
    floats: list[str | None] = []
    opponents: set[int] = set()
    for k, cell in enumerate(cells, 1):
        if cell is not None and cell.is_played:
            opp = cell.opponent
            assert opp is not None
            opponents.add(opp)
            colours.append(cell.colour)
            mine, theirs = pairing_scores[pid][k - 1], pairing_scores[opp][k - 1]
            floats.append("down" if mine > theirs else "up" if mine < theirs else None)
        else:
            colours.append(None)
            floats.append("down" if is_unplayed_down(ps, cell, edition) else None)
    now = t.cell(pid, rnd)
    score = sum(ps.cell_points(c) for c in cells)
    return PlayerState(
        id=pid,
        score=score,
        pairing_score=pairing_scores[pid][rnd - 1],
        colours=tuple(colours),
        floats=tuple(floats),
        opponents=frozenset(opponents),
        had_pab=any(c is not None and c.is_pab for c in cells),
        byes=tuple(k for k, c in enumerate(cells, 1) if c is not None and c.opponent is None),
        absent=(now is not None and not now.takes_part) or tpn == 0,
        rating=player.rating,
        tpn=tpn,
        played_games=sum(1 for c in cells if c is not None and c.is_played),
        pab_ineligible=pab_ineligible(ps, cells, edition),
    )


def snapshot(t: Tournament, rnd: int, rules: str = "2026") -> Snapshot:
    """The immutable state of ``t`` before round ``rnd`` (1-based) is paired."""
    if rnd < 1:
        raise ValueError(f"round numbers start at 1, not {rnd}")
    from mipair.systems.dutch.edition import available_editions, load_edition

    if rules not in available_editions():
        raise ValueError(
            f"unknown rules edition {rules!r} (one of {', '.join(available_editions())})"
        )
    edition = load_edition(rules)  # its float and PAB definitions, read once for every cell
    ps = t.point_system
    acc = accelerations_of(t)
    # pairing score before round k (k = 1..rnd), for floats and the current round
    pairing_scores: dict[int, list[Points]] = {}
    for pid in t.players:
        running, row = 0, []
        for k in range(1, rnd + 1):
            row.append(running + acc.get((pid, k), 0))
            running += ps.cell_points(t.cell(pid, k))
        pairing_scores[pid] = row
    tpns = effective_numbers(t, rnd)
    players = {
        pid: player_state(t, p, rnd, tpns.get(pid, 0), pairing_scores, edition)
        for pid, p in t.players.items()
    }
    order = sorted(tpns, key=tpns.__getitem__)
    colour = t.initial_colour or inferred_initial_colour(t, order)
    return Snapshot(tournament=t, round=rnd, players=players, initial_colour=colour, rules=rules)


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
    """``t`` as it stood when round ``rnd`` was paired (see the module docstring)."""
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
