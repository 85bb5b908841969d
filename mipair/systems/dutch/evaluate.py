"""The Dutch quality criteria evaluated on a complete pairing, bracket by bracket.

``why`` needs, for the engine's pairing and for an arbiter's, the values of
the edition's criteria in the order they count. The definitions are the
engine's own (the functions of :mod:`mipair.systems.dutch.criteria`, listed
per edition in ``models/dutch-<edition>.toml``); this module only walks a
finished pairing through the brackets as C.04.3 (2026) Articles 1-4 build
them and sums each criterion over the pairs of each bracket:

* C5 first (odd rounds): the score of the PAB recipient, lower is better.
* Then bracket by bracket from the top scoregroup: the bracket is the
  scoregroup plus the players floated into it (MDPs); the next scoregroup
  is what C8 looks at. A pair counts "in the bracket" when both players are
  in it and "in the next bracket" when the lower one is in the next
  scoregroup. Criteria compared score level by level (C7, C8, C18-C21) give
  one value per level, highest score first.
* C9 counts only in a bracket the rules' note allows (an odd round, the
  PAB score S* at least the bracket's score, and no player of the bracket
  paired below it).
* After a bracket's criteria, its pairs: two pairings equal on every
  criterion but with different pairs differ only in the order in which
  Articles 3-4 generate candidates.
Players not paired inside a bracket float on to the next one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mipair.explain.compare import CriterionValue
from mipair.model import Snapshot, points_to_str

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing

ORDER = "order"


def _mates(p: RoundPairing) -> dict[int, int]:
    mate = {}
    for b in p.boards:
        mate[b.white], mate[b.black] = b.black, b.white
    if p.bye is not None:
        mate[p.bye] = p.bye
    return mate


EDITIONS = ("2026",)
"""Editions whose bracket walk this module follows (2017 pairs by windows and a PPB)."""


def dutch_criteria(snap: Snapshot) -> Callable[[RoundPairing], list[CriterionValue]] | None:
    """An evaluator of complete legal pairings of ``snap``'s round (see the module docstring).

    None for an edition this module cannot walk (see :data:`EDITIONS`).
    """
    if snap.rules not in EDITIONS:
        return None
    from mipair.systems.dutch.colours import preference
    from mipair.systems.dutch.criteria import PairContext
    from mipair.systems.dutch.edition import load_edition

    st = snap.players
    crits = load_edition(snap.rules).active(snap.round)
    ids = sorted(snap.to_pair, key=lambda p: (-st[p].pairing_score, st[p].tpn))
    rank = {p: i for i, p in enumerate(ids)}
    prefs = {p: preference(st[p]) for p in ids}
    odd = len(ids) % 2 == 1
    groups: list[list[int]] = []
    for p in ids:
        if groups and st[groups[-1][0]].pairing_score == st[p].pairing_score:
            groups[-1].append(p)
        else:
            groups.append([p])

    def evaluate(pairing: RoundPairing) -> list[CriterionValue]:
        mate = _mates(pairing)
        out: list[CriterionValue] = []
        s_star = st[pairing.bye].pairing_score if odd and pairing.bye is not None else 0
        if odd:
            out.append(
                CriterionValue(
                    "C5",
                    "the PAB goes to the lowest score possible; value: the recipient's score",
                    s_star,
                    "lower",
                )
            )
        played = sorted(
            (st[p].played_games for p in ids if st[p].pairing_score == s_star), reverse=True
        )
        unplayed_rank = {g: k for k, g in enumerate(played)} if odd else {}
        bracket, gi = list(groups[0]) if groups else [], 1
        while len(bracket) > 1 or gi < len(groups):
            nxt = groups[gi] if gi < len(groups) else []
            resident = st[groups[gi - 1][0]].pairing_score
            gi += 1
            bset, gset = set(bracket), set(nxt)
            label = f"bracket of score {points_to_str(resident)}"
            flag = odd and s_star >= resident and all(mate[v] in bset for v in bracket)
            scalar = [0] * len(crits)
            levelled: list[dict[int, int]] = [{} for _ in crits]
            for h in sorted(bset | gset, key=rank.__getitem__):
                low = mate[h]
                if low == h or low not in bset | gset or rank[low] < rank[h]:
                    continue
                ctx = PairContext(
                    prefs=prefs,
                    in_bracket=low in bset,
                    in_next=low in gset,
                    bye_score=s_star,
                    single_bye_floater=flag,
                    unplayed_rank=unplayed_rank,
                )
                for k, c in enumerate(crits):
                    val = c.function(ctx, st[h], st[low])
                    if isinstance(val, int):
                        scalar[k] += val
                    else:
                        for s, w in val:
                            levelled[k][s] = levelled[k].get(s, 0) + w
            levels = sorted({st[p].pairing_score for p in bset | gset}, reverse=True)
            for k, c in enumerate(crits):
                if c.name in _LEVELLED or levelled[k]:
                    out += [
                        CriterionValue(
                            c.id,
                            c.text,
                            levelled[k].get(s, 0),
                            where=f"{label}, pairs at score {points_to_str(s)}",
                        )
                        for s in levels
                    ]
                else:
                    out.append(CriterionValue(c.id, c.text, scalar[k], where=label))
            inside = sorted(
                {
                    (min(v, mate[v]), max(v, mate[v]))
                    for v in bracket
                    if mate[v] in bset and mate[v] != v
                }
            )
            out.append(CriterionValue(ORDER, "the pairs formed", tuple(inside), "", label))
            bracket = sorted(
                [v for v in bracket if mate[v] not in bset or mate[v] == v] + nxt,
                key=rank.__getitem__,
            )
        return out

    return evaluate


_LEVELLED = {
    "paired_scores",
    "scores_in_next",
    "down_scores_1",
    "up_scores_1",
    "down_scores_2",
    "up_scores_2",
}
