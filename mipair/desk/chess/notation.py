"""How the arbiter types results and how lists print them (``models/chess-desk.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from mipair.desk.chess.document import Outcome
from mipair.errors import InputError
from mipair.formats.trf_checks import COUNTERPART
from mipair.formats.trf_double import GAME_COUNTERPART
from mipair.model import Result
from mipair.model_files import read_model
from mipair.resources import model_file

ERASE = "?"
"""Typed instead of a result: the board of the round being played has no result again."""


@cache
def model() -> dict[str, Any]:
    """The contents of ``models/chess-desk.toml``."""
    return read_model(model_file("chess-desk.toml"))


def titles() -> list[str]:
    """FIDE titles in the order of C.04.2 Article 2 (the strongest first)."""
    return list(model()["titles"])


def sexes() -> list[str]:
    return list(model()["sexes"])


def agreeing(games: int) -> Mapping[Result, set[Result]]:
    """The codes a game's two players may hold, by the first one's: in a round of matches
    (Double-Swiss) a game may also end ½-0 or 0-0 (C.04.5 Preface, ``trf_double``), which a
    file of one game a round does not allow (``trf_checks``)."""
    return GAME_COUNTERPART if games > 1 else COUNTERPART


def typed_result(text: str, games: int = 1) -> Outcome | None:
    """A typed result (``1-0``, ``0-1``, ``1/2`` or ``=``, ``+-``, ``-+``, ``--``, in a round
    of ``games`` > 1 games a board also ``½-0``, ``0-½``, ``0-0``; the other forms of
    ``models/chess-desk.toml``) as White's and Black's TRF codes; None for ``?``."""
    typed = text.strip().lower()
    if typed == ERASE:
        return None
    codes = model()["typed"].get(typed)
    if codes is not None and Result(codes[1]) not in agreeing(games)[Result(codes[0])]:
        raise InputError(
            f"{text[:20]!r}: a game ends ½-0 or 0-0 only in a match of a Double-Swiss",
            field="result",
        )
    if codes is None:
        known = ", ".join(model()["typed"])
        raise InputError(
            f"{text[:20]!r}: a result is one of {known} (White's score first; {ERASE} erases)",
            field="result",
        )
    return Result(codes[0]), Result(codes[1])


def shown_result(outcome: Outcome | None) -> str:
    """A result as pairing lists print it ('' while not known)."""
    if outcome is None:
        return ""
    key = f"{outcome[0].value} {outcome[1].value}"
    return str(model()["shown"].get(key, key))
