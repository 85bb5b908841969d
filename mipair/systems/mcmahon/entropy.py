"""The entropy objective (``--objective entropy``): games whose result is hardest to predict.

From the thesis "Enhancing Go tournament pairings in Europe" (T. Vuorinen,
2010; ../shared/seeds/002), sections 2.2.1 and 2.4.5:

- the GoR winning expectancy of the weaker player A of a game (eq. 2.1),
  S_A = 1 / (e^(D / a) + 1), D the rating difference, a = a(R_A) =
  200 - (R_A - 100) / 20 for 100 <= R_A <= 2700 and 70 above; the stronger
  player's is S_B = 1 - S_A - epsilon (epsilon = 0.016, the EGF's value);
  a handicap adds 100 GoR points a stone to the weaker player (2.2.1);
- the entropy of a game, H = -S_A log2 S_A - S_B log2 S_B (eq. 2.3, b = 2),
  largest for an even game: the most information a pairing can get is the
  largest total entropy of its games (2.4.6).

The thesis pairs for the largest total entropy (2.4.6) and wants a winner to
meet someone slightly stronger rather than whoever the seeding gives (4.3).
mipair pairs for it within the McMahon constraints: OpenGotha's terms named
``kept`` in ``models/mcmahon.toml`` ``[entropy]`` (rematches, score
differences, club and country, categories, handicaps) stay a first tier
maximised exactly; the terms named ``traded`` (seeding, draw-up/draw-down,
colour balance, random) are dropped, and among the pairings best for the
kept terms one of largest total entropy is taken (exactly, in integers: each
game's entropy scaled and rounded, :func:`entropy_weights`). The cost is the
OpenGotha weight of the traded terms given up.

Readings taken where the thesis is silent: a rating below 100 counts as 100
(2.2: "the lowest possible rating is 100"); the handicap is the one the round's
rules give the pair (reference 4), given to the player who receives it; A is
the player with the lower rating after the handicap; a(R) uses the real
quotient (its Table 2.2 matches a whole-number a, e.g. 180 for R = 509, where the
formula gives 179.55: the formula is taken, not the table).
"""

from __future__ import annotations

import numpy as np

from mipair.systems.mcmahon.field import Field
from mipair.systems.mcmahon.params import model
from mipair.systems.mcmahon.sides import arrays
from mipair.systems.mcmahon.weights import signed_stones


def kept_terms() -> frozenset[str]:
    """OpenGotha's weight terms the entropy objective keeps as its first tier."""
    return frozenset(constants()["kept"])


def constants() -> dict:
    """The ``[entropy]`` table of ``models/mcmahon.toml``."""
    return dict(model()["entropy"])


def gor_a(rating) -> np.ndarray:
    """a(R) of the GoR winning expectancy (thesis 2.2.1, eq. 2.1; R below the lowest
    rating counts as the lowest)."""
    c = constants()
    r = floored(rating)
    return np.where(r > c["a_top_rating"], c["a_top"], 200.0 - (r - 100.0) / 20.0)


def winning_expectancy(weaker, stronger, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """(S_A, S_B): the winning expectancies of the weaker and the stronger player (eq. 2.1)."""
    low = np.asarray(weaker, dtype=np.float64)
    high = np.asarray(stronger, dtype=np.float64)
    s_a = 1.0 / (np.exp((high - low) / gor_a(low)) + 1.0)
    return s_a, 1.0 - s_a - epsilon


def floored(rating) -> np.ndarray:
    """A GoR, raised to the lowest rating the system has (2.2: "the lowest possible rating
    is 100 points")."""
    return np.maximum(np.asarray(rating, dtype=np.float64), constants()["lowest_rating"])


def game_entropy(s_a, s_b) -> np.ndarray:
    """H = -S_A log2 S_A - S_B log2 S_B, in bits (thesis 2.4.5, eq. 2.3 with b = 2)."""
    s_a, s_b = np.asarray(s_a, dtype=np.float64), np.asarray(s_b, dtype=np.float64)
    return -(s_a * np.log2(s_a) + s_b * np.log2(s_b))


def pair_entropy(fld: Field, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The entropy (bits) of each game (first[k], second[k]) of entrant positions, with the
    handicap the rules would give it."""
    c = constants()
    rating = floored([e.player.rating for e in fld.entrants])
    side = arrays(fld).side
    stones = signed_stones(fld, side.take(first), side.take(second))  # > 0: first gives
    bonus = c["points_per_stone"] * np.abs(stones)
    first_rating = rating[first] + np.where(stones < 0, bonus, 0)
    second_rating = rating[second] + np.where(stones > 0, bonus, 0)
    s_a, s_b = winning_expectancy(
        np.minimum(first_rating, second_rating),
        np.maximum(first_rating, second_rating),
        c["epsilon"],
    )
    return game_entropy(s_a, s_b)


def entropy_weights(fld: Field, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Each game's entropy as an integer: rounded to 1/scale bit (``[entropy] scale``)."""
    return np.rint(pair_entropy(fld, first, second) * constants()["scale"]).astype(np.int64)
