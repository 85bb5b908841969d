"""The model of one bracket's window, as the bracket's ordering questions see it.

:class:`BracketModel` holds a window's pinned matching model and its current
answer, and offers what every question needs: the model column of a pair,
freezing a pair out of the round or a player's partner into it, and asking
the model again under a small ordering objective.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from mipair.solver.edges import Positions, mask
from mipair.solver.lexmatch import LexMatcher
from mipair.solver.weights import Tier
from mipair.systems.fide.field import RoundField


class BracketModel:
    """A bracket's players, its window's model and the model's current answer."""

    def __init__(
        self,
        field: RoundField,
        model: LexMatcher,
        cols: Positions,
        bracket: list[int],
        n_mdp: int,
        following: list[int],
        kind: np.ndarray | None = None,
    ) -> None:
        self.field, self.model, self.cols = field, model, cols
        self.kind = kind  # vertices of one kind weigh alike (weigh.kinds)
        self.bracket, self.following = bracket, following
        self.mdps = bracket[:n_mdp]
        self.residents = bracket[n_mdp:]
        self.resident_low = self.residents[0] if self.residents else field.n
        self.resident_high = self.residents[-1] + 1 if self.residents else field.n
        self.matched: set[int] = set()
        self.mate: list[int] = []
        self.order_weights: dict[int, int] = {}
        self.within: np.ndarray | None = None  # where the answers are expected to lie
        self.refresh()

    def col(self, u: int, v: int) -> int | None:
        """The model column of the live pair u-v, if any (none once the model has
        ruled it out for good: :meth:`LexMatcher.forbid`, or pruned by a pin)."""
        _, c = self._column(u, v)
        return None if c is None or self.model.columns.forbidden[c] else c

    def _column(self, u: int, v: int) -> tuple[int | None, int | None]:
        """The round's live edge u-v and its model column, either None if absent."""
        e = self.field.edge(u, v)
        return e, (None if e is None else self.cols.get(e))

    def kill(self, u: int, v: int) -> None:
        """Freeze: u and v will not be paired in this round."""
        e, c = self._column(u, v)
        if c is not None:
            self.model.forbid(c)
            self.field.kill(e)

    def kill_columns(self, cols: np.ndarray) -> None:
        """Freeze: the pairs of the model's edge columns ``cols`` will not be made."""
        self.model.forbid(cols)
        self.field.kill_all(self.cols.ids[cols])

    def resolve(
        self,
        tiers: Sequence[Tier] | None = None,
        keep: bool = False,
        groups: int | None = None,
    ) -> int:
        """Ask the model again: maximise ``tiers`` (by default the ordering
        objective ``order_weights``), the answers sought first ``within`` the
        columns named there, then read its answer; how many leading tiers it is
        optimal for (:meth:`LexMatcher.maximise`)."""
        asked = tiers if tiers is not None else [self.order_weights]
        settled = self.model.maximise(asked, keep=keep, groups=groups, within=self.within)
        self.refresh()
        return settled

    def refresh(self) -> None:
        """Read the current answer of the bracket's model."""
        self.mate = self.field.mate_of(self.model)

    def with_resident(self, v: int) -> bool:
        """v is currently paired with a resident of the bracket."""
        return self.resident_low <= self.mate[v] < self.resident_high

    def finalize(self, v: int) -> None:
        """Freeze v's current pair into the bracket's answer."""
        w = self.mate[v]
        self.matched.update((v, w))
        c = self.col(v, w)
        assert c is not None
        self.model.force(c)

    def pairs_within(
        self, remaining: list[int], usable: bool = True
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The live pairs of ``remaining`` in the model (and, if ``usable``, not ruled out
        by it: :meth:`col`): four arrays, the positions in ``remaining`` of their two
        players, their edges and their columns."""
        first, second, eids = self.field.pairs_among(remaining)
        cols = self.cols.lookup(eids)
        ok = cols >= 0
        if usable:
            ok[ok] = ~self.model.columns.forbidden[cols[ok]]
        return first[ok], second[ok], eids[ok], cols[ok]

    def in_s1(self, v: int) -> bool:
        """v is the higher-ranked member of a pair inside the bracket."""
        return v < self.mate[v] < self.resident_high

    def columns_to(self, p: int, others: np.ndarray) -> np.ndarray:
        """The model column of p's pair with each player of ``others`` (an
        array), -1 where :meth:`col` has none: one row of the round's pair
        table read at once, not a lookup a pair."""
        field = self.field
        e = field.pair_table.numbers(p, others)
        ok = e >= 0
        if field.deaths:
            ok[ok] = ~field.dead.of(e[ok])
        c = np.full(len(others), -1, dtype=np.int64)
        c[ok] = self.cols.lookup(e[ok])
        usable = c >= 0
        usable[usable] = ~self.model.columns.forbidden[c[usable]]
        c[~usable] = -1
        return c

    def best_partner(self, p: int, remaining: list[int]) -> int | None:
        """The lowest-BSN player p could still meet in the remainder."""
        return next((o for o, _ in self.choices(p, remaining)), None)

    def choices(self, p: int, remaining: list[int]) -> Iterator[tuple[int, int]]:
        """The players p could still meet in the remainder, lowest BSN first,
        with the model columns of their pairs with p."""
        others = np.asarray(remaining, dtype=np.int64)
        others = others[others > p]
        if self.matched and len(others):
            others = others[~mask(self.field.n, self.matched)[others]]
        cols = self.columns_to(p, others)
        hit = np.flatnonzero(cols >= 0)
        return zip(others[hit].tolist(), cols[hit].tolist())

    def kinds_by(self, *groups: list[int]) -> np.ndarray:
        """The players' kinds, told apart further by which of the disjoint
        ``groups`` they are in (the classes of the class model)."""
        assert self.kind is not None, "kinds are known for the 2026 and 2017 windows"
        side = np.zeros(self.field.n, dtype=np.int64)
        for k, group in enumerate(groups, 1):
            side[group] = k
        return self.kind * (len(groups) + 1) + side
