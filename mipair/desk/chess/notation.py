"""How the arbiter types results and how lists print them (``models/chess-desk.toml``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from mipair.desk.chess.document import Outcome
from mipair.errors import InputError
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


def typed_result(text: str) -> Outcome | None:
    """A typed result (``1-0``, ``0-1``, ``1/2`` or ``=``, ``+-``, ``-+``, ``--``, the other
    forms of ``models/chess-desk.toml``) as White's and Black's TRF codes; None for ``?``."""
    typed = text.strip().lower()
    if typed == ERASE:
        return None
    codes = model()["typed"].get(typed)
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
