"""OpenGotha's weight of a candidate pair, term by term (reference section 5).

Each term is a small function ``term(field, a, b) -> int`` of the round's
field and two entrants, ``a`` listed before ``b`` (OpenGotha's list order,
which matters for the asymmetric pseudo-random terms). The weight of a pair
is 1 plus the sum of the terms (:func:`pair_weight`); the terms and their
order are declared in ``models/mcmahon.toml``. Every term is a Python integer:
where OpenGotha computes a term in floating point (the concavity function)
the same double operations are made and the result truncated as Java's
``(long)`` cast does, and where it uses integer division the division
truncates toward zero as Java's does. The sum is exact.

The two OpenGotha behaviours (5.6): 3.51 limits draw-up/draw-down to groups
less than four apart and counts the geographical term in full; 3.52 has no
distance limit and scales the geographical term by how many of the two
players are above the secondary-criteria thresholds.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.handicap import det_random, pseudo_rank, stones
from mipair.systems.mcmahon.params import V351, model

Term = Callable[[Field, Entrant, Entrant], int]


def java_div(numerator: int, denominator: int) -> int:
    """Integer division truncated toward zero (Java's ``long / long``)."""
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator >= 0) == (denominator > 0) else -quotient


def concavity(x: float, scale: int, factor: float) -> int:
    """f(x) = S (1 - x)(1 + k x), truncated (5: many small gaps beat one large gap)."""
    return int(scale * (1.0 - x) * (1.0 + factor * x))


def signed_handicap(fld: Field, a: Entrant, b: Entrant) -> int:
    """The handicap a game between a and b would have (> 0: a gives it), section 4.1."""
    p = fld.params
    rank_a = pseudo_rank(a.mms2, a.player.rank, p.hd_based_on_mms, p.zero)
    rank_b = pseudo_rank(b.mms2, b.player.rank, p.hd_based_on_mms, p.zero)
    return stones(rank_a, rank_b, p.hd_rank_threshold, p.hd_correction, p.hd_ceiling)


# -- base criteria (5.2) ----------------------------------------------------------------


def duplicate_game(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.2 dup: the full weight when the two have not met before."""
    return 0 if b.index in a.met else fld.params.duplicate_weight


def random_term(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.2 random: detRandom(paiBaRandom, a, b) (5.3); a seeded draw when not deterministic."""
    maximum = fld.params.random_weight
    if maximum == 0:
        return 0
    if fld.params.deterministic:
        return det_random(maximum, a.names, b.names)
    import random

    return random.Random(f"{a.player.key}|{b.player.key}|{fld.round}").randint(0, maximum)


def colour_balance(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.2 colour: only for an even game; full for opposite balances, half for 0 against |2|+."""
    if signed_handicap(fld, a, b) != 0:
        return 0
    weight = fld.params.colour_weight
    if a.balance * b.balance < 0:
        return weight
    if (a.balance == 0 and abs(b.balance) >= 2) or (b.balance == 0 and abs(a.balance) >= 2):
        return weight // 2
    return 0


# -- main criteria (5.4) ----------------------------------------------------------------


def category_mixing(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.4 category: Swiss-with-categories only; categories are not read here, so 0.

    Ambiguity: a McMahon file with several categories is paired as one
    category (the reference's McMahon preset has one).
    """
    return 0


def score_difference(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.4 scoreDiff: f(|g_a - g_b| / G, paiMaMinimizeScoreDifference)."""
    x = float(abs(a.group - b.group)) / float(fld.groups)
    return concavity(x, fld.params.score_weight, fld.params.nx1_factor)


def _position(mode: str, e: Entrant, weight: int) -> int:
    """DUDD position part of one player: prefer the TOP, MIDdle or BOTtom of its group."""
    size, place = e.group_size, e.inner
    half = weight // 2
    if mode == "TOP":
        return half * (size - 1 - place) // size
    if mode == "BOT":
        return half * place // size
    return half * (size - 1 - abs(2 * place - size + 1)) // size


def draw_up_down(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.4 DUDD: between different groups, the five scenarios plus the position parts."""
    p = fld.params
    if a.group == b.group or (p.edition == V351 and abs(a.group - b.group) >= 4):
        return 0
    upper, lower = (a, b) if a.group < b.group else (b, a)
    scenario = 2 - (upper.drawn_down > 0) - (lower.drawn_up > 0)
    if scenario != 0 and upper.drawn_up > upper.drawn_down:
        scenario += 1
    if scenario != 0 and lower.drawn_down > lower.drawn_up:
        scenario += 1
    if scenario > 2 and not p.dudd_compensate:
        scenario = 2
    weight = p.dudd_weight // 5
    return (
        _position(p.dudd_upper_mode, upper, weight)
        + _position(p.dudd_lower_mode, lower, weight)
        + scenario * weight
    )


def seeding(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.4 seeding, inside a group: split and random, fold or slip by the round's seed system."""
    if a.group != b.group:
        return 0
    system, _ = fld.params.seed_system(fld.round)
    top, size = fld.params.seeding_weight, a.group_size
    if system == "SPLITANDRANDOM":
        if (2 * a.inner < size) != (2 * b.inner < size):
            return top - det_random(int(top * 0.2), a.names, b.names)
        return 0
    if system == "SPLITANDFOLD":
        x, span = a.inner + b.inner - (size - 1), size - 1
    else:  # SPLITANDSLIP
        x, span = 2 * abs(a.inner - b.inner) - size, size
    if span == 0:
        return top
    return top - java_div(java_div(top * x, span) * x, span)


# -- secondary criteria (5.5) -----------------------------------------------------------


def above_thresholds(fld: Field, e: Entrant) -> bool:
    """5.5: many wins, rank + wins at the rank threshold, or a start at or above the bar."""
    p = fld.params
    wins_threshold = p.rounds if p.wins_threshold_active else 2 * p.rounds
    return (
        e.nbw2 >= wins_threshold
        or 2 * e.player.rank + e.nbw2 >= 2 * p.secondary_rank_threshold
        or (p.bar_threshold_active and e.smms >= p.mm_bar - p.zero)
    )


def handicap_minimisation(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.5 handicap: f(|m_a - m_b| / G, paiSeMinimizeHandicap), m the highest score when above thresholds."""
    p = fld.params
    if p.handicap_weight == 0:
        return 0
    top = p.group_max(fld.round)
    level_a = top if above_thresholds(fld, a) else a.mms2 // 2
    level_b = top if above_thresholds(fld, b) else b.mms2 // 2
    x = float(abs(level_a - level_b)) / float(fld.groups)
    return concavity(x, p.handicap_weight, p.nx1_factor)


def _same_country(a: Entrant, b: Entrant) -> bool:
    return a.player.country.upper() == b.player.country.upper()


def _club_relation(fld: Field, a: Entrant, b: Entrant) -> str:
    """'same' club, clubs of a common 'group', or 'other'."""
    club_a, club_b = a.player.club.upper(), b.player.club.upper()
    if club_a == club_b:
        return "same"
    if any(club_a in g and club_b in g for g in fld.params.clubs_groups):
        return "group"
    return "other"


def geography(fld: Field, a: Entrant, b: Entrant) -> int:
    """5.5 geo: a score gap is preferred to a same-country or same-club game."""
    p, groups = fld.params, float(fld.groups)
    country = 0.0
    if not _same_country(a, b) and p.country_factor:
        country = min(1.0, p.country_factor / groups)
    relation, club = _club_relation(fld, a, b), 0.0
    if p.club_factor and relation == "group":
        club = p.club_factor / 2.0 / groups
    elif p.club_factor and relation == "other":
        club = p.club_factor * 1.2 / groups
    club = min(club, 1.0)
    ratio = max(country, club) + min(country, club) / 2.0
    if ratio > 0.0:
        ratio += 0.5 / groups
    nominal = min(p.score_weight - concavity(ratio, p.geo_weight, p.nx1_factor), p.geo_weight)
    if p.edition == V351:
        return nominal
    above = above_thresholds(fld, a) + above_thresholds(fld, b)
    return (nominal, (nominal + p.geo_weight) // 2, p.geo_weight)[above]


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


def components(fld: Field, a: Entrant, b: Entrant) -> dict[str, int]:
    """Every term of the pair's weight, by id."""
    return {term_id: term(fld, a, b) for term_id, _, term in declared_terms()}


def pair_weight(fld: Field, a: Entrant, b: Entrant) -> int:
    """The weight of a pair: 1 (0 would mean forbidden) plus every term."""
    return 1 + sum(components(fld, a, b).values())
