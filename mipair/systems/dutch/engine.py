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

from mipair.errors import NoPairingError
from mipair.model import PlayerState, Snapshot
from mipair.pairing import Board, RoundPairing
from mipair.solver.completion import CompletionOracle
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.dutch.absolute import colour_clash, forbidden_pairs, pab_eligible, rematch
from mipair.systems.dutch.colours import allocate, preference
from mipair.systems.dutch.criteria import PairContext
from mipair.systems.dutch.edition import Edition, load_edition
from mipair.systems.dutch.order import board_order
from mipair.systems.dutch.sparse import core


def pair_dutch(snap: Snapshot, edition: Edition | None = None) -> RoundPairing:
    """Pair round ``snap.round`` by the Dutch rules of ``snap.rules`` (or ``edition``)."""
    return _Round(snap, edition or load_edition(snap.rules)).pair()


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
        fb = forbidden_pairs(snap)
        self.edges: list[tuple[int, int]] = []
        self.eid: dict[tuple[int, int], int] = {}
        for i in range(self.n):
            a = players[i]
            for j in range(i + 1, self.n):
                b = players[j]
                if rematch(a, b) or frozenset((a.id, b.id)) in fb or colour_clash(
                        snap, a, b, self.prefs[a.id], self.prefs[b.id]):
                    continue
                self.eid[(i, j)] = len(self.edges)
                self.edges.append((i, j))
        self.adj: dict[int, list[int]] = {i: [] for i in range(self.n)}
        for i, j in self.edges:
            self.adj[i].append(j)
            self.adj[j].append(i)
        self.dead: set[int] = set()
        self.eligible = [pab_eligible(p) for p in players]
        self.odd = self.n % 2 == 1

    # -- helpers --------------------------------------------------------------
    def edge(self, u: int, v: int) -> int | None:
        """The live edge between vertices u and v, if any."""
        e = self.eid.get((u, v) if u < v else (v, u))
        return None if e is None or e in self.dead else e

    def kill(self, e: int | None) -> None:
        """Remove edge e from the round for good (a frozen decision)."""
        if e is not None:
            self.dead.add(e)

    # -- C5: the lowest score of a PAB recipient --------------------------------
    def bye_score(self) -> tuple[int, bool]:
        """S* and whether C9 applies to the first bracket (see the module docstring)."""
        n, sc = self.n, self.sc
        must = [i for i in range(n) if not self.eligible[i]]
        try:
            lm = LexMatcher(n, self.edges, must, n // 2, core=core(self.edges, sc))
            levels = {s: k for k, s in enumerate(sorted(set(sc)))}
            lower = {e: levels[sc[u]] + levels[sc[v]] for e, (u, v) in enumerate(self.edges)}
            top = {e: int(sc[v] >= sc[0]) for e, (u, v) in enumerate(self.edges)}
            lm.maximise([lower, top])
        except Infeasible:
            raise NoPairingError("no pairing satisfies the absolute criteria "
                                 "(rematches, colours, forbidden pairs, PAB eligibility)")
        mate = lm.mate()
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
        self.candidates = {i for i in range(n)
                           if self.odd and self.eligible[i] and self.sc[i] <= s_star}
        if not self.odd:
            try:
                LexMatcher(n, self.edges, range(n), n // 2,
                           core=core(self.edges, self.sc)).maximise([])
            except Infeasible:
                raise NoPairingError("no pairing satisfies the absolute criteria "
                                     "(rematches, colours, forbidden pairs)")
        mates = self.brackets(single)
        return self.publish(mates)

    def window(self, bracket: list[int], nxt: list[int], paired: set[int]
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
        cols: dict[int, int] = {}
        edges: list[tuple[int, int]] = []
        for a, u in enumerate(win):
            for v in self.adj[u]:
                if v > u and v in wset:
                    e = self.edge(u, v)
                    if e is not None:
                        cols[e] = len(edges)
                        edges.append((u, v))
        exits = [(v, "down") for v in win if lower and any(
            w in lset and self.edge(v, w) is not None for w in self.adj[v])]
        exits += [(v, "single") for v in win if v in self.candidates]
        ne = len(edges)
        down_col = {v: ne + k for k, (v, tag) in enumerate(exits) if tag == "down"}
        single_cols = [ne + k for k, (v, tag) in enumerate(exits) if tag == "single"]
        oracle = None
        if lower:
            live = {u: [w for w in self.adj[u] if self.edge(u, w) is not None]
                    for u in lower + win}
            oracle = CompletionOracle(lower, win, live, self.candidates & lset)

        def check(solution: list[int]):
            if oracle is None:
                return None
            chosen = set(solution)
            down = {v for v, c in down_col.items() if c in chosen}
            single_used = any(c in chosen for c in single_cols)
            core = oracle.check(down, self.odd and not single_used)
            if core is None:
                return None
            coef: dict[int, int] = {}
            rhs = 1
            for kind, v, val in core:
                if kind == "down":
                    c = down_col.get(v)
                    if c is None:
                        continue
                    if val:       # term (1 - x)
                        coef[c] = coef.get(c, 0) - 1
                        rhs -= 1
                    else:         # term x
                        coef[c] = coef.get(c, 0) + 1
                elif val:         # single below assumed: some single in the window instead
                    for c in single_cols:
                        coef[c] = coef.get(c, 0) + 1
                else:             # single in the window: term (1 - sum singles)
                    for c in single_cols:
                        coef[c] = coef.get(c, 0) - 1
                    rhs -= 1
            return coef, rhs

        lm = LexMatcher(self.n, edges, win, exits=exits,
                        exit_limits={"single": 1 if self.odd else 0}, check=check,
                        core=core(edges, self.sc))
        return lm, cols

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
            tiers = self.tiers(bracket, nxt, n_mdp, flag, prev_flag)
            lm.maximise([{cols[e]: w for e, w in t.items()} for t in tiers])
            matched = _Bracket(self, lm, cols, bracket, n_mdp, nxt).decide()
            mate = lm.mate({"down": n})
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

    def tiers(self, bracket: list[int], nxt: list[int], n_mdp: int, flag: bool,
              prev_flag: bool) -> list[dict[int, int]]:
        """The bracket's quality criteria (2026) as lexicographic tiers of edge weights."""
        bset, gset = set(bracket), set(nxt)
        mdps = set(bracket[:n_mdp])
        common = dict(prefs=self.prefs, bye_score=self.s_star, unplayed_rank=self.unplayed_rank)

        def context(u: int, v: int) -> PairContext:
            fl = prev_flag if (u in mdps and v in mdps) else flag
            return PairContext(in_bracket=v in bset, in_next=v in gset,
                               single_bye_floater=fl, **common)
        return self.weigh(sorted(bset | gset), context)

    def weigh(self, window: list[int], context) -> list[dict[int, int]]:
        """Evaluate every active criterion on every live pair of the window.

        ``context(u, v)`` gives the :class:`PairContext` of the pair (u ranked
        higher), or None to leave the pair out. Criteria that compare levels
        become one tier per level, highest level first.
        """
        crits = self.edition.active(self.snap.round)
        scalar: list[dict[int, int]] = [{} for _ in crits]
        leveled: list[dict[int, dict[int, int]]] = [{} for _ in crits]
        wset = set(window)
        for u in window:
            for v in self.adj[u]:
                if v <= u or v not in wset:
                    continue
                e = self.edge(u, v)
                ctx = None if e is None else context(u, v)
                if ctx is not None:
                    self._add(crits, scalar, leveled, ctx, e, self.p[u], self.p[v])
        out: list[dict[int, int]] = []
        for k in range(len(crits)):
            if leveled[k]:
                out.extend(leveled[k][s] for s in sorted(leveled[k], reverse=True))
            else:
                out.append(scalar[k])
        return out

    @staticmethod
    def _add(crits, scalar, leveled, ctx, e, h, l) -> None:
        for k, c in enumerate(crits):
            val = c.function(ctx, h, l)
            if isinstance(val, int):
                if val:
                    scalar[k][e] = scalar[k].get(e, 0) + val
            else:
                for s, w in val:
                    tier = leveled[k].setdefault(s, {})
                    tier[e] = tier.get(e, 0) + w

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


EXACT_EXCHANGE_SIZE = 18   # remainders up to this size settle exchanges in one solve


class _Bracket:
    """The ordering decisions of one bracket (C.04.3 (2026) Articles 3-4, via 4.6)."""

    def __init__(self, rnd: _Round, lm: LexMatcher, cols: dict[int, int], bracket: list[int],
                 n_mdp: int, nxt: list[int]) -> None:
        self.r, self.lm, self.cols = rnd, lm, cols
        self.bracket, self.nxt = bracket, nxt
        self.mdps = bracket[:n_mdp]
        self.residents = bracket[n_mdp:]
        self.res_lo = self.residents[0] if self.residents else rnd.n
        self.res_hi = self.residents[-1] + 1 if self.residents else rnd.n
        self.matched: set[int] = set()
        self.x3: dict[int, int] = {}
        self.refresh()

    def col(self, u: int, v: int) -> int | None:
        """The model column of the live pair u-v, if any."""
        e = self.r.edge(u, v)
        return None if e is None else self.cols.get(e)

    def kill(self, u: int, v: int) -> None:
        """Freeze: u and v will not be paired in this round."""
        c = self.col(u, v)
        if c is not None:
            self.lm.forbid(c)
            self.r.kill(self.r.edge(u, v))

    def resolve(self, tiers: list[dict[int, int]] | None = None, keep: bool = False,
                groups: int | None = None) -> None:
        self.lm.maximise(tiers if tiers is not None else [self.x3], keep=keep, groups=groups)
        self.refresh()

    def refresh(self) -> None:
        """Read the current answer of the bracket's model."""
        self.mate = self.lm.mate({"down": self.r.n})

    def with_resident(self, v: int) -> bool:
        return self.res_lo <= self.mate[v] < self.res_hi

    def finalize(self, v: int) -> None:
        w = self.mate[v]
        self.matched.update((v, w))
        c = self.col(v, w)
        assert c is not None
        self.lm.force(c)

    def decide(self) -> set[int]:
        if self.mdps and self.residents:
            self.choose_mdps()
            self.mdp_opponents()
        self.remainder()
        return self.matched

    # 3.2.2 / 4.4: the set of MDPs paired in the bracket, earliest BSNs first
    def choose_mdps(self) -> None:
        level = None
        remaining = remaining_matched = 0
        nres = len(self.residents)
        for k, v in enumerate(self.mdps):
            sc = self.r.sc
            if level is None or sc[v] < level:
                level = sc[v]
                same = [w for w in self.mdps[k:] if sc[w] >= level]
                remaining = len(same)
                remaining_matched = sum(1 for w in same if self.with_resident(w))
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                self.matched.add(v)
                continue
            remaining -= 1
            if not self.with_resident(v):
                for r in self.residents:
                    e = self.col(v, r)
                    if e is not None:
                        self.x3[e] = 1
                self.resolve()
            if self.with_resident(v):
                self.matched.add(v)
                remaining_matched -= 1
                for r in self.residents:
                    e = self.col(v, r)
                    if e is not None:
                        self.x3[e] = nres + 1

    # 3.3.3 / 4.2: the MDP-Pairing, each MDP with the highest-ranked resident possible
    def mdp_opponents(self) -> None:
        size = len(self.bracket) + len(self.nxt)
        for v in self.mdps:
            if v not in self.matched:
                continue
            addend, best = size, None
            for r in reversed(self.residents):
                if r in self.matched:
                    continue
                e = self.col(v, r)
                if e is not None:
                    self.x3[e] = addend
                    addend += 1
                    best = r
            if self.mate[v] != best:
                self.resolve()
            self.finalize(v)

    # 3.6 / 4.3: the remainder, its exchanges and transpositions
    def remainder(self) -> None:
        rem = [r for r in self.residents if self.mate[r] >= self.res_lo]
        pairs = sum(1 for r in rem if self.mate[r] < r)
        if not pairs:
            return
        self.x3 = {}
        x1: dict[int, int] = {}
        x2: dict[int, int] = {}
        for i, p in enumerate(rem):
            for o in rem[i + 1:]:
                e = self.col(p, o)
                if e is not None:
                    x1[e] = int(i < pairs)
                    x2[e] = -i
        if not all(self.in_s1(p) for p in rem[:pairs]):
            self.resolve([x1, x2], keep=True)
        exchanges = sum(1 for p in rem[:pairs] if not self.in_s1(p))
        if exchanges and len(rem) <= EXACT_EXCHANGE_SIZE:
            self.exchange_tiers(rem, pairs, x1, x2)
        elif exchanges:
            self.leavers(rem, pairs, exchanges)
            self.entrants(rem, pairs, exchanges)
        for i, p in enumerate(rem):
            for o in rem[i + 1:]:
                if not self.in_s1(p) or self.in_s1(o):
                    self.kill(p, o)
        self.partners(rem)

    def in_s1(self, v: int) -> bool:
        """v is the higher-ranked member of a pair inside the bracket."""
        return v < self.mate[v] < self.res_hi

    def exchange_tiers(self, rem: list[int], pairs: int, x1: dict[int, int],
                       x2: dict[int, int]) -> None:
        """4.3.2 rules 3 and 4 in one exact solve: leavers highest BSN first, then
        entrants lowest BSN first, as two tiers of powers of two after the size
        and sum of the exchange (the sequential questions give the same answer)."""
        size = len(rem)
        leave: dict[int, int] = {}
        enter: dict[int, int] = {}
        for i, p in enumerate(rem):
            for o in rem[i + 1:]:
                c = self.col(p, o)
                if c is None:
                    continue
                if i < pairs:
                    leave[c] = -(2 ** i)
                else:
                    enter[c] = 2 ** (size - 1 - i)
        self.resolve([x1, x2, leave, enter], keep=True)

    def best_partner(self, p: int, rem: list[int]) -> int | None:
        """The lowest-BSN player p could still meet in the remainder."""
        return next((o for o in rem if o > p and o not in self.matched
                     and self.col(p, o) is not None), None)

    def leavers(self, rem: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 3: S1 players leave S1 highest BSN first."""
        left = exchanges
        for i in range(pairs - 1, -1, -1):
            if not left:
                break
            p = rem[i]
            later = [o for o in rem[i + 1:] if self.col(p, o) is not None]
            if self.in_s1(p):
                self.x3 = {self.col(p, o): -1 for o in later}
                self.resolve()
                self.x3 = {}
            gone = not self.in_s1(p)
            left -= gone
            if gone:
                for o in later:
                    self.kill(p, o)

    def entrants(self, rem: list[int], pairs: int, exchanges: int) -> None:
        """4.3.2 rule 4: S2 players enter S1 lowest BSN first."""
        left = exchanges
        for i in range(pairs, len(rem)):
            if left <= 1:
                break
            q = rem[i]
            if not self.in_s1(q):
                later = [c for c in (self.col(q, o) for o in rem[i + 1:]) if c is not None]
                self.x3 = {c: 1 for c in later}
                self.resolve()
                self.x3 = {}
            if self.in_s1(q):
                left -= 1
                for o in rem[:i] + self.nxt:
                    self.kill(q, o)

    def partners(self, rem: list[int]) -> None:
        """4.2: each S1 player, in BSN order, meets the lowest BSN possible.

        The questions go to a model of the remainder alone when it can be cut
        out (:meth:`isolate`). One solve first steers every S1 player towards
        its natural partner (S1[i] - S2[i], squared distance). A player whose
        partner is the best possible one is settled without a question; for
        the first one that is not, the remaining players' questions (one tier
        each, in BSN order) go to the solver layer, which answers as many of
        them as one exactly packed solve can hold; those are settled and the
        walk goes on.
        """
        main = self.isolate(rem)
        s1 = [p for p in rem if self.in_s1(p)]
        self.steer(rem, s1)
        k = 0
        while k < len(s1):
            p = s1[k]
            if self.mate[p] == self.best_partner(p, rem):
                self.finalize(p)
                k += 1
                continue
            self.resolve([self.partner_tier(q, rem) for q in s1[k:]], keep=True, groups=1)
            done = max(1, self.lm.settled)
            for q in s1[k:k + done]:
                self.finalize(q)
            k += done
        if main is not None:
            self.rejoin(*main)

    def isolate(self, rem: list[int]):
        """Ask the partner questions on the remainder's pairs alone, when they can be.

        One question (maximise the use of every other pairing of the players
        paired inside the remainder) shows whether all of them stay paired
        with each other in every candidate still allowed. If so, those other
        pairings are forbidden, and the rest of the window, now independent,
        is held at the current answer while a small model of the remainder
        answers (:meth:`LexMatcher.isolate`). Returns what is needed to put
        the bracket's model back, or None.
        """
        lm, rset = self.lm, set(rem)
        inner = {p for p in rem if self.mate[p] in rset}
        if len(inner) < 8 or len(lm.edges) < 2 * len(inner) ** 2:
            return None
        ne = len(lm.edges)
        outside = {c: 1 for p in inner for c in lm.incident[p] if c not in lm.banned
                   and not (c < ne and lm.edges[c][0] in inner and lm.edges[c][1] in inner)}
        if outside:
            self.resolve([outside], keep=False)
            if self.lm.value(outside):
                return None
            for c in outside:
                if c < ne:
                    self.kill(*lm.edges[c])
                else:
                    lm.forbid(c)
        inside = [c for c in self.cols.values() if c < ne
                  and lm.edges[c][0] in inner and lm.edges[c][1] in inner]
        sub, back = lm.isolate(inside)
        edge_of = {c: e for e, c in self.cols.items()}
        saved = (lm, back, self.cols)
        self.lm, self.cols = sub, {edge_of[c]: k for k, c in enumerate(back)}
        self.refresh()
        return saved

    def rejoin(self, lm: LexMatcher, back: list[int], cols: dict[int, int]) -> None:
        """Put the bracket's model back, with the remainder model's answer forced in it."""
        lm.adopt(self.lm, back)
        self.lm, self.cols = lm, cols
        self.refresh()

    def steer(self, rem: list[int], s1: list[int]) -> None:
        """Move the current matching towards S1[i] - S2[i] when it is far from it.

        Only a shortcut: it leaves the pinned criteria untouched and every
        partner is still confirmed by :meth:`partners`."""
        s2 = [o for o in rem if o not in self.matched and not self.in_s1(o)]
        if len(s1) <= 2 or all(self.mate[p] == self.best_partner(p, rem) for p in s1):
            return
        self.x3 = {}
        for k, p in enumerate(s1):
            for j, o in enumerate(s2):
                c = self.col(p, o) if o > p else None
                if c is not None:
                    self.x3[c] = -(j - k) ** 2
        self.resolve()

    def partner_tier(self, p: int, rem: list[int]) -> dict[int, int]:
        """p's partners in the remainder, the lowest BSN weighing most (1 for the last)."""
        tier, addend = {}, 1
        for o in reversed(rem):
            if o <= p or o in self.matched:
                continue
            e = self.col(p, o)
            if e is not None:
                tier[e] = addend
            addend += 1
        return tier
