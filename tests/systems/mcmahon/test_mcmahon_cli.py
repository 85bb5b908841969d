"""``mipair mcmahon ...`` and the McMahon system through solve, why and explain."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from mipair.formats.opengotha import read_opengotha
from tests.support.cli_process import run_cli
from tests.support.go_data import CLUB


def pair_options(pairs: list[str]) -> list[str]:
    return [word for p in pairs for word in ("--pair", p)]


def test_pair_json_then_the_written_file_reads_back_with_that_round(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    done = run_cli("mcmahon", "pair", str(CLUB), "--json", "-o", str(out))
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert {"round", "games", "bye", "players"} <= set(shown) and shown["round"] == 3
    assert all(set(g) == {"table", "white", "black", "handicap", "result"} for g in shown["games"])
    assert all(g["result"] == "" for g in shown["games"])
    before, after = read_opengotha(str(CLUB)), read_opengotha(str(out))
    assert after.players == before.players and after.others == before.others
    new = [g for g in after.games if g.round == 3]
    assert [
        {"table": g.table, "white": g.white, "black": g.black, "handicap": g.handicap, "result": ""}
        for g in new
    ] == shown["games"]
    assert [g for g in after.games if g.round < 3] == before.games
    assert [b.player for b in after.byes if b.round == 3] == [shown["bye"]]
    again = run_cli("mcmahon", "pair", str(out), "--json")
    assert json.loads(again.stdout)["round"] == 4


def test_save_and_forbid(tmp_path: Path) -> None:
    event = tmp_path / "club.xml"
    shutil.copy(CLUB, event)
    first = json.loads(run_cli("mcmahon", "pair", str(event), "--json").stdout)["games"][0]
    pair = f"{first['white']},{first['black']}"
    done = run_cli("mcmahon", "pair", str(event), "--forbid", pair, "--save", "--json")
    assert done.returncode == 0, done.stderr
    games = json.loads(done.stdout)["games"]
    assert {first["white"], first["black"]} not in [{g["white"], g["black"]} for g in games]
    assert "ForbiddenPair" in event.read_text(encoding="utf-8")  # kept in the file
    bad = run_cli("mcmahon", "pair", str(CLUB), "--forbid", "NOBODY,SOMEONE")
    assert bad.returncode == 3 and "--forbid" in bad.stderr


def test_standings_and_h9(tmp_path: Path) -> None:
    h9 = tmp_path / "club.h9"
    done = run_cli("mcmahon", "standings", str(CLUB), "--json", "--h9", str(h9))
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)
    assert table["after"] == 2 and table["criteria"] == ["MMS", "SOSM", "SOSOSM"]
    mms = [row["values"]["MMS"] for row in table["standings"]]
    assert mms == sorted(mms, reverse=True) and len(mms) == 11
    text = h9.read_text(encoding="iso-8859-15")
    lines = [ln for ln in text.splitlines() if not ln.startswith(";")]
    assert len(lines) == 11 and "Dupont-Martin Jean_Luc" in text
    assert "; HA[h1]" in text and "; CL[" in text and "; CM[" in text
    assert all(len(ln.split()) >= 2 + 4 + 4 + 2 for ln in lines)


def test_handicaps() -> None:
    done = run_cli("mcmahon", "handicaps", str(CLUB), "--json")
    rows = json.loads(done.stdout)["games"]
    assert len(rows) == 5 and all(r["rule"] == r["handicap"] for r in rows)  # paired by mipair


def test_solve_why_explain_through_the_interface() -> None:
    solve = run_cli("solve", "--system", "mcmahon", str(CLUB), "--json")
    assert solve.returncode == 0, solve.stderr
    boards = json.loads(solve.stdout)["boards"]
    pairs = [f"{b['white']}-{b['black']}" for b in boards]
    same = run_cli("why", "--system", "mcmahon", str(CLUB), *pair_options(pairs), "--json")
    assert same.returncode == 0 and json.loads(same.stdout)["same_pairs"]
    a, b = pairs[0].split("-"), pairs[1].split("-")
    swapped = [f"{a[0]}-{b[0]}", f"{a[1]}-{b[1]}", *pairs[2:]]
    other = run_cli(
        "why",
        "--system",
        "mcmahon",
        str(CLUB),
        *pair_options(swapped),
        "--json",
    )
    verdict = json.loads(other.stdout)
    if verdict["legal"]:
        assert verdict["difference"]["better"] == "engine"
        assert verdict["difference"]["criterion"] in {
            "score",
            "geo",
            "dudd",
            "seeding",
            "colour",
            "handicap",
            "random",
        }
    else:
        assert verdict["violations"][0]["criterion"] == "duplicate"
    explain = run_cli("explain", "--system", "mcmahon", str(CLUB))
    assert explain.returncode == 0 and "can be paired" in explain.stdout
    rules = run_cli("solve", "--system", "mcmahon", "--rules", "3.51", str(CLUB))
    assert rules.returncode == 0 and "Table" in rules.stdout


def with_round_2_blacks_swapped(tmp_path: Path, first: int, second: int) -> Path:
    """A copy of the club scenario whose round 2 has the Black players of two tables swapped."""
    import re

    text = CLUB.read_text(encoding="utf-8")

    def game(table: int) -> re.Pattern[str]:
        return re.compile(
            rf'<Game blackPlayer="([^"]+)"([^>]*roundNumber="2" tableNumber="{table}")'
        )

    one, two = game(first).search(text), game(second).search(text)
    assert one and two
    text = game(first).sub(lambda m: f'<Game blackPlayer="{two[1]}"{m[2]}', text)
    text = game(second).sub(lambda m: f'<Game blackPlayer="{one[1]}"{m[2]}', text)
    path = tmp_path / f"swapped{first}{second}.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_re_pairs_every_published_round_by_total_weight(tmp_path: Path) -> None:
    same = run_cli("check", str(CLUB), "--system", "mcmahon", "--json")
    assert same.returncode == 0, same.stderr
    checks = json.loads(same.stdout)["files"][0]["checks"]
    assert [c["round"] for c in checks] == [1, 2] and all(c["verdict"] == "same" for c in checks)
    # round 2 with two new but worse games: exit 6, the deciding weight term named
    worse = run_cli(
        "check", str(with_round_2_blacks_swapped(tmp_path, 3, 4)), "--system", "mcmahon"
    )
    assert worse.returncode == 6, worse.stderr
    assert "Round 2: pairs differ" in worse.stdout
    assert "the published pairing loses on score" in worse.stdout
    # round 2 with two rematches: exit 7, each named
    rematch = run_cli(
        "check", str(with_round_2_blacks_swapped(tmp_path, 1, 2)), "--system", "mcmahon", "--json"
    )
    assert rematch.returncode == 7, rematch.stderr
    round_2 = json.loads(rematch.stdout)["files"][0]["checks"][1]
    assert {v["criterion"] for v in round_2["violations"]} == {"duplicate"}
    assert len(round_2["violations"]) == 2


def test_check_with_the_other_opengotha_behaviour_and_bad_rules(tmp_path: Path) -> None:
    older = run_cli("check", str(CLUB), "--system", "mcmahon", "--rules", "3.51", "--json")
    assert older.returncode in (0, 6), older.stderr
    assert json.loads(older.stdout)["files"][0]["rules"] == "3.51"
    wrong = run_cli("check", str(CLUB), "--system", "mcmahon", "--rules", "2026")
    assert wrong.returncode == 3 and "Traceback" not in wrong.stderr
    assert "3.52" in wrong.stderr
