"""Which players float up into a bracket (C.04.4.1 (2026) 3.2.1-3.2.2, 4.2), exactly.

A set U of upfloaters is valid when the residents with U can be paired legally
and the possible upfloaters left can still be paired among themselves (3.2.1,
C4). That is a perfect matching of every unpaired player in which U are the
lower players paired with a resident; so one matching model over the unpaired
players answers the whole choice (:class:`mipair.solver.lexmatch.LexMatcher`):

* C5-C10, in the order of ``models/dubov-2026.toml``, as lexicographic tiers
  over the pairs with a resident (C5: the fewest upfloaters; C6: the fewest at
  each score, from the lowest up; C7: the fewest pairs of the bracket seeking
  one colour, which is the C7 of the pairing 3.2.3-3.2.6 then produce, since
  that pairing always reaches the least; C8-C10 outside the last round);
* then the order of 4.2: the possible upfloaters numbered by score, then TPN
  (4.2.2), one tier each, earliest first, which picks the first set of the
  lexicographic order among those of the best key.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mipair.errors import NoPairingError
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.dubov.field import DubovField
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.swiss_brackets import Bracket
from mipair.systems.swiss_tiers import kind_numbers, kind_tiers
from mipair.systems.swiss_upfloaters import choose_in_order, residents_of, upfloat_core

SETTLE_FROM = 2000  # pairs from which the criteria are first settled on the class model
# (200 players, a round with two upfloaters: 9.8 s of MIPs, 1.1 s settled; 50 players:
# the class model costs more than the MIPs)


def kinds_of(field: DubovField) -> tuple[np.ndarray, int]:
    """A number per vertex for what the criteria read of it (score, colour sought,
    upfloats), and how many numbers: vertices of one number weigh alike."""
    return kind_numbers(
        (p.score, p.colour, p.maximum, p.upfloats, p.upfloated_last) for p in field.players
    )


def tiers_of(
    field: DubovField, specs: Sequence[CriterionSpec], ctx: Bracket, ends: np.ndarray
) -> list[Weights]:
    """The criteria ``specs`` over the pairs ``ends`` (shape (2, m), lower vertex
    first), as tiers to maximise (the counts negated): a tier per criterion, C6 one
    per score level from the lowest up. Pairs without a resident weigh nothing; each
    criterion is called once per kind of pair (:func:`kinds_of`)."""
    players = field.players
    resident = np.array([p.score == ctx.score for p in players], dtype=bool)
    criteria = [(spec.function, bool(spec.levels)) for spec in specs]
    return kind_tiers(criteria, ctx, players, kinds_of(field), ends, resident[ends[0]])


def upfloaters(
    field: DubovField, residents: list[int], pool: list[int]
) -> tuple[list[int], dict[int, int] | None]:
    """The bracket's upfloaters (vertices, in the order of 4.2) and, when a model was
    asked, the bracket's pairs of its answer (vertex -> mate): a legal pairing of the
    bracket with the least C7."""
    if len(residents) % 2 == 0 and field.pairable.all(residents) and field.pairable.all(pool):
        return [], None  # 3.2.1: no upfloater is needed (C5 = 0 decides the rest)
    nodes = residents + pool
    edges = field.edges_among(nodes)
    ends = edges.array()
    resident = residents_of(field.n, residents)
    core = upfloat_core(resident, ends)
    try:
        model = LexMatcher(field.n, edges, nodes, len(nodes) // 2, core=core)
        snap = field.snapshot
        specs = snap.edition.active(snap.round, field.last_round)
        bracket = Bracket(tuple(residents), (), field.players[residents[0]].score)
        tiers = tiers_of(field, specs, bracket, ends)
        classes = kinds_of(field)[0]
        if len(edges) < SETTLE_FROM or not model.classes(classes).settle(tiers):
            model.maximise(tiers)  # else the class model's optimum, realised, settled them
        choose_in_order(model, lambda v: field.players[v].score, resident, pool, ends)
    except Infeasible:
        raise NoPairingError(
            f"no set of upfloaters allows a legal pairing of the bracket of "
            f"players {', '.join(str(field.tpn(v)) for v in residents)} (3.2.1, C4)"
        ) from None
    mate = model.answer.mate()
    chosen = [v for v in pool if resident[mate[v]]]
    inside = set(residents) | set(chosen)
    return chosen, {v: mate[v] for v in inside}
