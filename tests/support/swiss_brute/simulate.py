"""Small random tournaments played round by round, for the brute forces and other engines.

A tournament of ``players`` entrants (ratings falling with the pairing number) is
paired round after round by a given pairing function (a brute force of this
package), with random results: wins, draws, losses, now and then a forfeit,
an announced absence or a half-point bye. The file it gives is an ordinary
TRF tournament (mipair.formats writes it), so any engine can pair its next round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from mipair.formats.trf import write_tournament
from mipair.model import Cell, Colour, Player, PointSystem, Result, Tournament
from tests.support.swiss_brute.history import Field, RoundPairing, field_of

Pairer = Callable[[Field], RoundPairing]


class Chances(Protocol):
    """What :func:`tournament` reads of a mix itself (the rest is for its ``step``)."""

    @property
    def absences(self) -> float: ...


@dataclass(frozen=True)
class Mix:
    """How often the unusual things happen, per board or per player and round."""

    draws: float = 0.25
    forfeits: float = 0.04
    absences: float = 0.04
    half_byes: float = 0.02


def start(
    players: int, rounds: int, rng: random.Random, initial: Colour | None = None
) -> Tournament:
    """A tournament before round 1: ratings falling with the pairing number (Dubov 1.1: all rated)."""
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    table = {
        pid: Player(id=pid, name=f"Player {pid}", rating=r) for pid, r in enumerate(ratings, 1)
    }
    return Tournament(
        players=table,
        results={pid: () for pid in table},
        point_system=PointSystem(),
        total_rounds=rounds,
        initial_colour=initial or rng.choice([Colour.WHITE, Colour.BLACK]),
    )


def play(t: Tournament, rnd: int, pairer: Pairer, rng: random.Random, mix: Mix) -> Tournament:
    """``t`` with round ``rnd`` announced (absences), paired by ``pairer`` and played."""
    cells = {pid: list(c) + [None] * (rnd - 1 - len(c)) for pid, c in t.results.items()}
    for pid in cells:
        if rng.random() < mix.absences:
            kind = (
                Result.HALF_BYE
                if rng.random() < mix.half_byes / max(mix.absences, 1e-9)
                else Result.ZERO_BYE
            )
            cells[pid].append(Cell(None, None, kind))
    announced = _with(t, cells)
    present = [pid for pid in t.players if len(cells[pid]) < rnd]
    if len(present) < 2:
        return announced
    pairing = pairer(field_of(announced, rnd))
    for white, black in pairing.boards:
        result_white, result_black = _result(rng, mix)
        cells[white].append(Cell(black, Colour.WHITE, result_white))
        cells[black].append(Cell(white, Colour.BLACK, result_black))
    if pairing.bye is not None:
        cells[pairing.bye].append(Cell(None, None, Result.PAB))
    return _with(t, cells)


def tournament(
    players: int,
    rounds: int,
    upto: int,
    seed: int,
    pairer: Callable[..., RoundPairing],
    mix: Chances = Mix(),
    *,
    begin: Callable[..., Tournament] = start,
    step: Callable[..., Tournament] = play,
    columns: int = 1,
) -> Tournament:
    """Rounds 1 .. ``upto`` - 1 played; round ``upto``'s absences announced (TRF cells).

    ``begin`` and ``step`` start and play a tournament of another kind (a Double-Swiss
    one, ``columns`` TRF rounds a round), from the same seed in the same way.
    """
    rng = random.Random(seed)
    t = begin(players, rounds, rng)
    for rnd in range(1, upto):
        t = step(t, rnd, pairer, rng, mix)
    return announce_absences(t, upto, rng, mix.absences, columns)


def announce_absences(
    t: Tournament, upto: int, rng: random.Random, rate: float, columns: int = 1
) -> Tournament:
    """``t`` with some players (each with chance ``rate``) announced absent in round ``upto``,
    written in its ``columns`` TRF rounds (two for a Double-Swiss match)."""
    cells = {pid: list(c) for pid, c in t.results.items()}
    width = columns * (upto - 1)
    for pid in cells:
        if rng.random() < rate:
            cells[pid] += [None] * (width - len(cells[pid]))
            cells[pid] += [Cell(None, None, Result.ZERO_BYE)] * columns
    return replace(t, results={pid: tuple(c) for pid, c in cells.items()})


def trf(t: Tournament, edition: str = "trfx") -> str:
    """The tournament as TRF text (TRF(x) by default: XXR and XXC for the other engines)."""
    return write_tournament(t, edition)


def _result(rng: random.Random, mix: Mix) -> tuple[Result, Result]:
    if rng.random() < mix.forfeits:
        return (
            (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
            if rng.random() < 0.5
            else (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
        )
    roll = rng.random()
    if roll < mix.draws:
        return Result.DRAW, Result.DRAW
    return (Result.WIN, Result.LOSS) if roll < (1 + mix.draws) / 2 else (Result.LOSS, Result.WIN)


def _with(t: Tournament, cells: dict[int, list[Cell | None]]) -> Tournament:
    players = {pid: Player(id=p.id, name=p.name, rating=p.rating) for pid, p in t.players.items()}
    return Tournament(
        players=players,
        results={pid: tuple(c) for pid, c in cells.items()},
        point_system=t.point_system,
        total_rounds=t.total_rounds,
        initial_colour=t.initial_colour,
    )


def random_round(
    seed: int, pairer: Pairer, rounds: int = 5, first: int = 2
) -> tuple[Field, RoundPairing]:
    """A random round of 6-10 players after ``first`` - 1 .. ``first`` + 2 rounds, and its
    pairing by ``pairer`` (another history is drawn when one leaves no legal pairing)."""
    import pytest

    from tests.support.swiss_brute.rules import NoLegalPairing

    for attempt in range(5):  # a history that ends the tournament early: draw another one
        try:
            field = field_of(
                tournament(6 + seed % 5, rounds, first + seed % 4, seed + 1000 * attempt, pairer)
            )
            return field, pairer(field)
        except NoLegalPairing:
            continue
    pytest.skip("five random histories left no legal pairing")
