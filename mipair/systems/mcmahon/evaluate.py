"""The thesis's pairing quality of a finished tournament: relative strengths and total error.

From "Enhancing Go tournament pairings in Europe" (T. Vuorinen, 2010;
../shared/seeds/002), section 7 ("Test runs"): each player's relative
strength RS is computed from the results, and the pairing's total error
comes from the RS differences of every player and opponent (eq. 7.1), with
1/(2kN) "to remove the effect of differently sized tournaments and to count
each game once" (N players, k rounds). The smaller, the more the games were
between equally strong players.

The reading taken (stated here and in ``mipair evaluate --help``):

- **The normalisation is under the square root.** As printed, eq. 7.1 divides
  the root of the sum by 2kN; the sum grows with kN, so that figure falls as
  1/sqrt(kN) (18.5 at 15 players, 1.2 at 2,000, on fields alike) and does not
  remove the size effect the thesis says it removes, nor fit its tables
  (Bale 27 players 0.14, the European Congress 712 players 0.35). Read as

      e_total = sqrt( 1 / (2 k N) * sum over players n, rounds r of
                      (RS(n) - RS(opponent(n, r)))^2 )

  it is the typical RS gap of a game (each game counted once: the sum holds
  it twice) and does not depend on the size.
- **RS gaps in grades** (``rs_unit`` GoR points = one grade, a handicap stone):
  the thesis's tables (0.14-0.42) are on that scale, not on GoR points.
- RS itself (the thesis's appendix B is not in its text; it says only that
  the RS are moved by each result, apart or together by the RS difference
  and the result, again and again until a balance): RS in GoR points starts
  at each player's rating in the file; a pass computes, for every game with a
  result (win, loss, or jigo for half; not one by default, unknown, both-win
  or both-lose), each player's expected result from the current RS by the
  thesis's GoR winning expectancy (eq. 2.1,
  :func:`~mipair.systems.mcmahon.entropy.winning_expectancy`, with epsilon 0
  so that a game's two expectations sum to 1), the handicap adding 100 points a
  stone to the player who receives it; every RS then moves by ``step`` x (sum
  of results - sum of expectations), all players at once, plus ``anchor_games``
  virtual jigo against the player's own starting rating (without it a player
  who won every game has no balance point); passes repeat until no RS moves by
  more than ``tolerance`` points, or ``max_passes`` (reported).
- opponent(n, r) is every game of the file, whatever its result; a bye or an
  absence has no opponent and adds nothing; N counts the players with at least
  one game and k the rounds with at least one game.

The thesis's tables cannot be recomputed here: neither its tournaments' data
nor its RS algorithm is given; mipair's figures on real files fall in the same
range (benchmarks/README.md). Constants: ``models/mcmahon.toml`` ``[evaluate]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mipair.formats.opengotha import OgTournament
from mipair.systems.mcmahon.entropy import constants as entropy_constants
from mipair.systems.mcmahon.entropy import winning_expectancy
from mipair.systems.mcmahon.params import model

RESULT_SCORES = {  # (White, Black) of a game whose result counts for RS
    "RESULT_WHITEWINS": (1.0, 0.0),
    "RESULT_BLACKWINS": (0.0, 1.0),
    "RESULT_EQUAL": (0.5, 0.5),
}


@dataclass(frozen=True)
class Games:
    """The games of a tournament as arrays: White, Black (player indices), handicap, round,
    and White's and Black's result (NaN where the result does not count for RS)."""

    white: np.ndarray
    black: np.ndarray
    handicap: np.ndarray
    round: np.ndarray
    white_score: np.ndarray
    black_score: np.ndarray


@dataclass(frozen=True)
class Evaluation:
    """Relative strengths (by player index) and the total error of eq. 7.1."""

    players: int  # N
    rounds: int  # k
    games: int
    strengths: dict[int, float]
    passes: int
    converged: bool
    total_error: float


def games_of(tournament: OgTournament) -> Games:
    """Every game of the file (see the module docstring for which results count)."""
    index = {p.key: i for i, p in enumerate(tournament.players)}
    nan = (math.nan, math.nan)
    scores = [RESULT_SCORES.get(g.result, nan) for g in tournament.games]
    return Games(
        white=np.array([index[g.white] for g in tournament.games], dtype=np.int64),
        black=np.array([index[g.black] for g in tournament.games], dtype=np.int64),
        handicap=np.array([g.handicap for g in tournament.games], dtype=np.float64),
        round=np.array([g.round for g in tournament.games], dtype=np.int64),
        white_score=np.array([s[0] for s in scores], dtype=np.float64),
        black_score=np.array([s[1] for s in scores], dtype=np.float64),
    )


def expected_scores(rs: np.ndarray, games: Games) -> tuple[np.ndarray, np.ndarray]:
    """White's and Black's expected results from the RS (GoR winning expectancy, eq. 2.1,
    epsilon 0; a handicap stone worth ``points_per_stone`` to Black, who receives it)."""
    white = rs[games.white]
    black = rs[games.black] + entropy_constants()["points_per_stone"] * games.handicap
    weaker, stronger = np.minimum(white, black), np.maximum(white, black)
    s_weak, s_strong = winning_expectancy(weaker, stronger, 0.0)
    white_expected = np.where(white < black, s_weak, s_strong)
    return white_expected, 1.0 - white_expected


def anchor_surprise(rs: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Each player's result minus expectation in a virtual jigo against their own starting
    rating: what keeps the RS of a player who won (or lost) every game finite."""
    weaker, stronger = np.minimum(rs, start), np.maximum(rs, start)
    s_weak, s_strong = winning_expectancy(weaker, stronger, 0.0)
    return 0.5 - np.where(rs < start, s_weak, s_strong)


def relative_strengths(tournament: OgTournament) -> tuple[np.ndarray, int, bool]:
    """(RS of every player, passes made, whether the balance was reached): the reading of
    the thesis's appendix B given in the module docstring."""
    c = model()["evaluate"]
    start = np.array([p.rating for p in tournament.players], dtype=np.float64)
    rs = start.copy()
    games = games_of(tournament)
    counted = ~np.isnan(games.white_score)
    played = Games(*(getattr(games, f)[counted] for f in Games.__dataclass_fields__))
    for done in range(1, int(c["max_passes"]) + 1):
        white_expected, black_expected = expected_scores(rs, played)
        surprise = np.zeros(len(rs))
        np.add.at(surprise, played.white, played.white_score - white_expected)
        np.add.at(surprise, played.black, played.black_score - black_expected)
        surprise += c["anchor_games"] * anchor_surprise(rs, start)
        move = c["step"] * surprise
        rs += move
        if not len(move) or np.abs(move).max() <= c["tolerance"]:
            return rs, done, True
    return rs, int(c["max_passes"]), False


def total_error(rs: np.ndarray, games: Games, players: int, rounds: int) -> float:
    """e_total as read (module docstring): the root of the squared RS gaps of both sides of
    every game over 2kN, the gaps in grades."""
    if not players or not rounds:
        return 0.0
    gaps = (rs[games.white] - rs[games.black]) / model()["evaluate"]["rs_unit"]
    both_sides = 2.0 * (gaps**2).sum()
    return math.sqrt(both_sides / (2.0 * rounds * players))


def evaluate(tournament: OgTournament) -> Evaluation:
    """The relative strengths and the total error of a (finished) tournament."""
    rs, passes, converged = relative_strengths(tournament)
    games = games_of(tournament)
    seen = sorted(set(games.white.tolist()) | set(games.black.tolist()))
    rounds = len(set(games.round.tolist()))
    return Evaluation(
        players=len(seen),
        rounds=rounds,
        games=len(games.white),
        strengths={i: float(rs[i]) for i in seen},
        passes=passes,
        converged=converged,
        total_error=total_error(rs, games, len(seen), rounds),
    )
