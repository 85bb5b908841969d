"""The top-scoregroup's upfloaters (C.04.6 3.5), chosen exactly by one matching model.

A set of upfloaters is valid when the residents with it can be paired legally and the
teams left stay pairable ([C1], [C3]); with the fewest upfloaters ([C4]) no two of them
meet each other (T17), so a valid set is the set of lower teams paired with a resident
in a perfect matching of every unpaired team. One model over the unpaired teams
(:class:`~mipair.solver.lexmatch.LexMatcher`) answers the whole choice, its tiers asked
in the order of the model file:

* [C4], then [C5] one tier per score from the lowest up, both pinned;
* [C6] holds or not (T16): the least number of pairs of a team of the following
  scoregroup outside the bracket with a lower team is asked first; when it is at most
  one the criterion is kept by pinning it, otherwise no set keeps it and it decides
  nothing;
* [C7] outside the last two rounds;
* then 3.5.4: among the sets left, the first when each is listed by descending score,
  then TPN: each possible upfloater in that order (the vertex order), one tier each
  (:func:`~mipair.systems.swiss_upfloaters.choose_in_order`).

An odd top-scoregroup that one upfloater completes (the usual case) needs no model: the
candidates of each score, highest first, are asked the completion questions of [C3]
and of [C6] (:func:`single_upfloater`), which the oracle answers at once in a large
field (Dirac's theorem).
"""

from __future__ import annotations

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_upfloaters import choose_in_order, residents_of
from mipair.systems.team.settings import settings
from mipair.systems.team.vertices import RoundVertices


def single_upfloater(field: RoundVertices, residents: list[int], pool: list[int]) -> int | None:
    """The upfloater of an odd top-scoregroup when one is enough ([C4]), by completion
    questions alone: of the highest score with a valid one ([C5]), the first by [C6], [C7],
    then TPN (3.5.4); None when no single team will do."""
    state = field.state
    floats_count = not state.last_two_rounds
    inside = set(residents)
    for score in sorted({field.score(v) for v in pool}, reverse=True):
        valid = [
            v
            for v in pool
            if field.score(v) == score
            and field.pairable.all([*residents, v])
            and field.pairable.all([w for w in pool if w != v])
        ]
        if valid:
            top = field.score(residents[0])

            def key(v: int) -> tuple[bool, bool, int]:
                rest = [w for w in pool if w != v and w not in inside]
                c6 = field.following_fails(top, rest)
                return c6, floats_count and field.teams[v].floated, field.tpn(v)

            return min(valid, key=key)
    return None


def upfloaters(field: RoundVertices, residents: list[int], pool: list[int]) -> list[int]:
    """The bracket's upfloaters (vertices, in the vertex order); NoPairingError when no
    set allows a legal pairing of the bracket."""
    if len(residents) % 2 == 0 and field.pairable.all(residents) and field.pairable.all(pool):
        return []  # [C4]: no upfloater is needed, the one set of size 0 is chosen
    if len(residents) % 2 and (single := single_upfloater(field, residents, pool)) is not None:
        return [single]
    nodes = residents + pool
    edges = field.edges_among(nodes)
    top = field.score(residents[0])
    ctx = ScoreBracket(top, field.following(top))
    state = field.state
    specs = settings().active("upfloaters", state.last_two_rounds, state.competition.model)
    try:
        model = LexMatcher(field.n, edges, nodes, len(nodes) // 2)
        for spec in specs:
            tiers = field.tiers(spec, ctx, edges)
            if spec.holds:
                model.maximise(tiers, keep=False)
                if -sum(model.answer.value(tier) for tier in tiers) > 1:
                    continue  # T16: no set keeps it; it tells none apart
            model.maximise(tiers)
        resident = residents_of(field.n, residents)
        choose_in_order(model, field.score, resident, pool, edges.ends)
    except Infeasible:
        raise NoPairingError(
            "no set of upfloaters allows a legal pairing of the bracket of teams "
            f"{', '.join(str(field.tpn(v)) for v in residents)} (3.5.2, C3)"
        ) from None
    mate = model.answer.mate()
    inside = set(residents)
    return [v for v in pool if mate[v] in inside]
