"""The set of upfloaters of a Double-Swiss bracket (C.04.5 3.5), exactly.

A set U is a candidate when the residents with U can be paired legally and the
players left can still all be paired ([C3], reading DS4): a perfect matching of
every unpaired player in which U are the lower players paired with a resident
(at the fewest upfloaters no two of them meet: without those two the set would
do too). So one matching model over the unpaired players answers the whole
choice (:class:`~mipair.solver.lexmatch.LexMatcher`), its tiers the
``set_criteria`` of ``models/double-swiss-2026.toml`` in order:

* C4: the fewest pairs of a resident with a lower player (3.5.2);
* C5: the fewest at each score, from the lowest up (the scores sorted
  ascending, higher better, 3.5.2);
* C6 (DS6), a pass or fail: after C4 and C5 the number of the following
  scoregroup's players left below the bracket is fixed; C6 is met when some
  matching pairs all of them among themselves but the one its parity needs.
  The fewest pairs leaving that scoregroup downwards is asked once; when it is
  that parity the tier is kept (every candidate meets C6), else no candidate
  meets it and the tier is dropped;
* C7: the fewest upfloaters who floated in the previous round (not in the last);
* then 3.5.4: the possible upfloaters by descending score, then TPN (the
  vertex order), one tier each, earliest first: the first set of the
  lexicographic order among those of the best key.
"""

from __future__ import annotations

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.double.criteria import following_split
from mipair.systems.fide.double.field import DoubleField
from mipair.systems.fide.double.settings import CriteriaList, DoubleSwissSettings
from mipair.systems.fide.double.single import single_upfloater
from mipair.systems.fide.double.tiers import kinds_of, tiers_of
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.swiss_brackets import ScoreBracket
from mipair.systems.swiss_upfloaters import choose_in_order, residents_of, upfloat_core

SETTLE_FROM = 2000  # pairs from which the criteria are first settled on the class model


def set_specs(field: DoubleField, names: CriteriaList) -> list[CriterionSpec]:
    """The active criteria the model file lists under ``names`` (``set_criteria``,
    ``pairing_criteria``), in its order."""
    wanted = DoubleSwissSettings.of(field.edition.settings).criteria(names)
    active = field.edition.active(field.state.round, field.last_round)
    return [spec for spec in active if spec.id in wanted]


def upfloaters(field: DoubleField, residents: list[int], pool: list[int]) -> list[int]:
    """The bracket's upfloaters (vertices, in the order of 3.5.3)."""
    specs = set_specs(field, "set_criteria")
    if len(residents) % 2 == 0:
        if field.pairable.all(residents) and field.pairable.all(pool):
            return []  # 3.5.2: no upfloater is needed; C4 = 0 leaves one candidate
    else:
        one = single_upfloater(field, residents, pool, specs)
        if one is not None:
            return [one]  # C4 = 1: the candidates judged one by one (:mod:`.single`)
    nodes = residents + pool
    edges = field.edges_among(nodes)
    ends = edges.array()
    resident = residents_of(field.n, residents)
    core = upfloat_core(resident, ends)
    top = field.score(residents[0])
    ctx = ScoreBracket(top, field.following(top))
    upfloat = resident[ends[0]] & ~resident[ends[1]]
    below = ~resident[ends[0]]
    try:
        model = LexMatcher(field.n, edges, nodes, len(nodes) // 2, core=core)
        classes = kinds_of(field)[0] if len(edges) >= SETTLE_FROM else None
        waiting: list[Weights] = []  # tiers asked together, up to C6's question
        for spec in specs:
            if spec.function is following_split:
                settle(model, waiting, classes)
                waiting = []
                following_met(field, model, spec, ctx, ends, below, pool, resident)
            else:
                waiting += tiers_of(field, spec, ctx, ends, upfloat)
        settle(model, waiting, classes)
        choose_in_order(model, field.score, resident, pool, ends)
    except Infeasible:
        raise NoPairingError(
            "no set of upfloaters allows a legal pairing of the bracket of players "
            f"{', '.join(str(field.tpn(v)) for v in residents)} (3.5, C3)"
        ) from None
    mate = model.answer.mate()
    return [v for v in pool if resident[mate[v]]]


def settle(model: LexMatcher, tiers: list[Weights], classes: np.ndarray | None) -> None:
    """Maximise ``tiers`` and keep them; in a large bracket first on the class model (the
    criteria weigh a pair by its players' kinds alone), whose optimum, realised, settles
    them without a MIP of every pair."""
    if tiers and (classes is None or not model.classes(classes).settle(tiers)):
        model.maximise(tiers)


def following_met(
    field: DoubleField,
    model: LexMatcher,
    spec: CriterionSpec,
    ctx: ScoreBracket,
    ends: np.ndarray,
    below: np.ndarray,
    pool: list[int],
    resident: np.ndarray,
) -> None:
    """C6 as a pass or fail (see the module docstring)."""
    if ctx.following is None:
        return
    mate = model.answer.mate()
    left = sum(1 for v in pool if field.score(v) == ctx.following and not resident[mate[v]])
    if left == 0:
        return  # its players became or are upfloaters
    tiers = tiers_of(field, spec, ctx, ends, below)
    model.maximise(tiers, keep=False)
    if -model.answer.value(tiers[0]) == left % 2:
        model.maximise(tiers)
