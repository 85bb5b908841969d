"""Hostile OpenGotha files: deep nesting, entity tricks and numbers no OpenGotha file holds
are refused with one located line.

Each file is the shipped club tournament with one hostile edit, run through the installed
``mipair`` command (exit 3, ``FILE:LINE: ...``, no traceback) and through the reader.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.errors import InputError
from mipair.formats.opengotha import DEPTH_MAX, parse_opengotha
from mipair.systems.mcmahon.params import params_of
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT

CLUB = ROOT / "scenarios" / "mcmahon" / "club.xml"
DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


def club_text() -> str:
    text = CLUB.read_text(encoding="utf-8")
    assert text.startswith(DECLARATION)
    return text


def with_doctype(doctype: str, edit: tuple[str, str] = ("", "")) -> str:
    """The club file with ``doctype`` after the XML declaration and one replacement."""
    body = club_text().removeprefix(DECLARATION)
    if edit[0]:
        assert edit[0] in body
        body = body.replace(edit[0], edit[1], 1)
    return DECLARATION + doctype + body


def nested(depth: int) -> str:
    """The club file with an element nested ``depth`` deep inside ``<Tournament>``, on the
    line after ``<Tournament ...>``."""
    lines = club_text().split("\n")
    opening = next(k for k, line in enumerate(lines) if line.startswith("<Tournament"))
    lines.insert(opening + 1, "<X>" * depth + "</X>" * depth)
    return "\n".join(lines)


LAUGHS = (
    "<!DOCTYPE Tournament [\n"
    '<!ENTITY lol "lol">\n'
    + "".join(
        f'<!ENTITY lol{k} "{("&lol" + (str(k - 1) if k > 1 else "") + ";") * 10}">\n'
        for k in range(1, 10)
    )
    + "]>\n"
)


def edited(old: str, new: str) -> str:
    """The club file with the first ``old`` replaced by ``new``."""
    text = club_text()
    assert old in text
    return text.replace(old, new, 1)


SEEDING = 'paiMaMaximizeSeeding="'
CASES = {
    # name: (text, line of the message, words in it)
    "nested 1,000 deep": (nested(1000), 3, f"more than {DEPTH_MAX} elements deep"),
    "billion laughs": (
        with_doctype(LAUGHS, ('name="Aubert"', 'name="&lol9;"')),
        3,
        "entity declarations are refused (<!ENTITY lol>)",
    ),
    "quadratic blow-up": (
        with_doctype(
            f'<!DOCTYPE Tournament [\n<!ENTITY big "{"x" * 50_000}">\n]>\n',
            ('name="Aubert"', 'name="' + "&big;" * 5_000 + '"'),
        ),
        3,
        "entity declarations are refused (<!ENTITY big>)",
    ),
    "external entity": (
        with_doctype(
            '<!DOCTYPE Tournament [\n<!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n',
            ("<Players>", "<Players>&secret;"),
        ),
        3,
        "entity declarations are refused (<!ENTITY secret>)",
    ),
    "external DTD": (
        with_doctype('<!DOCTYPE Tournament SYSTEM "http://example.invalid/gotha.dtd">\n'),
        2,
        "external references are not followed (http://example.invalid/gotha.dtd)",
    ),
    "parameter entity": (
        with_doctype(
            '<!DOCTYPE Tournament [\n<!ENTITY % remote SYSTEM "file:///etc/passwd">\n%remote;\n]>\n'
        ),
        3,
        "entity declarations are refused (<!ENTITY remote>)",
    ),
    # numbers OpenGotha could not hold, which a pairing would loop or overflow on
    "a weight of 20 digits": (
        edited(SEEDING, SEEDING + "99999999999999999999"),
        44,
        "paiMaMaximizeSeeding: 99999999999999999999",
    ),
    "a criterion number of 5,000 digits": (
        edited('name="MMS" number="1"', 'name="MMS" number="' + "9" * 5000 + '"'),
        36,
        "number: 999999999999999999999999...: at most 18 digits",
    ),
    "a game in round 10^18": (
        edited('roundNumber="1"', 'roundNumber="999999999999999999"'),
        17,
        "roundNumber: round 999999999999999999: rounds are numbered from 1 to 20",
    ),
    "an encoding nobody knows": (
        DECLARATION.replace("UTF-8", "UTF-4294967297") + club_text().removeprefix(DECLARATION),
        1,
        "encoding: not readable: unknown encoding: UTF-4294967297",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_command_refuses_it_with_one_located_line(tmp_path: Path, case: str) -> None:
    text, line, words = CASES[case]
    path = tmp_path / "cup.xml"
    path.write_text(text, encoding="utf-8")
    for command in (("mcmahon", "pair", path), ("solve", "--system", "mcmahon", path)):
        message = refused(mipair(*command))
        assert message.startswith(f"{path}:{line}: "), message
        assert words in message, message


@pytest.mark.parametrize("case", sorted(CASES))
def test_reading_the_file_and_its_parameters_refuses_it(case: str) -> None:
    text, line, words = CASES[case]
    with pytest.raises(InputError) as caught:
        params_of(parse_opengotha(text.encode("utf-8"), "cup.xml"))
    assert caught.value.line == line
    assert words in caught.value.located(), caught.value.located()


def test_nesting_up_to_the_limit_is_read_and_written_back(tmp_path: Path) -> None:
    """An element the reader does not know, nested as deep as allowed, is kept as read."""
    from mipair.formats.opengotha_write import format_opengotha

    tournament = parse_opengotha(nested(DEPTH_MAX - 1).encode("utf-8"), "cup.xml")
    again = parse_opengotha(format_opengotha(tournament).encode("utf-8"), "again.xml")
    assert again.others == tournament.others
    depth, node = 1, next(n for n in tournament.others if n.tag == "X")
    while node.children:
        depth, node = depth + 1, node.children[0]
    assert depth == DEPTH_MAX - 1


def test_a_doctype_without_entities_and_character_references_are_read() -> None:
    """What XML allows harmlessly still reads: a bare DOCTYPE, character references."""
    text = with_doctype("<!DOCTYPE Tournament>\n", ('club="75Ju"', 'club="75J&#252;"'))
    tournament = parse_opengotha(text.encode("utf-8"), "cup.xml")
    assert tournament.players[0].club == "75Jü"
