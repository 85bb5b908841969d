"""The players of one round of a FIDE Swiss system and the pairs the absolute criteria allow.

A system's procedure, its window models (:mod:`mipair.systems.fide.windows`) and
its bracket questions (the Dutch :mod:`mipair.systems.fide.dutch.bracket`, the
Burstein Article 4) share this state: the players sorted by pairing score then
pairing number (C.04.3 1.2), vertex ``i`` being the ``i``-th of them, the
candidate pairs (C1, C3, forbidden pairs) as numbered edges, the edges ruled
out for good by decisions already frozen, and the round's current matching.

What differs between systems comes from the edition's procedure object
(:class:`FieldRules`): which players may not meet for their colours (the Dutch
C3 spares topscorers, Burstein's does not) and what its criteria read of a
player (its signature).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Protocol, cast

import numpy as np

from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Edges, Positions
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.colours import Preference, preference
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.rules import forbidden_pairs, pab_eligible
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.weigh import Context, weigh


class FieldRules(Protocol):
    """What a field asks of the edition's procedure object."""

    def clash_class(self, snap: Snapshot, player: PlayerState, pref: Preference) -> object:
        """Two players may not meet when their classes are equal and not None (C3)."""

    def signature(self, player: PlayerState, pref: Preference, eligible: bool) -> tuple:
        """Everything the edition's criteria read of a player: players with equal
        signatures are interchangeable to them (:mod:`mipair.systems.fide.weigh`)."""


BLOCK = 512  # rows of the pair table read at a time (no square temporaries)
FILL_BLOCK = 64  # rows of the allowed pairs numbered at a time


def number_pairs(allowed: np.ndarray, edge_ids: np.ndarray) -> Edges:
    """Number the True entries above the diagonal of the square boolean matrix
    ``allowed`` (its other entries are cleared), row by row: their edges, each
    written into ``edge_ids`` both ways round. A block of rows at a time, the
    ends straight into the edges' array (the whole table's temporaries took 7 MiB
    at 1,000 players, and four copies of every pair's ends at 9,999)."""
    n = len(allowed)
    for start in range(0, n, FILL_BLOCK):
        rows = allowed[start : start + FILL_BLOCK]
        rows &= np.arange(n)[None, :] > np.arange(start, start + len(rows))[:, None]
    ends = np.empty((2, int(allowed.sum())), dtype=np.int32)
    at = 0
    for start in range(0, n, FILL_BLOCK):
        first, second = np.nonzero(allowed[start : start + FILL_BLOCK])
        first += start
        stop = at + len(first)
        ends[0, at:stop], ends[1, at:stop] = first, second
        edge_ids[first, second] = edge_ids[second, first] = np.arange(at, stop, dtype=np.int32)
        at = stop
    return Edges.wrap(ends)


class RoundField:
    """The players of one round, sorted by pairing score then pairing number (1.2)."""

    def __init__(self, snap: Snapshot, edition: Edition) -> None:
        self.snapshot = snap
        self.edition = edition
        self.rules = cast(FieldRules, edition.procedure)
        players = [snap.players[pid] for pid in snap.to_pair]
        players.sort(key=lambda p: (-p.pairing_score, p.tpn))
        self.players: list[PlayerState] = players
        self.n = len(players)
        self.scores = [p.pairing_score for p in players]
        self.preferences = {p.id: preference(p) for p in players}
        self.eligible = [pab_eligible(p) for p in players]
        self.edge_ids = np.full((self.n, self.n), -1, dtype=np.int32)
        self.edges = self.candidate_pairs(forbidden_pairs(snap))
        self.dead = np.zeros(len(self.edges), dtype=bool)  # edges ruled out for good
        self.deaths = 0  # how many
        self.oracle: CompletionOracle | None = None
        self.odd = self.n % 2 == 1
        self.hint: list[int] | None = None  # a matching of the field (mate per vertex), once known
        self.below: set[int] = set()  # the players below the window, in its model
        self.window_columns: int | None = None  # the window's pairs among its model's columns
        kinds: dict[tuple, int] = {}  # a number per vertex: its criteria signature
        self.signature = np.array(
            [
                kinds.setdefault(self.rules.signature(p, self.preferences[p.id], ok), len(kinds))
                for p, ok in zip(players, self.eligible)
            ],
            dtype=np.int64,
        )

    def candidate_pairs(self, forbidden: set[frozenset[int]]) -> Edges:
        """Every pair the absolute criteria allow (C1, C3, forbidden pairs), higher
        ranked player first, in rank order; ``self.edge_ids[u, v]`` numbers them (-1: none)."""
        n, players = self.n, self.players
        index = {p.id: i for i, p in enumerate(players)}
        allowed = np.ones((n, n), dtype=bool)
        for i, p in enumerate(players):  # C1, as rematch() reads it: the higher's games
            later = [j for j in (index.get(o) for o in p.opponents) if j is not None and j > i]
            allowed[i, later] = False
        for pair in forbidden:
            ends = [index[pid] for pid in pair if pid in index]
            if len(ends) == 2:
                allowed[min(ends), max(ends)] = False
        kinds: dict[object, int] = {None: 0}
        clash = np.array(
            [
                kinds.setdefault(
                    self.rules.clash_class(self.snapshot, p, self.preferences[p.id]), len(kinds)
                )
                for p in players
            ],
            dtype=np.int64,
        )
        for start in range(0, n, BLOCK):  # C3
            mine = clash[start : start + BLOCK, None]
            allowed[start : start + BLOCK] &= (mine != clash[None, :]) | (mine == 0)
        return number_pairs(allowed, self.edge_ids)

    def edge(self, u: int, v: int) -> int | None:
        """The live edge between vertices u and v, if any."""
        e = int(self.edge_ids[u, v])
        return None if e < 0 or self.dead[e] else e

    def neighbours(self, u: int, among: np.ndarray | None = None) -> list[int]:
        """The vertices with a live edge to u (those marked in the mask ``among``)."""
        return np.flatnonzero(self._live_row(u, among)).tolist()

    def has_neighbour(self, u: int, among: np.ndarray | None = None) -> bool:
        """Whether u has a live edge to a vertex (marked in the mask ``among``)."""
        return bool(self._live_row(u, among).any())

    def _live_row(self, u: int, among: np.ndarray | None) -> np.ndarray:
        row = self.edge_ids[u]
        ok = row >= 0 if among is None else (row >= 0) & among
        if self.deaths:
            ok[ok] = ~self.dead[row[ok]]
        return ok

    def live_pairs(self, members: np.ndarray | None = None) -> np.ndarray:
        """The live pairs (among ``members``, an array of vertices; None: the whole
        field) as a symmetric n-by-n boolean matrix: the pair table's pairs, those
        ruled out for good cleared (no copy of the table's numbers)."""
        live = self.edge_ids >= 0
        if self.deaths:
            gone = np.flatnonzero(self.dead)
            us, vs = self.edges.u[gone], self.edges.v[gone]
            live[us, vs] = live[vs, us] = False
        if members is not None:
            outside = np.ones(self.n, dtype=bool)
            outside[members] = False
            live[outside] = False
            live[:, outside] = False
        return live

    def pairs_among(
        self, group: list[int], exclude: Collection[int] = frozenset()
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The live edges between two vertices of ``group`` (sorted), the lower one
        not in ``exclude``, in rank order: three arrays, the positions in
        ``group`` of their two ends and their edge numbers."""
        members = np.asarray(group, dtype=np.int64)
        everyone = len(members) == self.n and not exclude
        if everyone:  # the whole field (a first round's window): the round's own edges
            first, second = self.edges.u, self.edges.v
            eids = np.arange(len(first), dtype=np.int64)
        else:
            out = []
            excluded = [k for k, v in enumerate(group) if v in exclude] if exclude else []
            for start in range(0, len(members), BLOCK):
                rows = self.edge_ids[members[start : start + BLOCK]][:, members]
                ok = rows >= 0
                ok &= np.arange(len(members))[None, :] > np.arange(start, start + len(ok))[:, None]
                if excluded:
                    ok[:, excluded] = False
                a, b = np.nonzero(ok)
                out.append((a.astype(np.int32) + start, b.astype(np.int32), rows[a, b]))
            first, second, ids = (np.concatenate(x) for x in zip(*out)) if out else ([],) * 3
            first, second = np.asarray(first, np.int32), np.asarray(second, np.int32)
            eids = np.asarray(ids, dtype=np.int64)
        if self.deaths:
            live = ~self.dead[eids]
            first, second, eids = first[live], second[live], eids[live]
        return first, second, eids

    def window_edges(
        self, window: list[int], exclude: Collection[int] = frozenset()
    ) -> tuple[Edges, Positions]:
        """A window model's edges (:meth:`pairs_among`) and where each round edge
        stands among them (its model column)."""
        if len(window) == self.n and not exclude and not self.deaths:
            return self.edges, Positions.identity(len(self.edges))
        first, second, eids = self.pairs_among(window, exclude)
        members = np.asarray(window, dtype=np.int64)
        return Edges(members[first], members[second]), Positions(eids)

    def kill(self, e: int | None) -> None:
        """Remove edge e from the round for good (a frozen decision)."""
        if e is not None:
            self.kill_all(np.array([e], dtype=np.int64))

    def kill_all(self, eids: np.ndarray | Iterable[int]) -> None:
        """Remove the edges ``eids`` for good."""
        eids = np.asarray(eids if isinstance(eids, np.ndarray) else list(eids), dtype=np.int64)
        new = eids[~self.dead[eids]]
        if not len(new):
            return
        self.dead[new] = True
        self.deaths = int(self.dead.sum())
        if self.oracle is not None:
            self.oracle.forbid_all(self.edges.u[new], self.edges.v[new])

    def weigh(self, model: LexMatcher, role: np.ndarray, context: Context) -> list[Weights]:
        """Every active criterion on the window's edge columns of ``model`` (its
        edges ranked higher player first): :func:`mipair.systems.fide.weigh.weigh`."""
        ends = model.ends()
        if self.window_columns is not None:
            ends = ends[:, : self.window_columns]
        active = self.edition.active(self.snapshot.round)
        return weigh(active, self.players, self.signature, ends, role, context)

    def mate_of(self, model: LexMatcher) -> list[int]:
        """The current answer of a window's model, vertex -> vertex: ``n`` for a
        window player paired below, itself for the single one."""
        mate = model.mate({"down": self.n})
        if self.below:
            n = self.n
            mate = [n if w in self.below and v not in self.below else w for v, w in enumerate(mate)]
        return mate
