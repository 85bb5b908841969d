"""A lexicographic matching model asked many questions: the solver's face.

A pairing engine asks a long series of related questions about one graph: "the
best matching under these objectives", then "is there an equally good one in which
this node is matched", and so on. :class:`LexMatcher` keeps one model alive for the
whole series: it is built from a graph (nodes ``0..n-1``, edges, and *exits* that
cover a node without a partner inside the model), and the caller maximises tiers,
forbids and forces columns, and reads the answer. Nothing here knows chess.

Objectives are *tiers* of integer column weights compared lexicographically; a tier
maximised with ``keep`` is pinned, so later questions only see answers optimal for
it. The model proves each answer optimal: an LP relaxation with odd-set cuts and
column generation, a class model, sub-models and MIPs, all of it private to
:mod:`mipair.solver._detail`. The model hands out small views of itself: its
:class:`Answer` and its :class:`Columns` and, for the questions a Dutch remainder
asks, a :class:`Part` of it and its :class:`ClassModel`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from mipair.solver._detail.class_solve import Relaxation
from mipair.solver._detail.model import CLASSES_FROM, Model
from mipair.solver._detail.state import Check, Cut, Edge, Problem
from mipair.solver._detail.submodel import Core
from mipair.solver.arrays import Bools, Ints
from mipair.solver.edges import Edges
from mipair.solver.errors import Infeasible
from mipair.solver.weights import Tier, Weights, total

__all__ = ["CLASSES_FROM", "Answer", "Check", "ClassModel", "Columns", "Cut", "Edge"]
__all__ += ["Infeasible", "LexMatcher", "Part"]


class LexMatcher:
    """A matching model over nodes ``0..n-1``, re-optimised many times.

    Columns ``0..len(edges)-1`` are the edges, then one column per exit ``(node,
    tag)``. ``must_match`` nodes are covered exactly once (by an edge or an exit),
    the others at most once; ``pairs``, if given, exactly this many edges;
    ``exit_limits`` ``{tag: k}`` allows at most k exits of a tag. ``check``, if
    given, is shown every answer and may return a cut ``({column: coefficient},
    rhs)``, a row ``sum coefficient * x >= rhs`` the answer violates, which is then
    added and the question asked again. ``core``: the edge columns the model starts
    from, the others entering only when they could improve an answer (a large
    graph). ``start``: the columns of an answer to start from, kept by a question
    whose optimum it attains (no MIP is then needed).
    """

    def __init__(
        self,
        n: int,
        edges: Edges | Sequence[Edge],
        must_match: Iterable[int] = (),
        pairs: int | None = None,
        *,
        exits: Sequence[tuple[int, str]] = (),
        exit_limits: Mapping[str, int] | None = None,
        check: Check | None = None,
        core: Iterable[int] | None = None,
        start: Sequence[int] | None = None,
    ) -> None:
        model = Model(Problem(n, edges, must_match, pairs, exits, exit_limits, check), core)
        if start is not None:
            model.state.solution = list(start)
        self._model = model
        self._columns = Columns(model.problem, model.state.banned.mask)

    @classmethod
    def _over(cls, model: Model) -> LexMatcher:
        """The face of a model made inside the solver (a part's)."""
        made = cls.__new__(cls)
        made._model = model
        made._columns = Columns(model.problem, model.state.banned.mask)
        return made

    def maximise(
        self,
        tiers: Sequence[Tier],
        *,
        keep: bool = True,
        groups: int | None = None,
        classes: Ints | None = None,
        within: Ints | Sequence[int] | None = None,
    ) -> int:
        """Maximise the tiers lexicographically; the answer becomes an optimal one.
        Returns how many leading tiers it is optimal for: all of them, unless
        ``groups`` stopped the search after that many exactly packed solves (a
        question asked for as many tiers as one solve can settle).

        With ``keep`` every tier's optimum stays pinned afterwards, so later questions
        only see answers optimal for these tiers. ``classes``: a class per node such
        that every tier weighs a column by the classes of its nodes alone; a large
        model then first seeks the optimum on its class model. ``within``: columns
        where the caller expects the answers to lie, asked alone first. Raises
        :class:`Infeasible` when no matching meets the model's constraints."""
        return self._model.maximise(tiers, keep, groups, classes, within)

    def forbid(self, cols: int | Iterable[int] | Ints) -> None:
        """The column ``cols``, or each of the columns ``cols``, may not be used."""
        if isinstance(cols, (int, np.integer)):
            self._model.highs.forbid(int(cols))
        else:
            given = cols if isinstance(cols, np.ndarray) else list(cols)
            self._model.highs.forbid_all(given)

    def force(self, col: int) -> None:
        """The column ``col`` must be used."""
        self._model.highs.force(col)

    @property
    def answer(self) -> Answer:
        """The current answer (the last question's, or ``start``)."""
        return Answer(self._model.problem, self._model.state.solution)

    @property
    def columns(self) -> Columns:
        """The model's columns and which of them are forbidden."""
        return self._columns

    def bound(self, weights: Tier) -> float:
        """An upper bound on the total of ``weights`` over every answer: the LP
        relaxation with odd-set cuts (no MIP; the current answer is kept)."""
        return self._model.relaxation.bound(weights)

    def part(self, cols: Iterable[int] | Ints, core: Core | None = None) -> Part:
        """A model of the edge columns ``cols`` alone, every other column held at the
        current answer; its nodes are those the current answer covers with ``cols``.

        The caller vouches that every answer of the part covers those nodes with
        ``cols`` only (for instance, it has asked :meth:`bound` and forbidden the
        alternatives): the two are then independent, and the part's answers are the
        whole's. ``core(edges)``, if given, names the part's edges it starts from."""
        sub, back = self._model.isolate(cols, core)
        return Part(self._model, sub, back)

    def classes(self, kinds: Ints) -> ClassModel:
        """The class model of the current state, ``kinds`` a class per node (see
        :class:`ClassModel`)."""
        return ClassModel(self._model, kinds)


class Answer:
    """An answer of a model: its columns, the matching they make, a tier's value."""

    def __init__(self, problem: Problem, columns: list[int]) -> None:
        self.columns = columns  # read only
        self._problem = problem

    def mate(self, exit_mate: Mapping[str, int] | None = None) -> list[int]:
        """``mate[v]``: the node matched with v (v itself if uncovered; for an exit,
        ``exit_mate[tag]``, or v itself)."""
        return self._problem.mate(self.columns, exit_mate)

    def value(self, tier: Tier) -> int:
        """The exact total of ``tier`` over the answer."""
        return total(tier, self.columns)


class Columns:
    """A model's columns, read only: ``edges`` (columns ``0..len(edges)-1``), then
    the exits; ``forbidden`` marks the columns no answer may use any more (forbidden
    by the caller, or ruled out by the model: a column is never allowed again)."""

    def __init__(self, problem: Problem, forbidden: Bools) -> None:
        self.edges = problem.edges
        view = forbidden.view()
        view.flags.writeable = False
        self.forbidden: Bools = view
        self._problem = problem

    def touching(self, nodes: Iterable[int]) -> Ints:
        """The columns (edges and exits) covering a node of ``nodes``."""
        return self._problem.touching(nodes)


class Part:
    """A part of a model asked alone (:meth:`LexMatcher.part`): ``model``, whose
    column k is the whole's column ``back[k]`` (sorted)."""

    def __init__(self, whole: Model, sub: Model, back: Ints) -> None:
        self.model = LexMatcher._over(sub)
        self.back = back
        self._whole, self._sub = whole, sub

    def rejoin(self, force: bool = True) -> None:
        """Take the part's answer as the whole's: its columns forced there (with
        ``force``), or only used (the rest of the whole held at its answer, it is an
        answer of the whole)."""
        self._whole.adopt(self._sub, self.back, force)


class ClassModel:
    """The class model of a model's state as it is when made: its nodes in classes
    (``kinds``), a matching summed up by how many pairs it makes of each pair of
    classes and how many exits of each class. Every answer of the model is one of
    its answers, so it bounds them all; when every tier weighs a column by the
    classes of its nodes alone, a matching that makes its optimal counts is optimal."""

    def __init__(self, model: Model, kinds: Ints) -> None:
        self._model = model
        self._aggregate = model.shortcuts.aggregate(kinds)
        self._pins = list(model.state.pins)
        self._relaxation: Relaxation | None = None

    def settle(self, tiers: Sequence[Tier]) -> bool:
        """Settle the tiers from the class model: an answer that makes its
        lexicographic optimum becomes the model's, every tier is pinned at its level,
        and the columns its reduced costs rule out are forbidden. False, and nothing
        changed, when the tiers are not class-wise or no such answer is found."""
        return bool(tiers) and self._model.shortcuts.settle(tiers, self._aggregate)

    def allows(self, cols: Iterable[int]) -> bool:
        """Whether the class model can use the columns ``cols`` together with the
        model's forced ones (False: no answer of the model can)."""
        return self._relaxed().allows(self._model.state.forced.union(cols))

    def most(self, weights: Weights) -> int | None:
        """An upper bound on the total of ``weights`` over every answer of the model:
        the class model's optimum; None when the weights are not class-wise, or it
        has no answer."""
        return self._relaxed().most(weights, self._model.state.forced)

    def _relaxed(self) -> Relaxation:
        """The class model in HiGHS, made at the first question, with the pins of the
        state it was made of."""
        if self._relaxation is None:
            self._relaxation = self._model.shortcuts.relaxation(self._aggregate, self._pins)
        return self._relaxation
