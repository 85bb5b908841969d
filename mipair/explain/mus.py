"""Minimal reasons (unsatisfiable subsets) and least relaxations (correction sets).

* :func:`deletion_mus`: an irreducible set of facts that still makes the
  round impossible, by dropping facts one at a time from a SAT core.
* :func:`smallest_mus`: a reason of the smallest size, by the implicit
  hitting-set duality (every reason meets every correction set): python-sat's
  Hitman proposes a smallest hitting set of the correction sets found so far;
  if those facts alone are still impossible they are a smallest reason,
  otherwise the pairing found is grown into a maximal satisfiable set whose
  complement is a new correction set. The deletion-based reason is the upper
  bound; a time limit falls back to it (irreducible, maybe not smallest).
* :func:`least_relaxations`: the correction sets of minimum size, by MaxSAT
  (python-sat's RC2, each fact a soft unit clause of weight 1), each with the
  pairing that the relaxed round admits.
"""
from __future__ import annotations

import time

from mipair.explain.encoding import PairingSat
from mipair.explain.facts import Matching


def deletion_mus(sat: PairingSat, kept: list[int]) -> list[int]:
    """An irreducible subset of ``kept`` whose facts still forbid every pairing.

    Raises ValueError when the facts ``kept`` allow a pairing.
    """
    if sat.solve(kept) is not None:
        raise ValueError("the round can be paired: there is no reason to find")
    mus = sat.core()
    i = 0
    while i < len(mus):
        trial = mus[:i] + mus[i + 1:]
        if sat.solve(trial) is None:
            core = set(sat.core())
            mus = [f for f in trial if f in core]
        else:
            i += 1
    return mus


def grow(sat: PairingSat, start: Matching, n_facts: int) -> set[int]:
    """A maximal set of facts some pairing respects, grown from pairing ``start``."""
    mss = sat.respected(start)
    for i in range(n_facts):
        if i not in mss:
            m = sat.solve(sorted(mss | {i}))
            if m is not None:
                mss |= sat.respected(m)
    return mss


def smallest_mus(sat: PairingSat, seconds: float = 3.0) -> tuple[list[int], bool]:
    """A reason with as few facts as possible; the flag says whether it is proved smallest."""
    from pysat.examples.hitman import Hitman

    deadline = time.monotonic() + seconds
    n = len(sat.problem.facts)
    best = deletion_mus(sat, list(range(n)))
    everything = set(range(n))
    hitman = Hitman(htype="sorted")
    try:
        while time.monotonic() < deadline:
            hs = sorted(hitman.get() or [])
            if len(hs) >= len(best):
                return best, True          # lower bound meets the known reason
            m = sat.solve(hs)
            if m is None:
                return hs, True
            hitman.hit(sorted(everything - grow(sat, m, n)))
        return best, False
    finally:
        hitman.delete()


def least_relaxations(sat: PairingSat, limit: int = 5) -> list[tuple[list[int], Matching]]:
    """Up to ``limit`` smallest correction sets (fact indices), each with its pairing."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    wcnf = WCNF()
    for clause in sat.clauses:
        wcnf.append(clause)
    n = len(sat.problem.facts)
    for i in range(n):
        wcnf.append([i + 1], weight=1)
    out: list[tuple[list[int], Matching]] = []
    best = None
    with RC2(wcnf) as rc2:
        for model in rc2.enumerate(block=1):
            if best is None:
                best = rc2.cost
            if rc2.cost > best or len(out) >= limit:
                break
            true = set(model)
            mcs = [i for i in range(n) if (i + 1) not in true]
            out.append((mcs, sat.decode(model)))
    return out
