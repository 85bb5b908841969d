"""Pair a PAPP round: complete the existing pairs by minimising the total penalty.

1. The players present and not yet paired (pairs already in the round, made by
   hand, are kept untouched) get Bip added when they are an odd number.
2. Round robin when the settings ask for it and PAPP's conditions hold
   (:mod:`mipair.systems.papp.roundrobin`).
3. Otherwise every unordered pair {i, j} weighs ``min(p_ij, p_ji)`` and HiGHS
   finds the perfect matching of least total weight. In round 1 the players
   are first shuffled (PAPP does so, so that the first round is random).
4. Last pass: the cheaper orientation gives the colours; when ``p_ij = p_ji``
   the latest round in which the two had different colours is inverted,
   else the colours are drawn by lot.

Draws use a generator seeded with the event's ``seed`` and the round number,
so the same file always gives the same pairing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

from mipair.errors import NoPairingError
from mipair.formats.papp.config import Penalties
from mipair.formats.papp.event import Event, Game
from mipair.pairing import RoundPairing
from mipair.solver.assignment import min_weight_perfect_matching
from mipair.solver.lexmatch import Infeasible
from mipair.systems.papp.penalties import RoundState, chromatic_choice, penalty, round_state
from mipair.systems.papp.roundrobin import round_robin_pairing

OPTIMISATION, ROUND_ROBIN, BY_HAND, KEPT = "optimisation", "round-robin", "by hand", "kept"
"""How a board came about: paired now by the penalties or the round robin; or there before
``pair`` ran, made by the arbiter (by hand) or kept from an earlier pairing of the round."""


@dataclass(frozen=True)
class Board:
    """One game of the pairing: ``black`` has the first colour."""

    black: int
    white: int
    penalty: int | None = None  # None for a board made by hand, kept, or by the round robin
    how: str = OPTIMISATION  # see OPTIMISATION, ROUND_ROBIN, BY_HAND, KEPT
    colours: str = ""  # how the colours were chosen: cheaper, history, lot


@dataclass(frozen=True)
class PappPairing:
    """A round's pairing, as PAPP shows it (first named has Black)."""

    round: int
    boards: tuple[Board, ...]
    bip: int | None
    bip_penalty: int | None
    total: int  # total penalty of the pairs made by optimisation
    method: str  # optimisation, round-robin, existing
    notices: tuple[str, ...] = ()  # what the arbiter should know about this pairing

    def apply(self, event: Event) -> Event:
        """The event with this pairing written into its round (results still to come)."""
        rnd = event.round(self.round)
        games = tuple(
            (rnd.game_of(b.black) or Game(b.black, b.white))
            if b.how in (BY_HAND, KEPT)
            else Game(b.black, b.white)
            for b in self.boards
        )
        return event.with_round(replace(rnd, games=games, bip=self.bip))


def _rng(event: Event, rnd: int) -> random.Random:
    return random.Random(f"papp:{event.settings.seed}:{rnd}")


def _order(boards: list[Board], st: RoundState) -> list[Board]:
    """Tables by the higher score, then the sum of scores, then numbers."""

    def key(b: Board) -> tuple[int, int, int]:
        si, sj = st.players[b.black].score, st.players[b.white].score
        return (-max(si, sj), -(si + sj), min(b.black, b.white))

    return sorted(boards, key=key)


def optimise(
    pen: Penalties, st: RoundState, players: list[int], rng: random.Random, shuffle: bool
) -> tuple[list[Board], int | None, int | None, int]:
    """Minimum-penalty pairing of ``players`` (Bip added when odd)."""
    nodes: list[int | None] = list(players)
    if shuffle:
        rng.shuffle(nodes)
    if len(nodes) % 2:
        nodes.append(None)
    weights: dict[tuple[int, int], int] = {}
    orient: dict[tuple[int, int], tuple[int, int]] = {}
    for a in range(len(nodes)):
        for b in range(a + 1, len(nodes)):
            i, j = nodes[a], nodes[b]
            if i is None or j is None:
                alone = j if i is None else i
                assert alone is not None  # one None node at most (Bip)
                weights[(a, b)] = penalty(pen, st, alone, None)
                continue
            pij, pji = penalty(pen, st, i, j), penalty(pen, st, j, i)
            weights[(a, b)] = min(pij, pji)
            orient[(a, b)] = (pij, pji)
    try:
        chosen = min_weight_perfect_matching(len(nodes), weights)
    except Infeasible as exc:  # cannot happen on a complete graph; kept for safety
        raise NoPairingError(f"no pairing found: {exc}") from None
    boards: list[Board] = []
    bip = bip_pen = None
    total = 0
    for a, b in sorted(chosen):
        i, j = nodes[a], nodes[b]
        w = weights[(a, b)]
        total += w
        if i is None or j is None:
            bip, bip_pen = (j if i is None else i), w
            continue
        pij, pji = orient[(a, b)]
        if pij != pji:
            black, how = (i, "cheaper") if pij < pji else (j, "cheaper")
        else:
            decided = chromatic_choice(st, i, j)
            black, how = (
                (decided, "history") if decided is not None else (rng.choice(sorted((i, j))), "lot")
            )
        boards.append(Board(black, j if black == i else i, w, "optimisation", how))
    return boards, bip, bip_pen, total


@lru_cache(maxsize=8)
def pair_round(event: Event, penalties: Penalties) -> PappPairing:
    """Pair the round after the last complete one (see the module docstring).

    Pairs already in the round are kept. When the round has Bip and an odd
    number of players remain to pair (someone paired left), Bip's player is
    paired again with them. When pairs kept from an earlier pairing make the
    round far worse than pairing it again would (a withdrawal left a lone
    player), a notice says so: PAPP completes the pairing ('A') and leaves
    the choice to the arbiter (papp clear-pairs, then papp pair).
    """
    rnd_no = event.round_to_pair
    rnd = event.round(rnd_no)
    st = round_state(event, rnd_no)
    kept = [Board(g.black, g.white, None, BY_HAND if g.by_hand else KEPT) for g in rnd.games]
    taken = {p for g in rnd.games for p in (g.black, g.white)}
    bip = rnd.bip
    todo = [p for p in event.present(rnd_no) if p not in taken and p != bip]
    notices: list[str] = []
    if bip is not None and len(todo) % 2:
        notices.append(f"player {bip} no longer has Bip: an even number of players are left")
        todo, bip = sorted(todo + [bip]), None
    if not todo:
        return PappPairing(rnd_no, tuple(_order(kept, st)), bip, None, 0, "existing")
    rng = _rng(event, rnd_no)

    def leftovers(players: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        draws = random.Random(f"papp:{event.settings.seed}:{rnd_no}:round-robin")
        boards, alone, _, _ = optimise(penalties, st, players, draws, shuffle=False)
        return [(b.black, b.white) for b in boards], alone

    rr = round_robin_pairing(event, rnd_no, leftovers)
    if rr is not None:
        games, rr_bip = rr
        boards = [Board(b, w, None, ROUND_ROBIN) for b, w in games]
        return PappPairing(rnd_no, tuple(_order(boards, st)), rr_bip, None, 0, ROUND_ROBIN)
    boards, new_bip, bip_pen, total = optimise(penalties, st, todo, rng, shuffle=rnd_no == 1)
    notices += _better_pairing(event, penalties, st, kept, bip, total)
    return PappPairing(
        rnd_no,
        tuple(_order(kept + boards, st)),
        new_bip if new_bip is not None else bip,
        bip_pen,
        total,
        OPTIMISATION,
        tuple(notices),
    )


def _better_pairing(
    event: Event,
    penalties: Penalties,
    st: RoundState,
    kept: list[Board],
    bip: int | None,
    total: int,
) -> list[str]:
    """A notice when pairing again every pair not made by hand costs far less (at least one
    half-point float, ``p_flot[1]``) than keeping the earlier pairs and completing them."""
    again = [b for b in kept if b.how == KEPT]
    if not again and bip is None:
        return []
    current = total + sum(penalty(penalties, st, b.black, b.white) for b in again)
    current += penalty(penalties, st, bip, None) if bip is not None else 0
    hand = {p for b in kept if b.how == BY_HAND for p in (b.black, b.white)}
    free = [p for p in event.present(st.round) if p not in hand]
    fresh = optimise(penalties, st, free, _rng(event, st.round), shuffle=False)[3]
    if current - fresh < max(penalties.p_flot[1], 1):
        return []
    return [
        f"pairing round {st.round} again would cost {fresh} instead of {current} "
        "(papp clear-pairs, then papp pair; pairs made by hand are kept)"
    ]


def apply_pairing(event: Event, pairing: RoundPairing) -> Event:
    """The event with ``pairing`` written into its round; games already there keep their results.

    A board's ``black`` has the first colour (PAPP's Black).
    """
    rnd = event.round(pairing.round)
    games = tuple(rnd.game_of(b.black) or Game(b.black, b.white) for b in pairing.boards)
    return event.with_round(replace(rnd, games=games, bip=pairing.bye))
