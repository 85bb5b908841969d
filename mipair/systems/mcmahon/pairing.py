"""A McMahon round: the bye, the maximum-weight perfect matching, colours, tables (reference 6).

The matching is solved exactly by HiGHS through the solver layer
(:func:`mipair.solver.assignment.min_weight_perfect_matching`, on the
negated integer weights). The duplicate-game term (5·10^14 by default)
dwarfs the others; when it provably outweighs anything the rest of the
weights can change over a whole matching, the round is first solved without
rematches (the same optimum, with coefficients HiGHS compares exactly), and
with every pair only when no matching without a rematch exists.
Forbidden pairs are never candidates.

Tables follow the better-placed player of each game (placement criteria
before the round, then rating).

A field of more than 600 players is matched in parts, as OpenGotha matches it
(:mod:`~mipair.systems.mcmahon.chunks`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np

from mipair.errors import NoPairingError
from mipair.systems.mcmahon.bye import choose_bye
from mipair.systems.mcmahon.chunks import parts
from mipair.systems.mcmahon.entropy import entropy_weights, kept_terms
from mipair.systems.mcmahon.field import Entrant, Field, build_field
from mipair.systems.mcmahon.footprint import refuse_too_large
from mipair.systems.mcmahon.handicap import Colours, orient
from mipair.systems.mcmahon.sides import arrays, position_of
from mipair.systems.mcmahon.state import ENTROPY, OPENGOTHA, McMahonState
from mipair.systems.mcmahon.weights import det_random, pair_table, pair_weight, signed_stones


class Game(NamedTuple):
    """A game of the new round: table (from 1), White and Black (player indices), handicap."""

    table: int
    white: int
    black: int
    handicap: int


class Round(NamedTuple):
    """The new round: its games and its bye (player index or None)."""

    round: int
    games: tuple[Game, ...]
    bye: int | None


def field_of(state: McMahonState, bye: int | None = None) -> Field:
    """The round's field with ``bye`` (default: the state's, else the one OpenGotha would choose)."""
    chosen = bye if bye is not None else state.bye
    t, params, r = state.tournament, state.params, state.round
    if chosen is None and len(state.players) % 2:
        everyone = build_field(t, params, r, state.players, None)
        chosen = choose_bye(everyone.entrants, params).index
        to_pair = [i for i in state.players if i != chosen]
        return build_field(t, params, r, to_pair, chosen, everyone.scores, everyone.placement)
    to_pair = [i for i in state.players if i != chosen]
    return build_field(t, params, r, to_pair, chosen)


@dataclass(frozen=True)
class Candidates:
    """The allowed pairs (entrant positions ``first[k] < second[k]``) and their weights."""

    first: np.ndarray
    second: np.ndarray
    weight: np.ndarray

    def pick(self, keep: np.ndarray) -> Candidates:
        return Candidates(self.first[keep], self.second[keep], self.weight[keep])


def weight_table(
    fld: Field, forbidden: frozenset[frozenset[int]], terms: frozenset[str] | None = None
) -> Candidates:
    """The weight of every allowed pair of entrants (forbidden pairs left out): OpenGotha's
    whole weight, or only its ``terms``."""
    first, second, weight = pair_table(fld, terms)
    table = Candidates(first, second, weight)
    if not forbidden:
        return table
    index = np.array([e.index for e in fld.entrants])
    banned = {tuple(sorted(pair)) for pair in forbidden}
    low, high = np.minimum(index[first], index[second]), np.maximum(index[first], index[second])
    keep = np.array([(a, b) not in banned for a, b in zip(low.tolist(), high.tolist())], dtype=bool)
    return table.pick(keep)


def best_matching(
    fld: Field, table: Candidates, objective: str = OPENGOTHA
) -> list[tuple[int, int]]:
    """A maximum-weight perfect matching of the entrants (positions), exactly; with the
    ``entropy`` objective, one of largest total game entropy among them (the table then
    holds OpenGotha's kept terms only, :mod:`mipair.systems.mcmahon.entropy`)."""
    from mipair.solver.lexmatch import Infeasible
    from mipair.solver.perfect import max_weight_perfect_matching

    n = len(fld.entrants)
    dup = fld.params.duplicate_weight
    fresh = table.pick(~arrays(fld).met(table.first, table.second))
    rest = fresh.weight - dup
    spread = int(rest.max() - rest.min()) if len(rest) else 0
    tables = [table]
    if dup > 0 and dup > (n // 2) * spread and len(fresh.weight) < len(table.weight):
        tables.insert(0, fresh)
    hint = [(k, k + 1) for k in range(0, n - 1, 2)]  # neighbours in the list
    for candidates in tables:
        if len(candidates.weight) < n // 2:  # too few pairs left to pair everyone
            continue
        edges = np.stack([candidates.first, candidates.second], axis=1)
        then = None
        if objective == ENTROPY:
            then = entropy_weights(fld, candidates.first, candidates.second)
        try:
            chosen = max_weight_perfect_matching(n, edges, candidates.weight, hint, then)
        except Infeasible:
            continue
        return [(int(edges[k][0]), int(edges[k][1])) for k in chosen]
    raise NoPairingError(
        f"round {fld.round}: no pairing of the {n} players avoids the forbidden pairs"
    )


def table_order(fld: Field, games: Iterable[Colours]) -> list[Colours]:
    """Games by their better-placed player: placement before the round, then rating."""
    placement = fld.placement

    def place(index: int) -> tuple[int, ...]:
        rating = placement.scores.players[index].rating
        return tuple(-v for v in placement.row(index)) + (-rating,)

    return sorted(games, key=lambda g: min(place(g.white), place(g.black)))


def in_list_order(fld: Field, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """The two players as OpenGotha's list has them (the first argument of its weight)."""
    return (a, b) if position_of(fld, a) < position_of(fld, b) else (b, a)


def games_of(fld: Field, pairs: Sequence[tuple[Entrant, Entrant]]) -> Round:
    """The round from matched players (each pair in its part's list order): oriented (4), the
    handicaps and colour coins of all games computed at once, tables numbered."""
    side = arrays(fld).side
    first = side.take(np.array([position_of(fld, a) for a, _ in pairs], dtype=np.int64))
    second = side.take(np.array([position_of(fld, b) for _, b in pairs], dtype=np.int64))
    handicaps = signed_stones(fld, first, second).tolist()
    coins = det_random(1, first, second).tolist()
    oriented = [
        orient(a.index, b.index, stones, a.balance, b.balance, coin)
        for (a, b), stones, coin in zip(pairs, handicaps, coins)
    ]
    ordered = table_order(fld, oriented)
    games = tuple(Game(t, g.white, g.black, g.handicap) for t, g in enumerate(ordered, 1))
    return Round(fld.round, games, fld.bye.index if fld.bye else None)


def pair_state(state: McMahonState) -> Round:
    """OpenGotha's pairing of the state's round, solved exactly (part by part in a field of
    more than 600 players, :mod:`~mipair.systems.mcmahon.chunks`); a round whose memory
    would not fit is refused first (:mod:`~mipair.systems.mcmahon.footprint`, exit 4)."""
    refuse_too_large(state)
    fld = field_of(state)
    if not fld.entrants:
        return Round(state.round, (), fld.bye.index if fld.bye else None)
    pairs: list[tuple[Entrant, Entrant]] = []
    terms = kept_terms() if state.objective == ENTROPY else None
    for part in parts(fld):
        sub = replace(fld, entrants=part)
        table = weight_table(sub, state.forbidden, terms)
        matched = best_matching(sub, table, state.objective)
        pairs += [(part[min(i, j)], part[max(i, j)]) for i, j in matched]
    return games_of(fld, pairs)


def matching_weight(fld: Field, pairs: Iterable[tuple[int, int]]) -> int:
    """The total weight of pairs of player indices in a field."""
    where = {e.index: e for e in fld.entrants}
    return sum(pair_weight(fld, *in_list_order(fld, where[a], where[b])) for a, b in pairs)
