"""The Lim System's own settings (``models/lim-<edition>.toml``), checked when it loads.

Lim has no quality criteria: every choice is the first in an order the text
gives (``models/lim-2026.md`` section 3). The model file states those orders as
the text gives them; the types below are the one way the procedure
(:mod:`~mipair.systems.fide.lim.run`, :mod:`~mipair.systems.fide.lim.group`)
implements each, so a file asking another is refused when it loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from mipair.systems.swiss_settings import AtLeast, SwissSettings

ByeName = Literal["lowest-score", "lowest-rating", "largest-tpn"]
"""The keys of 1.1's and 7.1's PAB orders (:mod:`mipair.systems.swiss_bye`)."""


@dataclass(frozen=True, kw_only=True)
class Median:
    """2.2: the median score is rounds played x a win's points / 2."""

    numerator: Literal["rounds-played * win"]
    denominator: Literal[2]


@dataclass(frozen=True, kw_only=True)
class ColourLimits:
    """2.1, 5.1 and Article 6: no colour more than ``max_in_a_row`` times in a row, a
    colour difference of at most ``max_difference``; lifted in the last round."""

    max_difference: Annotated[int, AtLeast(0)]
    max_in_a_row: Annotated[int, AtLeast(1)]
    lifted_in_last_round: bool


@dataclass(frozen=True, kw_only=True)
class FloaterPairingOrder:
    """3.6-3.8: downfloaters by highest score then number, upfloaters the other way."""

    down: tuple[Literal["score-descending"], Literal["tpn-ascending"]]
    up: tuple[Literal["score-ascending"], Literal["tpn-descending"]]


@dataclass(frozen=True, kw_only=True)
class Cracking:
    """2.6: the side cracked when the median cannot be paired, its last pairing first."""

    more_from_above: Literal["lower-side"]
    otherwise: Literal["higher-side"]
    order: Literal["last-made-first"]


@dataclass(frozen=True, kw_only=True)
class LimSettings(SwissSettings):
    """What ``models/lim-<edition>.toml`` states (its ``criteria`` are empty)."""

    bye_order: Annotated[tuple[ByeName, ...], AtLeast(1)]  # 1.1
    round_one_bye_order: Annotated[tuple[ByeName, ...], AtLeast(1)]  # 7.1
    median: Median
    colour_limits: ColourLimits
    maxi_tournament: Literal[False]  # 3.2.3, 3.8, 5.7: not implemented
    maxi_rating_window: Literal[100]
    floater_order: tuple[  # 3.9, 3.10, 3.2.2, 3.2.4
        Literal["type-d-c-b-a"],
        Literal["not-floated-last-round"],
        Literal["colour-balance"],
        Literal["lowest-numbered-downward"],
    ]
    floater_pairing_order: FloaterPairingOrder
    exchange_order: tuple[Literal["bottom-half-in-order"], Literal["top-half-upwards"]]  # 4.2-4.3
    colour_exchange: Literal["first-due-other-colour"]  # 5.2
    cracking: Cracking
