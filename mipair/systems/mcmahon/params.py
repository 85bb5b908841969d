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
    def main_criterion(self) -> str:
        """What the score groups are formed by: the first of NBW, MMS, CPS the placement
        criteria name (OpenGotha's main criterion), NBW when none."""
        mains = model()["main_criteria"]
        return next((c for c in self.placement if c in mains), mains[0])

    @property
    def mcmahon_type(self) -> bool:
        """A McMahon tournament (placement led by MMS), as against Swiss and the others."""
        return self.placement[0] == "MMS"

    @property
    def zero(self) -> int:
        return int(model()["scores"]["zero"])

    @property
    def group_min(self) -> int:
        """The lowest score level of the group range (reference 2.3): below the floor for
        McMahon scores, 0 wins otherwise."""
        if self.main_criterion != "MMS":
            return 0
        return self.mm_floor - self.zero + int(model()["scores"]["smms_correction_min"])

    def group_max(self, round_number: int) -> int:
        """The highest score level of the group range before ``round_number`` (1-based):
        above the bar for McMahon scores, one win a round played otherwise."""
        if self.main_criterion != "MMS":
            return round_number - 1
        return self.mm_top(round_number)

    def mm_top(self, round_number: int) -> int:
        """The highest McMahon score a player can have before ``round_number`` (5.5)."""
        top = int(model()["scores"]["smms_correction_max"])
        return self.mm_bar - self.zero + top + round_number - 1

    def seed_system(self, round_number: int) -> tuple[str, str]:
        """The seed system and its additional placement criterion for a round (1-based)."""
        if round_number <= self.seed_last_round_1:
            return self.seed_system_1, self.seed_criterion_1
        return self.seed_system_2, self.seed_criterion_2


RANKS = {"mm_floor", "mm_bar", "hd_rank_threshold", "secondary_rank_threshold"}
NUMBER_DIGITS_MAX = 18
"""The most digits of a whole-number parameter: OpenGotha's weights are 64-bit (9.2 x
10^18), and every weight term is computed in 64 bits."""


def _choice(name: str, text: str) -> str:
    """A word parameter as OpenGotha reads it: a word it does not know is the fallback."""
    rule = model()["choices"][name]
    values = rule["values"]
    known = [*model()["criteria"], "NULL"] if values == "criteria" else values
    return text.strip() if text.strip() in known else str(rule["otherwise"])


def _convert(name: str, default: Any, text: str) -> Any:
    """The value of an attribute's text, of the default's type."""
    if name in RANKS:
        return parse_rank(text)
    if name in model()["choices"]:
        return _choice(name, text)
    if isinstance(default, bool):
        if text.strip().lower() not in ("true", "false"):
            raise ValueError(f"{text!r}: true or false expected")
        return text.strip().lower() == "true"
    if isinstance(default, int):
        digits = text.strip().lstrip("+-")
        if len(digits) > NUMBER_DIGITS_MAX and digits.isdigit():
            raise ValueError(f"{text.strip()[:24]}...: at most {NUMBER_DIGITS_MAX} digits")
        return int(text.strip())
    if isinstance(default, float):
        return float(text.strip())
    return text.strip()


def detect_edition(tournament: OgTournament) -> str:
    """The OpenGotha behaviour of the version that saved the file (``models/mcmahon.toml``)."""
    first, *others = model()["editions"]
    saved = tournament.saved_by()
    if saved is None or others == [] or saved >= tuple(model()["edition_from_version"]):
        return str(first)
    return str(others[0])


def params_of(tournament: OgTournament, edition: str | None = None) -> McMahonParams:
    """The parameters of a tournament (see the module docstring); the OpenGotha behaviour is
    ``edition``, else the one of the version that saved the file."""
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
    known = set(model()["criteria"])
    named = [c for c in tournament.placement_criteria() if c in known]
    groups = tuple(
        frozenset(club.attrs.get("name", "").upper() for club in group.iter("Club"))
        for node in tournament.others
        for group in node.iter("ClubsGroup")
    )
    return McMahonParams(
        edition=edition or detect_edition(tournament),
        placement=tuple(named or model()["placement"]),
        clubs_groups=groups,
        **values,
    )
