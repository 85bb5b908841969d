"""The drawing of lots that gives a round robin's players their pairing numbers (C.05).

The draw must be reproducible by anyone from its seed, in any language, so no
pseudo-random generator is involved: every lot is the SHA-256 digest of the
seed, the step of the draw and what is drawn, joined by the unit separator
(U+001F) and UTF-8 encoded, read as a big-endian integer; the smallest lot is
drawn first (``models/round-robin-2026.md`` section 4). An entrant is known to
the draw by a key unique in the field: the FIDE ID, or the name without one.

The seed and the kind of draw are recorded in the tournament file by one
comment line (``[lots] record`` of the model file), which this module writes
and reads.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from mipair.systems.roundrobin.settings import settings

SEPARATOR = "\x1f"
PLAIN, VARMA = "plain", "varma"


@dataclass(frozen=True)
class Entrant:
    """A player before the draw: the key the lots use, the name and the federation."""

    key: str
    name: str = ""
    federation: str = ""


def lot(seed: str, *labels: str) -> int:
    """The lot of ``labels`` in the draw of ``seed`` (smaller is drawn first)."""
    text = SEPARATOR.join((seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")


def drawn_first(seed: str, step: tuple[str, ...], candidates: Iterable[str]) -> str:
    """Which of ``candidates`` the step of the draw named ``step`` picks: the smallest lot."""
    return min(candidates, key=lambda c: (lot(seed, *step, c), c))


def check_keys(entrants: Iterable[Entrant]) -> None:
    """Refuse a field in which two entrants share a key (the draw could not tell them apart)."""
    seen: set[str] = set()
    for entrant in entrants:
        if not entrant.key or entrant.key in seen:
            raise ValueError(
                f"two entrants, or an entrant without one, share the key {entrant.key!r}"
            )
        seen.add(entrant.key)


def draw_numbers(entrants: list[Entrant], seed: str) -> dict[str, int]:
    """The plain drawing of lots: pairing numbers 1..n in the order of the entrants' lots."""
    check_keys(entrants)
    order = sorted(entrants, key=lambda e: (lot(seed, "number", e.key), e.key))
    return {entrant.key: number for number, entrant in enumerate(order, 1)}


def lots_line(seed: str, method: str) -> str:
    """The comment line that records a draw in the tournament file (a seed is one word)."""
    if not seed or any(c.isspace() for c in seed):
        raise ValueError(f"a seed is one word without spaces, not {seed!r}")
    return f"{settings().lots_record}: method={method} seed={seed}"


def read_lots_line(line: str) -> tuple[str, str] | None:
    """The (method, seed) a recorded draw's line holds; None for any other line."""
    prefix = settings().lots_record + ":"
    if not line.startswith(prefix):
        return None
    fields = dict(part.split("=", 1) for part in line[len(prefix) :].split() if "=" in part)
    if fields.get("method") not in (PLAIN, VARMA) or "seed" not in fields:
        return None
    return fields["method"], fields["seed"]
