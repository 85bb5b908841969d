"""The Lim system's own absolute facts, in an arbiter's words: 2.1's colour side of
compatibility, one per pair for whom every colour allocation breaks the colour limits
(asked outside the last round only, Article 6: :class:`~mipair.systems.fide.lim.procedure.LimProcedure`)."""

from __future__ import annotations

from collections.abc import Callable

from mipair.explain.facts import Fact, pair
from mipair.model import Colour
from mipair.systems.fide.lim.field import within_limits
from mipair.systems.fide.lim.settings import LimSettings
from mipair.systems.fide.state import Snapshot


def incompatible_pairs(snap: Snapshot) -> Callable[[int, int], list[Fact]]:
    """A fact for each pair of ``snap``'s players that no colour allocation keeps within
    the colour limits (the model file's ``colour_limits``)."""
    limits = LimSettings.of(snap.edition.settings).colour_limits
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

    return incompatible
