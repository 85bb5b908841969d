"""``why`` on the 2012 edition: its absolute rules carry the 2012 numbers, and its
quality criteria are compared bracket by bracket in the order of
models/dutch-2012.toml (scenarios/dutch/small.trfx round 4 and two hand-worked
2012 scenarios)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair.cli.group import cli
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
SCENARIOS = ROOT / "scenarios" / "dutch-2012"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def pairs(*boards: str) -> list[str]:
    return [a for board in boards for a in ("--pair", board)]


FIRST_DIFFERENCES = [
    # the engine pairs 7-1 and 3-2 at the top (2.5); giving 1 the bye leaves one pair there
    (
        SMALL,
        ("3-2", "7-5", "6-9", "1-0"),
        "First difference: A11/C14 in the bracket of score 2.5",
        "engine 1, proposal 0 (higher is better); the engine is better",
    ),
    # strong-as-absolute: 3-4 and 1-5 grant neither pair's preferences (X), 2-3 and 5-4 both
    (
        SCENARIOS / "strong-as-absolute.trfx",
        ("4-3", "5-1", "2-0"),
        "First difference: B4/A8.a/C10.e in the bracket of score 1.0",
        "engine 2, proposal 0",
    ),
]


@pytest.mark.parametrize("path, boards, criterion, values", FIRST_DIFFERENCES)
def test_why_2012_names_the_first_criterion_and_bracket(
    path: Path, boards: tuple[str, ...], criterion: str, values: str
) -> None:
    res = invoke("why", str(path), "--rules", "2012", *pairs(*boards))
    assert res.exit_code == 0, res.output
    assert "breaks no absolute rule" in res.output
    assert criterion in res.output and values in res.output


def test_why_2012_says_when_only_the_order_differs() -> None:
    # transposition: 1-2 3-4 5-6 grants every preference too, but comes later in D2's order
    path = SCENARIOS / "transposition.trfx"
    res = invoke("why", str(path), "--rules", "2012", *pairs("1-2", "3-4", "5-6"))
    assert res.exit_code == 0, res.output
    assert "First difference" not in res.output
    assert "equal on every criterion up to the bracket of score 0.5" in res.output
    assert "the engine's pairs come first in the order" in res.output


def test_absolute_rules_carry_the_2012_numbers() -> None:
    res = invoke("why", str(SMALL), "--rules", "2012", *pairs("1-2", "3-5", "7-9"))
    assert "  - B1.a: players 1 and 2 have already played" in res.output  # met in round 3


def test_the_colour_limits_carry_the_2012_b2() -> None:
    # the engine's pairs, but 7 (Black, Black so far) gets Black: the 2012 text states
    # "|CD| <= 2" and "no colour three times in a row" inside its B2
    res = invoke("why", str(SMALL), "--rules", "2012", *pairs("1-7", "3-2", "6-9", "5-0"))
    assert res.exit_code == 1, res.output
    assert (
        "B2 (colour difference beyond 2) and B2 (same colour three times in a row): player 7 "
        "would get Black: colour difference -3 and a third Black in a row"
    ) in res.output
