"""``why`` on the 2012 edition: its absolute rules carry the 2012 numbers, and
its quality criteria, which the evaluator does not walk yet, are said to be
not compared rather than given wrong values (scenarios/dutch/small.trfx,
round 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair.cli.group import cli
from mipair.pairing import Board, RoundPairing
from mipair.systems.base import UnsupportedError
from mipair.systems.registry import get_system

SMALL = Path(__file__).resolve().parents[1] / "scenarios" / "dutch" / "small.trfx"
# A legal pairing that is not the engine's (the engine gives 1 the bye to 5's).
OTHER = [(3, 2), (7, 5), (6, 9)]
OTHER_BYE = 1


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_why_2012_says_the_criteria_are_not_compared() -> None:
    args = [a for w, b in OTHER for a in ("--pair", f"{w}-{b}")] + ["--pair", f"{OTHER_BYE}-0"]
    res = invoke("why", str(SMALL), "--rules", "2012", *args)
    assert res.exit_code == 0, res.output
    assert "breaks no absolute rule" in res.output
    assert "not compared" in res.output
    assert "First difference" not in res.output


def test_evaluate_refuses_the_2012_edition() -> None:
    system = get_system("dutch")
    state = system.read(str(SMALL), "2012")
    proposal = RoundPairing(state.round, tuple(Board(w, b) for w, b in OTHER), OTHER_BYE)
    with pytest.raises(UnsupportedError, match="2012 edition are not compared"):
        system.evaluate(state, proposal)
    assert system.evaluate(system.read(str(SMALL), "2026"), proposal)  # 2026 still walked


def test_absolute_rules_carry_the_2012_numbers() -> None:
    args = ["--pair", "1-2", "--pair", "3-5", "--pair", "7-9"]  # 1 and 2 met in round 3
    res = invoke("why", str(SMALL), "--rules", "2012", *args)
    assert "  - B1.a: players 1 and 2 have already played" in res.output
