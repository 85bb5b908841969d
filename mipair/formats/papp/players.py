"""The JECH/PAPP player file (PAPP manual, section 5).

One player per line::

    92 FELDBORG, Karsten {DK} <2209> `Vive les Danois !

the number (strictly positive), the name and first name(s) (a comma separates
them when it is ambiguous; without one, the leading upper-case words are the
name), then optionally ``{COUNTRY}``, ``<RATING>`` and a comment after a back
quote. A line ``pays = X`` (quotes optional) gives the country of the players
that follow. ``%`` and ``#`` start comments, ``%_`` reads as a blank (so JECH,
which stops at ``%``, does not see ``%_<2209>``), and ``__eof__`` ends the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mipair.errors import FileAccessError, InputError
from mipair.formats.papp.lexer import logical_lines
from mipair.formats.text import load


@dataclass(frozen=True)
class PlayerRecord:
    """One player of a player file (or of a PAPP event)."""

    id: int
    name: str
    firstname: str = ""
    country: str = ""
    rating: int | None = None
    comment: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.firstname}".strip()


_COUNTRY_LINE = re.compile(r'^\s*pays\s*=\s*(?:"([^"\s]*)"|(\S+))\s*$', re.IGNORECASE)
_PLAYER = re.compile(r"^\s*(-?[0-9]{1,9})\s+(.*)$")


def _split_comment(rest: str) -> tuple[str, str]:
    """Split off the comment: after a back quote, or after an apostrophe that follows } or >."""
    tick = rest.find("`")
    m = re.search(r"[}>]\s*'", rest)
    cut = min([p for p in (tick, m.end() - 1 if m else -1) if p >= 0], default=-1)
    if cut < 0:
        return rest, ""
    return rest[:cut], rest[cut + 1 :].strip()


def split_name(text: str) -> tuple[str, str]:
    """(name, first name): at the comma if any, else the leading upper-case words."""
    text = " ".join(text.split())
    if "," in text:
        name, _, first = text.partition(",")
        return name.strip(), first.strip()
    words = text.split(" ")
    k = 1
    while k < len(words) and words[k].upper() == words[k] and any(c.isalpha() for c in words[k]):
        k += 1
    return " ".join(words[:k]), " ".join(words[k:])


def parse_player_line(line: str, country: str, source: str | None, no: int) -> PlayerRecord:
    """One player line (comments already removed)."""
    m = _PLAYER.match(line)
    if not m:
        raise InputError(
            "expected a player: NUMBER NAME Firstname [{COUNTRY}] [<RATING>]",
            file=source,
            line=no,
            field="player",
        )
    number = int(m.group(1))
    if number <= 0:
        raise InputError(
            f"player number {number} must be strictly positive",
            file=source,
            line=no,
            field="player number",
        )
    body, comment = _split_comment(m.group(2))
    rating: int | None = None
    rm = re.search(r"<\s*(-?[0-9]{1,9})\s*>", body)
    if rm:
        rating = int(rm.group(1))
        body = body[: rm.start()] + " " + body[rm.end() :]
    cm = re.search(r"\{\s*([^{}\s]*)\s*\}", body)
    if cm:
        country = cm.group(1)
        body = body[: cm.start()] + " " + body[cm.end() :]
    if re.search(r"[{}<>]", body):
        raise InputError(
            "badly formed {COUNTRY} or <RATING> field", file=source, line=no, field="player"
        )
    if not body.strip():
        raise InputError(f"player {number} has no name", file=source, line=no, field="name")
    name, first = split_name(body)
    return PlayerRecord(number, name, first, country, rating, comment)


def parse_players(text: str, source: str | None = None, country: str = "") -> list[PlayerRecord]:
    """All players of a player file, in file order; duplicate numbers are errors."""
    players: list[PlayerRecord] = []
    seen: dict[int, int] = {}
    for no, line in logical_lines(text):
        if not line.strip():
            continue
        cm = _COUNTRY_LINE.match(line)
        if cm:
            country = cm.group(1) if cm.group(1) is not None else cm.group(2)
            continue
        rec = parse_player_line(line, country, source, no)
        if rec.id in seen:
            raise InputError(
                f"player {rec.id} already defined on line {seen[rec.id]}",
                file=source,
                line=no,
                field="player number",
            )
        seen[rec.id] = no
        players.append(rec)
    return players


def resolve_player_file(path: str | Path) -> Path:
    """PAPP's rule: open NAME or NAME.txt; neither or both is an error."""
    p = Path(path)
    candidates = [c for c in (p, Path(f"{p}.txt")) if c.is_file()]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise FileAccessError("no player file (tried the name and the name + '.txt')", file=str(p))
    raise FileAccessError(f"both {p} and {p}.txt exist: remove or rename one", file=str(p))


def read_players(path: str | Path, country: str = "") -> list[PlayerRecord]:
    """Read a player file with the ``.txt`` fallback."""
    real = resolve_player_file(path)
    return parse_players(load(real), source=str(real), country=country)
