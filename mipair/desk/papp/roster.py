"""Who plays the round being paired: withdrawals and returns, pairs made by hand, late players.

* ``withdraw``/``reinstate`` (the manual's ``-`` and ``+``, ``*`` for every
  player, 6.6): a withdrawn player is absent from the open round on until he
  returns; his pairing in that round, if any and not yet played, is removed.
* ``couple``/``decouple``/``clear_pairs`` (the manual's M: A, D and Z, 2.5):
  pairs forced by hand in the open round; ``pair`` keeps them. A round past the
  planned ones is opened only by ``pair --extra-round`` (:func:`within_rounds`).
* ``register``: a player joins the open round (earlier rounds: absent);
  ``delete`` removes for good a player who has not played;
* ``change_country`` (the manual's ``N``): another nationality, or a team.

The open round is the first round without all its results (the round to pair).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from mipair.errors import InputError
from mipair.formats.papp.event import Event, Game, Round
from mipair.formats.papp.players import PlayerRecord
from mipair.systems.papp.planned import within_rounds


def open_round(event: Event) -> Round:
    """The round to pair, as it stands (an empty one when not in the file yet)."""
    return event.round(event.round_to_pair)


def _known(event: Event, players: Iterable[int]) -> list[int]:
    ids = set(event.ids)
    wanted = list(dict.fromkeys(players))
    unknown = [p for p in wanted if p not in ids]
    if unknown:
        raise InputError(
            f"player(s) {', '.join(map(str, unknown))} not registered",
            file=event.source,
            field="player",
        )
    return wanted


def _without(rnd: Round, pid: int, source: str | None) -> Round:
    """``rnd`` with ``pid``'s game or Bip removed (refused when the game has its result)."""
    game = rnd.game_of(pid)
    if game is not None and game.played:
        raise InputError(
            f"player {pid}'s game in round {rnd.number} has its result: erase it first",
            file=source,
            field="player",
        )
    games = tuple(g for g in rnd.games if g is not game)
    return replace(rnd, games=games, bip=None if rnd.bip == pid else rnd.bip)


def withdraw(event: Event, players: Iterable[int]) -> Event:
    """Players leave the tournament from the open round on (their unplayed pairing goes)."""
    wanted = _known(event, players)
    rnd = open_round(event)
    for pid in wanted:
        rnd = _without(rnd, pid, event.source)
    rnd = replace(rnd, absent=rnd.absent | frozenset(wanted))
    event = event.with_round(rnd) if rnd.paired or rnd.absent else event
    return replace(event, withdrawn=event.withdrawn | frozenset(wanted))


def delete(event: Event, players: Iterable[int]) -> Event:
    """Remove players for good: only those who never played (nor had Bip) (manual 6.6)."""
    wanted = frozenset(_known(event, players))
    busy = {
        pid
        for rnd in event.rounds
        for game in rnd.games
        if game.played
        for pid in (game.black, game.white)
        if pid in wanted
    } | {rnd.bip for rnd in event.rounds if rnd.bip in wanted}
    if busy:
        raise InputError(
            f"player(s) {', '.join(map(str, sorted(busy)))} played already: withdraw instead",
            file=event.source,
            field="player",
        )
    rounds = tuple(
        replace(
            r,
            games=tuple(g for g in r.games if not {g.black, g.white} & wanted),
            absent=r.absent - wanted,
        )
        for r in event.rounds
    )
    kept = tuple(p for p in event.players if p.id not in wanted)
    return replace(event, players=kept, rounds=rounds, withdrawn=event.withdrawn - wanted)


def reinstate(event: Event, players: Iterable[int]) -> Event:
    """Withdrawn or absent players come back for the open round."""
    wanted = frozenset(_known(event, players))
    rnd = open_round(event)
    if rnd.number <= len(event.rounds):
        event = event.with_round(replace(rnd, absent=rnd.absent - wanted))
    return replace(event, withdrawn=event.withdrawn - wanted)


def couple(event: Event, black: int, white: int) -> Event:
    """Pair ``black`` (first colour) with ``white`` by hand; their former pairings go."""
    _known(event, (black, white))
    if black == white:
        raise InputError(f"player {black} cannot play himself", file=event.source, field="player")
    rnd = open_round(within_rounds(event))
    for pid in (black, white):
        if pid in rnd.absent or pid in event.withdrawn:
            raise InputError(
                f"player {pid} is absent: bring him back first", file=event.source, field="player"
            )
        rnd = _without(rnd, pid, event.source)
    return event.with_round(replace(rnd, games=rnd.games + (Game(black, white, by_hand=True),)))


def decouple(event: Event, pid: int) -> Event:
    """Undo ``pid``'s pairing in the open round (nothing when he is not paired)."""
    _known(event, (pid,))
    rnd = open_round(event)
    if not rnd.paired:
        return event
    return event.with_round(_without(rnd, pid, event.source))


def clear_pairs(event: Event) -> Event:
    """Undo every pairing of the open round (refused once a result is in)."""
    rnd = open_round(event)
    if any(g.played for g in rnd.games):
        raise InputError(
            f"round {rnd.number} has results: erase them before undoing its pairing",
            file=event.source,
            field="round",
        )
    if not rnd.paired:
        return event
    return event.with_round(replace(rnd, games=(), bip=None))


def change_country(event: Event, pid: int, country: str) -> Event:
    """Give ``pid`` another nationality for the tournament (PAPP's 'N', manual 2.7).

    Teams are players of one nationality, so this also splits a country's
    players into teams (``USA``, ``USA2``); same-country penalties follow.
    """
    _known(event, (pid,))
    country = country.strip()
    if not country or any(c.isspace() for c in country):
        raise InputError(
            f"'{country}' is not a country (one word)", file=event.source, field="country"
        )
    players = tuple(replace(p, country=country) if p.id == pid else p for p in event.players)
    return replace(event, players=players)


def register(event: Event, player: PlayerRecord) -> Event:
    """Add ``player``: absent from the rounds already complete, present in the open round."""
    if player.id in event.ids:
        raise InputError(
            f"player {player.id} is already registered", file=event.source, field="player"
        )
    rounds = tuple(
        replace(r, absent=r.absent | {player.id}) if r.complete else r for r in event.rounds
    )
    return replace(event, players=event.players + (player,), rounds=rounds)
