"""The matching model of one window (a bracket and the next scoregroup), 2026 procedure.

Whatever a window decides must leave the rest of the round completable
(C.04.3 (2026) C4). Two exact ways to model the players below it:

* by exits (a large field): a window player may be "down" (paired below) or,
  with an odd field, the single PAB candidate, and a completion oracle (SAT,
  or Dirac's theorem) keeps what is sent down completable, adding a cut to
  the model when it is not;
* whole (a small field): every pair of the players left is in the model, so
  every answer is a completion of the round. In a nearly exhausted field most
  ways of sending players down cannot be completed, and the oracle cut them off
  one MIP at a time (hundreds in a late round of 30 players); this model has
  none of them from the start.
"""

from __future__ import annotations

import numpy as np

from mipair.solver.completion import CompletionOracle, Core
from mipair.solver.edges import Edges, Positions, mask
from mipair.solver.lexmatch import Cut, LexMatcher
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.sparse import core

WHOLE_UP_TO = 1000  # pairs of the players left from which a window models them by exits


class WindowModels:
    """The window models of one round: ``candidates`` may take the PAB (C5)."""

    def __init__(self, field: RoundField, candidates: set[int]) -> None:
        self.field = field
        self.candidates = candidates

    def window(
        self, bracket: list[int], following: list[int], paired: set[int]
    ) -> tuple[LexMatcher, Positions]:
        """The matching model of one bracket and the next scoregroup, and where
        each round edge stands among its columns."""
        field = self.field
        window = sorted(bracket + following)
        inside = set(window)
        lower = [v for v in range(field.n) if v not in paired and v not in inside]
        field.below = set()
        field.window_columns = None
        if lower and self.whole_is_small(window, lower):
            return self.whole(window, lower)
        return self.by_exits(window, lower)

    def by_exits(self, window: list[int], lower: list[int]) -> tuple[LexMatcher, Positions]:
        """The window's model, the players below seen through exits and kept
        completable by the completion oracle's cuts."""
        field = self.field
        inside, lower_set = set(window), set(lower)
        edges, cols = field.window_edges(window)
        below = mask(field.n, lower)
        exits = [(v, "down") for v in window if lower and field.has_neighbour(v, below)]
        exits += [(v, "single") for v in window if v in self.candidates]
        n_edges = len(edges)
        down_col = {v: n_edges + k for k, (v, tag) in enumerate(exits) if tag == "down"}
        single_col = {v: n_edges + k for k, (v, tag) in enumerate(exits) if tag == "single"}
        single_cols = list(single_col.values())
        oracle = self.completion(lower, window) if lower else None

        def check(solution: list[int]) -> Cut | None:
            if oracle is None:
                return None
            chosen = set(solution)
            down = {v for v, c in down_col.items() if c in chosen}
            single_used = any(c in chosen for c in single_cols)
            found = oracle.check(lower_set, inside, down, field.odd and not single_used)
            return None if found is None else cut_of(found, down_col, single_cols)

        start = self.seed(inside, lower_set, cols, down_col, single_col)
        base = core(edges, field.scores)
        if base is not None and start:
            base = [*base, *(c for c in start if c < n_edges)]
        model = LexMatcher(
            field.n,
            edges,
            window,
            exits=exits,
            exit_limits={"single": 1 if field.odd else 0},
            check=check,
            core=base,
            start=start or [],
        )
        return model, cols

    def whole_is_small(self, window: list[int], lower: list[int]) -> bool:
        """Whether the players below a window are few enough to be modelled
        with it (:meth:`whole`): their pairs, at most WHOLE_UP_TO, instead of the
        completion oracle's cuts."""
        group = np.asarray(window + lower, dtype=np.int64)
        ends = 0  # twice the pairs, counted a block of rows at a time, up to the limit
        for start in range(0, len(group), 256):
            ends += self.field.pair_table.count(group[start : start + 256], group)
            if ends // 2 > WHOLE_UP_TO:
                return False
        return True

    def whole(self, window: list[int], lower: list[int]) -> tuple[LexMatcher, Positions]:
        """The matching model of one bracket and the next scoregroup, with every
        player below in it too.

        The window's pairs come first (columns ``0..window_columns-1``, the
        only ones the criteria weigh); then every other pair of the players
        still to pair. Every one of them is matched, but the single PAB
        candidate of an odd field: a window player paired below stands for
        the exit "down" of :meth:`by_exits` (:meth:`RoundField.mate_of`)."""
        field = self.field
        group = sorted(window + lower)
        first, second, eids = field.pairs_among(group)
        at = np.asarray(group, dtype=np.int64)
        inside = mask(field.n, window)[at]
        both = inside[first] & inside[second]
        order = np.concatenate([np.flatnonzero(both), np.flatnonzero(~both)])
        edges = Edges(at[first[order]], at[second[order]])
        cols = Positions(eids[order])
        field.window_columns = int(both.sum())
        field.below = set(lower)
        exits = [(v, "single") for v in group if v in self.candidates]
        single_col = {v: len(edges) + k for k, (v, _) in enumerate(exits)}
        model = LexMatcher(
            field.n,
            edges,
            group,
            exits=exits,
            exit_limits={"single": 1 if field.odd else 0},
            start=self.seed(set(group), set(), cols, {}, single_col) or [],
        )
        return model, cols

    def seed(
        self,
        inside: set[int],
        lower: set[int],
        cols: Positions,
        down_col: dict[int, int],
        single_col: dict[int, int],
    ) -> list[int] | None:
        """The round's current matching (``field.hint``) as columns of a window's
        model, or None when it is not one of its solutions.

        Only a starting point: an answer is kept when the LP bound proves it
        optimal (:meth:`LexMatcher.maximise`). In a first round every pair is
        worth the same, and the matching that proved the round pairable is
        already optimal: no MIP (2,000 players: 49 s of a 64 s round)."""
        field = self.field
        hint = field.hint
        if hint is None:
            return None
        chosen: list[int] = []
        for v in inside:
            w = hint[v]
            c: int | None
            if w == v:
                c = single_col.get(v)
            elif w in lower:
                c = down_col.get(v)
            elif w not in inside:
                return None
            elif w < v:
                continue
            else:
                e = field.edge(v, w)
                c = None if e is None else cols.get(e)
            if c is None:
                return None
            chosen.append(c)
        return sorted(chosen)

    def completion(self, lower: list[int], window: list[int]) -> CompletionOracle:
        """The round's completion oracle, built at the first window with players below.

        Windows go down the field, so every later window and lower part lie
        within this first one's; pairs between two of its window players are
        never needed (they are in the matching model, not below it)."""
        field = self.field
        if field.oracle is None:
            live = field.live_pairs()
            members = np.asarray(window, dtype=np.int64)
            live[np.ix_(members, members)] = False
            field.oracle = CompletionOracle.dense(live, lower + window, self.candidates, field.hint)
        return field.oracle

    def completed(
        self, model: LexMatcher, mate: list[int], window: list[int], paired: set[int]
    ) -> list[int] | None:
        """The round's matching after a window's answer ``mate`` (``n``: paired
        below): the earlier windows' pairs, the window's, and a completion of the
        players below (the whole model's own, or one found by the oracle);
        None if there is none at hand."""
        field = self.field
        n, hint = field.n, field.hint
        if hint is None:
            return None
        new = list(hint)
        if field.below:  # the model held the players below: its answer is the round's
            whole = model.answer.mate()
            for v in [*window, *field.below]:
                new[v] = whole[v]
            return new
        for v in window:
            new[v] = mate[v]
        inside = set(window)
        lower = {v for v in range(n) if v not in paired and v not in inside}
        if lower:
            if field.oracle is None:
                return None
            down = {v for v in window if mate[v] >= n}
            single_below = field.odd and not any(mate[v] == v for v in window)
            below = field.oracle.completion(lower, inside, down, single_below)
            if below is None:
                return None
            for v, w in below.items():
                new[v] = w
        return new


def cut_of(found: Core, down_col: dict[int, int], single_cols: list[int]) -> Cut:
    """The row that rules out the decisions an unsatisfiable core names."""
    coef: dict[int, int] = {}
    rhs = 1
    for kind, v, value in found:
        if kind == "down":
            c = down_col.get(v) if v is not None else None
            if c is None:
                continue
            if value:  # term (1 - x)
                coef[c] = coef.get(c, 0) - 1
                rhs -= 1
            else:  # term x
                coef[c] = coef.get(c, 0) + 1
        elif value:  # single below assumed: some single in the window instead
            for c in single_cols:
                coef[c] = coef.get(c, 0) + 1
        else:  # single in the window: term (1 - sum singles)
            for c in single_cols:
                coef[c] = coef.get(c, 0) - 1
            rhs -= 1
    return coef, rhs
