"""Matchings by enumeration, the solver's tests' oracle (tests/solver/): every set of columns
a small graph allows, and the lexicographic best of them."""

from __future__ import annotations


def all_matchings(n: int, cols: list[tuple[int, ...]], must: set[int], limit: int | None):
    """Every set of columns covering each node at most once (must-nodes exactly once)."""
    found: list[tuple[int, ...]] = []

    def grow(start: int, chosen: list[int], covered: set[int]) -> None:
        if must <= covered and (limit is None or sum(len(cols[c]) == 1 for c in chosen) <= limit):
            found.append(tuple(chosen))
        for c in range(start, len(cols)):
            if not covered & set(cols[c]):
                grow(c + 1, chosen + [c], covered | set(cols[c]))

    grow(0, [], set())
    return found


def lexicographic_best(candidates, tiers):
    """The lexicographic optimum of ``candidates`` over the objective ``tiers`` (one weight a
    column each), and the key that orders them."""
    key = lambda sol: tuple(sum(t[c] for c in sol) for t in tiers)  # noqa: E731
    top = max(map(key, candidates))
    return top, key
