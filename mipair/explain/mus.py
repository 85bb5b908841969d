"""Minimal reasons (unsatisfiable subsets) and least relaxations (correction sets).

* :func:`find_reason`: an irreducible set of facts that still makes the
  round impossible: a "star" (every partner of one player barred) when
  there is one, else by dropping facts one at a time from a SAT core
  (:func:`deletion_mus`).
* :func:`smallest_mus`: a reason of the smallest size, by the implicit
  hitting-set duality (every reason meets every correction set): python-sat's
  Hitman proposes a smallest hitting set of the correction sets found so far;
  if those facts alone are still impossible they are a smallest reason,
  otherwise the pairing found is grown into a maximal satisfiable set whose
  complement is a new correction set. The deletion-based reason is the upper
  bound; at the deadline the search stops with it (irreducible, maybe not
  smallest).
* :func:`least_relaxations`: the correction sets of minimum size: single
  facts of the reason first, else MaxSAT
  (python-sat's RC2, each fact a soft unit clause of weight 1), each with the
  pairing the relaxed round admits; at the deadline, one minimal (not
  necessarily minimum) correction set grown greedily.

Every search takes a deadline (``time.monotonic()`` value) and says whether
it finished.
"""

from __future__ import annotations

import threading
import time

from pysat.examples.hitman import Hitman
from pysat.examples.rc2 import RC2

from mipair.explain.encoding import SOLVER, PairingSat, TimeUp
from mipair.explain.facts import Matching, PairingProblem


def star_reason(problem: PairingProblem) -> list[int] | None:
    """The smallest "star": facts that leave one node (a player, or the bye) no partner at all.

    When each of its facts blocks a single pair it is irreducible without any
    SAT call: lifting one fact gives that node a partner, and the other nodes
    form a complete graph of even size, which always pairs.
    """
    stars = [s for s in (problem.star(v) for v in problem.nodes) if s is not None]
    return min(stars, key=len) if stars else None


def deletion_mus(
    sat: PairingSat, start: list[int], deadline: float | None = None
) -> tuple[list[int], bool]:
    """An irreducible subset of the facts ``start`` (which forbid every pairing).

    The flag says whether the reduction finished; at the deadline the set
    reduced so far is returned (still a valid reason). ValueError when the
    facts ``start`` allow a pairing.
    """
    sat.deadline = None
    if sat.solve(start) is not None:
        raise ValueError("these facts allow a pairing: there is no reason to find")
    mus = sat.core()
    sat.deadline = deadline
    try:
        i = 0
        while i < len(mus):
            trial = mus[:i] + mus[i + 1 :]
            if sat.solve(trial) is None:
                core = set(sat.core())
                mus = [f for f in trial if f in core]
            else:
                i += 1
        return mus, True
    except TimeUp:
        return mus, False
    finally:
        sat.deadline = None


def find_reason(sat: PairingSat, deadline: float) -> tuple[list[int], bool]:
    """An irreducible reason (a star when there is one), and whether it is proved irreducible."""
    problem = sat.problem
    star = star_reason(problem)
    if star is not None and all(len(problem.facts[i].blocks) == 1 for i in star):
        return star, True
    return deletion_mus(
        sat, star if star is not None else list(range(len(problem.facts))), deadline
    )


def grow(sat: PairingSat, start: Matching, n_facts: int) -> set[int]:
    """A maximal set of facts some pairing respects, grown from pairing ``start``."""
    mss = sat.respected(start)
    for i in range(n_facts):
        if i not in mss:
            m = sat.solve(sorted(mss | {i}))
            if m is not None:
                mss |= sat.respected(m)
    return mss


def smallest_mus(sat: PairingSat, best: list[int], deadline: float) -> tuple[list[int], bool]:
    """A reason with as few facts as possible, starting from the irreducible ``best``.

    The flag says whether it is proved smallest.
    """
    n = len(sat.problem.facts)
    everything = set(range(n))
    hitman = Hitman(htype="sorted")
    sat.deadline = deadline
    try:
        while True:
            hs = sorted(hitman.get() or [])
            if len(hs) >= len(best):
                return best, True  # the lower bound meets the known reason
            m = sat.solve(hs)
            if m is None:
                return hs, True
            hitman.hit(sorted(everything - grow(sat, m, n)))
    except TimeUp:
        return best, False
    finally:
        sat.deadline = None
        hitman.delete()


def single_relaxations(
    sat: PairingSat, reason: list[int], deadline: float, limit: int = 5
) -> list[tuple[list[int], Matching]]:
    """Facts of the reason whose lifting alone makes the round pairable (at most ``limit``).

    A correction set meets every reason, so a one-fact relaxation is a fact
    of the reason; one is the least possible size.
    """
    everything = range(len(sat.problem.facts))
    out: list[tuple[list[int], Matching]] = []
    sat.deadline = deadline
    try:
        for f in reason:
            m = sat.solve([i for i in everything if i != f])
            if m is not None:
                out.append(([f], m))
                if len(out) >= limit:
                    break
    except TimeUp:
        pass
    finally:
        sat.deadline = None
    return out


def least_relaxations(
    sat: PairingSat, reason: list[int], deadline: float, limit: int = 5
) -> tuple[list[tuple[list[int], Matching]], bool]:
    """Up to ``limit`` smallest correction sets (fact indices), each with its pairing.

    The flag says whether they are proved smallest; if MaxSAT runs out of
    time, one correction set that is minimal (no fact of it can be kept) is
    returned instead, or none if even that does not finish.
    """
    start = time.monotonic()
    singles = single_relaxations(sat, reason, start + 0.4 * (deadline - start), limit)
    if singles:
        return singles, True
    n = len(sat.problem.facts)
    out: list[tuple[list[int], Matching]] = []
    best = None
    rc2 = RC2(sat.wcnf(), solver=SOLVER)
    timer = threading.Timer(max(0.0, deadline - time.monotonic()), rc2.interrupt)
    timer.start()
    try:
        for model in rc2.enumerate(block=1, expect_interrupt=True):
            if model is None:
                break
            if best is None:
                best = rc2.cost
            if rc2.cost > best or len(out) >= limit:
                break
            true = set(model)
            out.append(([i for i in range(n) if (i + 1) not in true], sat.decode(model)))
    finally:
        timer.cancel()
        rc2.delete()
    if out:
        return out, True
    return _greedy_relaxation(sat, deadline), False


def _greedy_relaxation(sat: PairingSat, deadline: float) -> list[tuple[list[int], Matching]]:
    """One minimal correction set: grow the facts a pairing respects, waive the rest."""
    n = len(sat.problem.facts)
    sat.deadline = deadline + 1.0  # a little grace: an answer beats none
    try:
        start = sat.solve([])
        assert start is not None
        kept = grow(sat, start, n)
        m = sat.solve(sorted(kept))
        assert m is not None
        return [(sorted(set(range(n)) - kept), m)]
    except TimeUp:
        return []
    finally:
        sat.deadline = None
