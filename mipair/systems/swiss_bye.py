"""The order of the candidates for the pairing-allocated bye, by the names model files use.

Every FIDE Swiss system gives the PAB to the first player, in an order its text
gives, who may have it (C.04.1 Art. 4) and leaves the others pairable. The order
is data: an edition's ``bye_order`` lists the keys below, each a tie-breaker
for the one before (Burstein 3.1.3-3.1.5, Dubov 3.1.3-3.1.5, Lim 1.1 and 7.1),
and each system's settings name the keys its text has (a ``Literal`` of them,
checked when the model file loads). ``why`` and ``check`` show the PAB's
recipient by the same keys (:func:`bye_values`). A candidate is anything with
the few fields the keys read (:class:`Candidate`: a player's
:class:`~mipair.systems.fide.state.Candidate`); the systems whose rounds are
matches (Double-Swiss C.04.5 and Team Swiss C.04.6 3.4.2-3.4.4: lowest score,
most matches played, largest TPN) order theirs by :data:`MATCH_BYE_KEYS`, worded
as :data:`MATCH_BYE_TEXTS`; a system with a key of its own passes its table
(``keys``) beside these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mipair.reports import HIGHER, LOWER, CriterionValue


class Ranked(Protocol):
    """What every PAB order reads of a candidate: its pairing number and score."""

    @property
    def id(self) -> int: ...  # the pairing number (TPN)
    @property
    def pairing_score(self) -> int: ...  # tenths of a point


class Candidate(Ranked, Protocol):
    """What the keys read of a PAB candidate."""

    @property
    def played_games(self) -> int: ...
    @property
    def rating(self) -> int: ...


Rank = Callable[[Any], tuple[int, ...]]
"""A system's ranking of players, the highest ranked first (Burstein: by the Index, 1.8)."""

POINT = 10
"""Scores are held in tenths of a point and shown in points."""


def lowest_index_rank(player: Candidate, rank: Rank | None) -> tuple[int, ...]:
    """Burstein 3.1.5: the lowest ranked by the Index first."""
    assert rank is not None, "lowest-index-rank needs the system's ranking"
    return tuple(-x for x in rank(player))


@dataclass(frozen=True)
class ByeKey:
    """One key of a PAB order: the candidates' sort key (the first candidate first),
    and what ``why`` shows of the recipient by it."""

    key: Callable[[Any, Rank | None], object]
    shown: Callable[[Any, int], float]
    """The recipient's value (``place``: his place from the top by the system's ranking)."""
    better: str


BYE_KEYS: Mapping[str, ByeKey] = {
    "lowest-score": ByeKey(
        lambda p, rank: p.pairing_score, lambda p, at: p.pairing_score / POINT, LOWER
    ),
    "most-games-played": ByeKey(
        lambda p, rank: -p.played_games, lambda p, at: p.played_games, HIGHER
    ),
    "largest-tpn": ByeKey(lambda p, rank: -p.id, lambda p, at: p.id, HIGHER),
    "lowest-rating": ByeKey(lambda p, rank: p.rating, lambda p, at: p.rating, LOWER),
    "lowest-index-rank": ByeKey(lowest_index_rank, lambda p, at: at, HIGHER),
}
"""The keys a model file's ``bye_order`` may name."""


class MatchCandidate(Ranked, Protocol):
    """What the keys of a match system read of a PAB candidate (a player, a team)."""

    @property
    def matches_played(self) -> int: ...


MATCH_BYE_KEYS: Mapping[str, ByeKey] = {
    "lowest-score": BYE_KEYS["lowest-score"],
    "most-matches-played": ByeKey(
        lambda p, rank: -p.matches_played, lambda p, at: p.matches_played, HIGHER
    ),
    "largest-tpn": BYE_KEYS["largest-tpn"],
}
"""The keys of the PAB order of a system whose rounds are matches (C.04.5, C.04.6 3.4)."""

MATCH_BYE_TEXTS: Mapping[str, tuple[str, str]] = {
    "lowest-score": ("3.4.2", "the PAB goes to the lowest score; value: its score"),
    "most-matches-played": ("3.4.3", "then to the most matches played; value: its matches"),
    "largest-tpn": ("3.4.4", "then to the largest TPN; value: its TPN"),
}
"""How ``why`` and ``check`` word those keys (the same articles in C.04.5 and C.04.6)."""


def bye_key(
    names: Sequence[str], rank: Rank | None = None, table: Mapping[str, ByeKey] = BYE_KEYS
) -> Callable[[Any], tuple]:
    """The sort key of the PAB's candidates in the order ``names`` of ``table`` (the first
    candidate first)."""
    keys = [table[name].key for name in names]
    return lambda player: tuple(key(player, rank) for key in keys)


def bye_values(
    names: Sequence[str],
    texts: Mapping[str, tuple[str, str]],
    recipient: Candidate | MatchCandidate,
    place: Callable[[], int] = lambda: 0,
    label: str = "",
    table: Mapping[str, ByeKey] = BYE_KEYS,
) -> list[CriterionValue]:
    """The PAB's recipient as ``why`` and ``check`` show it: one value a key of ``names``,
    numbered and worded as the system's ``texts`` (key -> article, text) say."""
    out = []
    for name in names:
        article, text = texts[name]
        key = table[name]
        at = place() if name == "lowest-index-rank" else 0
        out.append(CriterionValue(article, text, key.shown(recipient, at), key.better, label))
    return out
