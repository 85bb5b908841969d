"""The tournament model: players, rounds and results, as a tournament file states them.

Everything here is immutable. A :class:`Tournament` is what a file says;
questions about its rounds (how many are played, the round to pair, scores
before a round, the published pairing) are answered in :mod:`mipair.rounds`;
the state a pairing system pairs from is each system's own (the FIDE systems':
:mod:`mipair.systems.fide.state`). Formats (``mipair.formats``) build tournaments.

Conventions
-----------
* Rounds are numbered from 1. ``Tournament.results[pid]`` is a tuple whose
  element ``r - 1`` is the :class:`Cell` of round ``r`` (``None``: nothing
  written for that round).
* Points are exact: :class:`fractions.Fraction` is avoided for speed; every
  point value in TRF has one decimal, so points are stored as integer
  *tenths* (``Points``) internally and shown as decimals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from mipair.teams import TeamSection

Points = int
"""Points in tenths of a point (1.5 points == 15)."""


def points_to_str(p: Points) -> str:
    """Format tenths as TRF writes them: ``15 -> '1.5'``."""
    sign = "-" if p < 0 else ""
    p = abs(p)
    return f"{sign}{p // 10}.{p % 10}"


def parse_points(text: str) -> Points:
    """Parse ``'11.5'`` (or ``'11'``, ``'1,5'``) into tenths; raises ValueError."""
    t = text.strip().replace(",", ".")
    if not t:
        raise ValueError("empty points value")
    neg = t.startswith("-")
    if neg or t.startswith("+"):
        t = t[1:]
    whole, _, frac = t.partition(".")
    if not whole:
        whole = "0"
    if (
        not whole.isdigit()
        or (frac and not frac.isdigit())
        or (len(frac) > 1 and frac[1:].strip("0"))
    ):
        raise ValueError(f"not a points value: {text.strip()!r}")
    value = int(whole) * 10 + (int(frac[0]) if frac else 0)
    return -value if neg else value


class Colour(str, Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Result(str, Enum):
    """TRF result codes (C.04 Annex 2), upper case."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNPLAYED = "W"  # game shorter than one move
    DRAW_UNPLAYED = "D"
    LOSS_UNPLAYED = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAB = "U"  # pairing-allocated bye
    ZERO_BYE = "Z"  # known absence (blank is the same)

    @property
    def is_bye(self) -> bool:
        return self in (Result.HALF_BYE, Result.FULL_BYE, Result.PAB, Result.ZERO_BYE)

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)


@dataclass(frozen=True)
class Cell:
    """One player's entry for one round: opponent (None for a bye/absence), colour, result."""

    opponent: int | None
    colour: Colour | None
    result: Result

    @property
    def is_played(self) -> bool:
        """A game that counts as played for pairing: not a forfeit, not a bye.

        Games shorter than one move (W/D/L) count as played, as in the
        reference engine: only forfeits (+/-) and byes are unplayed.
        """
        return self.opponent is not None and not self.result.is_forfeit

    @property
    def is_pab(self) -> bool:
        """The pairing-allocated bye: ``0000 - U`` (``0000 - +`` reads the same way)."""
        return self.opponent is None and self.result in (Result.PAB, Result.FORFEIT_WIN)

    @property
    def takes_part(self) -> bool:
        """The player took part in this round's pairing: paired with someone or given the PAB.

        Requested byes (H/F), absences (Z, ``0000 - -``, blank) and the old
        ``0000 - =`` half-point form do not take part.
        """
        return self.opponent is not None or self.is_pab


@dataclass(frozen=True)
class PointSystem:
    """Points per kind of result, in tenths (defaults: 1 / 0.5 / 0)."""

    win: Points = 10
    draw: Points = 5
    loss: Points = 0
    zero_bye: Points = 0  # Z, blank: absence
    forfeit_loss: Points = 0  # "-"
    pab: Points | None = None  # U; None means "same as a win"
    full_bye: Points | None = None  # F; None means "same as a win"
    half_bye: Points | None = None  # H; None means "same as a draw"
    forfeit_win: Points | None = None  # "+"; None means "same as a win"

    def cell_points(self, cell: Cell | None) -> Points:
        """Points a round's cell is worth (a round with nothing written is an absence).

        Without an opponent a forfeit loss (``0000 - -``) is an absence (zero-bye
        points) and ``0000 - +`` is a PAB, as the reference engine reads them.
        """
        if cell is None:
            return self.zero_bye
        if cell.opponent is None:
            if cell.result is Result.FORFEIT_LOSS:
                return self.zero_bye
            if cell.result is Result.FORFEIT_WIN:
                return self.points(Result.PAB)
        return self.points(cell.result)

    def points(self, result: Result) -> Points:
        """Points a player gets for ``result``."""
        return self._table[result]

    @cached_property
    def _table(self) -> dict[Result, Points]:
        """Points per result (made once: a round reads it for every cell)."""
        w = self.win
        return {
            Result.WIN: w,
            Result.WIN_UNPLAYED: w,
            Result.FORFEIT_WIN: w if self.forfeit_win is None else self.forfeit_win,
            Result.DRAW: self.draw,
            Result.DRAW_UNPLAYED: self.draw,
            Result.LOSS: self.loss,
            Result.LOSS_UNPLAYED: self.loss,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.ZERO_BYE: self.zero_bye,
            Result.HALF_BYE: self.draw if self.half_bye is None else self.half_bye,
            Result.FULL_BYE: w if self.full_bye is None else self.full_bye,
            Result.PAB: w if self.pab is None else self.pab,
        }

    @property
    def is_standard(self) -> bool:
        return self == PointSystem()


@dataclass(frozen=True)
class Player:
    """A 001 record's static part."""

    id: int  # pairing id / starting rank (positions 5-8)
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Points | None = None  # the file's points field (81-84), as written
    rank: int | None = None  # the file's rank field (86-89)
    line: int | None = field(default=None, compare=False)  # source line, for error messages


@dataclass(frozen=True)
class Acceleration:
    """Fictitious points ``points`` for player ``player`` in round ``round`` (XXA / 250)."""

    player: int
    round: int
    points: Points


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players who may not meet one another in rounds first..last (XXP / 260).

    ``first``/``last`` are None for "every round" (XXP).
    """

    players: tuple[int, ...]
    first: int | None = None
    last: int | None = None

    def applies(self, rnd: int) -> bool:
        return (self.first is None or rnd >= self.first) and (self.last is None or rnd <= self.last)


@dataclass(frozen=True)
class Tournament:
    """A tournament as its file describes it (any TRF edition)."""

    players: Mapping[int, Player]
    results: Mapping[int, tuple[Cell | None, ...]]
    point_system: PointSystem = PointSystem()
    total_rounds: int | None = None  # XXR / 142
    initial_colour: Colour | None = None  # XXC white1/black1 / 152
    use_rank_ids: bool = False  # XXC rank
    accelerations: tuple[Acceleration, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    system: str = ""  # 092 / 192 text
    teams: TeamSection | None = None  # a team file's 310/013 and related records
    headers: tuple[tuple[str, str], ...] = ()  # other records kept verbatim (code, text)
    comments: tuple[str, ...] = ()  # the ``###`` comment lines, verbatim
    source: str | None = field(default=None, compare=False)  # file name, for messages

    @property
    def rounds_written(self) -> int:
        """Number of round columns present in the file."""
        return max((len(c) for c in self.results.values()), default=0)

    def cell(self, pid: int, rnd: int) -> Cell | None:
        cells = self.results.get(pid, ())
        return cells[rnd - 1] if 0 < rnd <= len(cells) else None
