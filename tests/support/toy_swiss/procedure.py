"""The toy Swiss system's procedure and system class (see ``toy-2026.toml``).

Written only from the FIDE family's shared modules (state, rules, procedure,
system) and the solver, as a new Swiss system would be.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mipair.errors import NoPairingError
from mipair.pairing import Board, RoundPairing
from mipair.reports import LOWER, CriterionValue
from mipair.solver.edges import Edges
from mipair.solver.lexmatch import Infeasible, LexMatcher
from mipair.solver.weights import Weights
from mipair.systems.fide.procedure import Evaluator, SwissProcedure
from mipair.systems.fide.rules import forbidden_pairs, pab_eligible, rematch
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.fide.system import FideSystem

GAP_CEILING = 1000
"""Tenths of a point; a pair's weight is the ceiling less its score difference."""


def score_gap(context: object, higher: PlayerState, lower: PlayerState) -> int:
    """T4: the score difference of a pair, in tenths (lower is better)."""
    return abs(higher.pairing_score - lower.pairing_score)


CRITERIA = {"score_gap": score_gap}


class ToyProcedure(SwissProcedure[Snapshot]):
    """One matching of the whole round: as many pairs as possible, the closest scores."""

    criterion_tables = ("tests.support.toy_swiss.procedure:CRITERIA",)

    def pair(self, snapshot: Snapshot) -> RoundPairing:
        players = [snapshot.players[p] for p in snapshot.to_pair]
        players.sort(key=lambda p: (-p.pairing_score, p.tpn))
        banned = forbidden_pairs(snapshot)
        ends = [
            (i, j)
            for i, a in enumerate(players)
            for j in range(i + 1, len(players))
            if not rematch(a, players[j]) and frozenset((a.id, players[j].id)) not in banned
        ]
        must = [i for i, p in enumerate(players) if not pab_eligible(p)]
        n = len(players)
        try:
            model = LexMatcher(n, Edges.of(ends), must if n % 2 else range(n), n // 2)
            gaps = np.array([score_gap(None, players[i], players[j]) for i, j in ends])
            model.maximise([Weights.dense(GAP_CEILING - gaps)] if ends else [])
        except Infeasible:
            raise NoPairingError("no pairing satisfies the basic rules") from None
        mate = model.answer.mate()
        boards = [self.colours(players[v], players[w]) for v, w in enumerate(mate) if v < w < n]
        bye = next((players[v].id for v, w in enumerate(mate) if v == w), None)
        return RoundPairing(snapshot.round, tuple(boards), bye)

    def colours(self, a: PlayerState, b: PlayerState) -> Board:
        """White to the player with the lower colour difference (the higher ranked on a tie)."""
        if b.colour_difference < a.colour_difference:
            return Board(b.id, a.id)
        return Board(a.id, b.id)

    def evaluator(self, snapshot: Snapshot) -> Evaluator:
        players = snapshot.players
        spec = snapshot.edition.criteria[0]

        def evaluate(pairing: RoundPairing) -> list[CriterionValue]:
            total = sum(
                spec.function(None, players[b.white], players[b.black]) for b in pairing.boards
            )
            return [CriterionValue(spec.id, spec.text, total, LOWER)]

        return evaluate


class ToySystem(FideSystem):
    """The toy Swiss system behind the common interface."""

    title = "Toy Swiss (tests only)"
    models = Path(__file__).resolve().parent
