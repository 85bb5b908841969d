"""Completion oracle: its yes/no answer (with or without a hint) agrees with a brute-force search over
sets of pairs, on one oracle reused for many windows with pairs forbidden
between checks, and every core it returns is a real reason (flipping the
decisions the core does not name leaves the instance unsatisfiable)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver.completion import CompletionOracle

Pair = tuple[int, int]


def key(u: int, v: int) -> Pair:
    return (u, v) if u < v else (v, u)


def graph_pairs(adjacent: dict[int, list[int]]) -> set[Pair]:
    """A pair is in the graph when either end lists the other and both are keys."""
    return {key(u, v) for u in adjacent for v in adjacent[u] if v in adjacent and v != u}


def matchings(pairs: list[Pair]) -> Iterator[list[Pair]]:
    """Every set of pairs with no node in two of them."""
    if not pairs:
        yield []
        return
    (u, v), rest = pairs[0], pairs[1:]
    yield from matchings(rest)
    for m in matchings([p for p in rest if u not in p and v not in p]):
        yield [(u, v), *m]


def brute(
    pairs: set[Pair],
    may_single: set[int],
    lower: set[int],
    window: set[int],
    down: set[int],
    single_below: bool,
) -> bool:
    """Is there a set of pairs meeting the oracle's specification?"""
    for m in matchings(sorted(pairs)):
        matched = [x for p in m for x in p]
        if any(u in window and v in window for u, v in m):
            continue
        if any(x not in lower and x not in down for x in matched):
            continue  # others and window nodes kept up take no part
        if not down <= set(matched):
            continue
        unmatched = lower - set(matched)
        if single_below and len(unmatched) == 1 and unmatched <= may_single:
            return True
        if not single_below and not unmatched:
            return True
    return False


def core_is_well_formed(core: list, window: set[int], down: set[int], single_below: bool) -> None:
    assert core, "an unsatisfiable check must name at least one decision"
    assert len(set(core)) == len(core)
    for kind, node, value in core:
        if kind == "single":
            assert node is None and value == single_below
        else:
            assert kind == "down" and node in window and value == (node in down)


# --- hand-made examples -----------------------------------------------------


def test_sending_the_window_node_down_strands_the_lower_end_of_a_path() -> None:
    # window 1 -- lower 2 -- lower 3: taking 2 for 1 leaves 3 alone
    oracle = CompletionOracle({1: [2], 2: [3], 3: []}, may_single=[3])
    lower, window = {2, 3}, {1}
    assert oracle.check(lower, window, down=set(), single_below=False) is None
    assert oracle.check(lower, window, down={1}, single_below=True) is None  # 3 is the single
    core = oracle.check(lower, window, down={1}, single_below=False)
    # either decision alone is fine, so both must be named, and nothing else exists
    assert core is not None and sorted(core, key=str) == [
        ("down", 1, True),
        ("single", None, False),
    ]


def test_window_nodes_never_meet_and_others_take_no_part() -> None:
    # 1 and 2 are in the window and adjacent; 1's only other neighbour 4 is outside
    oracle = CompletionOracle({1: [2, 4], 2: [3], 3: [], 4: []}, may_single=[])
    core = oracle.check(lower={3}, window={1, 2}, down={1, 2}, single_below=False)
    assert core is not None and ("down", 1, True) in core
    # the pair 1-2 alone would do if window nodes could meet
    assert oracle.check(lower=set(), window={1, 2}, down={1, 2}, single_below=False) is not None
    assert oracle.check(lower={3}, window={1, 2}, down={2}, single_below=False) is None
    # with 4 in the lower part, 1 can go down to it
    assert oracle.check(lower={3, 4}, window={1, 2}, down={1, 2}, single_below=False) is None


def test_forbid_is_permanent() -> None:
    oracle = CompletionOracle({1: [2, 3], 2: [3], 3: []}, may_single=[1])
    assert oracle.check({1, 2, 3}, set(), set(), single_below=True) is None  # 2-3, 1 single
    assert oracle.check({1, 2, 3}, set(), set(), single_below=False) == [("single", None, False)]
    oracle.forbid(3, 2)
    assert oracle.check({1, 2, 3}, set(), set(), single_below=True) is not None
    assert oracle.check({1, 2}, set(), set(), single_below=False) is None  # 1-2 remains


# --- property: agreement with brute force, and cores are real reasons --------


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[dict[int, list[int]], set[int], list[int] | None, list]:
    nodes = draw(st.lists(st.integers(0, 30), min_size=1, max_size=9, unique=True))
    possible = list(combinations(sorted(nodes), 2))
    edges = draw(st.lists(st.sampled_from(possible), unique=True) if possible else st.just([]))
    adjacent: dict[int, list[int]] = {v: [] for v in nodes}
    for u, v in edges:  # listed by one end or by both
        ends = draw(st.sampled_from([(u,), (v,), (u, v)]))
        for a in ends:
            adjacent[a].append(u + v - a)
    for v in nodes:  # neighbours that are not keys are ignored
        adjacent[v] += draw(st.lists(st.integers(100, 102), max_size=1))
    may_single = set(draw(st.lists(st.sampled_from(nodes + [100]))))
    hint: list[int] | None = None  # phases only: a matching that may or may not help
    if draw(st.booleans()):
        hint = list(range(103))
        for u, v in draw(st.permutations(edges)):
            if hint[u] == u and hint[v] == v:
                hint[u], hint[v] = v, u
    steps = []
    for _ in range(draw(st.integers(1, 5))):
        if possible and draw(st.integers(0, 3)) == 0:
            steps.append(
                ("forbid", *draw(st.sampled_from(possible))[:: draw(st.sampled_from([1, -1]))])
            )
        else:
            role = {v: draw(st.sampled_from("lwo")) for v in nodes}
            window = {v for v in nodes if role[v] == "w"}
            down = {v for v in window if draw(st.booleans())}
            steps.append(
                ("check", {v for v in nodes if role[v] == "l"}, window, down, draw(st.booleans()))
            )
    return adjacent, may_single, hint, steps


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_oracle_agrees_with_brute_force_and_cores_are_reasons(scenario) -> None:
    adjacent, may_single, hint, steps = scenario
    oracle = CompletionOracle(adjacent, may_single, hint)
    pairs = graph_pairs(adjacent)
    try:
        for step in steps:
            if step[0] == "forbid":
                oracle.forbid(step[1], step[2])
                pairs.discard(key(step[1], step[2]))
                continue
            _, lower, window, down, single_below = step
            core = oracle.check(lower, window, down, single_below)
            assert (core is None) == brute(pairs, may_single, lower, window, down, single_below)
            if core is None:
                continue
            core_is_well_formed(core, window, down, single_below)
            named = {node for _, node, _ in core}
            free_window = sorted(window - named)
            free_single = [single_below] if None in named else [False, True]
            for flips in product([False, True], repeat=len(free_window)):
                flipped = {v for v, f in zip(free_window, flips) if f}
                for sb in free_single:
                    assert not brute(pairs, may_single, lower, window, down ^ flipped, sb), (
                        f"core {core} is no reason: down={down ^ flipped}, single_below={sb}"
                    )
    finally:
        oracle.close()


# --- Dirac's theorem: the fast exact "yes" ------------------------------------


def test_a_dense_lower_part_is_answered_without_sat() -> None:
    # ten players who have each met one other: every node keeps 8 of 9 neighbours
    met = {(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)}
    adjacent = {u: [v for v in range(10) if v != u and key(u, v) not in met] for u in range(10)}
    oracle = CompletionOracle(adjacent, may_single=[])
    assert oracle.check(set(range(10)), set(), set(), single_below=False) is None
    assert oracle.solver is None
    mates = oracle.completion(set(range(10)), set(), set(), single_below=False)
    assert mates is not None and sorted(mates) == list(range(10))
    assert all(mates[mates[v]] == v and key(v, mates[v]) not in met for v in mates)
    # an odd count with nobody allowed to be the single: SAT gives the reason
    assert oracle.check(set(range(9)), set(), set(), single_below=False) is not None
    assert oracle.solver is not None


@st.composite
def dense_checks(draw: st.DrawFn):
    n = draw(st.integers(3, 9))
    missing = set(draw(st.lists(st.sampled_from(list(combinations(range(n), 2))), max_size=n)))
    adjacent = {u: [v for v in range(n) if v != u and key(u, v) not in missing] for u in range(n)}
    role = [draw(st.sampled_from("llllwo")) for _ in range(n)]
    window = {v for v in range(n) if role[v] == "w"}
    down = {v for v in window if draw(st.booleans())}
    may_single = {v for v in range(n) if draw(st.booleans())}
    return (
        adjacent,
        may_single,
        {v for v in range(n) if role[v] == "l"},
        window,
        down,
        draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(dense_checks())
def test_dirac_agrees_with_brute_force_on_dense_graphs(case) -> None:
    adjacent, may_single, lower, window, down, single_below = case
    oracle = CompletionOracle(adjacent, may_single)
    try:
        expected = brute(graph_pairs(adjacent), may_single, lower, window, down, single_below)
        if oracle._dirac(lower, down, single_below):
            assert expected
        assert (oracle.check(lower, window, down, single_below) is None) == expected
        mates = oracle.completion(lower, window, down, single_below)
        if mates is not None:
            assert expected and set(mates) >= lower | down
            assert all(mates[mates[v]] == v for v in mates)
    finally:
        oracle.close()
