"""Malformed tournament files: small edits of valid shipped scenarios, each with the line, the
field and the message the parser must report (tests/formats/test_malformed.py; the bulk
importer's tests read them too).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "dutch"
BASES = {"small": SCENARIOS / "small.trfx", "acc": SCENARIOS / "accelerated.trf"}
Edit = Callable[[list[str]], list[str]]


def put(line: int, col: int, text: str) -> Edit:
    """Overwrite characters of a line from 1-based column ``col``."""

    def edit(lines: list[str]) -> list[str]:
        s = lines[line - 1].ljust(col - 1 + len(text))
        lines[line - 1] = s[: col - 1] + text + s[col - 1 + len(text) :]
        return lines

    return edit


def sub(line: int, old: str, new: str) -> Edit:
    def edit(lines: list[str]) -> list[str]:
        assert old in lines[line - 1], (old, lines[line - 1])
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        return lines

    return edit


def add(line: int, text: str) -> Edit:
    """Insert a line so that it becomes line number ``line``."""

    def edit(lines: list[str]) -> list[str]:
        return lines[: line - 1] + [text] + lines[line - 1 :]

    return edit


def cell(rnd: int) -> int:
    """1-based column where round ``rnd``'s cell starts."""
    return 92 + 10 * (rnd - 1)


# name: (base, edit, line of the message, words the message must contain)
# small.trfx: lines 1-6 headers (5: XXR 5, 6: XXC white1), 7-15 players 1-9
# accelerated.trf: 8: 142, 9: 152, 10: 162, 12-13: 250, 14-15: 260, 16-25: players, 26-27: 240
DEFECTS: dict[str, tuple[str, Edit, int, str]] = {
    "truncated 001 record": ("small", lambda ls: ls[:6] + [ls[6][:60]] + ls[7:], 7, "truncated"),
    "player id not a number": ("small", put(8, 5, "   x"), 8, "not a number"),
    "player id 0": ("small", put(8, 5, "   0"), 8, "outside 1..9999"),
    "player id repeated": ("small", put(9, 5, "   2"), 9, "appears twice"),
    "pairing id missing": ("small", lambda ls: ls[:10] + ls[11:] + [], 11, "missing"),
    "rating not a number": ("small", put(7, 49, "23x0"), 7, "rating"),
    "points not a number": ("small", put(7, 81, " 2.x"), 7, "points"),
    "points field empty": ("small", put(7, 81, "    "), 7, "points field is empty"),
    "points with two decimals": ("small", put(7, 81, "2.55"), 7, "points"),
    "points disagree with results": (
        "small",
        put(7, 81, " 3.5"),
        7,
        "results of rounds 1-3 give 2.5",
    ),
    "rank not a number": ("small", put(7, 86, "  ab"), 7, "rank"),
    "column 4 not blank": ("small", put(7, 4, "x"), 7, "column 4"),
    "rating shifted right": ("small", put(7, 49, " 2310"), 7, "column 53"),
    "round cells shifted": ("small", sub(7, "2.5       ", "2.5        "), 7, "shifted"),
    "unknown result code": ("small", put(7, cell(1) + 7, "7"), 7, "unknown result code"),
    "unknown colour": ("small", put(7, cell(1) + 5, "x"), 7, "unknown colour"),
    "opponent does not exist": ("small", put(7, cell(1), "  42"), 7, "does not exist"),
    "paired with themself": ("small", put(7, cell(1), "   1"), 7, "themself"),
    "opponent names someone else": (
        "small",
        put(7, cell(1), "   6"),
        7,
        "6's round 1 cell has opponent 2",
    ),
    "both players white": ("small", put(11, cell(1) + 5, "w"), 7, "both have colour"),
    "both players won": ("small", put(11, cell(1) + 7, "1"), 7, "does not agree"),
    "game against forfeit": ("small", put(11, cell(1) + 7, "-"), 7, "does not agree"),
    "result without opponent": ("small", put(7, cell(1), "0000 - 1"), 7, "without an opponent"),
    "bye code with opponent": ("small", put(7, cell(1), "   5 w U"), 7, "with an opponent"),
    "colour on a bye": ("small", put(15, cell(1), "0000 w U"), 15, "without an opponent"),
    "game without colour": ("small", put(7, cell(1), "   5 - 1"), 7, "needs a colour"),
    "result missing": ("small", put(7, cell(1), "   5 w  "), 7, "result against 5 is missing"),
    "opponent garbled": ("small", put(7, cell(1), "  5x"), 7, "not a number"),
    "cell separator used": ("small", put(7, cell(1) + 4, "w"), 7, "should be blank"),
    "not a record": ("small", add(3, "!!! what is this"), 3, "record code"),
    "XXR not a number": ("small", sub(5, "XXR 5", "XXR five"), 5, "not a number"),
    "XXR zero": ("small", sub(5, "XXR 5", "XXR 0"), 5, "at least 1"),
    "XXR smaller than rounds played": ("small", sub(5, "XXR 5", "XXR 2"), 7, "has 2 rounds"),
    "XXC unknown option": ("small", sub(6, "white1", "white"), 6, "unknown option"),
    "XXS bad token": ("small", add(7, "XXS W:1.0"), 7, "CODE=VALUE"),
    "XXS colour-dependent": ("small", add(7, "XXS WW=1.0 BW=0.5"), 7, "White and Black"),
    "BBW not points": ("small", add(7, "BBW one"), 7, "not a points value"),
    "BBD negative": ("small", add(7, "BBD -1.0"), 7, "negative"),
    "XXA not points": ("small", add(7, "XXA    1  1.x"), 7, "not a points value"),
    "XXA unknown player": ("small", add(7, "XXA   12  1.0"), 7, "does not exist"),
    "XXA beyond last round": (
        "small",
        add(7, "XXA    1  0.0  0.0  0.0  0.0  0.0  1.0"),
        7,
        "round 6",
    ),
    "XXP unknown player": ("small", add(7, "XXP 1 77"), 7, "77"),
    "XXP single player": ("small", add(7, "XXP 3"), 7, "at least two"),
    "XXZ unknown player": ("small", add(7, "XXZ 42"), 7, "does not exist"),
    "152 not W or B": ("acc", sub(9, "152 B", "152 X"), 9, "W or B"),
    "162 unknown symbol": ("acc", sub(10, "162  W 3.0", "162  Q 3.0"), 10, "unknown result symbol"),
    "162 bad value": ("acc", sub(10, "W 3.0", "W 3.y"), 10, "not a points value"),
    "162 misaligned": ("acc", sub(10, "W 3.0    D 1.0", "W 3.0   D 1.0"), 10, "should be blank"),
    "250 truncated": ("acc", sub(12, " 0001 0005", " 0001"), 12, "truncated"),
    "250 zero points": ("acc", sub(12, "   3.0 001", "   0.0 001"), 12, "0.0"),
    "250 backwards": ("acc", sub(12, "001 002", "002 001"), 12, "backwards"),
    "260 backwards": ("acc", sub(14, "260 001 007", "260 007 001"), 14, "backwards"),
    "260 round not a number": ("acc", sub(14, "260 001", "260 0x1"), 14, "not a number"),
    "240 bad type": ("acc", sub(26, "240 H", "240 Q"), 26, "bye type"),
    "240 unknown player": ("acc", sub(26, "0009", "0099"), 26, "does not exist"),
    "240 against a played game": ("acc", sub(26, "240 H 003", "240 H 002"), 26, "something else"),
    "192 empty": ("acc", sub(11, "192 FIDE_DUTCH_2025", "192"), 11, "empty"),
    "299 unsupported": ("acc", add(16, "299 W     1.0  1  0001"), 16, "not supported"),
}


def defect_text(name: str) -> str:
    base, edit, _, _ = DEFECTS[name]
    lines = BASES[base].read_text(encoding="utf-8").split("\n")
    return "\n".join(edit(lines))
