"""Pair a Burstein round after the seeding rounds (C.04.4.2 (2026) 1.9, 3 and 4).

1. The PAB first (3.1), when the number to pair is odd: to the first player,
   in the edition's ``bye_order`` (lowest score, most games played, lowest
   rank by the Index), who may have it (C2) and leaves the others completely
   pairable (C4): one matching model over the whole field, its PAB the single
   exit of the first candidate possible.
2. The brackets from the top (3.2): the players left unpaired by the bracket
   above and the next scoregroup. Each is paired in a window with the next
   scoregroup (:class:`mipair.systems.fide.windows.WindowModels`: the players
   below kept completable, C4): the criteria C5-C8 of the model file,
   maximised lexicographically and pinned; then the first pairing in the order
   of Article 4 (:class:`Article4`) among those best by them.
3. Colours (5.2, :mod:`~mipair.systems.fide.burstein.colours`) and the board
   order of C.04.2 3.6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from mipair.errors import NoPairingError
from mipair.pairing import RoundPairing
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.burstein.colours import allocate
from mipair.systems.fide.burstein.criteria import PairContext
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.first_matching import completable
from mipair.systems.fide.footprint import refuse_too_large
from mipair.systems.fide.order import published
from mipair.systems.fide.sparse import core
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.weigh import kinds, roles
from mipair.systems.fide.windows import WindowModels
from mipair.systems.swiss_brackets import scoregroups
from mipair.systems.swiss_bye import Rank, bye_key

SLACK = 3
"""Opponents below a player's current one that his question still weighs (:meth:`Article4.tier`)."""
PACKED = 3
"""Questions offered to one solve, at most: packed exactly (:meth:`mipair.solver.lexmatch.LexMatcher.maximise`),
a solve holds two or three; offering more made it harder (1000 players: 12.8 s, not 11.0)."""


def pair_round(snap: Snapshot, rank: Rank, bye_order: Sequence[str]) -> RoundPairing:
    """The Burstein pairing of ``snap``'s round (not a seeding round), the PAB's candidates
    in ``bye_order``; a field whose pairs would not fit in the memory available is
    refused (exit 4), as the Dutch one is."""
    refuse_too_large(snap)
    bye = choose_bye(snap, bye_key(bye_order, rank)) if len(snap.to_pair) % 2 else None
    rest = without(snap, bye)
    field = RoundField(rest, rest.edition)
    pairs: list[tuple[int, int]] = []
    if field.n:
        completable(field, "C1, C3: rematches, colours, forbidden pairs")
        mate = Brackets(field, rank).pair()
        players = field.players
        pairs = [allocate(snap, players[v], players[w], rank) for v, w in mate.items() if v < w]
    return published(snap, pairs, bye)


def without(snap: Snapshot, bye: int | None) -> Snapshot:
    """``snap`` with the PAB recipient out of the pairing."""
    if bye is None:
        return snap
    players = dict(snap.players)
    players[bye] = replace(players[bye], absent=True)
    return replace(snap, players=players)


def choose_bye(snap: Snapshot, key: Callable[[PlayerState], tuple]) -> int:
    """3.1: the first candidate in the order ``key`` who may take the PAB (C2) and leaves
    the others completely pairable (C4); NoPairingError when there is none."""
    field = RoundField(snap, snap.edition)
    n, players = field.n, field.players
    order = sorted((v for v in range(n) if field.eligible[v]), key=lambda v: key(players[v]))
    exits = [(v, "single") for v in order]
    first = len(field.edges)
    tier = Weights(np.arange(first, first + len(order)), n - np.arange(len(order)))
    try:
        model = LexMatcher(
            n,
            field.edges,
            range(n),
            n // 2,
            exits=exits,
            exit_limits={"single": 1},
            core=core(field.edges, field.scores),
        )
        model.maximise([tier])
    except Infeasible:
        raise NoPairingError(
            "no player may take the pairing-allocated bye and leave the others pairable "
            "(C2, C4: rematches, colours, forbidden pairs, PAB eligibility)"
        ) from None
    (single,) = [c - first for c in model.answer.columns if c >= first]
    return players[order[single]].id


class Brackets:
    """The brackets of one round from the top (3.2), the PAB recipient out of the field."""

    def __init__(self, field: RoundField, rank: Rank) -> None:
        self.field = field
        self.rank = rank
        self.windows = WindowModels(field, set())

    def pair(self) -> dict[int, int]:
        """Pair bracket after bracket; vertex -> vertex."""
        field = self.field
        groups = scoregroups(range(field.n), field.scores.__getitem__)
        bracket, later = groups[0], groups[1:]
        final: dict[int, int] = {}
        while bracket:
            following = later.pop(0) if later else []
            model, cols = self.windows.window(bracket, following, set(final))
            role = roles(field.n, bracket + following, set(bracket), set(following))
            model.maximise(
                field.weigh(model, role, self.context(bracket, following)),
                classes=kinds(field.signature, role),
            )
            matched = Article4(field, model, cols, bracket, self.rank).decide()
            mate = field.mate_of(model)
            field.hint = self.windows.completed(model, mate, bracket + following, set(final))
            final.update((v, mate[v]) for v in matched)
            floaters = [v for v in bracket if v not in matched]
            if not following and floaters:
                raise NoPairingError("the last bracket cannot be paired (C4)")
            field.kill_all(
                [e for v in floaters for w in floaters if (e := field.edge(v, w)) is not None]
            )
            bracket = floaters + following
        return final

    def context(
        self, bracket: list[int], following: list[int]
    ) -> Callable[[int, int], PairContext]:
        """The criteria's context of the window pair u-v (u ranked higher: a vertex before v)."""
        members, nxt = set(bracket), set(following)
        prefs = self.field.preferences
        return lambda u, v: PairContext(prefs, v in members, v in nxt)


class Article4:
    """Article 4 in one bracket whose criteria are pinned: the first pairing in its order.

    The bracket's players get BSNs in the order of 1.8 (4.1); a pairing comes first
    when BSN 1's opponent has the larger BSN, a floater (opponent 0) last, then BSN
    2's, and so on (4.2-4.3). So each player in BSN order not paired yet is given the
    highest BSN he can still meet in a pairing that keeps the pinned criteria and C4,
    or floats when he can meet none: a question to the window's model, unless its
    current answer gives him that one already. The questions of the players after him
    go into the same solve, as lexicographic tiers of small weights (:meth:`tier`), and
    every leading one the solve answers exactly is settled with his.
    """

    def __init__(
        self, field: RoundField, model: LexMatcher, cols, bracket: Sequence[int], rank: Rank
    ) -> None:
        self.field, self.model, self.cols = field, model, cols
        players = field.players
        self.order = sorted(bracket, key=lambda v: rank(players[v]))
        self.bsn = {v: k for k, v in enumerate(self.order, 1)}
        self.mate = field.mate_of(model)
        self.settled: set[int] = set()
        self.matched: set[int] = set()
        self.partners = {p: self.columns(p) for p in self.order}

    def columns(self, p: int) -> list[tuple[int, int]]:
        """p's opponents in the bracket that the model allows, highest BSN first, with
        the model columns of their pairs."""
        out = []
        for q in reversed(self.order):
            e = self.field.edge(p, q) if q != p else None
            c = None if e is None else self.cols.get(e)
            if c is not None and not self.model.columns.forbidden[c]:
                out.append((q, c))
        return out

    def options(self, p: int) -> list[tuple[int, int]]:
        """p's possible opponents now: those not settled, whose pair the model still allows."""
        banned = self.model.columns.forbidden
        return [(q, c) for q, c in self.partners[p] if q not in self.settled and not banned[c]]

    def tier(self, p: int) -> dict[int, int]:
        """p's question as a tier: his options weigh more the higher their BSN, down to
        his current opponent and SLACK more; the others, and floating, weigh nothing.

        In a solve of several questions the first can always keep its current opponent,
        so its answer is exact; a later one is exact when its answer weighs something
        (a better opponent would weigh more), and is asked again otherwise."""
        weighed: list[int] = []
        after = -1  # how many more to weigh once the current opponent is met
        for q, c in self.options(p):
            if after == 0:
                break
            weighed.append(c)
            after = SLACK if q == self.mate[p] else after - (after > 0)
        return {c: len(weighed) - k for k, c in enumerate(weighed)}

    def steer(self) -> None:
        """One solve towards the pairs a greedy walk in Article 4's order gives (each
        player the highest BSN free), so that most questions need no solve."""
        taken: set[int] = set()
        wanted: dict[int, int] = {}
        for p in self.order:
            if p in taken:
                continue
            for q, c in self.options(p):
                if q not in taken:
                    wanted[c] = 1
                    taken.update((p, q))
                    break
        if wanted and not set(wanted) <= set(self.model.answer.columns):
            self.model.maximise([wanted], keep=False)
            self.mate = self.field.mate_of(self.model)

    def settle(self, p: int) -> None:
        """Fix p's current answer: his pair in the bracket, or that he floats."""
        q = self.mate[p]
        self.settled.add(p)
        if q in self.bsn:
            self.model.force(dict(self.partners[p])[q])
            self.settled.add(q)
            self.matched.update((p, q))
            return
        for other, c in self.options(p):  # p floats: none of his pairs here is used
            self.model.forbid(c)
            self.field.kill(self.field.edge(p, other))

    def decide(self) -> set[int]:
        """Fix the bracket's pairs in Article 4's order; return the players paired in it."""
        self.steer()
        for k, p in enumerate(self.order):
            if p in self.settled:
                continue
            best = self.options(p)
            if best and self.mate[p] != best[0][0]:
                pending = [q for q in self.order[k:] if q not in self.settled][:PACKED]
                tiers = [self.tier(q) for q in pending]
                settled = self.model.maximise(tiers, keep=False, groups=1)
                self.mate = self.field.mate_of(self.model)
                answer = self.model.answer
                done = 1
                while done < settled and answer.value(tiers[done]):
                    done += 1
                for q in pending[:done]:
                    if q not in self.settled:
                        self.settle(q)
                continue
            self.settle(p)
        return self.matched
