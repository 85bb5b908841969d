"""Tie-break names as written (``BH/C1``, ``ARO/M1``, ``KS/L60``) and their settings.

The acronyms and modifiers are those of FIDE Handbook C.07: Cut-n drops the
n least significant values, Median-n the n least and the n most significant,
a Koya limit sets the share of the maximum score an opponent needs, and a
``U`` modifier gives unrated players a rating. What each acronym accepts, the
default list and the FIDE rating tables are data in ``models/tiebreaks.toml``;
a round robin's default list is ``models/round-robin-2026.toml``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from mipair.errors import InputError
from mipair.model_files import read_model
from mipair.resources import model_file

OPTION = "--tiebreaks"
SWISS_WORDS = ("SWISS", "DUTCH", "BURSTEIN", "DUBOV", "LIM", "PAPP", "MCMAHON", "MONRAD")
ROUND_ROBIN_WORDS = ("ROBIN", "BERGER", "RR")
"""Words of a tournament's system text (TRF 192 or 092) that say Swiss or round robin."""
ROUND_ROBIN_MODEL = "round-robin-2026.toml"
"""The round robins' model file: their default tie-breaks and their withdrawal share."""


@cache
def settings() -> dict[str, Any]:
    """The contents of ``models/tiebreaks.toml``."""
    return read_model(model_file("tiebreaks.toml"))


@cache
def round_robin_settings() -> dict[str, Any]:
    """The contents of ``models/round-robin-2026.toml`` (its default tie-breaks, C.07 4.1,
    and its withdrawal share, C.05)."""
    return read_model(model_file(ROUND_ROBIN_MODEL))


def names_round_robin(system: str) -> bool:
    """Does a tournament's system text name a round robin (and no Swiss system)?"""
    name = system.upper()
    return any(w in name for w in ROUND_ROBIN_WORDS) and not any(w in name for w in SWISS_WORDS)


@dataclass(frozen=True)
class TieBreak:
    """One entry of a tie-break list."""

    text: str  # as the user wrote it (the standings' column name)
    acronym: str  # upper case: BH, SB, ...
    cut_low: int = 0  # values dropped from the bottom (Cut-n, Median-n)
    cut_high: int = 0  # values dropped from the top (Median-n)
    limit_percent: int | None = None  # KS: share of the maximum score (Koya limit)
    unrated: int | None = None  # the rating given to unrated players

    @property
    def lower_is_better(self) -> bool:
        return bool(settings()["acronyms"][self.acronym]["lower_is_better"])

    def shown(self, value: float | None) -> float | int | None:
        """The value as shown: a whole number for counts, places and ratings."""
        whole = settings()["acronyms"][self.acronym].get("whole", False)
        return int(value) if whole and value is not None else value


def _number(text: str, whole: str, what: str) -> int:
    if not text.isdigit():
        raise InputError(f"{whole!r}: {what} needs a whole number", field=OPTION)
    return int(text)


def parse_tiebreak(text: str) -> TieBreak:
    """``BH/C1`` -> TieBreak('BH/C1', 'BH', cut_low=1); unknown names raise InputError."""
    parts = text.strip().upper().split("/")
    acronym = parts[0]
    table = settings()["acronyms"]
    if acronym not in table:
        known = ", ".join(table)
        raise InputError(f"unknown tie-break {text.strip()!r} (known: {known})", field=OPTION)
    allowed = table[acronym]["modifiers"]
    values: dict[str, int] = {}
    for modifier in parts[1:]:
        kind = modifier[:1]
        if not kind or kind not in allowed:
            raise InputError(
                f"{text.strip()!r}: {acronym} takes no modifier {modifier!r}", field=OPTION
            )
        values[kind] = _number(modifier[1:], text.strip(), f"the {kind} modifier")
    median = values.get("M", 0)
    return TieBreak(
        text=text.strip(),
        acronym=acronym,
        cut_low=values.get("C", 0) + median,
        cut_high=median,
        limit_percent=values.get("L"),
        unrated=values.get("U"),
    )


def default_list(round_robin: bool = False) -> list[str]:
    """The tie-breaks when neither the command nor the file gives a list: a round robin's
    (``models/round-robin-2026.toml``), else ``models/tiebreaks.toml``'s."""
    chosen = round_robin_settings() if round_robin else settings()
    if round_robin:
        return list(chosen["tiebreaks"]["default"])
    return list(chosen["default"])


def parse_list(text: str | None, round_robin: bool = False) -> list[TieBreak]:
    """A comma-separated list (None or empty: :func:`default_list`)."""
    names = [n for n in (text or "").split(",") if n.strip()] or default_list(round_robin)
    return [parse_tiebreak(name) for name in names]
