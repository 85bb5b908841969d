"""Registering players on the day (PAPP manual 2.1, 6.1).

* :func:`search`: the players of the player files whose name starts with what
  the arbiter typed (case and accents aside), as PAPP's [Tab] completion lists;
  :func:`completion`: what [Tab] completes the name to (the shared start);
  :func:`same_name`: players already called so (a name registered twice).
* :func:`next_number`: a new player's number: the first free number of an
  insertion zone of his country, else of an international zone, else the
  smallest free number >= 1 (``zone-insertion``, manual 6.1).
* :func:`player_line` / :func:`add_to_file`: new players go to the
  ``nouveaux`` file (same format as the player file), written atomically.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from pathlib import Path

from mipair.formats.papp.players import PlayerRecord
from mipair.formats.text import load, save

Zone = tuple[str | None, int, int]


def folded(text: str) -> str:
    """Upper case without accents, blanks collapsed (for name searches)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.upper().replace(",", " ").split())


def search(records: Iterable[PlayerRecord], start: str) -> list[PlayerRecord]:
    """Players whose full name (NAME First) starts with ``start``, by name."""
    wanted = folded(start)
    found = [r for r in records if folded(r.full_name).startswith(wanted)]
    return sorted(found, key=lambda r: (folded(r.full_name), r.id))


def named(records: Iterable[PlayerRecord], who: str) -> list[PlayerRecord]:
    """The players ``who`` names: those whose name starts so, or the one called exactly so
    (full name, or name) when the start fits several (``WILLIAM`` beside ``WILLIAMS``)."""
    found = search(records, who)
    exact = [r for r in found if folded(who) in (folded(r.full_name), folded(r.name))]
    return exact if len(exact) == 1 else found


def completion(records: Iterable[PlayerRecord], start: str) -> str:
    """What PAPP's [Tab] completes ``start`` to: the longest start every match shares.

    ``willi`` with WILLIAM Jacquart, WILLIAMS Anthony and WILLIAMSON Tim
    gives ``WILLIAM`` (manual 2.1); ``start`` itself when nothing matches.
    """
    names = [folded(r.full_name) for r in search(records, start)]
    if not names:
        return start
    shared = names[0]
    for name in names[1:]:
        while not name.startswith(shared):
            shared = shared[:-1]
    return shared


def same_name(records: Iterable[PlayerRecord], name: str, firstname: str) -> list[PlayerRecord]:
    """The players called ``name`` ``firstname`` (case and accents aside)."""
    wanted = folded(f"{name} {firstname}")
    return [r for r in records if folded(r.full_name) == wanted]


def next_number(taken: set[int], country: str, zones: Iterable[Zone]) -> int:
    """The number PAPP proposes for a new player of ``country`` (manual 6.1)."""
    zones = list(zones)
    mine = [z for z in zones if z[0] is not None and z[0].upper() == country.upper()]
    anyone = [z for z in zones if z[0] is None]
    for _, low, high in mine + anyone:
        for number in range(max(low, 1), high + 1):
            if number not in taken:
                return number
    number = 1
    while number in taken:
        number += 1
    return number


def player_line(record: PlayerRecord) -> str:
    """``N NAME, First {C} %_<RATING> `comment`` (the player-file format)."""
    optional = (
        (record.country, f"{{{record.country}}}"),
        (record.rating is not None, f"%_<{record.rating}>"),
        (record.comment, f"`{record.comment}"),
    )
    head = f"{record.id} {record.name}, {record.firstname}".rstrip(", ")
    return " ".join([head] + [text for wanted, text in optional if wanted])


def add_to_file(path: str | Path, record: PlayerRecord) -> None:
    """Append ``record`` to a player file (created when missing), atomically."""
    target = Path(path)
    text = load(target) if target.exists() else ""
    body = text.split("__eof__")[0].rstrip("\n")
    save(target, (body + "\n" if body else "") + player_line(record) + "\n__eof__\n")
