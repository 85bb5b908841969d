"""The facts of a Lim round, in an arbiter's words: C.04.1's (rematch, forbidden pair,
the PAB) and 2.1's colour side of compatibility, one per pair for whom every colour
allocation breaks the colour limits (outside the last round, Article 6)."""

from __future__ import annotations

from mipair.explain.facts import Fact, PairingProblem, pair
from mipair.model import Colour
from mipair.systems.fide.facts import basic_problem
from mipair.systems.fide.lim.field import within_limits
from mipair.systems.fide.state import Snapshot


def lim_problem(snap: Snapshot) -> PairingProblem:
    """The players to pair in ``snap`` and every absolute-rule fact among them."""
    settings = snap.edition.settings
    limits = settings["colour_limits"]
    total = snap.tournament.total_rounds
    if total is not None and snap.round >= total and limits["lifted_in_last_round"]:
        return basic_problem(snap)
    fits = {
        p: (
            within_limits(snap.players[p], Colour.WHITE, limits),
            within_limits(snap.players[p], Colour.BLACK, limits),
        )
        for p in snap.to_pair
    }

    def incompatible(a: int, b: int) -> list[Fact]:
        (white_a, black_a), (white_b, black_b) = fits[a], fits[b]
        if (white_a and black_b) or (black_a and white_b):
            return []
        return [
            Fact(
                "colour",
                (a, b),
                f"players {a} and {b} are not compatible: each colour allocation gives one "
                "of them a third colour in a row or a colour difference beyond 2",
                f"let {a} and {b} meet although the colour limits are broken",
                frozenset({pair(a, b)}),
            )
        ]

    return basic_problem(snap, incompatible)
