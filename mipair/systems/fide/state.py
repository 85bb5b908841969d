"""The state of a TRF tournament before a round, as the FIDE basic rules define it.

``snapshot(t, r, edition)`` is what a FIDE system sees when it pairs round r:
every figure is recomputed from the round cells of rounds 1 .. r-1 (never
taken from the file's points field), plus the round-r cells that announce who
does not take part. The round queries it builds on (scores, effective pairing
numbers, the initial colour) are :mod:`mipair.rounds`.

Definitions (FIDE C.04.1 and the Dutch rules, as the reference engine
bbpPairings reads them; see ``../shared/reference/dutch-2026.md`` §0, §1.4):

* **Played game**: a cell with an opponent and a result other than a forfeit
  (``+``/``-``). Games shorter than one move (W/D/L) count as played. Byes of
  any kind, forfeits, absences and rounds before a late entry are unplayed.
* **Score**: points of rounds < r, cell by cell with the tournament's point
  system (:meth:`~mipair.model.PointSystem.cell_points`). A round with nothing
  written is an absence worth the zero-point-bye value.
* **Pairing score**: score + the acceleration (fictitious points) of round r.
* **Colour history**: per round, the colour of a *played* game, else None.
* **Floats** (per past round k, compared with the pairing scores before k,
  each including round k's acceleration): played game: ``down`` if the
  player's pairing score was higher than the opponent's, ``up`` if lower;
  unplayed round: by the edition's ``unplayed_downfloat`` (2026, C.04.3 1.4:
  ``down`` if it gave more points than a loss; 2017, A.4.b: always ``down``).
* **Opponents**: opponents in played games only (forfeits do not block a
  rematch).
* **had_pab**: a PAB in a round < r.
* **pab_ineligible**: by the edition's ``bye_barred_by``: 2026 (C.04.1 (2026)
  3, Dutch C2): a PAB, or an unplayed round worth at least a win (forfeit win,
  full-point bye); 2017 (C.04.1.d): a PAB or a forfeit win.
* **byes**: rounds < r whose cell has no opponent (H, F, U, Z, ``0000 - -``).
* **absent**: round r's cell exists and does not take part (an announced
  bye or absence); such players are not paired in round r.
* **tpn**: the effective pairing number (:func:`mipair.rounds.effective_numbers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from mipair.model import Cell, Colour, Player, Points, PointSystem, Result, Tournament
from mipair.rounds import accelerations_of, effective_numbers, inferred_initial_colour
from mipair.systems.fide.edition import BARRED_BY_FORFEIT_WIN, UNPLAYED_ALWAYS, Edition


@dataclass(frozen=True)
class PlayerState:
    """What the pairing of round r needs to know about one player (before round r)."""

    id: int
    score: Points  # real points from rounds < r
    pairing_score: Points  # score + acceleration for round r
    colours: tuple[Colour | None, ...]  # per round < r: colour in a *played* game, else None
    floats: tuple[str | None, ...]  # per round < r: "up", "down" or None
    opponents: frozenset[int]  # opponents in played games (rematch ban)
    had_pab: bool  # received a pairing-allocated bye (or equivalent)
    byes: tuple[int, ...]  # rounds with a bye of any kind
    absent: bool  # not to be paired in round r (announced bye/absence)
    rating: int = 0
    tpn: int = 0  # effective pairing number (1-based) for colours and ties
    played_games: int = 0  # games played over the board in rounds < r
    pab_ineligible: bool = False  # may not receive the PAB (C.04.1, edition-specific)

    @property
    def colour_difference(self) -> int:
        """Whites minus blacks over played games."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours if c is not None)


@dataclass(frozen=True)
class Snapshot:
    """The immutable state of a tournament before round ``round`` is paired."""

    tournament: Tournament
    round: int
    edition: Edition  # the edition whose float and PAB definitions were used
    players: Mapping[int, PlayerState] = field(default_factory=dict)
    initial_colour: Colour | None = None  # given (XXC/152) or inferred from round 1

    @property
    def rules(self) -> str:
        """The edition's name (``2026``, ``2017``, ...)."""
        return self.edition.name

    @property
    def to_pair(self) -> list[int]:
        """Ids of players present for the round, in pairing-id order."""
        return sorted(pid for pid, st in self.players.items() if not st.absent)


def is_unplayed_down(ps: PointSystem, cell: Cell | None, edition: Edition) -> bool:
    """Does an unplayed round count as a downfloat? (the edition's ``unplayed_downfloat``)."""
    if edition.unplayed_downfloat == UNPLAYED_ALWAYS:
        return True
    return ps.cell_points(cell) > ps.loss


def pab_ineligible(ps: PointSystem, cells: list[Cell | None], edition: Edition) -> bool:
    """C.04.1: has the player had something that bars the PAB? (the edition's ``bye_barred_by``)."""
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


def snapshot(t: Tournament, rnd: int, edition: Edition) -> Snapshot:
    """The immutable state of ``t`` before round ``rnd`` (1-based) is paired."""
    if rnd < 1:
        raise ValueError(f"round numbers start at 1, not {rnd}")
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
    return Snapshot(
        tournament=t, round=rnd, edition=edition, players=players, initial_colour=colour
    )
