"""What a Double-Swiss file says before a round, and random Double-Swiss tournaments.

Written from models/double-swiss-2026.md (the Preface, 1.2-1.6 and section 9, the
file layout), not from mipair.matches: the brute force reads the two TRF columns
of every match itself. mipair.formats only reads and writes the file.

- a round of the system is a match: TRF rounds 2k - 1 (game 1) and 2k (game 2);
- a match ends by forfeit when one player forfeited both games (``-`` twice): it is
  no meeting and gives no colour (DS8); every other match is played;
- the colour of a played match is game 1's, when one of its games was played (1.6);
- the PAB is worth a game won and a game drawn unless the file sets it (1.4, DS14);
- a floater played a match against another score, judged on the scores before it (DS2).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from mipair.formats.trf import read_tournament
from mipair.model import Cell, Colour, Player, PointSystem, Result, Tournament
from tests.support.swiss_brute import simulate
from tests.support.swiss_brute.history import RoundPairing

WHITE, BLACK = Colour.WHITE, Colour.BLACK
CODE = "FIDE_DOUBLESWISS"


@dataclass(frozen=True)
class PastMatch:
    """One past match of one player."""

    round: int
    opponent: int | None  # paired opponent (played or forfeited); None: a bye or an absence
    colour: Colour | None  # 1.6
    points: int  # tenths
    played: bool  # paired and not forfeited by either player: a meeting
    pab: bool
    won_by_forfeit: bool  # [C2]
    full_bye: bool  # [C2]


@dataclass(frozen=True)
class Contestant:
    """A player as the pairing of one match round sees him."""

    id: int  # the TPN (DS19)
    score: int  # tenths, game points before the round
    past: tuple[PastMatch, ...]
    absent: bool

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the matches that had one, in order (GHR 3.4)."""
        return tuple(m.colour for m in self.past if m.colour is not None)

    @property
    def opponents(self) -> frozenset[int]:
        return frozenset(m.opponent for m in self.past if m.played and m.opponent is not None)

    @property
    def matches_played(self) -> int:
        """3.4.3 (DS10)."""
        return sum(1 for m in self.past if m.played)

    @property
    def pab_barred(self) -> bool:
        """[C2]: a PAB, a match won by forfeit or a full-point bye before."""
        return any(m.pab or m.won_by_forfeit or m.full_bye for m in self.past)


@dataclass(frozen=True)
class DoubleField:
    """The tournament before match round ``round``."""

    tournament: Tournament
    round: int
    contestants: dict[int, Contestant]
    scores_before: dict[int, dict[int, int]]  # round -> player -> score before it

    @property
    def total_rounds(self) -> int | None:
        total = self.tournament.total_rounds
        return None if total is None else total // 2

    @property
    def last_round(self) -> bool:
        return self.total_rounds == self.round

    @property
    def initial_colour(self) -> Colour:
        """152 / XXC; else what round 1 shows (DS20); else White."""
        if self.tournament.initial_colour is not None:
            return self.tournament.initial_colour
        coloured = sorted(
            (c.id, c.past[0].colour)
            for c in self.contestants.values()
            if c.past and c.past[0].colour is not None
        )
        if not coloured:
            return WHITE
        tpn, colour = coloured[0]
        assert colour is not None
        return colour if tpn % 2 else colour.opposite

    def floated(self, pid: int, rnd: int) -> bool:
        """1.5 (DS2): a played match in ``rnd`` against an opponent of another score."""
        if rnd < 1:
            return False
        past = self.contestants[pid].past[rnd - 1]
        before = self.scores_before[rnd]
        return past.played and past.opponent is not None and before[past.opponent] != before[pid]

    def to_pair(self) -> list[Contestant]:
        return [c for _, c in sorted(self.contestants.items()) if not c.absent]


def columns(t: Tournament, pid: int, rnd: int) -> tuple[Cell | None, Cell | None]:
    return t.cell(pid, 2 * rnd - 1), t.cell(pid, 2 * rnd)


def forfeited_both(cells: tuple[Cell | None, Cell | None]) -> bool:
    return all(c is not None and c.result is Result.FORFEIT_LOSS for c in cells)


def past_match(t: Tournament, pid: int, rnd: int) -> PastMatch:
    one, two = columns(t, pid, rnd)
    points = t.point_system
    if one is None or one.opponent is None:
        pab = one is not None and one.result in (Result.PAB, Result.FORFEIT_WIN)
        if pab:
            value = points.win + points.draw if points.pab is None else points.pab
        else:
            value = points.cell_points(one) + points.cell_points(two)
        full = one is not None and one.result is Result.FULL_BYE
        return PastMatch(rnd, None, None, value, False, pab, False, full)
    mine = (one, two)
    theirs = columns(t, one.opponent, rnd)
    forfeited = forfeited_both(mine) or forfeited_both(theirs)
    on_board = any(c is not None and not c.result.is_forfeit for c in mine)
    colour = one.colour if not forfeited and on_board else None
    value = points.cell_points(one) + points.cell_points(two)
    won = forfeited and not forfeited_both(mine)
    return PastMatch(rnd, one.opponent, colour, value, not forfeited, False, won, False)


def rounds_paired(t: Tournament) -> int:
    """The last match round in which anyone was paired or given the PAB."""
    last = 0
    for cells in t.results.values():
        for col, cell in enumerate(cells, 1):
            if cell is not None and (cell.opponent is not None or cell.is_pab):
                last = max(last, (col + 1) // 2)
    return last


def field_of(source: str | Tournament, rnd: int | None = None) -> DoubleField:
    """The field before match round ``rnd`` (default: the one after the last paired)."""
    t = source if isinstance(source, Tournament) else read_tournament(source)
    rnd = rnd or rounds_paired(t) + 1
    scores: dict[int, dict[int, int]] = {r: {} for r in range(1, rnd + 1)}
    contestants = {}
    for pid in t.players:
        past, total = [], 0
        for r in range(1, rnd):
            scores[r][pid] = total
            match = past_match(t, pid, r)
            past.append(match)
            total += match.points
        scores[rnd][pid] = total
        now = columns(t, pid, rnd)[0]
        absent = now is not None and now.opponent is None and not now.is_pab
        contestants[pid] = Contestant(pid, total, tuple(past), absent)
    return DoubleField(t, rnd, contestants, scores)


# -- random Double-Swiss tournaments ---------------------------------------------------------


@dataclass(frozen=True)
class Mix:
    """How often the unusual things happen, per game or per player and round."""

    draws: float = 0.3
    forfeit_game: float = 0.03  # one game forfeited inside a played match
    forfeit_match: float = 0.03  # a player forfeits both games
    odd_game: float = 0.02  # a game ending 1/2-0 or 0-0
    absences: float = 0.05
    half_byes: float = 0.02


def start(players: int, rounds: int, rng: random.Random) -> Tournament:
    """Before round 1: ``rounds`` matches, so twice as many TRF rounds."""
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    table = {p: Player(id=p, name=f"Player {p}", rating=r) for p, r in enumerate(ratings, 1)}
    return Tournament(
        players=table,
        results={p: () for p in table},
        point_system=PointSystem(),
        total_rounds=2 * rounds,
        initial_colour=rng.choice([WHITE, BLACK]),
        system=CODE,
    )


def _game(rng: random.Random, mix: Mix) -> tuple[Result, Result]:
    """One game's result for (the player with White, the player with Black)."""
    roll = rng.random()
    if roll < mix.forfeit_game:
        return rng.choice(
            [(Result.FORFEIT_WIN, Result.FORFEIT_LOSS), (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)]
        )
    if roll < mix.forfeit_game + mix.odd_game:
        return rng.choice(
            [(Result.DRAW, Result.LOSS), (Result.LOSS, Result.DRAW), (Result.LOSS, Result.LOSS)]
        )
    roll = rng.random()
    if roll < mix.draws:
        return Result.DRAW, Result.DRAW
    return (Result.WIN, Result.LOSS) if roll < (1 + mix.draws) / 2 else (Result.LOSS, Result.WIN)


def _match(rng: random.Random, mix: Mix, white: int, black: int) -> dict[int, list[Cell]]:
    """Two games, colours reversed; sometimes one player forfeits both."""
    if rng.random() < mix.forfeit_match:
        loser, winner = rng.sample([white, black], 2)
        colour = {white: WHITE, black: BLACK}
        result = {winner: Result.FORFEIT_WIN, loser: Result.FORFEIT_LOSS}
        return {
            pid: [
                Cell(other, colour[pid], result[pid]),
                Cell(other, colour[pid].opposite, result[pid]),
            ]
            for pid, other in ((winner, loser), (loser, winner))
        }
    first, second = _game(rng, mix), _game(rng, mix)
    return {
        white: [Cell(black, WHITE, first[0]), Cell(black, BLACK, second[1])],
        black: [Cell(white, BLACK, first[1]), Cell(white, WHITE, second[0])],
    }


Pairer = Callable[["DoubleField"], RoundPairing]


def play(t: Tournament, rnd: int, pairer: Pairer, rng: random.Random, mix: Mix) -> Tournament:
    """``t`` with match round ``rnd`` announced (absences, half-point byes), paired and played."""
    width = 2 * (rnd - 1)
    cells = {pid: list(c) + [None] * (width - len(c)) for pid, c in t.results.items()}
    for pid in cells:
        if rng.random() < mix.absences:
            kind = (
                Result.HALF_BYE if rng.random() < mix.half_byes / mix.absences else Result.ZERO_BYE
            )
            cells[pid] += [Cell(None, None, kind)] * 2
    announced = _with(t, cells)
    if sum(1 for c in cells.values() if len(c) == width) < 2:
        return announced
    pairing = pairer(field_of(announced, rnd))
    for white, black in pairing.boards:
        for pid, games in _match(rng, mix, white, black).items():
            cells[pid] += games
    if pairing.bye is not None:
        cells[pairing.bye] += [Cell(None, None, Result.PAB)] * 2
    return _with(t, cells)


def tournament(
    players: int, rounds: int, upto: int, seed: int, pairer: Pairer, mix: Mix = Mix()
) -> Tournament:
    """Match rounds 1 .. ``upto`` - 1 played, round ``upto``'s absences announced."""
    return simulate.tournament(
        players, rounds, upto, seed, pairer, mix, begin=start, step=play, columns=2
    )


def _with(t: Tournament, cells: dict[int, list[Cell | None]]) -> Tournament:
    return replace(t, results={pid: tuple(c) for pid, c in cells.items()})
