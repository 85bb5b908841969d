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
before the round, then rating), as OpenGotha numbers them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mipair.errors import NoPairingError
from mipair.systems.mcmahon.bye import choose_bye
from mipair.systems.mcmahon.field import Entrant, Field, build_field
from mipair.systems.mcmahon.handicap import Colours, det_random, orient
from mipair.systems.mcmahon.state import McMahonState
from mipair.systems.mcmahon.weights import pair_weight, signed_handicap


@dataclass(frozen=True)
class Game:
    """A game of the new round (player indices), its table (1-based) and handicap."""

    table: int
    white: int
    black: int
    handicap: int


@dataclass(frozen=True)
class Round:
    """The new round: its games and its bye (player index or None)."""

    round: int
    games: tuple[Game, ...]
    bye: int | None


def field_of(state: McMahonState, bye: int | None = None) -> Field:
    """The round's field with ``bye`` (default: the state's, else the one OpenGotha would choose)."""
    chosen = bye if bye is not None else state.bye
    if chosen is None and len(state.players) % 2:
        everyone = build_field(state.tournament, state.params, state.round, state.players, None)
        chosen = choose_bye(everyone.entrants, state.params).index
    to_pair = [i for i in state.players if i != chosen]
    return build_field(state.tournament, state.params, state.round, to_pair, chosen)


def weight_table(fld: Field, forbidden: frozenset[frozenset[int]]) -> dict[tuple[int, int], int]:
    """The weight of every allowed pair, by positions in ``fld.entrants``."""
    people = fld.entrants
    return {
        (i, j): pair_weight(fld, people[i], people[j])
        for i in range(len(people))
        for j in range(i + 1, len(people))
        if frozenset((people[i].index, people[j].index)) not in forbidden
    }


def best_matching(fld: Field, weights: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    """A maximum-weight perfect matching of the entrants (positions), exactly."""
    from mipair.solver.lexmatch import Infeasible
    from mipair.solver.perfect import max_weight_perfect_matching

    n = len(fld.entrants)
    dup = fld.params.duplicate_weight
    people = fld.entrants
    fresh = {e: w for e, w in weights.items() if people[e[1]].index not in people[e[0]].met}
    rest = [w - dup for w in fresh.values()]
    spread = (max(rest) - min(rest)) if rest else 0
    candidates: list[dict[tuple[int, int], int]] = []
    if dup > 0 and dup > (n // 2) * spread and len(fresh) < len(weights):
        candidates.append(fresh)
    candidates.append(weights)
    hint = [(k, k + 1) for k in range(0, n - 1, 2)]  # neighbours in key order
    for allowed in candidates:
        edges = list(allowed)
        try:
            chosen = max_weight_perfect_matching(n, edges, list(allowed.values()), hint)
        except Infeasible:
            continue
        return [edges[k] for k in chosen]
    raise NoPairingError(
        f"round {fld.round}: no pairing of the {n} players avoids the forbidden pairs"
    )


def colours(fld: Field, a: Entrant, b: Entrant) -> Colours:
    """White, Black and handicap of a game (4), ``a`` listed before ``b``."""
    return orient(
        a.index,
        b.index,
        signed_handicap(fld, a, b),
        a.balance,
        b.balance,
        det_random(1, a.names, b.names),
    )


def table_order(fld: Field, games: Iterable[Colours]) -> list[Colours]:
    """Games by their better-placed player: placement before the round, then rating."""
    scores, before = fld.scores, fld.round - 1
    criteria = list(fld.params.placement)

    def place(index: int) -> tuple:
        rating = scores.players[index].rating
        return scores.ranking_key(index, before, criteria)[:-2] + (-rating,)

    return sorted(games, key=lambda g: min(place(g.white), place(g.black)))


def games_of(fld: Field, pairs: Sequence[tuple[int, int]]) -> Round:
    """The round from matched positions: oriented, tables numbered."""
    people = fld.entrants
    oriented = [colours(fld, people[min(i, j)], people[max(i, j)]) for i, j in pairs]
    ordered = table_order(fld, oriented)
    games = tuple(Game(t, g.white, g.black, g.handicap) for t, g in enumerate(ordered, 1))
    return Round(fld.round, games, fld.bye.index if fld.bye else None)


def pair_state(state: McMahonState) -> Round:
    """OpenGotha's pairing of the state's round, solved exactly."""
    fld = field_of(state)
    if not fld.entrants:
        return Round(state.round, (), fld.bye.index if fld.bye else None)
    return games_of(fld, best_matching(fld, weight_table(fld, state.forbidden)))


def matching_weight(fld: Field, pairs: Iterable[tuple[int, int]]) -> int:
    """The total weight of pairs of player indices in a field."""
    where = {e.index: e for e in fld.entrants}
    return sum(
        pair_weight(fld, *sorted((where[a], where[b]), key=lambda e: e.player.key))
        for a, b in pairs
    )
