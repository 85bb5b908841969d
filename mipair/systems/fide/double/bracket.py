"""The pairing of a Double-Swiss bracket (C.04.5 3.6), exactly.

3.6.4 takes, among the legal pairings of the bracket, those that best meet the
``pairing_criteria`` of ``models/double-swiss-2026.toml`` (C8), and of them the
first by identifier (3.6.1-3.6.3): the top members (the smaller TPN of each
pair) ascending, then each one's bottom member. Lexicographically first means
the smallest TPNs top members first (every pairing has as many), then each top
member in turn the smallest partner. When nobody's choice is in doubt (the upper
half by TPN against the lower half in order is legal and costs no C8) that is
the answer; otherwise one matching model of the bracket
(:class:`~mipair.solver.lexmatch.LexMatcher`) is asked those questions in turn:
C8, then "may this player be a top member?" for each player by TPN (the whole
upper half at once first), then the smallest partner of each top member.
"""

from __future__ import annotations

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.double.tiers import adjacency, tiers_of
from mipair.systems.fide.double.upfloaters import set_specs
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_upfloaters import CHUNK

Pair = tuple[int, int]


def pair_bracket(field: DoubleField, residents: list[int], upfloaters: list[int]) -> list[Pair]:
    """The bracket's pairs (vertices, the top member first), by 3.6.4."""
    members = sorted(residents + upfloaters, key=field.tpn)
    half = len(members) // 2
    plain = list(zip(members[:half], members[half:]))
    top = field.score(residents[0])
    ctx = ScoreBracket(top, field.following(top))
    specs = set_specs(field, "pairing_criteria")
    if all(field.allowed[v, w] for v, w in plain) and not any(
        spec.function(ctx, *resident_first(field, top, v, w)) for spec in specs for v, w in plain
    ):
        return plain
    try:
        return first_pairing(field, members, ctx)
    except Infeasible:
        raise NoPairingError(
            "no legal pairing of the bracket of players "
            f"{', '.join(str(field.tpn(v)) for v in members)} (3.6)"
        ) from None


def resident_first(field: DoubleField, top: int, v: int, w: int) -> tuple:
    """The pair's players, the resident first (an upfloater only ever meets a resident)."""
    a, b = field.players[v], field.players[w]
    return (b, a) if a.pairing_score < top else (a, b)


def first_pairing(field: DoubleField, members: list[int], ctx: ScoreBracket) -> list[Pair]:
    """The matching model's answer to the questions of the module docstring."""
    edges = field.edges_among(members)
    ends = edges.array()
    model = LexMatcher(field.n, edges, members, len(members) // 2)
    weighed = np.ones(len(edges), dtype=bool)
    tiers = [
        t
        for s in set_specs(field, "pairing_criteria")
        for t in tiers_of(field, s, ctx, ends, weighed)
    ]
    model.maximise(tiers)
    rank = {v: k for k, v in enumerate(members)}
    around = adjacency(field.n, ends)

    def as_top(v: int) -> dict[int, int]:
        return {c: 1 for c, w in around[v] if rank[w] > rank[v]}

    half = len(members) // 2
    upper = {c: 1 for v in members[:half] for c in as_top(v)}
    model.maximise([upper], keep=False)
    if model.answer.value(upper) == half:
        model.maximise([upper])
    else:
        for start in range(1, len(members), CHUNK):
            model.maximise([as_top(v) for v in members[start : start + CHUNK]])
    mate = model.answer.mate()
    tops = [v for v in members if rank[mate[v]] > rank[v]]
    for start in range(0, len(tops), CHUNK):
        chunk = tops[start : start + CHUNK]
        model.maximise(
            [{c: len(members) - rank[w] for c, w in around[t] if rank[w] > rank[t]} for t in chunk]
        )
    mate = model.answer.mate()
    return [(v, mate[v]) for v in members if rank[mate[v]] > rank[v]]
