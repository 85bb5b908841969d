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
from mipair.solver.edges import Edges, Marks, Positions
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.colours import Preference, preference
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.pair_table import PairTable
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
        self.pair_table = PairTable(self.n)
        self.candidate_pairs(forbidden_pairs(snap))
        self.dead = Marks(len(self.pair_table))  # the edges ruled out for good
        self.dead_ends: list[np.ndarray] = []  # their ends, (2, k) arrays, as they died
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

    def candidate_pairs(self, forbidden: set[frozenset[int]]) -> None:
        """Number in ``self.pair_table`` every pair the absolute criteria allow
        (C1, C3, forbidden pairs), higher ranked player first, in rank order."""
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
        self.pair_table.number(allowed)

    @property
    def edges(self) -> Edges:
        """The candidate pairs as edges (made when first asked: a model of the whole field)."""
        return self.pair_table.edges()

    def edge(self, u: int, v: int) -> int | None:
        """The live edge between vertices u and v, if any."""
        e = self.pair_table.get(u, v)
        return None if e < 0 or self.dead.get(e) else e

    def has_neighbour(self, u: int, among: np.ndarray | None = None) -> bool:
        """Whether u has a live edge to a vertex (marked in the mask ``among``)."""
        return bool(self._live_row(u, among).any())

    def _live_row(self, u: int, among: np.ndarray | None) -> np.ndarray:
        row = self.pair_table.row(u)
        ok = row >= 0 if among is None else (row >= 0) & among
        if self.deaths:
            found = np.flatnonzero(ok)
            ok[found] = ~self.dead.of(self.pair_table.numbers(u, found))
        return ok

    def live_pairs(self, members: np.ndarray | None = None) -> np.ndarray:
        """The live pairs (among ``members``, an array of vertices; None: the whole
        field) as a symmetric n-by-n boolean matrix: the pair table's pairs, those
        ruled out for good cleared (no copy of the table's numbers)."""
        live = self.pair_table.present()
        if self.deaths:
            us, vs = np.concatenate(self.dead_ends, axis=1)
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
                stop = min(start + BLOCK, len(members))
                out.append(self.pair_table.within(members, start, stop, excluded))
            first, second, ids = (np.concatenate(x) for x in zip(*out)) if out else ([],) * 3
            first, second = np.asarray(first, np.int32), np.asarray(second, np.int32)
            eids = np.asarray(ids, dtype=np.int64)
        if self.deaths:
            live = ~self.dead.of(eids)
            first, second, eids = first[live], second[live], eids[live]
        return first, second, eids

    def window_edges(
        self, window: list[int], exclude: Collection[int] = frozenset()
    ) -> tuple[Edges, Positions]:
        """A window model's edges (:meth:`pairs_among`) and where each round edge
        stands among them (its model column)."""
        if len(window) == self.n and not exclude and not self.deaths:
            return self.edges, Positions.identity(len(self.pair_table))
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
        new = self.dead.mark(eids)
        if not len(new):
            return
        us, vs = self.pair_table.ends(new)
        self.dead_ends.append(np.stack([us, vs]).astype(self.pair_table.place.dtype))
        if self.oracle is not None:
            self.oracle.forbid_all(us, vs)

    @property
    def deaths(self) -> int:
        """How many edges are ruled out for good."""
        return self.dead.count

    def deaths_record(self) -> tuple[tuple[np.ndarray, int], int]:
        """What :meth:`restore` needs to undo every death after now."""
        return self.dead.record(), len(self.dead_ends)

    def restore(self, record: tuple[tuple[np.ndarray, int], int]) -> None:
        """The edges ruled out for good as they were at ``record`` (:meth:`deaths_record`)."""
        marks, count = record
        self.dead.restore(marks)
        del self.dead_ends[count:]

    def weigh(self, model: LexMatcher, role: np.ndarray, context: Context) -> list[Weights]:
        """Every active criterion on the window's edge columns of ``model`` (its
        edges ranked higher player first): :func:`mipair.systems.fide.weigh.weigh`."""
        ends = model.columns.edges.array()
        if self.window_columns is not None:
            ends = ends[:, : self.window_columns]
        active = self.edition.active(self.snapshot.round)
        return weigh(active, self.players, self.signature, ends, role, context)

    def mate_of(self, model: LexMatcher) -> list[int]:
        """The current answer of a window's model, vertex -> vertex: ``n`` for a
        window player paired below, itself for the single one."""
        mate = model.answer.mate({"down": self.n})
        if self.below:
            n = self.n
            mate = [n if w in self.below and v not in self.below else w for v, w in enumerate(mate)]
        return mate
