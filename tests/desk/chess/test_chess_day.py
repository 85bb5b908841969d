"""A chess tournament day at the desk, through the installed ``mipair`` command.

Twenty players registered in any order (the file keeps them in the initial
order), a late entry, byes asked for and absences, every round paired as
``mipair solve`` pairs the file cut before it, results entered in two batches
(forfeits, a double forfeit), a correction, a withdrawal, the standings equal
to ``mipair standings`` after every round; every file written along the day
read again by ``mipair info``, and the last one by ``mipair check`` (every
round agrees) as the rating report.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from mipair.desk.chess.registration import initial_order_key
from mipair.formats.trf import read_tournament
from tests.support.chess_desk import (
    SCRIPT,
    boards_of,
    ok,
    ok_json,
    ranked,
    register_players,
    solved,
)

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")

ROUNDS = 7
DATES = [f"2026-04-{11 + r // 3:02d}" for r in range(ROUNDS)]
FORCED = {2: (1, "+-"), 3: (2, "-+"), 4: (-1, "--"), 5: (3, "0-1f")}
"""Round -> (board, result) typed there whatever else happens: the forfeits of the day."""


def reread(file: Path, round_being_paired: int) -> None:
    """``mipair info`` reads the file: the round being played is not yet a round played."""
    info = ok_json("info", file)
    assert info["rounds_played"] == round_being_paired - 1
    assert info["next_round"] == round_being_paired


def test_a_whole_day(tmp_path: Path) -> None:
    rng = random.Random(58)
    file = tmp_path / "open.trf"
    ok(
        "chess", "new", file, "--name", "Spring Open", "--rounds", ROUNDS, "--place", "Lyon",
        "--federation", "FRA", "--date", "2026-04-11,2026-04-13", "--arbiter", "A. Arbiter",
        "--time-control", "90'+30\"", "--tiebreaks", "BH/C1,BH,SB,DE",
    )  # fmt: skip
    names = register_players(file, 20, rng)
    people = read_tournament(file).players
    keys = [initial_order_key(people[pid]) for pid in sorted(people)]
    assert keys == sorted(keys) and len(keys) == 20  # pairing numbers in the initial order
    ok("chess", "bye", file, names[3], "--round", 2)  # a half-point bye asked ahead
    ok("chess", "absent", file, names[5], "--round", "3,4")  # a known absence
    ok("chess", "bye", file, names[7], "--round", 6, "--points", "full")
    for rnd in range(1, ROUNDS + 1):
        if rnd == 3:
            late = ok_json("chess", "register", file, "Zeller, Zoe", "--rating", 2000)
            assert read_tournament(file).cell(late["id"], 1).result.value == "Z"
        if rnd == 4:
            ok("chess", "withdraw", file, names[9])  # from round 4 on
        cut = tmp_path / f"before-round-{rnd}.trf"
        shutil.copy(file, cut)
        expected = solved(cut)
        view = ok_json("chess", "pair", file, "--save", "--date", DATES[rnd - 1])
        assert (boards_of(view), view["bye"] and view["bye"]["id"]) == expected
        assert view["round"] == rnd and not view["complete"]
        reread(file, rnd)
        assert ok("solve", file) == ok("solve", cut)  # the round being played is not in the cells
        entries = []
        for board in view["boards"]:
            result = rng.choice(["1-0", "0-1", "1/2", "1-0", "0-1"])
            entries.append([board["board"], result])
        if rnd in FORCED:
            board, result = FORCED[rnd]
            entries[board if board < 0 else board - 1][1] = result
        half = len(entries) // 2
        ok("chess", "result", file, *[x for e in entries[:half] for x in e])
        reread(file, rnd)
        partial = ok_json("chess", "pairing", file)
        assert [b["result"] != "" for b in partial["boards"]] == [
            k < half for k in range(len(entries))
        ]
        done = ok_json("chess", "result", file, *[x for e in entries[half:] for x in e])
        assert done["completed"] and done["round"] == rnd
        if rnd == 2:
            board, result = entries[-1]
            fixed = "0-1" if result != "0-1" else "1-0"
            corrected = ok("chess", "result", file, "--round", 2, board, fixed)
            assert "(was " in corrected
        info = ok_json("info", file)
        assert info["rounds_played"] == rnd and info["players"] == len(
            read_tournament(file).players
        )
        mine = ok_json("chess", "standings", file)
        assert ranked(mine["standings"]) == ranked(ok_json("standings", file))
        assert mine["after"] == rnd
    final = read_tournament(file)
    assert ok("check", file).strip().endswith(f"{ROUNDS} rounds checked, all agree with mipair")
    text = file.read_text(encoding="utf-8")
    assert "\nMPB 007" in text and not any(
        line.startswith("MPB") and len(line.split()) > 5 for line in text.splitlines()
    )  # board orders only: no round left being played
    results = {c.result.value for cells in final.results.values() for c in cells if c}
    assert {"1", "0", "=", "+", "-", "H", "F", "Z", "U"} <= results  # 21 players: a PAB
    double = [
        (pid, rnd)
        for pid, cells in final.results.items()
        for rnd, c in enumerate(cells, 1)
        if c
        and c.opponent
        and c.result.value == "-"
        and final.cell(c.opponent, rnd).result.value == "-"
    ]
    assert double  # the double forfeit of round 4
    withdrawn = next(p.id for p in final.players.values() if p.name == names[9])
    assert [c.result.value for c in final.results[withdrawn][3:]] == ["Z"] * (ROUNDS - 3)
    ranks = [p.rank for p in final.players.values()]
    assert None not in ranks and min(ranks) == 1  # the rating report's rank column
    dates = next(t for c, t in final.headers if c == "132")
    assert dates.split() == [d[2:].replace("-", "/") for d in DATES]
    pages(tmp_path, file)


def pages(folder: Path, file: Path) -> None:
    """The printable pages: the tournament's header, a result column, every player."""
    pairing = folder / "round3.html"
    standings = folder / "standings.html"
    cross = folder / "cross.html"
    ok("chess", "pairing", file, "--round", 3, "--html", pairing)
    ok("chess", "standings", file, "--html", standings)
    table = ok("chess", "crosstable", file, "--html", cross)
    for page in (pairing, standings, cross):
        html = page.read_text(encoding="utf-8")
        assert "<h1>Spring Open</h1>" in html and "Lyon, 2026/04/11 – 2026/04/13" in html
    assert f"Round 3 of 7 – {DATES[2][2:].replace('-', '/')}" in pairing.read_text(encoding="utf-8")
    assert 'class="result">Result<' in pairing.read_text(encoding="utf-8")
    assert standings.read_text(encoding="utf-8").count("<tr>") == 22  # the header and 21
    assert table.count("\n") == 23 and "Crosstable after round 7" in table
