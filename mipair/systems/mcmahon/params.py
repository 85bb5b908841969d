"""The McMahon parameters of a tournament: its OpenGotha parameter set over the model's defaults.

Every default, and the XML attribute each parameter is read from, is declared
once in ``models/mcmahon.toml``. Ranks are integers (30k = -30, 1d = 0).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from typing import Any

from mipair.errors import InputError
from mipair.formats.opengotha import OgTournament, parse_rank
from mipair.resources import model_file

V351, V352 = "3.51", "3.52"


@cache
def model() -> dict[str, Any]:
    """The parsed ``models/mcmahon.toml``."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads(model_file("mcmahon.toml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class McMahonParams:
    """Every parameter the McMahon system reads (names as in ``models/mcmahon.toml``)."""

    edition: str
    rounds: int
    categories: int
    mm_floor: int
    mm_bar: int
    mms2_absent: int
    mms2_bye: int
    nbw2_absent: int
    nbw2_bye: int
    round_down: bool
    not_played_as_half: bool
    hd_based_on_mms: bool
    hd_rank_threshold: int
    hd_correction: int
    hd_ceiling: int
    duplicate_weight: int
    random_weight: int
    deterministic: bool
    colour_weight: int
    category_weight: int
    score_weight: int
    dudd_weight: int
    dudd_compensate: bool
    dudd_upper_mode: str
    dudd_lower_mode: str
    seeding_weight: int
    seed_last_round_1: int
    seed_system_1: str
    seed_system_2: str
    seed_criterion_1: str
    seed_criterion_2: str
    handicap_weight: int
    geo_weight: int
    country_factor: int
    club_factor: int
    secondary_rank_threshold: int
    wins_threshold_active: bool
    bar_threshold_active: bool
    nx1_factor: float
    placement: tuple[str, ...]
    clubs_groups: tuple[frozenset[str], ...] = ()

    @property
    def zero(self) -> int:
        return int(model()["scores"]["zero"])

    @property
    def group_min(self) -> int:
        """The lowest score level of the group range (reference 2.3)."""
        return self.mm_floor - self.zero + int(model()["scores"]["smms_correction_min"])

    def group_max(self, round_number: int) -> int:
        """The highest score level of the group range before ``round_number`` (1-based)."""
        top = int(model()["scores"]["smms_correction_max"])
        return self.mm_bar - self.zero + top + round_number - 1

    def seed_system(self, round_number: int) -> tuple[str, str]:
        """The seed system and its additional placement criterion for a round (1-based)."""
        if round_number <= self.seed_last_round_1:
            return self.seed_system_1, self.seed_criterion_1
        return self.seed_system_2, self.seed_criterion_2


RANKS = {"mm_floor", "mm_bar", "hd_rank_threshold", "secondary_rank_threshold"}


def _convert(name: str, default: Any, text: str) -> Any:
    """The value of an attribute's text, of the default's type."""
    if name in RANKS:
        return parse_rank(text)
    if isinstance(default, bool):
        if text.strip().lower() not in ("true", "false"):
            raise ValueError(f"{text!r}: true or false expected")
        return text.strip().lower() == "true"
    if isinstance(default, int):
        return int(text.strip())
    if isinstance(default, float):
        return float(text.strip())
    return text.strip()


def params_of(tournament: OgTournament, edition: str = V352) -> McMahonParams:
    """The parameters of a tournament (see the module docstring)."""
    values: dict[str, Any] = {}
    for name, (element, attribute, default) in model()["parameters"].items():
        found = tournament.parameter(element, attribute)
        if found is None:
            values[name] = parse_rank(default) if name in RANKS else default
            continue
        text, line = found
        try:
            values[name] = _convert(name, default, text)
        except ValueError as exc:
            raise InputError(str(exc), file=tournament.path, line=line, field=attribute) from None
    named = [c for c in tournament.placement_criteria() if c != "NULL"]
    groups = tuple(
        frozenset(club.attrs.get("name", "").upper() for club in group.iter("Club"))
        for node in tournament.others
        for group in node.iter("ClubsGroup")
    )
    return McMahonParams(
        edition=edition,
        placement=tuple(named or model()["placement"]),
        clubs_groups=groups,
        **values,
    )
