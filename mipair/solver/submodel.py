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

from mipair.solver.edges import Edges, mask
from mipair.solver.matching import MatchingModel

Edge = tuple[int, int]
Model = TypeVar("Model", bound="Submodels")


class Submodels(MatchingModel):
    """Cutting a part out of a matching model and putting its answer back (a
    part of :class:`mipair.solver.lexmatch.LexMatcher`)."""

    def isolate(
        self: Model,
        cols: Iterable[int],
        core: Callable[[Edges], Iterable[int] | None] | None = None,
    ) -> tuple[Model, list[int]]:
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
        np = self._np
        ne = len(self.edges)
        chosen = set(self.solution)
        given = np.fromiter(cols, dtype=np.int64)
        given = given[given < ne]
        picked = given[np.isin(given, np.fromiter(chosen, dtype=np.int64))]
        nodes = set(self._ends[:, picked].ravel().tolist())
        member = mask(self.n, nodes)
        ok = (
            member[self._ends[0][given]] & member[self._ends[1][given]] & ~self.banned_mask()[given]
        )
        back = given[ok].tolist()
        here = {c: k for k, c in enumerate(back)}
        edges = self.edges.take(back)
        start = core(edges) if core is not None else None
        if start is not None:
            start = {*start, *(here[c] for c in chosen if c in here)}
        sub = type(self)(self.n, edges, sorted(nodes), core=start)
        position = self._positions(back, chosen)
        for weights, at_least in self.pins:
            mine, held = weights.split(position)
            if len(mine):
                sub.pin(mine, at_least - held)
        for c in self.forced & here.keys():
            sub.force(here[c])
        sub.solution = [here[c] for c in chosen if c in here]
        return sub, back

    def _positions(self, back: Sequence[int], chosen: Iterable[int] = ()):
        """Our column -> its index in ``back``, else -2 if in ``chosen``, else -1."""
        np = self._np
        position = np.full(self.m, -1, dtype=np.int64)
        position[np.fromiter(chosen, dtype=np.int64)] = -2
        position[np.asarray(back, dtype=np.int64)] = np.arange(len(back))
        return position

    def adopt(self, sub: Submodels, back: Sequence[int], force: bool = True) -> None:
        """Take the answer of a model made by :meth:`isolate` as the current one:
        its columns are forced here (with ``force``), or only used (it satisfies
        this model: the held columns were this one's answer)."""
        if force:
            for k in sub.solution:
                self.force(back[k])
        self.solution = self._merged(sub, back)

    def _merged(self, sub: Submodels, back: Sequence[int]) -> list[int]:
        """The current answer with the columns of ``sub`` (made by :meth:`isolate`)
        replaced by its answer."""
        mine = set(back)
        return sorted([c for c in self.solution if c not in mine] + [back[k] for k in sub.solution])
