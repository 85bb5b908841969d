"""The Dubov System's own settings (``models/dubov-<edition>.toml``), checked when it loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from mipair.systems.swiss_settings import AtLeast, SwissSettings


@dataclass(frozen=True, kw_only=True)
class MaxUpfloats:
    """1.8.2: MaxT = base + rounds // per."""

    base: Annotated[int, AtLeast(0)]
    per: Annotated[int, AtLeast(1)]


@dataclass(frozen=True, kw_only=True)
class ShifterOrder:
    """4.3.2, 4.3.3: the shifters out of G1 and out of G2, numbered from the middle out."""

    g1: tuple[Literal["aro-ascending"], Literal["tpn-ascending"]]
    g2: tuple[Literal["tpn-ascending"]]
    numbering: Literal["middle-out"]


@dataclass(frozen=True, kw_only=True)
class DubovSettings(SwissSettings):
    """What ``models/dubov-<edition>.toml`` states besides the criteria (the newcomer
    preference of 1.6.4 is every system's setting: :class:`SwissSettings`). The orders
    of 3.2.5, 4.2.2 and 4.3 are stated there as the text gives them, the one way
    :mod:`~mipair.systems.fide.dubov.bracket` and :mod:`~mipair.systems.fide.dubov.upfloaters`
    implement them."""

    upfloat: Literal["pairing", "game"]
    """1.8: which past pairings against a higher score are upfloats (reading D3)."""
    max_upfloats: MaxUpfloats
    bye_order: Annotated[
        tuple[Literal["lowest-score", "most-games-played", "largest-tpn"], ...], AtLeast(1)
    ]
    """3.1.3-3.1.5 (:mod:`mipair.systems.swiss_bye`)."""
    upfloater_order: tuple[Literal["score-descending"], Literal["tpn-ascending"]]  # 4.2.2
    shifter_order: ShifterOrder
    s1_order: tuple[Literal["aro-ascending"], Literal["tpn-ascending"]]  # 3.2.5
