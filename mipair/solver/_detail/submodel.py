"""Sub-models of a matching model: a part of it re-optimised alone.

A set of edge columns is cut out of a model, every other column held at the
current answer, as a model of its own (:meth:`Submodels.plan`, then
:meth:`Submodels.fill` once the model is made); its answers are put back with
:meth:`Submodels.adopt`. A large round then asks a question of a few thousand
columns instead of the whole window's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import numpy as np

from mipair.solver._detail.highs_model import HighsModel
from mipair.solver._detail.pins import PinnedRows
from mipair.solver._detail.state import ModelState
from mipair.solver.arrays import Bools, Ints
from mipair.solver.edges import Edges, distinct, mask
from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights

Core = Callable[[Edges], Iterable[int] | None]

RELEASED = range(5_000, 100_001)
"""The HiGHS columns of a model that lets its solver data go while a part of it is
asked alone (:meth:`HighsModel.release_solver`). A larger model keeps them: copying it
and factoring its basis again costs more than the memory is worth; a smaller one too,
whose data are small and whose copy would add to a small round's time."""


class Plan(NamedTuple):
    """A part of a model to be asked alone: its nodes, its edges and where each
    stands here (``back``), the columns it starts from, and the current answer's
    columns in it (``mine``)."""

    nodes: list[int]
    back: Ints
    edges: Edges
    start: set[int] | None
    mine: Ints


class Submodels:
    """Cutting a part out of one model and putting its answer back."""

    def __init__(self, state: ModelState, highs: HighsModel) -> None:
        self.state = state
        self.highs = highs

    def plan(self, cols: Iterable[int] | Ints, core: Core | None = None) -> Plan:
        """A model of the edge columns ``cols`` alone, every other column held at the
        current answer: what it is made of.

        Its nodes are those the current answer covers with ``cols``, each matched
        exactly once; every pin becomes the same row over ``cols`` less what the held
        columns contribute (:meth:`fill`). The caller vouches that every answer of this
        model covers those nodes with ``cols`` only (for instance, it has asked the
        model and forbidden the alternatives): then the two parts are independent and
        the small model's answers are the large one's. ``core(edges)``, if given,
        names the edges the small model starts from (with the current answer's)."""
        state, highs = self.state, self.highs
        problem = state.problem
        if len(highs.ours) in RELEASED:
            highs.release_solver()  # this model waits while the small one works
        ne = problem.ne
        given = np.asarray(cols if isinstance(cols, np.ndarray) else list(cols), dtype=np.int64)
        given = given[given < ne]
        solution = np.asarray(state.solution, dtype=np.int64)
        in_given = np.zeros(problem.m, dtype=bool)
        in_given[given] = True
        picked = solution[in_given[solution]]
        ends = problem.ends
        nodes = distinct(ends[:, picked].ravel())
        member = mask(problem.n, nodes.tolist())
        ok = member[ends[0][given]] & member[ends[1][given]] & ~state.banned.mask[given]
        back = given[ok]  # our columns in the small model, in order
        if len(back) > 1 and not np.all(back[1:] > back[:-1]):
            back = distinct(back)
        edges = problem.edges.take(back)
        mine = self.here(back, solution)  # the current answer's columns there
        named = core(edges) if core is not None else None
        start = {*named, *mine.tolist()} if named is not None else None
        return Plan(nodes.tolist(), back, edges, start, mine)

    def fill(self, plan: Plan, state: ModelState, pins: PinnedRows, highs: HighsModel) -> None:
        """Give the part's model (its ``state``, ``pins`` and ``highs``) the pins,
        forced columns and answer of this one, restricted to ``plan.back``."""
        back = plan.back
        position = self.positions(back, self.state.solution)
        solution = np.asarray(self.state.solution, dtype=np.int64)
        held_out = solution[position[solution] == -2]  # the answer's columns outside
        restricted: dict[int, ColumnKeys] = {}

        def inside(weights: Weights, at_least: int) -> tuple[Weights, int]:
            """A pinned level as the same row over ``back``, less what the held columns give."""
            if isinstance(weights, KeyedWeights):  # stays a table: the keys of ``back``
                return weights.restrict(back, restricted), at_least - weights.total(held_out)
            inner, held = weights.split(position)
            return inner, at_least - held

        for weights, at_least in self.state.pins:
            inner, level = inside(weights, at_least)
            if len(inner):
                pins.pin(inner, level)
        levels = (inside(weights, at_least) for weights, at_least in self.state.deferred)
        state.deferred = [(inner, level) for inner, level in levels if len(inner)]
        forced = self.state.forced
        ordered = np.sort(np.fromiter(forced, dtype=np.int64, count=len(forced)))
        for k in self.here(back, ordered).tolist():
            highs.force(k)
        state.solution = plan.mine.tolist()

    def _held_in(self, back: Ints, cols: Ints) -> Bools:
        """A mask of the columns of ``cols`` the sorted array ``back`` holds."""
        at = np.minimum(np.searchsorted(back, cols), len(back) - 1)
        held: Bools = back[at] == cols
        return held

    def here(self, back: Ints, cols: Ints) -> Ints:
        """The positions in the sorted array ``back`` of those of ``cols`` it holds."""
        at = np.minimum(np.searchsorted(back, cols), max(len(back) - 1, 0))
        hit = back[at] == cols if len(back) else np.zeros(len(cols), dtype=bool)
        found: Ints = at[hit]
        return found

    def positions(self, back: Sequence[int] | Ints, chosen: Iterable[int] = ()) -> Ints:
        """Our column -> its index in ``back``, else -2 if in ``chosen``, else -1."""
        position = np.full(self.state.problem.m, -1, dtype=np.int64)
        position[np.fromiter(chosen, dtype=np.int64)] = -2
        position[np.asarray(back, dtype=np.int64)] = np.arange(len(back))
        return position

    def adopt(self, theirs: Sequence[int], back: Ints, force: bool = True) -> None:
        """Take the answer ``theirs`` of a part made by :meth:`plan` (its columns there)
        as the current one: its columns are forced here (with ``force``), or only used
        (it satisfies this model: the held columns were this one's answer).

        Its columns enter HiGHS if they were still out: the next LP then starts with
        the answer among its columns, and pricing need not let them in again."""
        if force:
            for k in theirs:
                self.highs.force(int(back[k]))
        self.state.solution = self.merged(theirs, back)
        self.highs.let_in(self.state.solution)

    def merged(self, theirs: Sequence[int], back: Sequence[int] | Ints) -> list[int]:
        """The current answer with the columns of a part (``back``) replaced by its
        answer ``theirs``."""
        ours = np.asarray(self.state.solution, dtype=np.int64)
        back = np.asarray(back, dtype=np.int64)
        kept = ours[~np.isin(ours, back)] if not len(back) else ours[~self._held_in(back, ours)]
        mapped = back[np.asarray(theirs, dtype=np.int64)]
        merged: list[int] = np.sort(np.concatenate([kept, mapped])).tolist()
        return merged
