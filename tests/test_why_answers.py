"""Issue 23's wrong answers of ``why``, ``check`` and ``explain``, one test each.

Each test states the answer an arbiter must get on a small case worked by
hand (scenarios/dutch/small.trfx, round 4 of 5: nobody is a topscorer).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair.cli.group import cli
from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import Cell, Colour, Result, Tournament

ROOT = Path(__file__).resolve().parents[1]
SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def with_round(t: Tournament, rnd: int, boards: list[tuple[int, int]], bye: int) -> Tournament:
    """``t`` with round ``rnd`` published as ``boards`` (White first, White wins) and ``bye``."""
    cells = {bye: Cell(None, None, Result.PAB)}
    for white, black in boards:
        cells[white] = Cell(black, Colour.WHITE, Result.WIN)
        cells[black] = Cell(white, Colour.BLACK, Result.LOSS)
    results = {}
    for pid, row in t.results.items():
        row = tuple(row) + (None,) * (rnd - len(row))
        results[pid] = tuple(cells.get(pid, c) if k == rnd - 1 else c for k, c in enumerate(row))
    players = {pid: replace(p, points=None) for pid, p in t.players.items()}  # recomputed
    return replace(t, results=results, players=players)


# -- 1. the general colour rules judged on the proposal's own colours -----------------------

THIRD_BLACK = [(1, 7), (3, 2), (6, 9)]  # the engine's pairs, but 7 (B, B so far) gets Black


def test_why_names_a_third_black_in_a_row() -> None:
    args = [a for w, b in THIRD_BLACK for a in ("--pair", f"{w}-{b}")]
    res = invoke("why", str(SMALL), *args, "--pair", "5-0")
    assert res.exit_code == 1, res.output
    assert "breaks 1 absolute rule" in res.output
    assert "player 7 would get Black: colour difference -3 and a third Black in a row" in res.output
    assert "C.04.1 Art. 6 and C.04.1 Art. 7" in res.output
    # the 2017 edition numbers the same rules f and g
    res = invoke("why", str(SMALL), "--rules", "2017", *args, "--pair", "5-0")
    assert res.exit_code == 1 and "C.04.1.f and C.04.1.g: player 7" in res.output


def test_check_reports_the_colour_breach_as_absolute(tmp_path: Path) -> None:
    from mipair.cli.main import main

    t = with_round(read_tournament(str(SMALL)), 4, THIRD_BLACK, 5)
    path = tmp_path / "published.trfx"
    path.write_text(write_tournament(t, "trfx"))
    res = invoke("check", str(path))
    assert "C.04.1 Art. 6 and C.04.1 Art. 7 (player 7 would get Black" in res.output
    with pytest.raises(SystemExit) as exc:
        main(["check", str(path)])
    assert exc.value.code == 7  # an absolute breach, not an Article 5 difference (6)
    good = with_round(read_tournament(str(SMALL)), 4, [(7, 1), (3, 2), (6, 9)], 5)
    path.write_text(write_tournament(good, "trfx"))
    with pytest.raises(SystemExit) as exc:
        main(["check", str(path)])
    assert exc.value.code == 6  # Article 5's colours: round 4 agrees (rounds 2, 3 differ)
    assert "Round 4" not in invoke("check", str(path)).output


# -- 6. and 7. explain: a true header, the rules' choice first ------------------------------

INFEASIBLE = ROOT / "scenarios" / "infeasible"


def test_explain_does_not_claim_one_change_is_enough() -> None:
    res = invoke("explain", str(INFEASIBLE / "colour-rematch.trfx"))
    assert res.exit_code == 1
    assert "dropping any one of them makes a pairing possible" not in res.output
    assert "Least relaxation (2 changes" in res.output
    assert "Waiving any one fact is not enough" in res.output
    assert "the least relaxation needs 2 changes" in res.output
    one = invoke("explain", str(INFEASIBLE / "forbidden-lone.trfx")).output
    assert "Least relaxation (1 change" in one and "not enough" not in one


def test_explain_prefers_the_bye_the_rules_would_give() -> None:
    # bye-all-used, round 3: players 2 and 4 have the lowest score (1.0, C5), both with two
    # unplayed rounds (C9); the lower-ranked of them, 4, is the one the rules give the bye.
    from mipair.systems.registry import get_system

    dutch = get_system("dutch")
    e = dutch.explain(dutch.read(str(INFEASIBLE / "bye-all-used.trfx")))
    best = e.relaxations[0]
    assert [f.key for f in best.waived] == ["bye:4"] and best.rules_choice
    assert best.bye == 4
    assert not any(r.rules_choice for r in e.relaxations[1:])
    assert {r.waived[0].key for r in e.relaxations} == {f"bye:{p}" for p in range(1, 6)}
    assert "allow player 4 the bye" in e.text().split("Least relaxation")[1].splitlines()[1]
    assert "the rules' choice" in e.text()
