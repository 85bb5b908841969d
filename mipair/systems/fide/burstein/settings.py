"""The Burstein System's own settings (``models/burstein-<edition>.toml``), checked when it loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from mipair.systems.swiss_settings import AtLeast, SwissSettings


@dataclass(frozen=True, kw_only=True)
class SeedingRounds:
    """1.6: the first ``min(rounds // divisor, at_most)`` rounds, paired by ``system``'s
    ``edition``."""

    divisor: Annotated[int, AtLeast(1)]
    at_most: Annotated[int, AtLeast(0)]
    system: str
    edition: str


@dataclass(frozen=True, kw_only=True)
class IndexSettings:
    """1.7-1.8: the ranking order of a bracket and the readings of 1.7.2 it rests on
    (:mod:`~mipair.systems.fide.burstein.index`: one reading of each)."""

    order: Annotated[
        tuple[Literal["buchholz", "sonneborn-berger", "tpn-ascending"], ...], AtLeast(1)
    ]
    unplayed_round: Literal["self"] = "self"
    zero_bye_run: Literal["draw-for-opponents"] = "draw-for-opponents"
    virtual_points: Literal[False] = False


@dataclass(frozen=True, kw_only=True)
class BursteinSettings(SwissSettings):
    """What ``models/burstein-<edition>.toml`` states besides the criteria."""

    seeding_rounds: SeedingRounds
    bye_order: Annotated[
        tuple[Literal["lowest-score", "most-games-played", "lowest-index-rank"], ...], AtLeast(1)
    ]
    """3.1.3-3.1.5 (:mod:`mipair.systems.swiss_bye`)."""
    index: IndexSettings
