"""The facts of a Dutch round, in an arbiter's words.

Every absolute criterion that forbids something in the round becomes one
removable :class:`~mipair.explain.facts.Fact`, decided by the Dutch building
blocks (:mod:`mipair.systems.fide.dutch.absolute`):

* ``rematch``: C1, one per pair of players who already played each other;
* ``forbidden``: one per pair an XXP / 260 record forbids this round;
* ``bye``: C2, one per player who may not receive the pairing-allocated bye;
* ``colour``: C3, one per pair of non-topscorers with the same absolute colour.

The first three are C.04.1's, shared by every FIDE system
(:mod:`mipair.systems.fide.rules`); the colour clashes are the Dutch system's.

:func:`colour_breaches` judges a pairing's own colours by the general Swiss
rules (C.04.1 (2026) Art. 6 and 7, (2017) f and g): no colour difference
beyond +-2 and no colour three times in a row. The Dutch system's exception
(both editions): a pair with a topscorer (last round only, :func:`is_topscorer`)
may break them; C10/C11 (2017: C.8/C.9) then count it as a quality criterion.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.explain.facts import BYE, Fact, Matching, PairingProblem, pair
from mipair.model import ForbiddenPairs
from mipair.pairing import RoundPairing
from mipair.reports import Violation
from mipair.systems.fide.colours import colour_breaches as shared_colour_breaches
from mipair.systems.fide.colours import colour_fact, preference
from mipair.systems.fide.dutch.absolute import clash_class, is_topscorer
from mipair.systems.fide.rules import basic_problem
from mipair.systems.fide.state import Snapshot


def dutch_problem(snap: Snapshot) -> PairingProblem:
    """The players to pair in ``snap`` and every absolute-criterion fact among them:
    C.04.1's (:func:`~mipair.systems.fide.rules.basic_problem`) and C3's colour clashes."""
    ids = snap.to_pair
    prefs = {p: preference(snap.players[p]) for p in ids}
    classes = {p: clash_class(snap, snap.players[p], prefs[p]) for p in ids}

    def clash(a: int, b: int) -> list[Fact]:
        if classes[a] is not None and classes[a] == classes[b]:  # C3 (colour_clash)
            return [colour_fact(a, b, prefs[a], prefs[b], ", and neither is a topscorer")]
        return []

    return basic_problem(snap, clash)


def colour_breaches(snap: Snapshot, pairing: RoundPairing) -> list[Violation]:
    """Every player to whom the pairing's own colours give |CD| > 2 or a third equal
    colour in a row, outside the topscorer exception (see the module docstring)."""
    return shared_colour_breaches(snap, pairing, lambda state: is_topscorer(snap, state))


def dutch_boards(snap: Snapshot):
    """Boards of a pairing: colours by Article 5, higher pairing scores first."""
    from mipair.systems.fide.dutch.colours import allocate

    def make(m: Matching) -> tuple[tuple[int, int], ...]:
        st = snap.players
        games = sorted(
            m.games,
            key=lambda g: (
                -max(st[g[0]].pairing_score, st[g[1]].pairing_score),
                -min(st[g[0]].pairing_score, st[g[1]].pairing_score),
                min(st[g[0]].tpn, st[g[1]].tpn),
            ),
        )
        return tuple(allocate(snap, st[a], st[b]) for a, b in games)

    return make


def relaxed_snapshot(snap: Snapshot, waived: tuple[Fact, ...]) -> Snapshot | None:
    """The round with the waived facts lifted (None when a colour clash is waived:
    a colour history cannot be changed without changing the tournament)."""
    players = dict(snap.players)
    t = snap.tournament
    for f in waived:
        if f.kind == "rematch":
            a, b = f.players
            players[a] = replace(players[a], opponents=players[a].opponents - {b})
            players[b] = replace(players[b], opponents=players[b].opponents - {a})
        elif f.kind == "bye":
            players[f.players[0]] = replace(players[f.players[0]], pab_ineligible=False)
        elif f.kind == "forbidden":
            t = replace(t, forbidden=_lift(t.forbidden, set(f.players), snap.round))
        else:
            return None
    return replace(snap, tournament=t, players=players)


def _lift(
    records: tuple[ForbiddenPairs, ...], lifted: set[int], rnd: int
) -> tuple[ForbiddenPairs, ...]:
    """Forbidden-pair records with the pair ``lifted`` allowed in round ``rnd``."""
    out: list[ForbiddenPairs] = []
    for fp in records:
        if not (fp.applies(rnd) and lifted <= set(fp.players)):
            out.append(fp)
            continue
        ids = fp.players
        out += [
            ForbiddenPairs((a, b), fp.first, fp.last)
            for i, a in enumerate(ids)
            for b in ids[i + 1 :]
            if {a, b} != lifted
        ]
    return tuple(out)


ENGINE_MAX_PLAYERS = 150
"""Larger relaxed rounds keep the SAT model's pairing: an explanation should stay quick."""


def engine_pairer(snap: Snapshot, problem: PairingProblem):
    """Pair a relaxed round with the Dutch engine, when it is there and its answer is legal."""

    def pair_relaxed(waived: tuple[Fact, ...]):
        relaxed = relaxed_snapshot(snap, waived)
        if relaxed is None or len(problem.players) > ENGINE_MAX_PLAYERS:
            return None
        try:
            got = relaxed.edition.procedure.pair(relaxed)
        except Exception:
            return None
        m = Matching(
            frozenset(pair(b.white, b.black) for b in got.boards)
            | ({pair(got.bye, BYE)} if got.bye is not None else set())
        )
        kept = [f for f in problem.facts if f not in waived]
        covered = {p for e in m.pairs for p in e} - {BYE}
        if covered != set(problem.players) or not all(m.respects(f) for f in kept):
            return None
        return tuple((b.white, b.black) for b in got.boards), got.bye

    return pair_relaxed
