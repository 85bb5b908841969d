"""The check list against values computed by hand from scenarios/dutch/small.trfx.

Before round 4 (player 4 announced a zero-point bye, 8 a half-point bye):

=====  =====  ===  ========  ======  ==  ==  ===  =========
id     score  CD   colours   pref    F1  F2  bye  opponents
=====  =====  ===  ========  ======  ==  ==  ===  =========
1      2.5    +1   W B W     b       D       Y    5 9 2
7      2.5    -2   B - B     W       D   D   N    3 9
8      1.5     0   W - B     (w)     D   D   N    4 5
9      1.0    +2   - W W     B       U       N    1 7
6      0.5    +1   W - -     b       D       Y    2
=====  =====  ===  ========  ======  ==  ==  ===  =========

Floats: 1 met 2 in round 3 with 2.0 against 1.5 (down), 7 met 9 with 1.5
against 1.0 (down) after a forfeit win in round 2 (an unplayed round worth
more than a loss is a downfloat); 8's PAB is a downfloat; 9 met 7 from
below (up); 6's half-point bye is a downfloat, its forfeit loss is not.
Bye: a PAB (8, 9) or a forfeit win (7) bars the PAB.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.pairing import Board, RoundPairing
from mipair.systems.fide.checklist import checklist_json, checklist_text, rows
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"

HAND = {  # id: (score, cd, colours, preference, kind, symbol, F1, F2, bye, opponents)
    1: ("2.5", 1, "WBW", "black", "strong", "b", "D", "", True, (5, 9, 2)),
    7: ("2.5", -2, "B-B", "white", "absolute", "W", "D", "D", False, (3, 9)),
    8: ("1.5", 0, "W-B", "white", "mild", "(w)", "D", "D", False, (4, 5)),
    9: ("1.0", 2, "-WW", "black", "absolute", "B", "U", "", False, (1, 7)),
    6: ("0.5", 1, "W--", "black", "strong", "b", "D", "", True, (2,)),
}

# a pairing written by hand for the last column (not the engine's)
PAIRING = RoundPairing(4, (Board(7, 1), Board(3, 2), Board(6, 9)), bye=5)


@pytest.fixture(scope="module")
def snap():
    return snapshot(read_tournament(SMALL), 4)


def test_rows_match_hand_computation(snap) -> None:
    got = {r.id: r for r in rows(snap, PAIRING)}
    for pid, (score, cd, colours, pref, kind, sym, f1, f2, bye, opps) in HAND.items():
        r = got[pid]
        assert (r.score, r.colour_difference, r.colours) == (score, cd, colours), pid
        assert (r.preference, r.preference_kind, r.pref_symbol) == (pref, kind, sym), pid
        assert (r.float_last, r.float_previous, r.bye_eligible, r.opponents) == (
            f1,
            f2,
            bye,
            opps,
        ), pid


def test_order_and_last_column(snap) -> None:
    table = rows(snap, PAIRING)
    # score first, then pairing number: 2.5 (1 3 7), 2.0 (2), 1.5 (4 8), 1.0 (9), 0.5 (5 6)
    assert [r.id for r in table] == [1, 3, 7, 2, 4, 8, 9, 5, 6]
    now = {r.id: r.now for r in table}
    assert now == {
        1: "B 7",
        7: "W 1",
        3: "W 2",
        2: "B 3",
        6: "W 9",
        9: "B 6",
        5: "bye",
        4: "absent",
        8: "absent",
    }


def test_text_and_json(snap) -> None:
    text = checklist_text(snap, PAIRING)
    line = next(x for x in text.splitlines() if x.split()[:1] == ["7"])
    assert line.split()[4:10] == ["2.5", "-2", "W", "B-B", "D", "D"]
    assert "Pref:" in text
    data = checklist_json(snap, PAIRING)
    assert data["round"] == 4 and len(data["players"]) == 9
    assert json.loads(json.dumps(data))["players"][0]["opponents"] == [5, 9, 2]


def test_dropin_pair_writes_the_check_list(tmp_path: Path) -> None:
    src = tmp_path / "small.trfx"
    src.write_bytes(SMALL.read_bytes())
    out, lst = tmp_path / "out.txt", tmp_path / "round.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mipair.cli.main",
            "--dutch",
            str(src),
            "-p",
            str(out),
            "-l",
            str(lst),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(lst.read_text())["rounds"][0]
    pairs = out.read_text().split()[1:]
    white, black = int(pairs[0]), int(pairs[1])
    by_id = {p["id"]: p for p in data["players"]}
    assert by_id[white]["now"] == f"W {black}" and by_id[black]["now"] == f"B {white}"
    proc = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "--dutch", str(src), "-p", str(out), "-l"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0
    assert (tmp_path / "small.list").read_text().startswith("Round #4")
