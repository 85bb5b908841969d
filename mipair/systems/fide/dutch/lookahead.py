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

from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.fide.dutch.absolute import clash_class
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.procedure import Criterion, Value
from mipair.systems.fide.rules import forbidden_pairs, rematch
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.values import Total, add


def best_following(
    snap: Snapshot,
    players: Sequence[PlayerState],
    context: PairContext,
    functions: Sequence[Criterion[PairContext, PlayerState]],
    below: Sequence[PlayerState] = (),
) -> list[Total]:
    """The best totals of ``functions`` (lexicographic, in order) over every pairing of
    ``players`` (highest-ranked first) in which anyone may stay unpaired.

    ``below``: the players under the following bracket. When given, only the pairings
    of ``players`` that let every one of them and of ``below`` be paired (one bye at
    most, to a player who may take it) count: the 2012 C12 look-ahead, which the
    engine takes under C13 (the lowest bracket stays pairable); when none does, the
    answer is the one without ``below``."""
    everyone = list(players) + list(below)
    banned = forbidden_pairs(snap)
    classes = [clash_class(snap, p, context.prefs.get(p.id)) for p in everyone]
    zero: list[Value] = [0] * len(functions)
    values: dict[tuple[int, int], list[Value]] = {}
    for i, high in enumerate(everyone):
        for j in range(i + 1, len(everyone)):
            low = everyone[j]
            if (
                not rematch(high, low)  # C1, C3 and forbidden pairs: absolute.compatible
                and (classes[i] is None or classes[i] != classes[j])
                and frozenset((high.id, low.id)) not in banned
            ):
                inside = j < len(players)
                values[(i, j)] = [f(context, high, low) for f in functions] if inside else zero
    tiers = _tiers(values.values(), len(functions))
    if below:
        must = [k for k, p in enumerate(everyone) if p.pab_ineligible]
        try:
            chosen = _best_matching(len(everyone), values, tiers, must) if values else []
        except Infeasible:
            return best_following(snap, players, context, functions)
    else:
        chosen = _best_matching(len(players), values, tiers) if values else []
    totals: list[Total] = [0] * len(functions)
    for edge in chosen:
        for k, value in enumerate(values[edge]):
            totals[k] = add(totals[k], value)
    return totals


def _tiers(values: Iterable[list[Value]], count: int) -> list[tuple[int, int | None]]:
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
    values: dict[tuple[int, int], list[Value]],
    tiers: list[tuple[int, int | None]],
    complete: Sequence[int] | None = None,
) -> list[tuple[int, int]]:
    """Edges ``(i, j)`` of a matching of nodes ``0..n-1`` that maximises ``tiers``
    lexicographically: any node may stay single, or with ``complete`` (the nodes that
    may not) the matching pairs all but one node at most (Infeasible if none does)."""
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
    if complete is None:
        model = LexMatcher(n, edges)
    else:
        model = LexMatcher(n, edges, complete, n // 2)
    model.maximise(weights, keep=False)
    return [edges[col] for col in model.answer.columns]
