"""Sub-models of a matching model: a part of it re-optimised alone.

:meth:`Submodels.isolate` cuts a set of edge columns out of a
:class:`mipair.solver.lexmatch.LexMatcher`, every other column held at the
current answer, as a model of its own; its answers are put back with
:meth:`Submodels.adopt`. A 1000-player Dutch round then asks a 2,000-column
question instead of a 50,000-column one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import numpy as np

from mipair.solver.edges import Edges, distinct, mask
from mipair.solver.matching import MatchingModel
from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights

Edge = tuple[int, int]
Model = TypeVar("Model", bound="Submodels")

RELEASED = range(5_000, 100_001)
"""The HiGHS columns of a model that lets its solver data go while a part of it is
asked alone (:meth:`MatchingModel.release_solver`: a 1,000-player round 5 of the 2017
edition peaked at 80 -> 76 MiB). A larger model keeps them: copying it and factoring
its basis again cost a fifth of a second each at 500,000 columns, and a 9,999-player
round peaks at 2-4 GB, far below the machine's; a smaller one too, whose data are a
few MiB at most and whose copy would add to a small round's time."""


class Submodels(MatchingModel):
    """Cutting a part out of a matching model and putting its answer back (a
    part of :class:`mipair.solver.lexmatch.LexMatcher`)."""

    def isolate(
        self: Model,
        cols: Iterable[int],
        core: Callable[[Edges], Iterable[int] | None] | None = None,
    ) -> tuple[Model, np.ndarray]:
        """A model of the edge columns ``cols`` alone, every other column held
        at the current solution; returns it and its columns' indices here.

        Its nodes are those the current solution covers with ``cols``, each
        matched exactly once; every pin becomes the same row over ``cols``
        less what the held columns contribute. The caller vouches that every
        solution of this model covers those nodes with ``cols`` only (for
        instance, it has asked the model and forbidden the alternatives):
        then the two parts are independent and the small model's answers are
        the large one's. ``core(edges)``, if given, names the edges the small
        model starts from (with the current solution's).
        """
        if len(self._ours) in RELEASED:
            self.release_solver()  # this model waits while the small one works
        ne = len(self.edges)
        given = np.asarray(cols if isinstance(cols, np.ndarray) else list(cols), dtype=np.int64)
        given = given[given < ne]
        solution = np.asarray(self.solution, dtype=np.int64)
        in_given = np.zeros(self.m, dtype=bool)
        in_given[given] = True
        picked = solution[in_given[solution]]
        nodes = distinct(self._ends[:, picked].ravel())
        member = mask(self.n, nodes.tolist())
        ok = (
            member[self._ends[0][given]] & member[self._ends[1][given]] & ~self.banned_mask()[given]
        )
        back = given[ok]  # our columns in the small model, in order
        if len(back) > 1 and not np.all(back[1:] > back[:-1]):
            back = distinct(back)
        edges = self.edges.take(back)
        mine = self._here(back, solution)  # the current answer's columns there
        start = core(edges) if core is not None else None
        if start is not None:
            start = {*start, *mine.tolist()}
        sub = type(self)(self.n, edges, nodes.tolist(), core=start)
        position = self._positions(back, self.solution)
        held_out = solution[position[solution] == -2]  # the answer's columns outside
        restricted: dict[int, ColumnKeys] = {}

        def inside(weights: Weights, at_least: int) -> tuple[Weights, int]:
            """A pinned level as the same row over ``back``, less what the held columns give."""
            if isinstance(weights, KeyedWeights):  # stays a table: the keys of ``back``
                return weights.restrict(back, restricted), at_least - weights.total(held_out)
            inner, held = weights.split(position)
            return inner, at_least - held

        for weights, at_least in self.pins:
            inner, level = inside(weights, at_least)
            if len(inner):
                sub.pin(inner, level)
        levels = (inside(weights, at_least) for weights, at_least in self.deferred)
        sub.deferred = [(inner, level) for inner, level in levels if len(inner)]
        forced = np.sort(np.fromiter(self.forced, dtype=np.int64, count=len(self.forced)))
        for k in self._here(back, forced).tolist():
            sub.force(k)
        sub.solution = mine.tolist()
        return sub, back

    def _held_in(self, back, cols):
        """A mask of the columns of ``cols`` the sorted array ``back`` holds."""
        at = np.minimum(np.searchsorted(back, cols), len(back) - 1)
        return back[at] == cols

    def _here(self, back, cols):
        """The positions in the sorted array ``back`` of those of ``cols`` it holds."""
        at = np.minimum(np.searchsorted(back, cols), max(len(back) - 1, 0))
        hit = back[at] == cols if len(back) else np.zeros(len(cols), dtype=bool)
        return at[hit]

    def _positions(self, back: Sequence[int] | np.ndarray, chosen: Iterable[int] = ()):
        """Our column -> its index in ``back``, else -2 if in ``chosen``, else -1."""
        position = np.full(self.m, -1, dtype=np.int64)
        position[np.fromiter(chosen, dtype=np.int64)] = -2
        position[np.asarray(back, dtype=np.int64)] = np.arange(len(back))
        return position

    def adopt(self, sub: Submodels, back: Sequence[int] | np.ndarray, force: bool = True) -> None:
        """Take the answer of a model made by :meth:`isolate` as the current one:
        its columns are forced here (with ``force``), or only used (it satisfies
        this model: the held columns were this one's answer).

        Its columns enter HiGHS if they were still out: the next LP then starts
        with the answer among its columns. In a 9,999-player round 4, the solve
        after ``steer``'s walk let in 266,000 columns by pricing without them
        (45 s of LP); with them, none (13 s)."""
        if force:
            for k in sub.solution:
                self.force(int(back[k]))
        self.solution = self._merged(sub, back)
        self._let_in(self.solution)

    def _merged(self, sub: Submodels, back: Sequence[int] | np.ndarray) -> list[int]:
        """The current answer with the columns of ``sub`` (made by :meth:`isolate`)
        replaced by its answer."""
        ours = np.asarray(self.solution, dtype=np.int64)
        back = np.asarray(back, dtype=np.int64)
        kept = ours[~np.isin(ours, back)] if not len(back) else ours[~self._held_in(back, ours)]
        theirs = back[np.asarray(sub.solution, dtype=np.int64)]
        return np.sort(np.concatenate([kept, theirs])).tolist()
