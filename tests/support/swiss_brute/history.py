"""What the common Swiss rules derive from a tournament file, for the brute forces.

Written from C.04.1 (2026) and C.04.2 (2026) as ../shared/reference/swiss-general.md
restates them, not from mipair's Dutch state:

- a *game* is a round with a real opponent whose result is not a forfeit (C.04.2
  3.5): only games count as meetings (C.04.1 2) and as colours (C.04.2 3.4);
- the pairing-allocated bye is barred to a player who had one, or who scored in
  one round without playing at least the points of a win (C.04.1 4);
- a player is paired in the round unless the file marks the round as an
  absence (a cell for that round without an opponent that is not the PAB);
- the round to pair follows the last round in which anyone was paired.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from mipair.formats.trf import read_tournament
from mipair.model import Cell, Colour, Tournament

WHITE, BLACK = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class Past:
    """One past round of one player: opponent when paired, colour in a game, points."""

    round: int
    opponent: int | None  # paired opponent (played or forfeited); None: bye or absence
    colour: Colour | None  # the colour of a game actually played, else None
    points: int  # tenths
    played: bool  # a game over the board (C.04.2 3.5)
    result: str  # the TRF result code ("" for an empty cell)


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing of one round sees it."""

    id: int
    rating: int
    score: int  # points before the round, tenths, without virtual points
    pairing_score: int  # score plus the virtual points of the round (C.04.7)
    past: tuple[Past, ...]
    pab_barred: bool  # C.04.1 4
    absent: bool  # not to be paired this round

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the games played, in order (unplayed rounds left out, C.04.2 3.4)."""
        return tuple(p.colour for p in self.past if p.played and p.colour is not None)

    @property
    def opponents(self) -> frozenset[int]:
        """Opponents met in games actually played (C.04.1 2, C.04.2 3.5)."""
        return frozenset(p.opponent for p in self.past if p.played and p.opponent is not None)

    @property
    def games_played(self) -> int:
        return sum(1 for p in self.past if p.played)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is WHITE else -1 for c in self.colours)


@dataclass(frozen=True)
class Field:
    """The tournament before ``round``: every entrant, and the scores before each past round."""

    tournament: Tournament
    round: int
    entrants: dict[int, Entrant]
    scores_before: dict[int, dict[int, int]]  # round -> player -> score before that round
    win: int
    draw: int

    @property
    def total_rounds(self) -> int | None:
        return self.tournament.total_rounds

    @property
    def last_round(self) -> bool:
        return self.tournament.total_rounds == self.round

    @property
    def initial_colour(self) -> Colour:
        """The colour drawn for the top player of round 1 (152 / XXC), White when not given."""
        return self.tournament.initial_colour or WHITE

    def pairing_number(self, pid: int) -> int:
        """The player's pairing number in this round: his place among the entrants in
        id order, less those who never took part in a pairing (paired, forfeits
        included, or given the PAB) and are absent now, as bbpPairings ranks them
        (its ``rankIndex`` + 1) and mipair.rounds documents the effective number."""
        counted = [
            e.id
            for _, e in sorted(self.entrants.items())
            if not e.absent or any(p.opponent is not None or p.result == "U" for p in e.past)
        ]
        return counted.index(pid) + 1

    def to_pair(self) -> list[Entrant]:
        """The entrants paired in this round, by pairing number."""
        return [e for _, e in sorted(self.entrants.items()) if not e.absent]


def rounds_paired(t: Tournament) -> int:
    """The last round in which anyone was paired (or given the PAB)."""
    last = 0
    for cells in t.results.values():
        for rnd, cell in enumerate(cells, 1):
            if cell is not None and (cell.opponent is not None or cell.is_pab):
                last = max(last, rnd)
    return last


def field_of(source: str | Tournament, rnd: int | None = None) -> Field:
    """The field before round ``rnd`` (default: the round after the last one paired)."""
    t = source if isinstance(source, Tournament) else read_tournament(source)
    rnd = rnd or rounds_paired(t) + 1
    points = t.point_system
    virtual = {(a.player, a.round): a.points for a in t.accelerations}
    scores_before: dict[int, dict[int, int]] = {r: {} for r in range(1, rnd + 1)}
    entrants = {}
    for pid, player in t.players.items():
        past, total = [], 0
        for r in range(1, rnd):
            scores_before[r][pid] = total
            cell = t.cell(pid, r)
            gained = points.cell_points(cell)
            past.append(_past(r, cell, gained))
            total += gained
        scores_before[rnd][pid] = total
        barred = any(p.result == "U" or (not p.played and p.points >= points.win) for p in past)
        now = t.cell(pid, rnd)
        absent = now is not None and now.opponent is None and not now.is_pab
        entrants[pid] = Entrant(
            pid,
            player.rating,
            total,
            total + virtual.get((pid, rnd), 0),
            tuple(past),
            barred,
            absent,
        )
    return Field(t, rnd, entrants, scores_before, points.win, points.draw)


def _past(rnd: int, cell: Cell | None, gained: int) -> Past:
    if cell is None:
        return Past(rnd, None, None, gained, False, "")
    played = cell.is_played
    colour = cell.colour if played else None
    result = "U" if cell.is_pab else cell.result.value
    return Past(rnd, cell.opponent, colour, gained, played, result)


# -- pairings as sets of pairs -------------------------------------------------------------


def perfect_matchings(
    ids: Sequence[int], legal: Callable[[int, int], bool]
) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair all of ``ids`` (an even number) with legal pairs only."""
    if not ids:
        yield []
        return
    first, rest = ids[0], list(ids[1:])
    for i, other in enumerate(rest):
        if legal(first, other):
            for tail in perfect_matchings(rest[:i] + rest[i + 1 :], legal):
                yield [(first, other), *tail]


def pairable(ids: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """Whether ``ids`` can be paired completely with legal pairs."""
    order = tuple(sorted(ids))
    if len(order) % 2:
        return False

    @cache
    def walk(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first = rest[0]
        return any(
            legal(first, other) and walk(rest[1:i] + rest[i + 1 :])
            for i, other in enumerate(rest[1:], 1)
        )

    return walk(order)


def max_pairs(ids: Sequence[int], legal: Callable[[int, int], bool]) -> int:
    """The largest number of legal pairs among ``ids``."""

    @cache
    def walk(rest: tuple[int, ...]) -> int:
        if len(rest) < 2:
            return 0
        first, others = rest[0], rest[1:]
        best = walk(others)  # ``first`` left unpaired
        for i, other in enumerate(others):
            if legal(first, other):
                best = max(best, 1 + walk(others[:i] + others[i + 1 :]))
        return best

    return walk(tuple(sorted(ids)))


@dataclass(frozen=True)
class RoundPairing:
    """A round: the boards as (white, black) and the player given the PAB."""

    boards: frozenset[tuple[int, int]]
    bye: int | None

    @property
    def pairs(self) -> frozenset[frozenset[int]]:
        return frozenset(frozenset(b) for b in self.boards)

    def __str__(self) -> str:
        boards = " ".join(f"{w}-{b}" for w, b in sorted(self.boards))
        return boards + (f" bye {self.bye}" if self.bye else "")


def parse_pairing(text: str) -> RoundPairing:
    """``"1-4 5-2 bye 3"``: boards as white-black, then the PAB if any."""
    tokens = text.split()
    bye = None
    if "bye" in tokens:
        at = tokens.index("bye")
        bye = int(tokens[at + 1])
        tokens = tokens[:at]
    boards = frozenset(tuple(int(x) for x in tok.split("-")) for tok in tokens)
    return RoundPairing(boards, bye)  # type: ignore[arg-type]
