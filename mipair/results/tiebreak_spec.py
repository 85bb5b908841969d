"""Tie-break names as written (``BH/C1``, ``ARO/M1``, ``KS/L60``) and their settings.

The acronyms and modifiers are those of FIDE Handbook C.07: Cut-n drops the
n least significant values, Median-n the n least and the n most significant,
a Koya limit sets the share of the maximum score an opponent needs, and a
``U`` modifier gives unrated players a rating. In a team tournament a score
suffix picks the score a tie-break is computed on (``BH:GP/C1``: game points;
``:MP`` match points; none: the primary score). What each acronym accepts, the
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
    score: str | None = None  # teams: MP or GP after a colon (None: the primary score)
    divisor: int | None = None  # SSSC: the K modifier, the Buchholz's divisor

    @property
    def counts_matches(self) -> bool:
        """A count of rounds (WIN, WON, REP, BPG, BWG) or a rating tie-break: for a team,
        over its matches, scored by their match points."""
        return bool(settings()["acronyms"][self.acronym].get("matches", False))

    @property
    def team_only(self) -> bool:
        """A tie-break C.07 defines for teams alone (MPVGP, ESB, EDE, SSSC, BC, TBR, BBE)."""
        return bool(settings()["acronyms"][self.acronym].get("team", False))

    @property
    def needs_places(self) -> bool:
        """A place within the group tied so far (DE, EDE, TBR, BBE): it needs the ranks."""
        return bool(settings()["acronyms"][self.acronym].get("places", False))

    @property
    def then(self) -> list[str]:
        """EDE's variants: the knock-out tie-breaks it goes on with (C.07 13.3.2)."""
        return list(settings()["acronyms"][self.acronym].get("then", []))

    @property
    def lower_is_better(self) -> bool:
        return bool(settings()["acronyms"][self.acronym]["lower_is_better"])

    def shown(self, value: float | None) -> float | int | None:
        """The value as shown: a whole number for counts, places and ratings."""
        whole = settings()["acronyms"][self.acronym].get("whole", False)
        return int(value) if whole and value is not None else value


SCORES = ("MP", "GP")
"""A team's two scores: match points and game points (C.07, teams)."""
EXTENDED = {"MM": "EMMSB", "MG": "EMGSB", "GM": "EGMSB", "GG": "EGGSB"}
"""``ESB:XY`` as the acronym that names it: X the opponent's score, Y the team's own."""


def _number(text: str, whole: str, what: str) -> int:
    if not text.isdigit():
        raise InputError(f"{whole!r}: {what} needs a whole number", field=OPTION)
    return int(text)


def parse_tiebreak(text: str) -> TieBreak:
    """``BH/C1`` -> TieBreak('BH/C1', 'BH', cut_low=1); unknown names raise InputError.

    ``BH:GP/C1`` also names the score (``MP``/``GP``); ``ESB:MG`` is ``EMGSB``.
    """
    parts = text.strip().upper().split("/")
    acronym, _, score = parts[0].partition(":")
    table = settings()["acronyms"]
    if acronym == "ESB" and score in EXTENDED:
        acronym, score = EXTENDED[score], ""
    if score and score not in SCORES:
        raise InputError(
            f"{text.strip()!r}: the score after ':' is MP or GP, not {score!r}", field=OPTION
        )
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
        score=score or None,
        divisor=values.get("K"),
    )


def default_list(round_robin: bool = False, team: bool = False) -> list[str]:
    """The tie-breaks when neither the command nor the file gives a list: a team
    tournament's (``models/tiebreaks.toml``, ``[team]``), a round robin's
    (``models/round-robin-2026.toml``), else ``models/tiebreaks.toml``'s."""
    if team:
        return list(settings()["team"]["default"])
    if round_robin:
        return list(round_robin_settings()["tiebreaks"]["default"])
    return list(settings()["default"])


def parse_list(text: str | None, round_robin: bool = False, team: bool = False) -> list[TieBreak]:
    """A comma-separated list (None or empty: :func:`default_list`), each entry one this
    kind of tournament can compute: a score suffix and the team tie-breaks for teams
    only, no ``:GP`` for a count of matches."""
    names = [n for n in (text or "").split(",") if n.strip()] or default_list(round_robin, team)
    chosen = [parse_tiebreak(name) for name in names]
    seen = [tb.text.upper() for tb in chosen]
    for text in seen:
        if seen.count(text) > 1:
            raise InputError(f"{text!r} is listed twice", field=OPTION)
    for tb in chosen:
        if not team and (tb.score or tb.team_only):
            raise InputError(
                f"{tb.text!r}: score suffixes and team tie-breaks are for team files", field=OPTION
            )
        if team and tb.score == "GP" and tb.counts_matches:
            raise InputError(f"{tb.text!r}: {tb.acronym} counts matches: no :GP", field=OPTION)
    return chosen
