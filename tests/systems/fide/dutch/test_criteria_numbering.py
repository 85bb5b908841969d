"""Every criterion id and label of models/dutch-*.toml matches the reference's numbering.

The reference restatements of C.04.3 (../shared/reference/dutch-<edition>.md,
read at run time; skipped when absent) list the quality criteria in a table,
one row per id. For each criterion of a model file the id must be a row of
that table, the ids must come in the table's order, and every notion the
label names (PSD, the following bracket, topscorers, CD, ...) must be named
by the row as well ("As C14" / "counted in C.12" rows are read with the row
they refer to).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT, SHARED

REFERENCE = SHARED / "reference"
MODELS = ROOT / "models"

NOTIONS = {
    "psd": r"\bpsd\b",
    "following bracket": r"following|next bracket",
    "topscorer": r"topscorer",
    "colour difference": r"\bcd\b",
    "three in a row": r"three",
    "strong": r"\bstrong\b",
    "preference": r"prefer",
    "pairs": r"number of pairs|most pairs",
    "pab": r"\bpab\b",
    "unplayed": r"unplayed",
    "downfloat": r"downfloat",
    "upfloat": r"upfloat",
    "round n-1": r"n-1|previous round",
    "round n-2": r"n-2|two rounds before",
    "score": r"score",
}


def notions(text: str) -> set[str]:
    text = text.lower().replace("\u2212", "-")
    return {name for name, pattern in NOTIONS.items() if re.search(pattern, text)}


def reference_rows(edition: str) -> dict[str, str]:
    """Criterion id -> its row's text, in the order of the reference's tables."""
    text = (REFERENCE / f"dutch-{edition}.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| \**(C\.?\d+)\** \| (.*) \|$", text, flags=re.MULTILINE))
    for cid, row in rows.items():  # "As C14, for round n-2": read with C14's row
        for ref in re.findall(r"(?:As|in) (C\.?\d+)\b", row):
            if ref in rows and ref != cid:
                rows[cid] = rows[ref] + " " + row
    return rows


def model(edition: str) -> list[dict[str, object]]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads((MODELS / f"dutch-{edition}.toml").read_text(encoding="utf-8"))["criteria"]


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference is not next to the clone")
@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_model_ids_and_labels_follow_the_reference(edition: str) -> None:
    rows = reference_rows(edition)
    order = list(rows)
    last = -1
    for entry in model(edition):
        cid, label = str(entry["id"]), str(entry["text"])
        assert cid in rows, f"{cid} is not a criterion of the {edition} reference"
        assert order.index(cid) >= last, f"{cid} out of the reference's order"
        last = order.index(cid)
        named = notions(label)
        assert named, f"{cid}: the label {label!r} names nothing this test knows"
        assert named <= notions(rows[cid]), (
            f"{cid} ({entry['function']}): the label names {sorted(named - notions(rows[cid]))}, "
            f"the reference's {cid} does not: {rows[cid]!r}"
        )


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference is not next to the clone")
def test_the_check_catches_the_old_2017_numbering() -> None:
    rows = reference_rows("2017")
    look_ahead = "the next bracket can pair as many players as possible"
    assert not notions(look_ahead) <= notions(rows["C.6"])  # labelled C.6 before issue 23
    assert notions(look_ahead) <= notions(rows["C.7"])


SEEDS = REFERENCE.parent / "seeds"
COLOUR_RULES = {
    "2026": REFERENCE / "swiss-general.md",
    "2017": REFERENCE / "swiss-general.md",
    "2012": next(SEEDS.glob("003_*.txt"), SEEDS / "003"),  # the 2012 Dutch text (French)
}


def rule_text(source: Path, label: str) -> str:
    """The text of the rule a colour-rule label names: a rule of C.04.1 (``C.04.1 Art. 6``:
    the 2026 edition's numbered rules; ``C.04.1.f``: the lettered edition's table) or an
    article of the 2012 Dutch text (``B2 (...)``)."""
    text = source.read_text(encoding="utf-8")
    if found := re.fullmatch(r"C\.04\.1 Art\. (\d)", label):
        section = text.split("### 1.2", 1)[1].split("###", 1)[0]
        return re.findall(rf"^{found[1]}\. (.*)$", section, flags=re.MULTILINE)[0]
    if found := re.fullmatch(r"C\.04\.1\.([a-i])", label):
        return re.findall(rf"^\| {found[1]} \| (.*) \|$", text, flags=re.MULTILINE)[0]
    found = re.match(r"(B\d) \(", label)
    assert found, f"{label!r} names no rule this test knows"
    return re.findall(rf"^{found[1]}\. (.*)$", text, flags=re.MULTILINE)[0]


@pytest.mark.skipif(
    not all(path.is_file() for path in COLOUR_RULES.values()),
    reason="../shared/reference or ../shared/seeds is not next to the clone",
)
@pytest.mark.parametrize("edition", ["2026", "2017", "2012"])
def test_colour_rules_name_the_editions_own_rules(edition: str) -> None:
    """models/dutch-<edition>.toml ``colour_rules``: "|CD| <= 2" and "no colour three
    times in a row" carry the number of the rule that states them in that edition's
    texts (2012: its own B2, not the later lettering of C.04.1)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    data = tomllib.loads((MODELS / f"dutch-{edition}.toml").read_text(encoding="utf-8"))
    difference, in_a_row = (rule_text(COLOUR_RULES[edition], r) for r in data["colour_rules"])
    assert re.search(r"\+2", difference), difference
    assert re.search(r"three times in a row|trois fois de suite", in_a_row), in_a_row
