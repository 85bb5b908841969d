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
