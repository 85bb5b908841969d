"""The players of one Dubov round as the text sees them, and the pairs it allows.

What C.04.1's state (:mod:`mipair.systems.fide.state`) does not carry, Dubov
adds here from the tournament: the colour preference with 1.6.4's newcomer
preference for Black, ARO (1.7), the upfloats of past rounds (1.8) and the
maximum upfloaters (1.8.1-1.8.2). Vertex ``i`` of the round is the ``i``-th
player present by score then pairing number (the TPN of the file, [R: R2]);
the legal pairs are those C1, C3 and the organiser's forbidden pairs allow.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mipair.model import Colour, Tournament
from mipair.rounds import accelerations_of
from mipair.solver.edges import Edges
from mipair.systems.fide.colours import Preference, preference
from mipair.systems.fide.dubov.settings import DubovSettings, MaxUpfloats
from mipair.systems.fide.pairable import basic_pairs
from mipair.systems.fide.players import RoundPlayer
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.swiss_pairable import Pairable, edges_among


@dataclass(frozen=True)
class DubovPlayer(RoundPlayer):
    """One player present in the round, with what the Dubov text reads of it."""

    preference: Preference
    aro: int  # 1.7
    upfloats: int  # 1.8: past rounds in which the player was upfloated
    upfloated_last: bool  # upfloated in the previous round (C10)
    maximum: bool  # a maximum upfloater (1.8.1)

    @property
    def colour(self) -> Colour:
        """The colour sought (every Dubov player seeks one, 1.6.4)."""
        assert self.preference.colour is not None
        return self.preference.colour


def aro(t: Tournament, state: PlayerState, rnd: int) -> int:
    """1.7: the mean rating of the opponents of games played, halves up; 0 before a game."""
    ratings = [
        t.players[cell.opponent].rating
        for k in range(1, rnd)
        if (cell := t.cell(state.id, k)) is not None and cell.is_played and cell.opponent
    ]
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def upfloat_rounds(t: Tournament, rnd: int, pairings: str) -> dict[int, list[int]]:
    """1.8 (reading D3): the past rounds in which each player was paired against a
    higher pairing score before that round (``pairings``: "pairing" counts forfeited
    pairings, "game" games played only)."""
    ps = t.point_system
    acc = accelerations_of(t)
    before = {pid: 0 for pid in t.players}
    out: dict[int, list[int]] = {pid: [] for pid in t.players}
    for k in range(1, rnd):
        score = {pid: s + acc.get((pid, k), 0) for pid, s in before.items()}
        for pid in t.players:
            cell = t.cell(pid, k)
            if cell is None or cell.opponent is None or cell.opponent not in score:
                continue
            if pairings == "game" and not cell.is_played:
                continue
            if score[cell.opponent] > score[pid]:
                out[pid].append(k)
        for pid in t.players:
            before[pid] += ps.cell_points(t.cell(pid, k))
    return out


def max_upfloats(t: Tournament, rnd: int, rule: MaxUpfloats) -> int:
    """1.8.2: MaxT = base + rounds // per (the rounds of the tournament, 142/XXR)."""
    return rule.base + (t.total_rounds or rnd) // rule.per


class DubovField:
    """The players of one round by score then TPN, and the pairs C1, C3 allow."""

    def __init__(self, snap: Snapshot) -> None:
        self.snapshot = snap
        self.settings = settings = DubovSettings.of(snap.edition.settings)
        t, rnd = snap.tournament, snap.round
        newcomer = settings.newcomer
        floats = upfloat_rounds(t, rnd, settings.upfloat)
        limit = max_upfloats(t, rnd, settings.max_upfloats)
        states = sorted(
            (snap.players[pid] for pid in snap.to_pair), key=lambda p: (-p.pairing_score, p.id)
        )
        self.players = [
            DubovPlayer(
                state=s,
                vertex=v,
                preference=preference(s, newcomer),
                aro=aro(t, s, rnd),
                upfloats=len(floats[s.id]),
                upfloated_last=rnd - 1 in floats[s.id],
                maximum=len(floats[s.id]) >= limit,
            )
            for v, s in enumerate(states)
        ]
        self.n = len(self.players)
        self.vertex = {p.id: p.vertex for p in self.players}
        self.last_round = t.total_rounds is not None and rnd >= t.total_rounds
        self.initial_colour = snap.initial_colour or Colour.WHITE
        self.legal = self.legal_pairs()
        self.pairable = Pairable(self.legal)

    def legal_pairs(self) -> np.ndarray:
        """C1 (no rematch of a game), the organiser's forbidden pairs and C3 (two equal
        absolute preferences, no exception), as a symmetric boolean matrix."""
        players = self.players
        allowed = basic_pairs(self.snapshot, [p.state for p in players])
        absolute = np.array(
            [
                {Colour.WHITE: 1, Colour.BLACK: 2}[p.colour] if p.preference.absolute else 0
                for p in players
            ],
            dtype=np.int64,
        )
        allowed &= ~((absolute[:, None] == absolute[None, :]) & (absolute[:, None] > 0))
        return allowed

    def edges_among(self, nodes: list[int]) -> Edges:
        """The legal pairs between two of ``nodes``, lower vertex first."""
        return edges_among(self.legal, nodes)

    def tpn(self, v: int) -> int:
        return self.players[v].id
