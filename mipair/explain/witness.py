"""Turn a minimal reason into one sentence an arbiter can check by eye.

The facts of a reason leave a graph of allowed pairs (plus the bye node)
without a perfect matching. Its Gallai-Edmonds decomposition names the
culprits: D, the nodes some largest pairing leaves out; A, the nodes outside
D next to D. Every group of D (a connected piece) is odd and can be paired
only inside itself or with A, and there are more such groups than A has
nodes. D is found with SAT (may this node be left out by a pairing that
leaves out as few as possible?), so no matching algorithm is written here.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.explain.encoding import PairingSat, TimeUp
from mipair.explain.facts import BYE, Fact, PairingProblem


@dataclass(frozen=True)
class Witness:
    """The Gallai-Edmonds sets of the allowed graph of a reason."""

    groups: tuple[frozenset[int], ...]  # odd pieces of D, smallest first
    barrier: frozenset[int]  # A


def _and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return ", ".join(items[:-1]) + (" and " if len(items) > 1 else "") + items[-1]


def _names(ids: list[int]) -> str:
    return ("player " if len(ids) == 1 else "players ") + _and([str(i) for i in sorted(ids)])


def _partners(nodes: frozenset[int]) -> str:
    players = sorted(n for n in nodes if n != BYE)
    parts = [_names(players)] if players else []
    if BYE in nodes:
        parts.append("the bye")
    return " or ".join(parts)


def decompose(problem: PairingProblem, reason: list[int], deadline: float | None = None) -> Witness:
    """Gallai-Edmonds decomposition of the graph the facts ``reason`` allow (TimeUp at the deadline)."""
    sub = PairingProblem(
        problem.round, problem.players, tuple(problem.facts[i] for i in reason), problem.bye
    )
    allowed = sub.allowed(range(len(reason)))
    nodes = sub.nodes
    nbr: dict[int, set[int]] = {v: set() for v in nodes}
    for e in allowed:
        a, b = tuple(e)
        nbr[a].add(b)
        nbr[b].add(a)
    lone = [frozenset((v,)) for v in nodes if not nbr[v]]
    if lone:  # a node with no partner at all: that is the whole story
        return Witness(tuple(sorted(lone, key=sorted)), frozenset())
    deficient: set[int] = set()
    k = 2
    while not deficient and k <= len(nodes):
        with PairingSat(sub, max_exposed=k) as sat:
            sat.deadline = deadline
            every = list(range(len(reason)))
            for v in nodes:
                if v not in deficient:
                    m = sat.solve(every, [sat.exposed_var[v]])
                    if m is not None:
                        deficient |= sat.exposed(m)
        k += 2
    barrier = frozenset(u for d in deficient for u in nbr[d] if u not in deficient)
    groups: list[frozenset[int]] = []
    seen: set[int] = set()
    for v in sorted(deficient):
        if v in seen:
            continue
        todo, comp = [v], {v}
        while todo:
            u = todo.pop()
            for w in nbr[u] & deficient:
                if w not in comp:
                    comp.add(w)
                    todo.append(w)
        seen |= comp
        groups.append(frozenset(comp))
    groups.sort(key=lambda g: (len(g), sorted(g)))
    return Witness(tuple(groups), barrier)


DUTCH_KINDS = {"rematch", "forbidden", "colour", "bye"}


def _own_facts(facts: list[Fact], p: int) -> dict[str, list[Fact]]:
    by_kind: dict[str, list[Fact]] = {}
    for f in facts:
        if p in f.players:
            by_kind.setdefault(f.kind, []).append(f)
    return by_kind


def _lone_player(problem: PairingProblem, facts: list[Fact], p: int) -> str:
    """Why player p has no possible opponent (and no bye)."""
    kinds = _own_facts(facts, p)

    def others(kind: str) -> list[int]:
        return sorted(q for f in kinds.get(kind, []) for q in f.players if q != p)

    met = others("rematch")
    name, short = problem.name, problem.short_name
    if set(kinds) <= {"rematch", "bye"} and met == [q for q in problem.players if q != p]:
        head = f"{name(p)} has already met every other player still in the tournament"
    elif set(kinds) <= {"forbidden", "bye"}:
        pairs = [f"{short(a)}-{short(b)}" for f in kinds["forbidden"] for a, b in [f.players]]
        word = "pair" if len(pairs) == 1 else "pairs"
        head = f"the forbidden {word} {_and(pairs)} leave {name(p)} without an opponent"
    else:
        why = [f"already met {_and([short(q) for q in met])}"] if met else []
        if kinds.get("forbidden"):
            why.append(f"forbidden to meet {_and([short(q) for q in others('forbidden')])}")
        for f in kinds.get("colour", []):
            q = next(x for x in f.players if x != p)
            why.append(f"must have {f.note} like {short(q)}")
        why += [f.text for k, fs in kinds.items() if k not in DUTCH_KINDS for f in fs]
        head = f"{name(p)} has no possible opponent ({'; '.join(why)})"
    if "bye" in kinds:
        head += f", and may not receive the bye ({kinds['bye'][0].note})"
    return head


def _group_text(
    problem: PairingProblem, facts: list[Fact], group: frozenset[int], barrier: frozenset[int]
) -> str:
    players = sorted(group - {BYE})
    if group == {BYE}:
        return (
            f"the field is odd ({len(problem.players)} players), so one of them needs the "
            f"bye{', other than ' + _partners(barrier) if barrier else ''}, "
            f"but none of them may receive it"
        )
    if len(group) == 1 and not barrier:
        return _lone_player(problem, facts, players[0])
    with_bye = " or take the bye" if BYE in group else ""
    outside = f" or {_partners(barrier)}" if barrier else ""
    return (
        f"{_names(players)} can only be paired with one another{outside}{with_bye}, "
        f"and they are an odd number"
    )


def summary(problem: PairingProblem, reason: list[int], deadline: float | None = None) -> str:
    """One sentence naming the players a reason leaves without a pairing."""
    facts = [problem.facts[i] for i in reason]
    try:
        w = decompose(problem, reason, deadline)
    except TimeUp:
        return _plain_summary(facts)
    if not w.barrier:
        return _group_text(problem, facts, w.groups[0], w.barrier)
    singles = sorted(n for g in w.groups if len(g) == 1 for n in g if n != BYE)
    bigger = [g for g in w.groups if len(g) > 1]
    parts = []
    if singles:
        all_met = all(set(_own_facts(facts, p)) <= {"rematch", "bye"} for p in singles)
        cap = len(w.barrier)
        room = "only one of them" if cap == 1 else f"only {cap} of them"
        if all_met and w.barrier == {BYE}:
            parts.append(
                f"{_names(singles)} have each already met every other player still "
                f"in the tournament, and {room} can receive the bye"
            )
        elif all_met:
            parts.append(
                f"{_names(singles)} have each already met every other player still "
                f"in the tournament except {_partners(w.barrier)}, "
                f"so {room} can be paired"
            )
        else:
            parts.append(
                f"{_names(singles)} can only be paired with {_partners(w.barrier)}, "
                f"so {room} can be paired"
            )
    if any(len(g) == 1 and BYE in g for g in w.groups):
        parts.append(f"the bye can only go to {_partners(w.barrier)}")
    parts += [_group_text(problem, facts, g, w.barrier) for g in bigger]
    return "; ".join(parts)


def _plain_summary(facts: list[Fact]) -> str:
    """The fallback sentence when the decomposition runs out of time."""
    count: dict[int, int] = {}
    for f in facts:
        for p in f.players:
            count[p] = count.get(p, 0) + 1
    most = sorted(count, key=lambda p: (-count[p], p))[:5]
    return (
        f"{len(facts)} rules together leave no legal pairing; the players most involved "
        f"are {', '.join(map(str, most))}"
    )
