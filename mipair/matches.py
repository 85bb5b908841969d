"""Double-Swiss matches (FIDE C.04.5): a round is a two-game match, written as two TRF rounds.

TRF has one opponent, colour and result per player and round, so a file of the
Double-Swiss system writes match ``k`` as TRF rounds ``2k - 1`` (game 1) and
``2k`` (game 2), each column holding that game's own result, and says so in
its tournament type (record 192: ``FIDE_DOUBLESWISS``, ``FIDE_DOUBLESWISS_BAKU``
or ``CUSTOM_DOUBLESWISS``). ``formats/trf.md`` states the layout and why it was
chosen; ``models/double-swiss-2026.md`` the system. This module answers what a
match is from the two columns (the layout itself is checked when the file is
read, :mod:`mipair.formats.trf_double`):

* a **bye** covers the whole match: both columns hold the same bye, no opponent;
* a match **ends by forfeit** when one of its players forfeited both games
  (C.04.5 Preface): it is not a meeting, gives no colour, and the two may meet
  again. Every other match is played, a single forfeited game included;
* the player **had a colour** in a played match when at least one of its games
  was played over the board: the colour scheduled for game 1 (C.04.5 1.6);
* the **points** of a match are its two games' points; the PAB is worth the
  whole match's value, a game won and a game drawn unless the point system's
  PAB value says otherwise (C.04.5 1.4): :func:`pab_value`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.model import Cell, Colour, Points, PointSystem, Result, Tournament

TYPE_CODES = ("FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS")
"""The tournament types (record 192, FIDE's ETT26 codes) of a Double-Swiss file, ``_BAKU`` allowed."""

GAMES = 2
"""TRF rounds (columns) per match."""


def is_double_swiss(system: str) -> bool:
    """Whether a tournament type (the 192 text) names the Double-Swiss system."""
    code = system.strip().upper()
    return any(code == c or code == f"{c}_BAKU" for c in TYPE_CODES)


def columns(match: int) -> tuple[int, int]:
    """The TRF rounds of match ``match`` (1-based): game 1 and game 2."""
    return GAMES * match - 1, GAMES * match


def match_of(trf_round: int) -> int:
    """The match a TRF round belongs to."""
    return (trf_round + 1) // GAMES


def pab_value(points: PointSystem) -> Points:
    """C.04.5 1.4: the PAB scores a game won and a game drawn, unless the tournament sets it.

    In a Double-Swiss file the point system's PAB value (162 ``P``, ``BBU``, ``XXS PAB``)
    is the whole match's.
    """
    return points.win + points.draw if points.pab is None else points.pab


@dataclass(frozen=True)
class Match:
    """One player's match of one round, as the two columns of both players say it."""

    games: tuple[Cell | None, Cell | None]
    opponent_games: tuple[Cell | None, Cell | None] = (None, None)

    @property
    def opponent(self) -> int | None:
        first = self.games[0]
        return first.opponent if first is not None else None

    @property
    def is_pab(self) -> bool:
        first = self.games[0]
        return first is not None and first.is_pab

    @property
    def forfeited_by_player(self) -> bool:
        return _forfeited_both(self.games)

    @property
    def forfeited_by_opponent(self) -> bool:
        return _forfeited_both(self.opponent_games)

    @property
    def ended_by_forfeit(self) -> bool:
        """Preface: a player forfeited both games."""
        return self.opponent is not None and (
            self.forfeited_by_player or self.forfeited_by_opponent
        )

    @property
    def is_played(self) -> bool:
        """Paired and not ended by forfeit: a meeting ([C1]) and a match played (3.4.3)."""
        return self.opponent is not None and not self.ended_by_forfeit

    @property
    def won_by_forfeit(self) -> bool:
        """[C2]: the opponent forfeited both games, the player did not."""
        return self.ended_by_forfeit and not self.forfeited_by_player

    @property
    def colour(self) -> Colour | None:
        """1.6: the colour of game 1, when the match is played and one game was played."""
        if not self.is_played or not any(c is not None and c.is_played for c in self.games):
            return None
        first, second = self.games
        if first is not None and first.colour is not None:
            return first.colour
        return second.colour.opposite if second is not None and second.colour else None

    def points(self, system: PointSystem) -> Points:
        """The match's points: its games', or the bye's value for the whole match."""
        if self.is_pab:
            return pab_value(system)
        return sum(system.cell_points(cell) for cell in self.games)


def _forfeited_both(games: tuple[Cell | None, Cell | None]) -> bool:
    return all(c is not None and c.result is Result.FORFEIT_LOSS for c in games)


def match(t: Tournament, pid: int, number: int) -> Match:
    """Player ``pid``'s match ``number``, with the opponent's columns."""
    one, two = columns(number)
    games = (t.cell(pid, one), t.cell(pid, two))
    first = games[0]
    if first is None or first.opponent is None:
        return Match(games)
    return Match(games, (t.cell(first.opponent, one), t.cell(first.opponent, two)))


def matches_written(t: Tournament) -> int:
    """The number of matches the file has columns for."""
    return match_of(t.rounds_written)


def scores_before(t: Tournament, number: int) -> dict[int, Points]:
    """Every player's points from matches 1 .. ``number`` - 1."""
    return {
        pid: sum(match(t, pid, k).points(t.point_system) for k in range(1, number))
        for pid in t.players
    }


__all__ = [
    "GAMES",
    "TYPE_CODES",
    "Match",
    "columns",
    "is_double_swiss",
    "match",
    "match_of",
    "matches_written",
    "pab_value",
    "scores_before",
]
