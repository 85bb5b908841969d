"""A complete Burstein pairing judged as the text judges it, for ``why`` and ``check``.

The walk the engine makes, on a finished pairing (models/burstein-2026.md §3-4):

* the PAB first, in an odd field (3.1): the recipient's score (3.1.3, lower
  is better), games played (3.1.4, more is better) and rank by the Index
  (3.1.5, the lower ranked is better; shown as his place from the top);
* then each bracket from the top, the players left unpaired by the one above
  and the next scoregroup: the criteria of the model file summed over the
  bracket's pairs with the engine's own functions (C5, C6 by score, C8); C7 is
  the best the following bracket (these floaters and the next scoregroup) can
  do by C5 and C6 while every player below can still be paired (C4), found
  exactly by HiGHS;
* then Article 4: the opponents' BSNs of BSN 1, 2, ... (0: floats), the larger
  the earlier; two pairings equal on every criterion differ here first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import numpy as np

from mipair.model import points_to_str
from mipair.pairing import RoundPairing
from mipair.reports import HIGHER, CriterionValue
from mipair.solver.edges import Edges
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.systems.fide.burstein.criteria import PairContext
from mipair.systems.fide.burstein.engine import without
from mipair.systems.fide.edition import CriterionSpec
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.values import Total, shown, total
from mipair.systems.fide.weigh import weigh
from mipair.systems.swiss_brackets import Bracket, mates, pairs_of, scoregroups
from mipair.systems.swiss_bye import Rank, bye_values

ARTICLE_4 = "Art. 4"
ARTICLE_4_TEXT = (
    "the first pairing in the order of Article 4; value: the BSN of the opponent of "
    "BSN 1, 2, ... (0: floats)"
)
BYE_TEXT = {
    "lowest-score": ("3.1.3", "the PAB to the lowest score; value: the recipient's score"),
    "most-games-played": ("3.1.4", "then to the most games played; value: the recipient's games"),
    "lowest-index-rank": (
        "3.1.5",
        "then to the lowest ranked by 1.8; value: the recipient's place from the top",
    ),
}


def burstein_criteria(
    snap: Snapshot, rank: Rank, bye_order: Sequence[str]
) -> Callable[[RoundPairing], list[CriterionValue]]:
    """An evaluator of complete legal pairings of ``snap``'s round (not a seeding round)."""
    fields: dict[int | None, RoundField] = {}

    def evaluate(pairing: RoundPairing) -> list[CriterionValue]:
        odd = len(snap.to_pair) % 2 == 1
        bye = pairing.bye if odd else None
        if bye not in fields:
            rest = without(snap, bye)
            fields[bye] = RoundField(rest, rest.edition)
        field = fields[bye]
        out = opening(snap, rank, bye_order, bye) if bye is not None else []
        return out + Walk(field, rank, pairing).values()

    return evaluate


def opening(snap: Snapshot, rank: Rank, bye_order: Sequence[str], bye: int) -> list[CriterionValue]:
    """3.1: the PAB recipient by 3.1.3-3.1.5 (among the players who may take it and
    leave the others pairable, as a legal pairing's recipient does)."""

    def place() -> int:
        return sorted(snap.to_pair, key=lambda p: rank(snap.players[p])).index(bye) + 1

    return bye_values(bye_order, BYE_TEXT, snap.players[bye], place)


class Walk:
    """The brackets of one pairing, from the top, and their values."""

    def __init__(self, field: RoundField, rank: Rank, pairing: RoundPairing) -> None:
        self.field, self.rank = field, rank
        index = {p.id: v for v, p in enumerate(field.players)}
        self.mate = {v: v for v in range(field.n)} | mates(pairing, index)
        self.specs: Sequence[CriterionSpec] = field.edition.active(field.snapshot.round)

    def brackets(self) -> Iterator[Bracket]:
        scores = self.field.scores
        groups = scoregroups(range(self.field.n), scores.__getitem__)
        incoming: list[int] = []
        for k, group in enumerate(groups):
            following = groups[k + 1] if k + 1 < len(groups) else []
            members = incoming + group
            yield Bracket(tuple(members), tuple(following), scores[group[0]])
            inside = set(members)
            incoming = [v for v in members if self.mate[v] not in inside]

    def values(self) -> list[CriterionValue]:
        """Every bracket's criteria in the model file's order, then its Article 4 value."""
        out: list[CriterionValue] = []
        scores = self.field.scores
        context = PairContext(self.field.preferences, True, False)
        for bracket in self.brackets():
            label = f"bracket of score {points_to_str(bracket.score)}"
            inside = set(bracket.members)
            pairs = pairs_of(bracket.members, self.mate)
            floaters = [v for v in bracket.members if self.mate[v] not in inside]
            levels = sorted({scores[v] for v in bracket.members}, reverse=True)
            ahead = self.look_ahead(bracket, floaters) if bracket.following else None
            for spec in self.specs:
                if spec.following is None:
                    out += shown(spec, self.total(spec.function, context, pairs), label, levels)
                elif ahead is not None:
                    following_levels = sorted(
                        {scores[v] for v in floaters + list(bracket.following)}, reverse=True
                    )
                    out += shown(spec, ahead[spec.id, spec.name], label, following_levels)
            out.append(self.article4(bracket, label))
        return out

    def total(self, function, context: PairContext, pairs: Sequence[tuple[int, int]]) -> Total:
        return total(function, context, self.field.players, pairs)

    def look_ahead(self, bracket: Bracket, floaters: list[int]) -> dict[tuple[str, str], Total]:
        """C7: the best the following bracket (the floaters and the next scoregroup) can
        do by its own criteria (the ``following`` functions: C5, then C6), every player
        below it paired too (C4); by look-ahead criterion (id, function name)."""
        field = self.field
        following = sorted(floaters + list(bracket.following))
        rest = sorted(floaters + [v for v in range(field.n) if field.scores[v] < bracket.score])
        first, second, _ = field.pairs_among(rest)
        at = np.asarray(rest, dtype=np.int64)
        member = np.isin(at, np.asarray(following, dtype=np.int64))
        inside = member[first] & member[second]
        order = np.concatenate([np.flatnonzero(inside), np.flatnonzero(~inside)])
        ends = np.vstack([at[first[order]], at[second[order]]])
        inner = int(inside.sum())
        ahead = [spec for spec in self.specs if spec.following is not None]
        judged = [replace(spec, function=spec.following or spec.function) for spec in ahead]
        context = PairContext(field.preferences, True, False)
        role = np.zeros(field.n, dtype=np.int64)
        role[following] = 1
        tiers = weigh(
            judged, field.players, field.signature, ends[:, :inner], role, lambda u, v: context
        )
        model = LexMatcher(field.n, Edges(ends[0], ends[1]), rest, len(rest) // 2)
        try:
            model.maximise(tiers)
            chosen = model.answer.columns
        except Infeasible:  # not a legal complete pairing: its absolute rules say so first
            chosen = []
        pairs = [(int(ends[0][c]), int(ends[1][c])) for c in chosen if c < inner]
        return {(spec.id, spec.name): self.total(spec.following, context, pairs) for spec in ahead}

    def article4(self, bracket: Bracket, label: str) -> CriterionValue:
        """4.3: the BSN of each player's opponent in BSN order (0: floats), larger first."""
        players = self.field.players
        order = sorted(bracket.members, key=lambda v: self.rank(players[v]))
        bsn = {v: k for k, v in enumerate(order, 1)}
        value = tuple(bsn.get(self.mate[v], 0) if self.mate[v] != v else 0 for v in order)
        return CriterionValue(ARTICLE_4, ARTICLE_4_TEXT, value, HIGHER, label)
