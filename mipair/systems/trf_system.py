"""What every system of TRF files shares: its files read, their published rounds.

The FIDE Swiss systems and the round robin read the same files (any TRF edition,
from disk or from bytes already read) and check the same rounds (those in which
somebody took part in the pairing); each says the rest itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from mipair.formats.trf import parse_text, read_tournament
from mipair.model import Points, Tournament, points_to_str
from mipair.pairing import RoundPairing
from mipair.rounds import rounds_to_check
from mipair.systems.base import PairingSystem

TRF_SUFFIXES = (".trf", ".trfx", ".trf26", ".txt")
"""The endings of the TRF files ``check DIR`` takes."""

StateT = TypeVar("StateT")


class TrfSystem(PairingSystem[Tournament, StateT]):
    """A system of TRF files (see the module docstring)."""

    @property
    def file_suffixes(self) -> tuple[str, ...]:
        return TRF_SUFFIXES

    def document(self, path: str, text: str | bytes | None = None) -> Tournament:
        if isinstance(text, str):
            return parse_text(text, path)
        return read_tournament(path if text is None else text, path)

    def edition_written(self, document: Tournament) -> str | None:
        """The edition a 192 code of this system names after its own code
        (``FIDE_DUTCH_2017``: 2017); None for another code or one without an edition."""
        code = document.system.strip().upper()
        own = next(
            (c for c in self.registered.trf_codes if code == c or code.startswith(c + "_")), None
        )
        if own is None:
            return None
        known = {edition.upper(): edition for edition in self.editions()}
        return next((known[w] for w in code[len(own) :].split("_") if w in known), None)

    def rounds_published(self, document: Tournament) -> list[int]:
        return rounds_to_check(document)


def boards_text(
    t: Tournament,
    pairing: RoundPairing,
    scores: Mapping[int, Points],
    heading: str,
    notes: Mapping[int, str] | None = None,
) -> str:
    """A round as an arbiter reads it: ``heading``, then one board a line (numbers, names,
    scores before the round, ``notes`` by board number) and the bye."""
    rows = [heading]
    for k, b in enumerate(pairing.boards, 1):
        w, bl = t.players[b.white], t.players[b.black]
        rows.append(
            f"{k:4}  {b.white:5} {w.name[:24]:24} ({points_to_str(scores[b.white]):>5})  -  "
            f"{b.black:5} {bl.name[:24]:24} ({points_to_str(scores[b.black]):>5})"
            + (notes or {}).get(k, "")
        )
    if pairing.bye is not None:
        rows.append(f"  bye {pairing.bye:5} {t.players[pairing.bye].name}")
    return "\n".join(rows) + "\n"
