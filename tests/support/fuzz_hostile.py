"""The fuzz campaign's hostile mutations (tests/support/fuzzing.py): deep XML, entity tricks, huge
fields and hostile names, and where a file written outside a case's folder would land.

Each mutation works on the bytes of any base file: a player record (TRF ``001``,
OpenGotha ``<Player``, PAPP ``player``, a player file's numbered line) is copied
hundreds of times under new numbers or names; a quoted string (a tournament's name, a
``fichier`` name, an attribute) or a TRF ``012`` name becomes ``..``, a path out of the
folder, a control character... The paths out of a case's folder lead one folder up
(a folder of the campaign's own) or to :data:`OUTSIDE`, which :func:`escaped` looks at
after every case (and cleans), so a command that writes where it must not is caught,
and writes nowhere that matters.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

CASE = "case"
"""The folder of a case's own files, inside the folder the campaign gives it."""
OUTSIDE = Path("/tmp/mipair-fuzz-outside")
"""Where an absolute ``fichier`` name or event name of a hostile case points."""
DECLARATION = re.compile(rb"^<\?xml[^>]*\?>\r?\n?")
LAUGHS = (
    b'<!DOCTYPE Tournament [\n<!ENTITY lol "lol">\n'
    + b"".join(
        b'<!ENTITY lol%d "%s">\n' % (k, (b"&lol%s;" % (str(k - 1).encode() if k > 1 else b"")) * 10)
        for k in range(1, 10)
    )
    + b"]>\n",
    b"&lol9;",
)
ENTITY_TRICKS = (
    LAUGHS,
    (b'<!DOCTYPE Tournament [\n<!ENTITY big "' + b"x" * 50_000 + b'">\n]>\n', b"&big;" * 2_000),
    (b'<!DOCTYPE Tournament [\n<!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n', b"&secret;"),
    (b'<!DOCTYPE Tournament SYSTEM "http://example.invalid/gotha.dtd">\n', b""),
    (b'<!DOCTYPE Tournament [\n<!ENTITY % p SYSTEM "file:///etc/hostname">\n%p;\n]>\n', b""),
)
HOSTILE_NAMES = (
    b"..",
    b".",
    b"../mipair-fuzz-escape###.txt",  # beside the event from the tournament's folder
    b"../../mipair-fuzz-escape###.txt",  # beside the case's folder
    b"../mipair-fuzz-escape",
    str(OUTSIDE / "round###.txt").encode(),
    str(OUTSIDE).encode(),
    b"a/b\\c:d*e?f",
    b"tab\there",
    b"escape\x1b[31mred",
    b"nul\x00byte",
    b"line\rend",
    b"x" * 300,
    "\u202eright-to-left\u00e9".encode(),
)
PLAYER_LINES = (
    # (what a player record starts with, what makes a copy another player, copies)
    (re.compile(rb"^001 +(\d+)"), "trf", (300, 1500)),
    (re.compile(rb"^\s*<Player .*?name=\"([^\"]*)\""), "xml", (650, 1300)),
    (re.compile(rb"^player +(\d+)"), "papp", (60, 250)),
    (re.compile(rb"^(\d+) "), "players", (200, 1500)),
)


def _lines(data: bytes) -> list[bytes]:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")


def deep_xml(data: bytes, rng: random.Random) -> bytes:
    """An element nested hundreds or thousands deep, on a line of its own."""
    depth = rng.choice([33, 200, 1000, 5000])
    lines = _lines(data)
    lines.insert(rng.randrange(1, len(lines) + 1), b"<X>" * depth + b"</X>" * depth)
    return b"\n".join(lines)


def entity_tricks(data: bytes, rng: random.Random) -> bytes:
    """A DOCTYPE declaring entities (billion laughs, a quadratic blow-up, an external file or
    DTD, a parameter entity) after the XML declaration, and a reference in an attribute."""
    doctype, reference = rng.choice(ENTITY_TRICKS)
    found = DECLARATION.match(data)
    at = found.end() if found else 0
    data = data[:at] + doctype + data[at:]
    values = [m.end() for m in re.finditer(rb'="', data)]
    if reference and values:
        spot = rng.choice(values)
        data = data[:spot] + reference + data[spot:]
    return data


def _copy(line: bytes, style: str, number: int) -> bytes:
    """Another player like ``line``: number ``number`` (TRF: no games yet)."""
    if style == "trf":
        return b"001 %4d" % number + line[8:89]
    if style == "xml":
        return re.sub(rb'(\bname=")[^"]*"', b'\\1Copy%d"' % number, line, count=1)
    if style == "papp":
        return re.sub(rb"^player +\d+", b"player %d" % number, line)
    return re.sub(rb"^\d+", b"%d" % number, line)


def huge_field(data: bytes, rng: random.Random) -> bytes:
    """Hundreds or thousands more players, copies of one record under new numbers/names."""
    lines = _lines(data)
    for pattern, style, (low, high) in PLAYER_LINES:
        found = [k for k, line in enumerate(lines) if pattern.match(line)]
        if found:
            k = rng.choice(found)
            numbers = [_number(pattern, lines[j]) for j in found]
            start = max(numbers) + 1  # TRF: the pairing ids go on without a gap
            copies = rng.randint(low, high)
            if style == "trf":  # at most 9,999 players
                copies = max(0, min(copies, 9999 - start))
            extra = [_copy(lines[k], style, start + j) for j in range(copies)]
            return b"\n".join(lines[: k + 1] + extra + lines[k + 1 :])
    return data + b"\n" + b"x" * 100_000


def _number(pattern: re.Pattern[bytes], line: bytes) -> int:
    """A record's number (0 for an OpenGotha player, named rather than numbered)."""
    found = pattern.match(line)
    text = found.group(1) if found else b""
    return int(text) if text.isdigit() else 0


def hostile_name(data: bytes, rng: random.Random) -> bytes:
    """A quoted string (a ``fichier`` name half the time when there is one) or a TRF ``012``
    name made ``..``, a path out of the folder, control characters, far too long..."""
    name = rng.choice(HOSTILE_NAMES)
    tournament = re.search(rb"^012 ?(.*)$", data, re.MULTILINE)
    if tournament and rng.random() < 0.5:
        return data[: tournament.start(1)] + name + data[tournament.end(1) :]
    quoted = list(re.finditer(rb'"([^"\r\n]*)"', data))
    files = [m for m in quoted if b"fichier" in data[data.rfind(b"\n", 0, m.start()) : m.start()]]
    pool = files if files and rng.random() < 0.5 else quoted
    if not pool:
        return data + b'\nname "' + name + b'"\n'
    spot = rng.choice(pool)
    return data[: spot.start(1)] + name + data[spot.end(1) :]


MUTATIONS = {
    "deep_xml": deep_xml,
    "entity_tricks": entity_tricks,
    "huge_field": huge_field,
    "hostile_name": hostile_name,
}


def escaped(folder: Path, before: set[Path]) -> list[str]:
    """Files a case wrote outside its own folder: in ``folder``, which held ``before``
    (and gets the case's own folder), or under :data:`OUTSIDE` (removed once found, as
    cases running at once share it)."""
    found = sorted(set(folder.iterdir()) - before - {folder / CASE})
    if OUTSIDE.exists():
        found.append(OUTSIDE)
        shutil.rmtree(OUTSIDE, ignore_errors=True)
    return [str(path) for path in found]
