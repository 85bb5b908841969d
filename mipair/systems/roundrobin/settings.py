"""What a round robin reads from ``models/round-robin-2026.toml``, parsed and checked once.

The data are the cycles each TRF-2026 tournament type asks for, the Varma
groups (C.05 Annex 2), the share of games that keeps a withdrawn player's
results (C.05), the comment line that records the drawing of lots and the
default tie-breaks (C.07 4.1). A value of the wrong shape is refused when the
file loads, naming the key, rather than when a tournament first reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from mipair.model_files import read_model
from mipair.resources import model_file

MODEL = "round-robin-2026.toml"
GROUP_LETTERS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Cycles:
    """How a tournament type plays the Berger table: ``count`` times, colours
    reversed in every even cycle, the first cycle's last two rounds exchanged
    when ``swap_last_two`` (C.05 Annex 1's recommendation)."""

    count: int
    swap_last_two: bool


@dataclass(frozen=True)
class Settings:
    """The round-robin model file, checked."""

    edition: str
    types: dict[str, Cycles]
    varma: dict[int, dict[str, tuple[int, ...]]]
    counted_from_percent: int
    lots_record: str
    default_tiebreaks: tuple[str, ...]


def _fail(key: str, what: str) -> ValueError:
    return ValueError(f"{model_file(MODEL)}: {key}: {what}")


def _types(table: dict[str, Any]) -> dict[str, Cycles]:
    types = {}
    for code, entry in table.items():
        count, swap = entry.get("cycles"), entry.get("swap_last_two")
        if not isinstance(count, int) or count < 1 or not isinstance(swap, bool):
            raise _fail(f"types.{code}", "needs cycles (1 or more) and swap_last_two (a boolean)")
        types[code.upper()] = Cycles(count, swap)
    return types


def _varma(table: dict[str, Any]) -> dict[int, dict[str, tuple[int, ...]]]:
    """Each table a partition of 1..size into the groups A-D (Annex 2, point 5)."""
    tables = {}
    for size_text, groups in table.items():
        size = int(size_text)
        if set(groups) != set(GROUP_LETTERS):
            raise _fail(f"varma.{size}", "needs exactly the groups A, B, C and D")
        numbers = sorted(n for letter in GROUP_LETTERS for n in groups[letter])
        if size % 2 or numbers != list(range(1, size + 1)):
            raise _fail(f"varma.{size}", f"the groups must share out 1..{size} (an even size)")
        tables[size] = {letter: tuple(sorted(groups[letter])) for letter in GROUP_LETTERS}
    return tables


@cache
def settings() -> Settings:
    """The parsed and checked model file (read once per process)."""
    data = read_model(model_file(MODEL))
    percent = data["withdrawal"]["counted_from_percent"]
    if not isinstance(percent, int) or not 0 <= percent <= 100:
        raise _fail("withdrawal.counted_from_percent", "must be a whole percentage")
    return Settings(
        edition=str(data["edition"]),
        types=_types(data["types"]),
        varma=_varma(data["varma"]),
        counted_from_percent=percent,
        lots_record=str(data["lots"]["record"]),
        default_tiebreaks=tuple(data["tiebreaks"]["default"]),
    )
