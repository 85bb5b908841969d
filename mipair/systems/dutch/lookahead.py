"""The look-ahead criteria as the rules count them: the best the following bracket can do.

C.04.3 (2026) C8 and (2017) C.7 judge a bracket's choice of downfloaters by
the following bracket (those downfloaters plus the next scoregroup): how well
*can* it be paired, first on the number of pairs (C6 / C.5), then on the
scores (C7) or the PSD (C.6). That is a property of the downfloaters alone,
not of the pairs a pairing happens to form below, so a pairing that pairs
the following bracket badly is blamed there, not here.

:func:`best_following` answers it with the very criterion functions of that
bracket, as lexicographic tiers of one maximum-weight matching of the
following bracket's compatible pairs (C1, C3, forbidden pairs), solved
exactly by HiGHS (:class:`mipair.solver.lexmatch.LexMatcher`; anyone may stay
unpaired).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mipair.model import PlayerState, Snapshot
from mipair.solver.lexmatch import LexMatcher
from mipair.systems.dutch.absolute import clash_class, forbidden_pairs, rematch
from mipair.systems.dutch.criteria import Criterion, PairContext

Total = int | dict[int, int]
"""A criterion summed over pairs: one number, or one number per level."""


def add(total: Total, value: int | list[tuple[int, int]]) -> Total:
    """``total`` plus one pair's value of a criterion."""
    if isinstance(value, int):
        return total + value if isinstance(total, int) else total
    levels = dict(total) if isinstance(total, dict) else {}
    for level, weight in value:
        levels[level] = levels.get(level, 0) + weight
    return levels


def best_following(
    snap: Snapshot,
    players: Sequence[PlayerState],
    context: PairContext,
    functions: Sequence[Criterion],
) -> list[Total]:
    """The best totals of ``functions`` (lexicographic, in order) over every pairing of
    ``players`` (highest-ranked first) in which anyone may stay unpaired."""
    banned = forbidden_pairs(snap)
    classes = [clash_class(snap, p, context.prefs.get(p.id)) for p in players]
    values: dict[tuple[int, int], list[int | list[tuple[int, int]]]] = {}
    for i, high in enumerate(players):
        for j in range(i + 1, len(players)):
            low = players[j]
            if (
                not rematch(high, low)  # C1, C3 and forbidden pairs: absolute.compatible
                and (classes[i] is None or classes[i] != classes[j])
                and frozenset((high.id, low.id)) not in banned
            ):
                values[(i, j)] = [f(context, high, low) for f in functions]
    tiers = _tiers(values.values(), len(functions))
    chosen = _best_matching(len(players), values, tiers) if values else []
    totals: list[Total] = [0] * len(functions)
    for edge in chosen:
        for k, value in enumerate(values[edge]):
            totals[k] = add(totals[k], value)
    return totals


def _tiers(
    values: Iterable[list[int | list[tuple[int, int]]]], count: int
) -> list[tuple[int, int | None]]:
    """The lexicographic tiers: each function in order, levelled ones by level, highest first."""
    levels: list[set[int]] = [set() for _ in range(count)]
    levelled = [False] * count
    for row in values:
        for k, value in enumerate(row):
            if not isinstance(value, int):
                levelled[k] = True
                levels[k].update(level for level, _ in value)
    out: list[tuple[int, int | None]] = []
    for k in range(count):
        if levelled[k]:
            out += [(k, level) for level in sorted(levels[k], reverse=True)]
        else:
            out.append((k, None))
    return out


def _best_matching(
    n: int,
    values: dict[tuple[int, int], list[int | list[tuple[int, int]]]],
    tiers: list[tuple[int, int | None]],
) -> list[tuple[int, int]]:
    """Edges ``(i, j)`` of a matching of nodes ``0..n-1`` (any node may stay single)
    that maximises ``tiers`` lexicographically."""
    edges = list(values)
    weights: list[dict[int, int]] = []
    for k, level in tiers:
        tier: dict[int, int] = {}
        for col, edge in enumerate(edges):
            value = values[edge][k]
            if isinstance(value, int):
                weight = value if level is None else 0
            else:
                weight = sum(w for lv, w in value if lv == level)
            if weight:
                tier[col] = weight
        weights.append(tier)
    model = LexMatcher(n, edges)
    return [edges[col] for col in model.maximise(weights, keep=False)]
