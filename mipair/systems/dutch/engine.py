"""Pair a round with the FIDE (Dutch) System as a series of lexicographic matchings.

C.04.3 (2026) 4.6 states the bracket procedure as an optimisation: the
candidate a bracket keeps is the one with the best failure vector (C5, C6 ..
C21); ties are broken by the order in which Articles 3-4 generate candidates
(MDP set, MDP-Pairing, remainder exchange, remainder transposition). We solve
exactly that with one matching model over every player still to be paired
(:class:`mipair.solver.lexmatch.LexMatcher`):

1. Hard constraints: only pairs allowed by C1, C3 and forbidden pairs exist;
   every player is matched except, with an odd count, one PAB candidate of
   the lowest possible score (C2, C4, C5), found by a first solve.
2. Bracket by bracket, from the top scoregroup down: maximise the quality
   criteria of ``models/dutch-<edition>.toml`` lexicographically over the whole
   field (so completion and the look-ahead of C8 are exact) and pin them.
3. Then freeze, one after another, the choices the generation order decides,
   each by asking the pinned model for the best matching under a small
   ordering objective: which MDPs are paired, their opponents, how many and
   which residents are exchanged between S1 and S2, and each S1 player's
   opponent. A question whose answer the current optimum already shows is not
   asked again.
"""

from __future__ import annotations

import numpy as np

from mipair.errors import NoPairingError, TooLargeError
from mipair.memory import available_memory
from mipair.model import PlayerState, Snapshot
from mipair.pairing import Board, RoundPairing
from mipair.solver.completion import CompletionOracle
from mipair.solver.edges import Edges, Positions, mask
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.dutch.absolute import clash_class, forbidden_pairs, pab_eligible
from mipair.systems.dutch.bracket import Bracket
from mipair.systems.dutch.colours import allocate, preference
from mipair.systems.dutch.criteria import PairContext, signature
from mipair.systems.dutch.edition import Edition, load_edition
from mipair.systems.dutch.order import board_order
from mipair.systems.dutch.sparse import core
from mipair.systems.dutch.weigh import kinds, roles, weigh

PAIR_BYTES = 700  # resident memory per candidate pair, measured (benchmark peaks, 2026-11-25):
# 1,000 players 312 MiB (500,000 pairs), 2,000 1,085 MiB (2 million),
# 5,000 6.3-7.3 GB (12.5 million)


def pair_dutch(snap: Snapshot, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``snap.round`` by the Dutch rules of ``snap.rules`` (or ``edition``)."""
    fits(len(snap.to_pair), available_memory())
    return _Round(snap, edition or load_edition(snap.rules)).pair()


def fits(n: int, available: int | None) -> None:
    """Refuse (exit 4) a field whose candidate pairs would not fit in ``available``
    bytes (None: unknown), rather than exhaust the machine: the engine holds
    every pair of the players to pair (5,000 players: about 8.7 GB)."""
    need = PAIR_BYTES * n * (n - 1) // 2
    if available is not None and need > available:
        raise TooLargeError(
            f"{n} players to pair need about {need / 2**20:,.0f} MiB of memory "
            f"for their {n * (n - 1) // 2:,} candidate pairs; "
            f"{available / 2**20:,.0f} MiB available"
        )


class _Round:
    """The players of one round, sorted by pairing score then pairing number (1.2)."""

    def __init__(self, snap: Snapshot, edition: Edition) -> None:
        self.snap = snap
        self.edition = edition
        players = [snap.players[pid] for pid in snap.to_pair]
        players.sort(key=lambda p: (-p.pairing_score, p.tpn))
        self.p: list[PlayerState] = players
        self.n = len(players)
        self.sc = [p.pairing_score for p in players]
        self.prefs = {p.id: preference(p) for p in players}
        self.eligible = [pab_eligible(p) for p in players]
        self.edges = self._candidates(forbidden_pairs(snap))
        self.dead: set[int] = set()
        self.oracle: CompletionOracle | None = None
        self.odd = self.n % 2 == 1
        self.hint: list[int] | None = None  # a matching of the field (mate per vertex), once known
        kinds: dict[tuple, int] = {}  # a number per vertex: its criteria signature
        self.signature = np.array(
            [
                kinds.setdefault(signature(p, self.prefs[p.id], ok), len(kinds))
                for p, ok in zip(players, self.eligible)
            ],
            dtype=np.int64,
        )

    def _candidates(self, fb: set[frozenset[int]]) -> Edges:
        """Every pair the absolute criteria allow (C1, C3, forbidden pairs), higher
        ranked player first, in rank order; ``self.eidm[u, v]`` numbers them (-1: none)."""
        n, players = self.n, self.p
        index = {p.id: i for i, p in enumerate(players)}
        allowed = np.ones((n, n), dtype=bool)
        for i, p in enumerate(players):  # C1, as rematch() reads it: the higher's games
            later = [j for j in (index.get(o) for o in p.opponents) if j is not None and j > i]
            allowed[i, later] = False
        for pair in fb:
            ends = [index[pid] for pid in pair if pid in index]
            if len(ends) == 2:
                allowed[min(ends), max(ends)] = False
        kinds: dict[object, int] = {None: 0}
        clash = np.array(
            [
                kinds.setdefault(clash_class(self.snap, p, self.prefs[p.id]), len(kinds))
                for p in players
            ],
            dtype=np.int64,
        )
        allowed &= ~((clash[:, None] == clash[None, :]) & (clash[:, None] > 0))  # C3
        u, v = np.nonzero(np.triu(allowed, 1))
        self.eidm = np.full((n, n), -1, dtype=np.int32)
        self.eidm[u, v] = self.eidm[v, u] = np.arange(len(u), dtype=np.int32)
        return Edges(u, v)

    # -- helpers --------------------------------------------------------------
    def edge(self, u: int, v: int) -> int | None:
        """The live edge between vertices u and v, if any."""
        e = int(self.eidm[u, v])
        return None if e < 0 or e in self.dead else e

    def neighbours(self, u: int, among=None) -> list[int]:
        """The vertices with a live edge to u (those marked in the mask ``among``)."""
        row = self.eidm[u]
        ok = row >= 0 if among is None else (row >= 0) & among
        return [w for w in np.flatnonzero(ok).tolist() if int(row[w]) not in self.dead]

    def pairs_among(self, group: list[int], exclude: set[int] = frozenset()):
        """The live edges between two vertices of ``group`` (sorted), the lower one
        not in ``exclude``, in rank order: three arrays, the positions in
        ``group`` of their two ends and their edge numbers."""
        w = np.asarray(group, dtype=np.int64)
        sub = self.eidm[np.ix_(w, w)]
        ok = np.triu(sub >= 0, 1)
        if exclude:
            ok[:, [k for k, v in enumerate(group) if v in exclude]] = False
        a, b = np.nonzero(ok)
        eids = sub[a, b].astype(np.int64)
        if self.dead:
            live = ~np.isin(eids, np.fromiter(self.dead, dtype=np.int64))
            a, b, eids = a[live], b[live], eids[live]
        return a, b, eids

    def window_edges(
        self, win: list[int], exclude: set[int] = frozenset()
    ) -> tuple[Edges, Positions]:
        """A window model's edges (:meth:`pairs_among`) and where each round edge
        stands among them (its model column)."""
        a, b, eids = self.pairs_among(win, exclude)
        w = np.asarray(win, dtype=np.int64)
        return Edges(w[a], w[b]), Positions(eids)

    def kill(self, e: int | None) -> None:
        """Remove edge e from the round for good (a frozen decision)."""
        if e is not None:
            self.dead.add(e)
            if self.oracle is not None:
                self.oracle.forbid(*self.edges[e])

    def kill_all(self, eids) -> None:
        """Remove the edges ``eids`` (an array) for good."""
        for e in eids.tolist():
            self.kill(e)

    # -- C5: the lowest score of a PAB recipient --------------------------------
    def bye_score(self) -> tuple[int, bool]:
        """S* and whether C9 applies to the first bracket (see the module docstring)."""
        n, sc = self.n, self.sc
        must = [i for i in range(n) if not self.eligible[i]]
        try:
            lm = LexMatcher(n, self.edges, must, n // 2, core=core(self.edges, sc))
            ranks = sorted(set(sc))
            level = np.array([ranks.index(s) for s in sc], dtype=np.int64)
            lower = Weights.dense(level[self.edges.u] + level[self.edges.v])
            top = Weights.dense((level[self.edges.v] == level[0]).astype(np.int64))
            lm.maximise([lower, top])
        except Infeasible:
            raise NoPairingError(
                "no pairing satisfies the absolute criteria "
                "(rematches, colours, forbidden pairs, PAB eligibility)"
            ) from None
        mate = self.hint = lm.mate()
        bye = next(v for v in range(n) if mate[v] == v)
        s_star = sc[bye]
        single = s_star >= sc[0] and all(sc[mate[v]] >= sc[0] for v in range(n) if sc[v] >= sc[0])
        return s_star, single

    # -- the round ------------------------------------------------------------
    def pair(self) -> RoundPairing:
        snap, n = self.snap, self.n
        if n == 0:
            return RoundPairing(snap.round, ())
        if self.edition.procedure == "2017":
            from mipair.systems.dutch.procedure2017 import brackets_2017

            return self.publish(brackets_2017(self))
        s_star, single = self.bye_score() if self.odd else (0, False)
        self.s_star = s_star
        played = sorted((p.played_games for p in self.p if p.pairing_score == s_star), reverse=True)
        self.unplayed_rank = {g: k for k, g in enumerate(played)} if self.odd else {}
        self.candidates = {
            i for i in range(n) if self.odd and self.eligible[i] and self.sc[i] <= s_star
        }
        if not self.odd:
            try:
                lm = LexMatcher(n, self.edges, range(n), n // 2, core=core(self.edges, self.sc))
                lm.maximise([])
                self.hint = lm.mate()
            except Infeasible:
                raise NoPairingError(
                    "no pairing satisfies the absolute criteria "
                    "(rematches, colours, forbidden pairs)"
                ) from None
        if self.edition.procedure == "2012":  # dutch2012 hook (issue 27): the procedure table
            from mipair.systems.dutch.procedure2012 import brackets_2012, publish_2012

            return publish_2012(self, brackets_2012(self))
        mates = self.brackets(single)
        return self.publish(mates)

    def window(
        self, bracket: list[int], nxt: list[int], paired: set[int]
    ) -> tuple[LexMatcher, dict[int, int]]:
        """The matching model of one bracket and the next scoregroup.

        Players below (the rest of the field) appear only through exits: a
        window player may be "down" (paired below) or, with an odd field, be
        the single PAB candidate; a SAT oracle keeps what is sent down
        completable, adding cuts to the model when it is not.
        """
        win = sorted(bracket + nxt)
        wset = set(win)
        lower = [v for v in range(self.n) if v not in paired and v not in wset]
        lset = set(lower)
        edges, cols = self.window_edges(win)
        below = mask(self.n, lower)
        exits = [(v, "down") for v in win if lower and self.neighbours(v, below)]
        exits += [(v, "single") for v in win if v in self.candidates]
        ne = len(edges)
        down_col = {v: ne + k for k, (v, tag) in enumerate(exits) if tag == "down"}
        single_col = {v: ne + k for k, (v, tag) in enumerate(exits) if tag == "single"}
        single_cols = list(single_col.values())
        oracle = self.completion(lower, win) if lower else None

        def check(solution: list[int]):
            if oracle is None:
                return None
            chosen = set(solution)
            down = {v for v, c in down_col.items() if c in chosen}
            single_used = any(c in chosen for c in single_cols)
            core = oracle.check(lset, wset, down, self.odd and not single_used)
            if core is None:
                return None
            coef: dict[int, int] = {}
            rhs = 1
            for kind, v, val in core:
                if kind == "down":
                    c = down_col.get(v)
                    if c is None:
                        continue
                    if val:  # term (1 - x)
                        coef[c] = coef.get(c, 0) - 1
                        rhs -= 1
                    else:  # term x
                        coef[c] = coef.get(c, 0) + 1
                elif val:  # single below assumed: some single in the window instead
                    for c in single_cols:
                        coef[c] = coef.get(c, 0) + 1
                else:  # single in the window: term (1 - sum singles)
                    for c in single_cols:
                        coef[c] = coef.get(c, 0) - 1
                    rhs -= 1
            return coef, rhs

        start = self.seed(wset, lset, cols, down_col, single_col)
        base = core(edges, self.sc)
        if base is not None and start:
            base = [*base, *(c for c in start if c < ne)]
        lm = LexMatcher(
            self.n,
            edges,
            win,
            exits=exits,
            exit_limits={"single": 1 if self.odd else 0},
            check=check,
            core=base,
        )
        lm.solution = start or []
        return lm, cols

    def seed(
        self,
        wset: set[int],
        lower: set[int],
        cols: Positions,
        down_col: dict[int, int],
        single_col: dict[int, int],
    ) -> list[int] | None:
        """The round's current matching (``self.hint``) as columns of a window's
        model, or None when it is not one of its solutions.

        Only a starting point: an answer is kept when the LP bound proves it
        optimal (:meth:`LexMatcher._proven`). In a first round every pair is
        worth the same, and the matching that proved the round pairable is
        already optimal: no MIP (2,000 players: 49 s of a 64 s round)."""
        hint = self.hint
        if hint is None:
            return None
        chosen: list[int] = []
        for v in wset:
            w = hint[v]
            if w == v:
                c = single_col.get(v)
            elif w in lower:
                c = down_col.get(v)
            elif w not in wset:
                return None
            elif w < v:
                continue
            else:
                e = self.edge(v, w)
                c = None if e is None else cols.get(e)
            if c is None:
                return None
            chosen.append(c)
        return sorted(chosen)

    def completion(self, lower: list[int], win: list[int]) -> CompletionOracle:
        """The round's completion oracle, built at the first window with players below.

        Windows go down the field, so every later window and lower part lie
        within this first one's; pairs between two of its window players are
        never needed (they are in the matching model, not below it)."""
        if self.oracle is None:
            live = self.eidm >= 0
            if self.dead:
                gone = np.fromiter(self.dead, dtype=np.int64, count=len(self.dead))
                us, vs = self.edges.u[gone], self.edges.v[gone]
                live[us, vs] = live[vs, us] = False
            w = np.asarray(win, dtype=np.int64)
            live[np.ix_(w, w)] = False
            self.oracle = CompletionOracle.dense(live, lower + win, self.candidates, self.hint)
        return self.oracle

    def completed(self, mate: list[int], win: list[int], paired: set[int]) -> list[int] | None:
        """The round's matching after a window's answer ``mate`` (``n``: paired
        below): the earlier windows' pairs, the window's, and a completion of the
        players below found by the oracle; None if it finds none."""
        n, hint = self.n, self.hint
        if hint is None:
            return None
        new = list(hint)
        for v in win:
            new[v] = mate[v]
        wset = set(win)
        lower = {v for v in range(n) if v not in paired and v not in wset}
        if lower:
            if self.oracle is None:
                return None
            down = {v for v in win if mate[v] >= n}
            single_below = self.odd and not any(mate[v] == v for v in win)
            below = self.oracle.completion(lower, wset, down, single_below)
            if below is None:
                return None
            for v, w in below.items():
                new[v] = w
        return new

    def brackets(self, single0: bool) -> dict[int, int]:
        """Pair bracket after bracket; return vertex -> vertex (the bye maps to itself)."""
        n, sc = self.n, self.sc
        pos = 0
        while pos < n and sc[pos] >= sc[0]:
            pos += 1
        bracket = list(range(pos))
        n_mdp = 0
        flag, prev_flag = single0, single0
        self.single0 = single0
        final: dict[int, int] = {}
        while len(bracket) > 1 or pos < n:
            nxt: list[int] = []
            if pos < n:
                s = sc[pos]
                while pos < n and sc[pos] >= s:
                    nxt.append(pos)
                    pos += 1
            lm, cols = self.window(bracket, nxt, set(final))
            role = self.roles(bracket, nxt, n_mdp)
            kind = kinds(self.signature, role)
            lm.maximise(self.tiers(lm, role, bracket, nxt, n_mdp, flag, prev_flag), classes=kind)
            matched = Bracket(self, lm, cols, bracket, n_mdp, nxt, kind).decide()
            mate = lm.mate({"down": n})
            self.hint = self.completed(mate, bracket + nxt, set(final))
            nxt_flag = self.odd and bool(nxt) and self.s_star >= sc[nxt[0]]
            carried: list[int] = []
            n_mdp = 0
            bset = set(bracket)
            for v in bracket + nxt:
                if v in bset and v in matched:
                    final[v] = mate[v]
                    continue
                carried.append(v)
                n_mdp += v in bset
                if nxt_flag and (mate[v] >= n or sc[mate[v]] < sc[nxt[0]]):
                    nxt_flag = False
            prev_flag, flag = flag, nxt_flag
            bracket = carried
        for v in bracket:
            final[v] = v
        return final

    def roles(self, bracket: list[int], nxt: list[int], n_mdp: int) -> np.ndarray:
        """A role per vertex in the window: MDP, in the bracket, in the next scoregroup."""
        return roles(self.n, bracket + nxt, set(bracket[:n_mdp]), set(bracket), set(nxt))

    def tiers(
        self,
        lm: LexMatcher,
        role: np.ndarray,
        bracket: list[int],
        nxt: list[int],
        n_mdp: int,
        flag: bool,
        prev_flag: bool,
    ) -> list[Weights]:
        """The bracket's quality criteria (2026) as lexicographic tiers of edge weights."""
        bset, gset = set(bracket), set(nxt)
        mdps = set(bracket[:n_mdp])
        common = dict(prefs=self.prefs, bye_score=self.s_star, unplayed_rank=self.unplayed_rank)

        def context(u: int, v: int) -> PairContext:
            fl = prev_flag if (u in mdps and v in mdps) else flag
            return PairContext(
                in_bracket=v in bset, in_next=v in gset, single_bye_floater=fl, **common
            )

        return self.weigh(lm, role, context)

    def weigh(self, lm: LexMatcher, role, context) -> list[Weights]:
        """Every active criterion on every edge column of ``lm`` (a window's model,
        its edges ranked higher player first): :func:`mipair.systems.dutch.weigh.weigh`."""
        return weigh(
            self.edition.active(self.snap.round), self.p, self.signature, lm.ends(), role, context
        )

    def publish(self, final: dict[int, int]) -> RoundPairing:
        """Colours (Article 5) and board order of the pairs found."""
        pairs, bye = [], None
        for v, w in final.items():
            if v == w:
                bye = self.p[v].id
            elif v < w:
                pairs.append(allocate(self.snap, self.p[v], self.p[w]))
        boards = tuple(Board(w, b) for w, b in board_order(self.snap, pairs))
        return RoundPairing(self.snap.round, boards, bye)
