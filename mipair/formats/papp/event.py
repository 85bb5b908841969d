"""A PAPP tournament: settings, players and rounds of disc-scored games.

This is what a TRF file cannot hold: the disc score of every game, the
players' countries, the PAPP settings (disc total, Bip's score, Brightwell
coefficient, number of rounds, colour names) and the pairs already made for
the round being paired (manual pairs, kept as they are). The text form is
:mod:`mipair.formats.papp.event_file`.

Conventions: the first player of a game has the first colour ("Noir" in
Othello, who moves first); ``Game.black_discs`` is the first player's disc
count, the other player has ``total - black_discs``; ``None`` means not
played yet. Points are counted in half-points as PAPP does (win 2, draw 1).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property

from mipair.errors import InputError
from mipair.formats.papp.players import PlayerRecord


def game_points(own: int, other: int) -> int:
    """Half-points for a game scored ``own`` discs to ``other``: more discs wins (manual 4.6)."""
    return 2 if own > other else 1 if own == other else 0


@dataclass(frozen=True)
class Game:
    """One game: ``black`` has the first colour; ``black_discs`` None until played.

    ``by_hand``: the arbiter paired these two (PAPP's M, A), not the pairing.
    """

    black: int
    white: int
    black_discs: int | None = None
    line: int | None = field(default=None, compare=False)
    by_hand: bool = False

    @property
    def played(self) -> bool:
        return self.black_discs is not None

    def discs_of(self, pid: int, total: int) -> int:
        """Discs scored by ``pid`` in this (played) game."""
        assert self.black_discs is not None
        return self.black_discs if pid == self.black else total - self.black_discs

    def opponent(self, pid: int) -> int:
        return self.white if pid == self.black else self.black


@dataclass(frozen=True)
class Round:
    """One round: its games, the player who had Bip, the players absent."""

    number: int
    games: tuple[Game, ...] = ()
    bip: int | None = None
    absent: frozenset[int] = frozenset()
    line: int | None = field(default=None, compare=False)

    @property
    def paired(self) -> bool:
        """Some pairing exists for this round (a game or Bip)."""
        return bool(self.games) or self.bip is not None

    @property
    def complete(self) -> bool:
        """Paired and every game has its score."""
        return self.paired and all(g.played for g in self.games)

    def game_of(self, pid: int) -> Game | None:
        return self.seats.get(pid)

    @cached_property
    def seats(self) -> dict[int, Game]:
        """Each paired player's game (built once: rounds are immutable)."""
        out: dict[int, Game] = {}
        for g in self.games:
            out.setdefault(g.black, g)
            out.setdefault(g.white, g)
        return out

    def mentioned(self) -> Iterator[int]:
        for g in self.games:
            yield g.black
            yield g.white
        if self.bip is not None:
            yield self.bip
        yield from self.absent


NAME_BYTES_MAX = 255
"""The longest tournament name, in UTF-8 bytes: it names the tournament's folder (PAPP's
``dossier``), and a folder's name is at most 255 bytes on the usual file systems."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a tournament's name (None: it can). The name becomes its
    folder (PAPP turns spaces and ``/\\:*?...`` into ``_`` and ``-``): never ``.`` or
    ``..`` (the event's own folder or its parent), no control characters, not too long."""
    if any(unicodedata.category(c) == "Cc" for c in name):
        return "a tournament's name has no control characters (tabs, line ends, escapes)"
    if name.strip() in (".", ".."):
        return f"{name.strip()!r} cannot name the tournament's folder"
    if len(name.strip().encode("utf-8")) > NAME_BYTES_MAX:
        return f"a tournament's name is at most {NAME_BYTES_MAX} bytes (it names its folder)"
    return None


@dataclass(frozen=True)
class Settings:
    """The PAPP settings of one tournament."""

    name: str = ""
    date: str = ""
    rounds: int | None = None  # planned number of rounds
    brightwell: Decimal = Decimal(6)  # coefficient per point of Buchholz
    total_discs: int = 64
    bip_discs: int = 24
    colours: tuple[str, str] = ("Noir", "Blanc")
    country: str = ""  # country of players without one
    seed: int = 0  # for PAPP's draws by lot
    round_robin: tuple[int, int] | None = None  # players range (toutes-rondes); None: from rounds

    @property
    def discless(self) -> bool:
        """A game without discs (chess-like): the total is at most 2 (manual 6.11)."""
        return self.total_discs <= 2

    def rr_range(self) -> tuple[int, int]:
        """Players (Bip included) for which a round robin is organised.

        ``round-robin`` when given; else, as PAPP 1.36, up to 2n players for
        2n - 1 or 2n rounds; else PAPP's built-in 1-6.
        """
        if self.round_robin is not None:
            return self.round_robin
        if self.rounds is not None:
            return 1, (self.rounds + 1) // 2 * 2
        return 1, 6


@dataclass(frozen=True)
class Event:
    """A PAPP tournament file in memory."""

    settings: Settings
    players: tuple[PlayerRecord, ...]
    rounds: tuple[Round, ...] = ()
    source: str | None = field(default=None, compare=False)
    withdrawn: frozenset[int] = frozenset()  # out of the tournament until they return (6.6)

    def player(self, pid: int) -> PlayerRecord:
        return self.by_id[pid]

    @cached_property
    def by_id(self) -> dict[int, PlayerRecord]:
        """The players by number (built once: events are immutable)."""
        return {p.id: p for p in self.players}

    @property
    def ids(self) -> list[int]:
        return [p.id for p in self.players]

    def country_of(self, pid: int) -> str:
        return (self.player(pid).country or self.settings.country).upper()

    @property
    def completed(self) -> int:
        """Number of rounds whose results are all in (they come first)."""
        n = 0
        for rnd in self.rounds:
            if not rnd.complete:
                break
            n += 1
        return n

    @property
    def round_to_pair(self) -> int:
        """The round the next pairing is for: the first round not complete."""
        return self.completed + 1

    def round(self, number: int) -> Round:
        """Round ``number`` (an empty one past the end of the file)."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        return Round(number)

    def with_round(self, rnd: Round) -> Event:
        """This event with round ``rnd.number`` replaced (or appended).

        A complete round lists everyone it does not mention as absent (as the
        event file reads it).
        """
        if rnd.complete:
            rnd = replace(rnd, absent=rnd.absent | (set(self.ids) - set(rnd.mentioned())))
        rounds = list(self.rounds)
        while len(rounds) < rnd.number - 1:
            rounds.append(Round(len(rounds) + 1))
        if rnd.number <= len(rounds):
            rounds[rnd.number - 1] = rnd
        else:
            rounds.append(rnd)
        return replace(self, rounds=tuple(rounds))

    def as_of(self, number: int) -> Event:
        """The event as it stood when round ``number`` was published: later rounds left out.

        Who was still in the tournament then is who was not absent in that
        round (a withdrawal decided later does not reach back).
        """
        return replace(self, rounds=self.rounds[:number], withdrawn=frozenset())

    @property
    def paired_round(self) -> int:
        """The latest round with a pairing (0 when none): the round being played."""
        return max((r.number for r in self.rounds if r.paired), default=0)

    def present(self, number: int) -> list[int]:
        """Players taking part in round ``number``: not absent, nor withdrawn while it is open."""
        rnd = self.round(number)
        absent = rnd.absent if rnd.complete else rnd.absent | self.withdrawn
        return sorted(pid for pid in self.ids if pid not in absent)


def validate(event: Event) -> None:
    """Check an event's consistency; raise InputError naming the file and line."""
    src, ids = event.source, set(event.ids)
    s = event.settings
    if s.total_discs < 1 or not 0 <= s.bip_discs <= s.total_discs:
        raise InputError(f"Bip cannot score {s.bip_discs} discs out of {s.total_discs}", file=src)
    for pid in sorted(event.withdrawn - ids):
        raise InputError(f"withdrawn player {pid} is not registered", file=src)
    for k, rnd in enumerate(event.rounds, 1):
        if rnd.number != k:
            raise InputError(
                f"round {rnd.number} found where round {k} was expected",
                file=src,
                line=rnd.line,
                field="round",
            )
        if k < len(event.rounds) and not rnd.complete:
            raise InputError(
                f"round {k} is not complete but later rounds exist",
                file=src,
                line=rnd.line,
                field="round",
            )
        seen: set[int] = set()
        for pid in rnd.mentioned():
            if pid not in ids:
                raise InputError(
                    f"round {k}: unknown player {pid}", file=src, line=rnd.line, field="round"
                )
            if pid in seen:
                raise InputError(
                    f"round {k}: player {pid} appears twice", file=src, line=rnd.line, field="round"
                )
            seen.add(pid)
        for g in rnd.games:
            if g.black_discs is not None and not 0 <= g.black_discs <= s.total_discs:
                raise InputError(
                    f"round {k}: {g.black_discs} discs is not a score out of {s.total_discs}",
                    file=src,
                    line=g.line,
                    field="game",
                )
