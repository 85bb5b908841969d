"""A McMahon tournament before the round to pair: who plays, who may not meet.

The round to pair is the first round without games. Its players are those
registered as final (``FIN``), marked as participating in it and not already
in one of its games; a bye already recorded for the round is kept.

Forbidden pairs (siblings, couples, reference 9) are a mipair extension of the
file: ``<ForbiddenPairs><ForbiddenPair player1="KEY" player2="KEY"/>`` under
``<Tournament>``, kept when the file is written back (OpenGotha reads its
elements by name and skips this one).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from mipair.errors import InputError
from mipair.formats.opengotha import Node, OgTournament
from mipair.systems.mcmahon.params import McMahonParams, params_of

FORBIDDEN, FORBIDDEN_PAIR = "ForbiddenPairs", "ForbiddenPair"
OPENGOTHA, ENTROPY = "opengotha", "entropy"  # the objectives (models/mcmahon.toml [entropy])


@dataclass(frozen=True)
class McMahonState:
    """A tournament, its parameters, the round to pair, its players (indices) and its bye."""

    tournament: OgTournament
    params: McMahonParams
    round: int
    players: tuple[int, ...]  # indices into tournament.players, the bye included
    bye: int | None = None  # a bye already decided (from the file), else None
    forbidden: frozenset[frozenset[int]] = frozenset()
    objective: str = OPENGOTHA  # or ENTROPY: a further tier after OpenGotha's weights

    def key(self, index: int) -> str:
        return self.tournament.players[index].key


def forbidden_pairs(tournament: OgTournament) -> frozenset[frozenset[int]]:
    """The forbidden pairs of the file, as pairs of player indices."""
    index = {p.key: i for i, p in enumerate(tournament.players)}
    pairs = set()
    for node in tournament.others:
        for item in node.iter(FORBIDDEN_PAIR):
            keys = (item.attrs.get("player1", ""), item.attrs.get("player2", ""))
            for k in keys:
                if k not in index:
                    raise InputError(
                        f"no player has the key {k!r}",
                        file=tournament.path,
                        line=item.line,
                        field="ForbiddenPair",
                    )
            if keys[0] == keys[1]:
                raise InputError("a pair needs two players", file=tournament.path, line=item.line)
            pairs.add(frozenset(index[k] for k in keys))
    return frozenset(pairs)


def add_forbidden(tournament: OgTournament, first: str, second: str) -> None:
    """Record a forbidden pair in the tournament (by keys)."""
    holder = next((n for n in tournament.others if n.tag == FORBIDDEN), None)
    if holder is None:
        holder = Node(FORBIDDEN, {})
        tournament.others.append(holder)
    holder.children.append(Node(FORBIDDEN_PAIR, {"player1": first, "player2": second}))


def next_round(tournament: OgTournament, params: McMahonParams) -> int:
    """The first round without games (and without a recorded bye as its only content)."""
    played = {g.round for g in tournament.games}
    r = 1
    while r in played:
        r += 1
    if r > params.rounds:
        raise InputError(
            f"every round of the tournament ({params.rounds}) is paired",
            file=tournament.path,
            field="numberOfRounds",
        )
    return r


def state_of(tournament: OgTournament, edition: str | None = None) -> McMahonState:
    """The state before the tournament's next round (see the module docstring)."""
    params = params_of(tournament, edition)
    r = next_round(tournament, params)
    busy = {k for g in tournament.games if g.round == r for k in (g.white, g.black)}
    players = tuple(
        i
        for i, p in enumerate(tournament.players)
        if p.registering_status == "FIN" and p.plays(r) and p.key not in busy
    )
    index = {p.key: i for i, p in enumerate(tournament.players)}
    bye = next((index[b.player] for b in tournament.byes if b.round == r), None)
    if bye is not None and bye not in players:
        players = tuple(sorted(players + (bye,)))
    return McMahonState(tournament, params, r, players, bye, forbidden_pairs(tournament))


def cut(tournament: OgTournament, before: int) -> OgTournament:
    """The tournament as it stood before round ``before``: later games and byes removed."""
    return replace(
        tournament,
        games=[g for g in tournament.games if g.round < before],
        byes=[b for b in tournament.byes if b.round < before],
    )


def published_state(tournament: OgTournament, r: int, edition: str | None = None) -> McMahonState:
    """The state round ``r`` was paired from: its players and bye as published."""
    params = params_of(tournament, edition)
    index = {p.key: i for i, p in enumerate(tournament.players)}
    games = [g for g in tournament.games if g.round == r]
    players = {index[k] for g in games for k in (g.white, g.black)}
    bye = next((index[b.player] for b in tournament.byes if b.round == r), None)
    if bye is not None:
        players.add(bye)
    forbidden = forbidden_pairs(tournament)
    return McMahonState(cut(tournament, r), params, r, tuple(sorted(players)), bye, forbidden)


def published_states(
    tournament: OgTournament, edition: str | None = None
) -> Iterator[McMahonState]:
    """For each round with games: the state it was paired from (its players and bye as published)."""
    for r in sorted({g.round for g in tournament.games}):
        yield published_state(tournament, r, edition)
