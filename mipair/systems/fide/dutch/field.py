"""The players of one Dutch round and the pairs the absolute criteria allow.

Every edition's procedure, its window models and the bracket questions
(:mod:`mipair.systems.fide.dutch.bracket`) share this state: the players sorted by
pairing score then pairing number (C.04.3 1.2), vertex ``i`` being the
``i``-th of them, the candidate pairs (C1, C3, forbidden pairs) as numbered
edges, the edges ruled out for good by decisions already frozen, and the
round's current matching.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

import numpy as np

from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Edges, Positions
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.colours import preference
from mipair.systems.fide.dutch.absolute import clash_class
from mipair.systems.fide.dutch.criteria import PairContext, signature
from mipair.systems.fide.dutch.weigh import weigh
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.rules import forbidden_pairs, pab_eligible
from mipair.systems.fide.state import PlayerState, Snapshot

Context = Callable[[int, int], "PairContext | None"]


class RoundField:
    """The players of one round, sorted by pairing score then pairing number (1.2)."""

    def __init__(self, snap: Snapshot, edition: Edition) -> None:
        self.snapshot = snap
        self.edition = edition
        players = [snap.players[pid] for pid in snap.to_pair]
        players.sort(key=lambda p: (-p.pairing_score, p.tpn))
        self.players: list[PlayerState] = players
        self.n = len(players)
        self.scores = [p.pairing_score for p in players]
        self.preferences = {p.id: preference(p) for p in players}
        self.eligible = [pab_eligible(p) for p in players]
        self.edge_ids = np.full((self.n, self.n), -1, dtype=np.int32)
        self.edges = self.candidate_pairs(forbidden_pairs(snap))
        self.dead: set[int] = set()
        self.oracle: CompletionOracle | None = None
        self.odd = self.n % 2 == 1
        self.hint: list[int] | None = None  # a matching of the field (mate per vertex), once known
        self.below: set[int] = set()  # the players below the window, in its model
        self.window_columns: int | None = None  # the window's pairs among its model's columns
        kinds: dict[tuple, int] = {}  # a number per vertex: its criteria signature
        self.signature = np.array(
            [
                kinds.setdefault(signature(p, self.preferences[p.id], ok), len(kinds))
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
                kinds.setdefault(clash_class(self.snapshot, p, self.preferences[p.id]), len(kinds))
                for p in players
            ],
            dtype=np.int64,
        )
        allowed &= ~((clash[:, None] == clash[None, :]) & (clash[:, None] > 0))  # C3
        u, v = np.nonzero(np.triu(allowed, 1))
        self.edge_ids[u, v] = self.edge_ids[v, u] = np.arange(len(u), dtype=np.int32)
        return Edges(u, v)

    def edge(self, u: int, v: int) -> int | None:
        """The live edge between vertices u and v, if any."""
        e = int(self.edge_ids[u, v])
        return None if e < 0 or e in self.dead else e

    def neighbours(self, u: int, among: np.ndarray | None = None) -> list[int]:
        """The vertices with a live edge to u (those marked in the mask ``among``)."""
        row = self.edge_ids[u]
        ok = row >= 0 if among is None else (row >= 0) & among
        return [w for w in np.flatnonzero(ok).tolist() if int(row[w]) not in self.dead]

    def pairs_among(
        self, group: list[int], exclude: Collection[int] = frozenset()
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The live edges between two vertices of ``group`` (sorted), the lower one
        not in ``exclude``, in rank order: three arrays, the positions in
        ``group`` of their two ends and their edge numbers."""
        members = np.asarray(group, dtype=np.int64)
        sub = self.edge_ids[np.ix_(members, members)]
        ok = np.triu(sub >= 0, 1)
        if exclude:
            ok[:, [k for k, v in enumerate(group) if v in exclude]] = False
        first, second = np.nonzero(ok)
        eids = sub[first, second].astype(np.int64)
        if self.dead:
            live = ~np.isin(eids, np.fromiter(self.dead, dtype=np.int64))
            first, second, eids = first[live], second[live], eids[live]
        return first, second, eids

    def window_edges(
        self, window: list[int], exclude: Collection[int] = frozenset()
    ) -> tuple[Edges, Positions]:
        """A window model's edges (:meth:`pairs_among`) and where each round edge
        stands among them (its model column)."""
        first, second, eids = self.pairs_among(window, exclude)
        members = np.asarray(window, dtype=np.int64)
        return Edges(members[first], members[second]), Positions(eids)

    def kill(self, e: int | None) -> None:
        """Remove edge e from the round for good (a frozen decision)."""
        if e is not None:
            self.dead.add(e)
            if self.oracle is not None:
                self.oracle.forbid(*self.edges[e])

    def kill_all(self, eids: np.ndarray | Iterable[int]) -> None:
        """Remove the edges ``eids`` for good."""
        for e in np.asarray(eids, dtype=np.int64).tolist():
            self.kill(e)

    def weigh(self, model: LexMatcher, role: np.ndarray, context: Context) -> list[Weights]:
        """Every active criterion on the window's edge columns of ``model`` (its
        edges ranked higher player first): :func:`mipair.systems.fide.dutch.weigh.weigh`."""
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
