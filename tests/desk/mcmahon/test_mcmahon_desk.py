"""A Go director's day without OpenGotha: ``mipair mcmahon new|register|absent|present|pair|
result|unpair|pairing|standings`` on one OpenGotha file, from registration to the final .h9."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from mipair.formats.opengotha import read_opengotha
from tests.support.cli_process import ROOT, in_process, run_cli

SURNAMES = ["Ito", "Berg", "Novak", "Kim", "Moreau", "Weber", "Rossi", "Silva", "Horvat", "Li"]
FIRST = ["Anna", "Ben", "Chen", "Dana", "Emil", "Fay", "Gil", "Hana", "Ivo", "Jun", "Kai", "Lou"]


mipair = in_process


def ok(*args: object) -> str:
    code, out, err = mipair(*args)
    assert code == 0, err
    return out


def new_event(folder: Path, players: int, rounds: int, seed: int = 7) -> Path:
    event = folder / "cup.xml"
    ok(
        "mcmahon",
        "new",
        event,
        "--name",
        "Spring Cup",
        "--rounds",
        rounds,
        "--bar",
        "2D",
        "--location",
        "Lyon",
        "--date",
        "2026-04-11,2026-04-12",
    )
    rng = random.Random(seed)
    for k in range(players):
        surname, first = SURNAMES[k % 10], FIRST[k // 10 % 12] + ("" if k < 120 else str(k))
        rank = rng.choice(["5D", "3D", "1D", "2K", "5K", "9K", "12K", "15K", "20K", "25K"])
        club = rng.choice(["Lyon", "Pari", "Gren", ""])
        ok("mcmahon", "register", event, surname, first, rank, "--club", club, "--country", "FR")
    return event


def test_a_whole_day_of_60_players_and_6_rounds(tmp_path: Path) -> None:
    event = new_event(tmp_path, 60, 6)
    rng = random.Random(11)
    keys = [p.key for p in read_opengotha(str(event)).players]
    assert len(set(keys)) == 60
    for r in range(1, 7):
        away = rng.sample(keys, 3)
        ok("mcmahon", "absent", event, *away, "--round", f"{r}-6")  # away for the rest ...
        if r < 6:
            ok("mcmahon", "present", event, away[0], "--round", r + 1)  # ... but one comes back
        shown = json.loads(ok("mcmahon", "pair", event, "--save", "--json"))
        assert shown["round"] == r
        saved = read_opengotha(str(event))
        games = [g for g in saved.games if g.round == r]
        playing = [k for g in games for k in (g.white, g.black)] + (
            [shown["bye"]] if shown["bye"] else []
        )
        expected = {p.key for p in saved.players if p.plays(r)}
        assert len(playing) == len(set(playing)) and set(playing) == expected
        assert not set(away) & set(playing)
        earlier = {frozenset((g.white, g.black)) for g in saved.games if g.round < r}
        assert not earlier & {frozenset((g.white, g.black)) for g in games}  # no rematch
        entries = [
            x for g in games for x in (str(g.table), rng.choice(["1-0", "0-1", "1-0", "0-1", "="]))
        ]
        ok("mcmahon", "result", event, *entries)
        corrected = ok("mcmahon", "result", event, games[0].white, "0-1!")  # a correction, by key
        assert "(was " in corrected
        after = read_opengotha(str(event))
        assert all(g.result != "RESULT_UNKNOWN" for g in after.games if g.round == r)
        assert (
            next(g for g in after.games if g.round == r and g.table == games[0].table).result
            == "RESULT_BLACKWINS_BYDEF"
        )
        html = tmp_path / f"round{r}.html"
        text = ok("mcmahon", "pairing", event, "--html", html)
        assert f"Round {r}" in text and "<table>" in html.read_text(encoding="utf-8")
        standings = json.loads(ok("mcmahon", "standings", event, "--json"))
        places = [row["place"] for row in standings["standings"]]
        assert standings["after"] == r and places == sorted(places) and len(places) == 60
        mms = [row["values"]["MMS"] for row in standings["standings"]]
        assert mms == sorted(mms, reverse=True)
    page = tmp_path / "final.html"
    h9 = tmp_path / "final.h9"
    ok("mcmahon", "standings", event, "--html", page, "--h9", h9)
    assert page.read_text(encoding="utf-8").count("<tr>") == 61  # the header and 60 players
    lines = h9.read_text(encoding="iso-8859-15").splitlines()
    assert lines[0] == "; CL[A]" and "; EV[Spring Cup]" in lines and "; HA[h1]" in lines
    rows = [ln for ln in lines if not ln.startswith(";")]
    final = read_opengotha(str(event))
    present = {k for g in final.games for k in (g.white, g.black)} | {b.player for b in final.byes}
    assert len(rows) == len(present) < 60  # those who never played are not listed
    assert all(len(ln.split()) >= 6 + 4 + 6 for ln in rows)


def test_absences_results_and_unpair_are_checked(tmp_path: Path) -> None:
    event = new_event(tmp_path, 9, 3)
    ok("mcmahon", "pair", event, "--save")
    code, _, err = mipair("mcmahon", "absent", event, "ITOANNA", "--round", "1")
    assert code == 3 and err.startswith(f"{event}: round: round 1 is paired already")
    code, _, err = mipair("mcmahon", "result", event, "1", "2-0")
    assert code == 3 and "result" in err and err.count("\n") == 1
    code, _, err = mipair("mcmahon", "result", event, "99", "1-0")
    assert code == 3 and "no table 99" in err
    code, _, err = mipair("mcmahon", "register", event, "Ito", "Anna", "3K")
    assert code == 3 and "ITOANNA" in err
    ok("mcmahon", "result", event, "1", "1-0")
    code, _, err = mipair("mcmahon", "unpair", event)
    assert code == 3 and "--force" in err
    assert "4 games taken back" in ok("mcmahon", "unpair", event, "--force")
    assert not read_opengotha(str(event)).games and not read_opengotha(str(event)).byes
    late = ok("mcmahon", "register", event, "Late", "Comer", "10K", "--json")
    assert json.loads(late)["key"] == "LATECOMER"
    ok("mcmahon", "pair", event, "--save")
    ok("mcmahon", "register", event, "Later", "Still", "10K")
    later = next(p for p in read_opengotha(str(event)).players if p.key == "LATERSTILL")
    assert later.participating.startswith("01")  # absent from the round already paired


def test_two_commands_at_once_never_lose_a_result(tmp_path: Path) -> None:
    """Eight results typed at the same moment in eight processes: all eight are kept."""
    event = new_event(tmp_path, 16, 3)
    ok("mcmahon", "pair", event, "--save")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mipair.cli.main",
                "mcmahon",
                "result",
                str(event),
                str(t),
                "1-0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for t in range(1, 9)
    ]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read() if p.stderr else ""
    results = [g.result for g in read_opengotha(str(event)).games if g.round == 1]
    assert results == ["RESULT_WHITEWINS"] * 8


def test_a_change_is_saved_before_it_is_printed(tmp_path: Path) -> None:
    """The reader of the output goes away at once: the result is in the file all the same."""
    event = new_event(tmp_path, 6, 2)
    ok("mcmahon", "pair", event, "--save")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "mipair.cli.main", "mcmahon", "result", str(event), "1", "0-1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None
    proc.stdout.close()
    assert proc.wait(timeout=120) == 0
    assert (
        next(g for g in read_opengotha(str(event)).games if g.table == 1).result
        == "RESULT_BLACKWINS"
    )


def test_a_closed_pipe_is_not_an_error(tmp_path: Path) -> None:
    """``mipair ... | head -1``: the command stops writing and ends with exit 0."""
    event = new_event(tmp_path, 4, 1)
    big = read_opengotha(str(event))
    many = tmp_path / "many.xml"
    text = event.read_text(encoding="utf-8")
    player = next(line for line in text.splitlines() if "<Player " in line)
    extra = "\n".join(player.replace('name="', f'name="X{k:05d}') for k in range(4000))
    many.write_text(text.replace(player, player + "\n" + extra), encoding="utf-8")
    assert len(big.players) == 4
    for command in (["mcmahon", "standings", str(many)], ["evaluate", str(many)]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "mipair.cli.main", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        assert proc.stdout is not None
        proc.stdout.readline()
        proc.stdout.close()
        assert proc.wait(timeout=300) == 0, proc.stderr.read() if proc.stderr else ""


def test_lock_wait_gives_up_with_exit_5(tmp_path: Path) -> None:
    from mipair.desk.mcmahon.store import locked

    event = new_event(tmp_path, 4, 1)
    with locked(event):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mipair.cli.main",
                "mcmahon",
                "register",
                str(event),
                "A",
                "B",
                "3K",
            ],
            capture_output=True,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT), MIPAIR_LOCK_WAIT="0.2"),
            check=False,
        )
    assert done.returncode == 5 and "another command is changing this file" in done.stderr
    assert len(read_opengotha(str(event)).players) == 4
    assert run_cli("mcmahon", "register", str(event), "A", "B", "3K").returncode == 0
