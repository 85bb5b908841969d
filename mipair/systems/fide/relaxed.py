"""An impossible round's relaxations paired by the system's own engine (``explain``).

``explain`` finds the least relaxation of a round's facts (:mod:`mipair.explain`);
the pairing it shows is the system's own when the waived facts can be lifted
from the state: a rematch (the game forgotten), a barred PAB (the bar lifted), a
forbidden pair (the record lifted). A waived colour fact cannot be: the colour
history is the tournament's, so the SAT model's pairing is shown then.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.explain.facts import BYE, Fact, Matching, PairingProblem, pair
from mipair.model import ForbiddenPairs
from mipair.systems.base import RelaxedPairer
from mipair.systems.fide.state import Snapshot


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
            t = replace(t, forbidden=lift(t.forbidden, set(f.players), snap.round))
        else:
            return None
    return replace(snap, tournament=t, players=players)


def lift(
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


def engine_pairer(snap: Snapshot, problem: PairingProblem) -> RelaxedPairer:
    """Pair a relaxed round with the system's engine, when it is there and its answer is legal."""

    def pair_relaxed(
        waived: tuple[Fact, ...],
    ) -> tuple[tuple[tuple[int, int], ...], int | None] | None:
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
