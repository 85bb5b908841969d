"""What the page and the JSON boards show of each player: name, rating, score (and, for Go, the
rank and each board's handicap).

The pairing-system interface gives names and points through its standings;
ratings, Go ranks and handicaps live in each system's own state, read here
(an application may use a system's own modules) by one small function a
system. A system without one shows what its standings give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mipair.errors import MipairError
from mipair.pairing import RoundPairing
from mipair.systems.base import PairingSystem

Card = dict[str, object]
"""One player as shown: ``name``, ``rating``, ``score`` (and ``rank`` for Go)."""


def standings_cards(system: PairingSystem, state: Any) -> dict[int, Card]:
    """Names and points from the system's standings (every system that gives standings)."""
    from mipair.results.standings import system_standings

    try:
        lines = system_standings(system, state)
    except MipairError:  # a system without standings: ids only
        return {}
    return {line.player: {"name": line.name, "score": line.points} for line in lines}


def dutch_cards(system: PairingSystem, state: Any) -> dict[int, Card]:
    cards = standings_cards(system, state)
    for pid, player in state.tournament.players.items():
        cards.setdefault(pid, {"name": player.name})["rating"] = player.rating or None
    return cards


def papp_cards(system: PairingSystem, state: Any) -> dict[int, Card]:
    cards = standings_cards(system, state)
    for record in state.event.players:
        cards.setdefault(record.id, {})
        cards[record.id].update(name=record.full_name, rating=record.rating)
    return cards


def mcmahon_field(state: Any, pairing: RoundPairing):
    from mipair.systems.mcmahon.pairing import field_of

    return field_of(state, pairing.bye - 1 if pairing.bye is not None else None)


def mcmahon_cards(system: PairingSystem, state: Any, pairing: RoundPairing) -> dict[int, Card]:
    """Go players by their id (index + 1): name, rank, rating and McMahon score before the round."""
    cards: dict[int, Card] = {}
    for index, player in enumerate(state.tournament.players):
        cards[index + 1] = {
            "name": player.full_name,
            "rank": player.rank_label,
            "rating": player.rating,
        }
    for entrant in mcmahon_field(state, pairing).entrants:
        cards[entrant.index + 1]["score"] = f"{entrant.mms2 / 2:g}"
    return cards


def mcmahon_handicaps(state: Any, pairing: RoundPairing) -> list[int]:
    """The handicap (stones) of each board, as OpenGotha gives it."""
    from mipair.systems.mcmahon.weights import signed_handicap

    field = mcmahon_field(state, pairing)
    where = {e.index: e for e in field.entrants}
    return [
        abs(signed_handicap(field, where[b.white - 1], where[b.black - 1])) for b in pairing.boards
    ]


CARDS: dict[str, Callable[[PairingSystem, Any, RoundPairing], dict[int, Card]]] = {
    "dutch": lambda system, state, _: dutch_cards(system, state),
    "papp": lambda system, state, _: papp_cards(system, state),
    "mcmahon": mcmahon_cards,
}
"""System name -> its players' cards; others: :func:`standings_cards`."""


def player_cards(system: PairingSystem, state: Any, pairing: RoundPairing) -> dict[int, Card]:
    """Every player's card, by pairing id."""
    maker = CARDS.get(system.name)
    if maker is None:
        return standings_cards(system, state)
    return maker(system, state, pairing)


def board_extras(system: PairingSystem, state: Any, pairing: RoundPairing) -> list[dict[str, int]]:
    """What a board carries beyond its players: the handicap of a Go game."""
    if system.name == "mcmahon":
        return [{"handicap": stones} for stones in mcmahon_handicaps(state, pairing)]
    return [{} for _ in pairing.boards]
