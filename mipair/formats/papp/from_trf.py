"""A PAPP event from a TRF tournament (``mipair papp new --trf``).

The event is a game "without discs" (``discs 2``, manual 6.11): a
win is 2/0, a draw 1/1, and the tie-break is the Buchholz. TRF's white (who
moves first in chess) becomes the first colour, named "White". Forfeits
count as won/lost games, the pairing-allocated bye as Bip; other byes and
absences become absences (their points, if any, are not kept: PAPP has no
such byes, so the import says so).
"""

from __future__ import annotations

from decimal import Decimal

from mipair.formats.papp.event import Event, Game, Round, Settings
from mipair.formats.papp.players import PlayerRecord, split_name
from mipair.model import Colour, Result, Tournament
from mipair.rounds import rounds_played

_WIN = {Result.WIN, Result.WIN_UNPLAYED, Result.FORFEIT_WIN}
_DRAW = {Result.DRAW, Result.DRAW_UNPLAYED}


def from_trf(t: Tournament, settings: Settings | None = None) -> tuple[Event, list[str]]:
    """Convert a TRF tournament; returns the event and notes on what could not be kept."""
    base = settings or Settings()
    s = Settings(
        base.name,
        base.date,
        base.rounds if base.rounds else t.total_rounds,
        Decimal(0),
        2,
        0,
        ("White", "Black"),
        base.country,
        base.seed,
        base.round_robin,
    )
    players = tuple(
        PlayerRecord(
            p.id,
            *split_name(p.name or f"Player {p.id}"),
            country=p.federation,
            rating=p.rating or None,
        )
        for p in sorted(t.players.values(), key=lambda p: p.id)
    )
    notes: list[str] = []
    rounds: list[Round] = []
    for r in range(1, rounds_played(t) + 1):
        games, bip, absent = [], None, set()
        for pid in sorted(t.players):
            cell = t.cell(pid, r)
            if cell is None or cell.opponent is None:
                if cell is not None and cell.is_pab and bip is None:
                    bip = pid
                else:
                    absent.add(pid)
                    if cell is not None and cell.result in (
                        Result.HALF_BYE,
                        Result.FULL_BYE,
                        Result.PAB,
                    ):
                        notes.append(
                            f"round {r}: player {pid}'s bye ({cell.result.value}) "
                            "becomes an absence"
                        )
                continue
            if cell.colour is Colour.BLACK or (cell.colour is None and pid > cell.opponent):
                continue  # each game once, from White's side
            first = 2 if cell.result in _WIN else 1 if cell.result in _DRAW else 0
            games.append(Game(pid, cell.opponent, first))
        rounds.append(Round(r, tuple(games), bip, frozenset(absent)))
    announced = _announced_absences(t, len(rounds) + 1)
    if announced:
        rounds.append(Round(len(rounds) + 1, absent=announced))
        notes.append(
            f"round {len(rounds)}: announced absences kept: "
            + ", ".join(str(p) for p in sorted(announced))
        )
    return Event(s, players, tuple(rounds), t.source), notes


def _announced_absences(t: Tournament, number: int) -> frozenset[int]:
    """Players whose cell in round ``number`` (the round to pair) says they will not play."""
    return frozenset(
        pid
        for pid in t.players
        if (cell := t.cell(pid, number)) is not None and not cell.takes_part
    )
