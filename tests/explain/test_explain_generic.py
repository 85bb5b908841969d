"""The fact layer on random abstract rounds (no chess): reasons and relaxations by brute force.

Facts may block several pairs, several facts may block the same pair, and
the bye may be barred: the explanation must still give a reason that is
sufficient and irreducible and relaxations that work and are minimum.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mipair.explain import BYE, Fact, PairingProblem, explain_problem


def pairable(problem: PairingProblem, kept: set[int]) -> bool:
    """Brute force: a perfect matching of the nodes using pairs no kept fact blocks."""
    allowed = problem.allowed(kept)

    def rec(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        a = rest[0]
        return any(
            frozenset((a, b)) in allowed and rec(tuple(x for x in rest[1:] if x != b))
            for b in rest[1:]
        )

    return rec(problem.nodes)


@st.composite
def problems(draw) -> PairingProblem:
    n = draw(st.integers(2, 7))
    players = tuple(range(1, n + 1))
    nodes = players + ((BYE,) if n % 2 else ())
    pairs = [frozenset(e) for e in combinations(nodes, 2)]
    facts = []
    for k in range(draw(st.integers(1, 14))):
        blocks = frozenset(draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=2)))
        who = tuple(sorted({p for e in blocks for p in e if p != BYE}))
        facts.append(Fact("rule", who, f"rule {k}", f"lift rule {k}", blocks))
    return PairingProblem(1, players, tuple(facts))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_random_rounds(problem: PairingProblem) -> None:
    everything = set(range(len(problem.facts)))
    e = explain_problem(problem, seconds=5.0)
    assert e.pairable == pairable(problem, everything)
    if e.pairable:
        return
    index = {f: i for i, f in enumerate(problem.facts)}
    reason = {index[f] for f in e.reason}
    assert e.irreducible and e.least
    assert not pairable(problem, reason)
    for i in reason:
        assert pairable(problem, reason - {i})
    if e.smallest:
        for k in range(len(reason)):
            assert all(pairable(problem, set(c)) for c in combinations(everything, k))
    size = len(e.relaxations[0].waived)
    for r in e.relaxations:
        waived = {index[f] for f in r.waived}
        assert len(waived) == size
        kept = everything - waived
        games = {frozenset(g) for g in r.boards}
        if r.bye is not None:
            games.add(frozenset((r.bye, BYE)))
        assert games <= problem.allowed(kept)
        assert sorted(p for g in games for p in g) == sorted(problem.nodes)
    for k in range(size):
        assert not any(pairable(problem, everything - set(c)) for c in combinations(everything, k))
