"""The choices the Lim procedure makes, each the first in an order the text gives.

Lim has no quality criteria (``models/lim-2026.md`` section 3): every choice
is "the first, in this order, that works". The procedure records each one as
a :class:`Step`: what is chosen (the PAB, a floater out of a group, a
player's opponent, a pairing cracked), the candidates in the text's order,
and what "works" means there, so that any other choice can later be placed in
that order (:mod:`mipair.systems.fide.lim.evaluate`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

BYE, FLOAT, TAKE, CRACK = "bye", "float", "take", "crack"


@dataclass(frozen=True)
class Step:
    """One choice of the procedure (vertices of the round's field)."""

    article: str  # the article whose order decides, e.g. "3.9"
    text: str  # the order, in words
    where: str  # e.g. "group of score 2 (paired downward), floater 1"
    kind: str  # BYE, FLOAT, TAKE or CRACK
    chosen: int | tuple[int, int]  # the player chosen (the PAB, a floater, an opponent) or a pair
    order: tuple[int, ...] = ()  # the candidates in the text's order
    subject: int | None = None  # TAKE: the player whose opponent is chosen
    preferred: frozenset[int] | None = None  # the candidates preferred first (None: all)
    scope: frozenset[int] = frozenset()  # the players the choice is made among
    works: Callable[[int], bool] | None = field(default=None, compare=False)
    """Whether a candidate works here (leaves the rest pairable, keeps the most pairs)."""

    def rank(self, candidate: int) -> int:
        """The place of ``candidate`` in the text's order of this choice (1: the text's
        choice; candidates that do not work come after those that do, the others last)."""
        if candidate not in self.order:
            return len(self.order) + 1
        works = self.works or (lambda c: True)
        preferred = self.preferred

        def key(c: int) -> tuple[bool, bool, int]:
            return not works(c), preferred is not None and c not in preferred, self.order.index(c)

        mine = key(candidate)
        return 1 + sum(1 for c in self.order if c != candidate and key(c) < mine)
