"""OpenGotha's weight of a candidate pair, term by term (reference section 5).

Each term is a small function ``term(field, a, b)`` of the round's field and
the two ends of many pairs at once (:class:`~mipair.systems.mcmahon.sides.Side`
arrays; ``a`` listed before ``b`` in OpenGotha's list order, which matters for
the asymmetric pseudo-random terms), returning one integer per pair. The weight of a pair
is 1 plus the sum of the terms (:func:`pair_weight`); the terms and their
order are declared in ``models/mcmahon.toml``. Every term is a Python integer:
where OpenGotha computes a term in floating point (the concavity function)
the same double operations are made (numpy float64, in the same order) and
the result truncated as Java's ``(long)`` cast does; where it uses integer
division the division truncates toward zero as Java's does. Weights are
int64 (OpenGotha's own limit) and their sum is exact.

The two OpenGotha behaviours (5.6): 3.51 limits draw-up/draw-down to groups
less than four apart and counts the geographical term in full; 3.52 has no
distance limit and scales the geographical term by how many of the two
players are above the secondary-criteria thresholds.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.handicap import stones
from mipair.systems.mcmahon.params import V351, model
from mipair.systems.mcmahon.sides import Side, arrays, position_of

Term = Callable[[Field, Side, Side], np.ndarray]


def java_div(numerator, denominator):
    """Integer division truncated toward zero (Java's ``long / long``), on numbers or arrays."""
    quotient = np.abs(numerator) // np.abs(denominator)
    return np.where(
        (np.asarray(numerator) >= 0) == (np.asarray(denominator) > 0), quotient, -quotient
    )


def concavity(x, scale: int, factor: float):
    """f(x) = S (1 - x)(1 + k x), truncated (5: many small gaps beat one large gap)."""
    return np.trunc(
        scale
        * (1.0 - np.asarray(x, dtype=np.float64))
        * (1.0 + factor * np.asarray(x, dtype=np.float64))
    ).astype(np.int64)


def det_random(maximum: int, a: Side, b: Side) -> np.ndarray:
    """OpenGotha's deterministic pseudo-random number in 0..maximum for pairs (5.3).

    The two names (surname + first name) are put in string order, their
    characters' codes weighted by position in the joined string, the sum
    scrambled modulo ``maximum + 1``; when ``a``'s name sorts after ``b``'s
    the result is mirrored (``maximum - value``): it is not symmetric.
    """
    swapped = a.name_order > b.name_order
    first_w = np.where(swapped, b.name_weighted, a.name_weighted)
    first_len = np.where(swapped, b.name_length, a.name_length)
    second_w = np.where(swapped, a.name_weighted, b.name_weighted)
    second_sum = np.where(swapped, a.name_sum, b.name_sum)
    total = first_w + second_w + first_len * second_sum
    value = total * 1234567 % (maximum + 1)
    return np.where(swapped, maximum - value, value)


def signed_stones(fld: Field, a: Side, b: Side) -> np.ndarray:
    """The handicap a game would have (> 0: ``a`` gives it), section 4.1."""
    p = fld.params
    if p.hd_based_on_mms:  # the McMahon score before the round, floored, as a rank
        rank_a, rank_b = a.mms2 // 2 + p.zero, b.mms2 // 2 + p.zero
    else:
        rank_a, rank_b = a.rank, b.rank
    return stones(rank_a, rank_b, p.hd_rank_threshold, p.hd_correction, p.hd_ceiling)


# -- base criteria (5.2) ----------------------------------------------------------------


def duplicate_game(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.2 dup: the full weight when the two have not met before."""
    met = arrays(fld).met(a.position, b.position)
    return np.where(met, 0, fld.params.duplicate_weight).astype(np.int64)


def random_term(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.2 random: detRandom(paiBaRandom, a, b) (5.3).

    A non-deterministic draw is made deterministic too (a seeded generator per
    round), so that a pairing can be repeated: a documented deviation.
    """
    maximum = fld.params.random_weight
    if maximum == 0:
        return np.zeros(len(a.position), dtype=np.int64)
    if fld.params.deterministic:
        return det_random(maximum, a, b)
    draw = np.random.default_rng(fld.round)
    return draw.integers(0, maximum + 1, size=len(a.position), dtype=np.int64)


def colour_balance(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.2 colour: only for an even game; full for opposite balances, half for 0 against |2|+."""
    weight = fld.params.colour_weight
    opposite = a.balance * b.balance < 0
    half = ((a.balance == 0) & (np.abs(b.balance) >= 2)) | (
        (b.balance == 0) & (np.abs(a.balance) >= 2)
    )
    value = np.where(opposite, weight, np.where(half, weight // 2, 0))
    return np.where(signed_stones(fld, a, b) == 0, value, 0).astype(np.int64)


# -- main criteria (5.4) ----------------------------------------------------------------


def category_mixing(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.4 category: Swiss-with-categories only; categories are not read here, so 0.

    Ambiguity: a McMahon file with several categories is paired as one
    category (the reference's McMahon preset has one).
    """
    return np.zeros(len(a.position), dtype=np.int64)


def score_difference(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.4 scoreDiff: f(|g_a - g_b| / G, paiMaMinimizeScoreDifference)."""
    x = np.abs(a.group - b.group).astype(np.float64) / float(fld.groups)
    return concavity(x, fld.params.score_weight, fld.params.nx1_factor)


def _position(mode: str, side: Side, weight: int) -> np.ndarray:
    """DUDD position part of one player: prefer the TOP, MIDdle or BOTtom of its group."""
    size, place, half = side.group_size, side.inner, weight // 2
    if mode == "TOP":
        return half * (size - 1 - place) // size
    if mode == "BOT":
        return half * place // size
    return half * (size - 1 - np.abs(2 * place - size + 1)) // size


def draw_up_down(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.4 DUDD: between different groups, the five scenarios plus the position parts."""
    p = fld.params
    a_upper = a.group < b.group
    upper = Side(**{k: np.where(a_upper, v, getattr(b, k)) for k, v in vars(a).items()})
    lower = Side(**{k: np.where(a_upper, getattr(b, k), v) for k, v in vars(a).items()})
    scenario = 2 - (upper.drawn_down > 0) - (lower.drawn_up > 0)
    scenario = scenario + ((scenario != 0) & (upper.drawn_up > upper.drawn_down))
    scenario = scenario + ((scenario != 0) & (lower.drawn_down > lower.drawn_up))
    if not p.dudd_compensate:
        scenario = np.minimum(scenario, 2)
    weight = p.dudd_weight // 5
    value = (
        _position(p.dudd_upper_mode, upper, weight)
        + _position(p.dudd_lower_mode, lower, weight)
        + scenario * weight
    )
    apart = a.group != b.group
    if p.edition == V351:
        apart &= np.abs(a.group - b.group) < 4
    return np.where(apart, value, 0).astype(np.int64)


def seeding(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.4 seeding, inside a group: split and random, fold or slip by the round's seed system."""
    system, _ = fld.params.seed_system(fld.round)
    top, size = fld.params.seeding_weight, a.group_size
    if system == "SPLITANDRANDOM":
        split = (2 * a.inner < size) != (2 * b.inner < size)
        value = np.where(split, top - det_random(int(top * 0.2), a, b), 0)
    else:
        if system == "SPLITANDFOLD":
            x, span = a.inner + b.inner - (size - 1), size - 1
        else:  # SPLITANDSLIP
            x, span = 2 * np.abs(a.inner - b.inner) - size, size
        safe = np.maximum(span, 1)
        value = np.where(span == 0, top, top - java_div(java_div(top * x, safe) * x, safe))
    return np.where(a.group == b.group, value, 0).astype(np.int64)


# -- secondary criteria (5.5) -----------------------------------------------------------


def above_thresholds(fld: Field, side: Side) -> np.ndarray:
    """5.5: many wins, rank + wins at the rank threshold, or a start at or above the bar."""
    p = fld.params
    wins_threshold = p.rounds if p.wins_threshold_active else 2 * p.rounds
    above = (side.nbw2 >= wins_threshold) | (
        2 * side.rank + side.nbw2 >= 2 * p.secondary_rank_threshold
    )
    if p.bar_threshold_active:
        above |= side.smms >= p.mm_bar - p.zero
    return above


def handicap_range(fld: Field) -> int:
    """5.5: the largest McMahon score gap, the number of groups in a McMahon tournament."""
    p = fld.params
    if p.mcmahon_type:
        return fld.groups
    return p.mm_top(fld.round) - p.mm_floor + p.zero - int(model()["scores"]["smms_correction_min"])


def handicap_minimisation(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.5 handicap: f(|m_a - m_b| / range, paiSeMinimizeHandicap), m the McMahon score, the
    highest possible one when above the thresholds."""
    p = fld.params
    if p.handicap_weight == 0:
        return np.zeros(len(a.position), dtype=np.int64)
    top = p.mm_top(fld.round)
    level_a = np.where(above_thresholds(fld, a), top, a.mms2 // 2)
    level_b = np.where(above_thresholds(fld, b), top, b.mms2 // 2)
    x = np.abs(level_a - level_b).astype(np.float64) / float(handicap_range(fld))
    return concavity(x, p.handicap_weight, p.nx1_factor)


def geography(fld: Field, a: Side, b: Side) -> np.ndarray:
    """5.5 geo: a score gap is preferred to a same-country or same-club game."""
    p, groups = fld.params, float(fld.groups)
    country = np.where(
        (a.country != b.country) & (p.country_factor != 0), min(1.0, p.country_factor / groups), 0.0
    )
    common_group = arrays(fld).club_groups.common(a.club, b.club)
    other_club = a.club != b.club
    club = np.where(other_club & common_group, p.club_factor / 2.0 / groups, 0.0)
    club = np.where(other_club & ~common_group, p.club_factor * 1.2 / groups, club)
    club = np.minimum(np.where(p.club_factor != 0, club, 0.0), 1.0)
    ratio = np.maximum(country, club) + np.minimum(country, club) / 2.0
    ratio = np.where(ratio > 0.0, ratio + 0.5 / groups, ratio)
    nominal = np.minimum(
        p.score_weight - concavity(ratio, p.geo_weight, p.nx1_factor), p.geo_weight
    )
    if p.edition == V351:
        return nominal
    above = above_thresholds(fld, a).astype(np.int64) + above_thresholds(fld, b)
    blended = java_div(nominal + p.geo_weight, 2)
    return np.select([above == 0, above == 1], [nominal, blended], p.geo_weight).astype(np.int64)


TERMS: dict[str, Term] = {
    f.__name__: f
    for f in (
        duplicate_game,
        random_term,
        colour_balance,
        category_mixing,
        score_difference,
        draw_up_down,
        seeding,
        handicap_minimisation,
        geography,
    )
}


def declared_terms() -> list[tuple[str, str, Term]]:
    """(id, text, function) of each weight term, in the model's order."""
    return [(t["id"], t["text"], TERMS[t["function"]]) for t in model()["terms"]]


def term_arrays(
    fld: Field, first: np.ndarray, second: np.ndarray, terms: frozenset[str] | None = None
) -> dict[str, np.ndarray]:
    """Every term (or the ``terms`` named) of the pairs (first[k], second[k]) of entrant
    positions, by id."""
    side = arrays(fld).side
    a, b = side.take(first), side.take(second)
    return {
        term_id: term(fld, a, b)
        for term_id, _, term in declared_terms()
        if terms is None or term_id in terms
    }


def pair_table(
    fld: Field, terms: frozenset[str] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every pair of entrant positions i < j (i listed before j) and its weight: 1 plus every
    term, or plus the ``terms`` named only."""
    first, second = np.triu_indices(len(fld.entrants), 1)
    total = np.ones(len(first), dtype=np.int64)
    for values in term_arrays(fld, first, second, terms).values():
        total += values
    return first, second, total


def _ends(fld: Field, a: Entrant, b: Entrant) -> tuple[np.ndarray, np.ndarray]:
    return np.array([position_of(fld, a)]), np.array([position_of(fld, b)])


def components(fld: Field, a: Entrant, b: Entrant) -> dict[str, int]:
    """Every term of one pair's weight, by id (``a`` listed before ``b``)."""
    return {k: int(v[0]) for k, v in term_arrays(fld, *_ends(fld, a, b)).items()}


def pair_weight(fld: Field, a: Entrant, b: Entrant) -> int:
    """The weight of a pair: 1 (0 would mean forbidden) plus every term."""
    return 1 + sum(components(fld, a, b).values())


def signed_handicap(fld: Field, a: Entrant, b: Entrant) -> int:
    """The handicap a game between a and b would have (> 0: a gives it), section 4.1."""
    side = arrays(fld).side
    first, second = _ends(fld, a, b)
    return int(signed_stones(fld, side.take(first), side.take(second))[0])
