"""The round robin as a pairing system, through the installed ``mipair`` and a real service.

The expected schedules are the Handbook's tables and the hand-drawn construction of
``tests/systems/roundrobin/test_roundrobin_tables.py`` (which share no code with mipair's schedule);
``mipair roundrobin`` must print them, and ``solve`` must give them round after round on a
file to which each round is added (``models/round-robin-2026.md`` sections 2, 3, 12).
``why``, ``check`` and ``explain`` run on the shipped scenarios of
``scenarios/round-robin/``: a club round robin, a round that departs from the table (and
a next round the table cannot give), an illegal round, a double round robin with a
withdrawal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mipair.formats.trf import write_tournament
from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.operations.pairing import pair_file
from tests.support.berger_tables import expected_rounds, table_for
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "round-robin"
CODES = {  # the 192 code -> the expected rounds' shape (cycles, the first cycle's exchange)
    "FIDE_ROUNDROBIN": (1, False),
    "FIDE_DOUBLEROUNDROBIN": (2, True),
    "BERGER_DOUBLEROUNDROBIN": (2, False),
}


def printed(view: dict) -> list[tuple[list[tuple[int, int]], int | None]]:
    """The rounds of ``mipair roundrobin --json``: (games as (white, black), bye)."""
    return [
        (
            [(b["white"]["id"], b["black"]["id"]) for b in r["boards"]],
            None if r["bye"] is None else r["bye"]["id"],
        )
        for r in view["rounds"]
    ]


def schedule_of(*args: object) -> dict:
    done = mipair("roundrobin", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("players", range(3, 25))
def test_the_command_prints_the_handbooks_tables(players: int) -> None:
    table = table_for(players)
    assert printed(schedule_of("--players", players)) == expected_rounds(players, table)
    double = schedule_of("--players", players, "--double")
    assert printed(double) == expected_rounds(players, table, cycles=2, swap=True)


@pytest.mark.parametrize("players", [3, 8, 13, 24])
def test_the_command_prints_bergers_double_and_more_cycles(players: int) -> None:
    table = table_for(players)
    berger = schedule_of("--players", players, "--type", "BERGER_DOUBLEROUNDROBIN")
    assert printed(berger) == expected_rounds(players, table, cycles=2)
    three = schedule_of("--players", players, "--type", "BERGER_ROUNDROBIN_G3")
    assert printed(three) == expected_rounds(players, table, cycles=3)


def entries(players: int, code: str) -> Tournament:
    people = {k: Player(k, f"Player {k:02d}", rating=2400 - 10 * k) for k in range(1, players + 1)}
    return Tournament(players=people, results={k: () for k in people}, system=code)


def with_round(t: Tournament, games: list[tuple[int, int]], bye: int | None) -> Tournament:
    """``t`` with a round added: every game drawn, the bye as the PAB."""
    cells: dict[int, Cell] = {}
    for white, black in games:
        cells[white] = Cell(black, Colour.WHITE, Result.DRAW)
        cells[black] = Cell(white, Colour.BLACK, Result.DRAW)
    if bye is not None:
        cells[bye] = Cell(None, None, Result.PAB)
    results = {pid: row + (cells[pid],) for pid, row in t.results.items()}
    return Tournament(**{**t.__dict__, "results": results})


def paired_through(path: Path, t: Tournament, rounds: int, pair) -> list:
    """Every round paired by ``pair(path)`` from the file of the rounds before it."""
    got = []
    for _ in range(rounds):
        path.write_text(write_tournament(t, "trf26"))
        games, bye = pair(path)
        got.append((games, bye))
        t = with_round(t, games, bye)
    return got


def pair_in_process(path: Path) -> tuple[list[tuple[int, int]], int | None]:
    paired = pair_file(str(path))
    assert paired.system.name == "round-robin"
    return [(b.white, b.black) for b in paired.pairing.boards], paired.pairing.bye


def pair_by_command(path: Path) -> tuple[list[tuple[int, int]], int | None]:
    done = mipair("solve", path, "--json")
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert body["system"] == "round-robin"
    return [(b["white"], b["black"]) for b in body["boards"]], body["bye"]


@pytest.mark.parametrize("code", CODES)
def test_the_operations_pair_every_round_of_the_table(tmp_path: Path, code: str) -> None:
    """3 to 24 players, each round from the file of the rounds before it."""
    cycles, swap = CODES[code]
    for players in range(3, 25):
        expected = expected_rounds(players, table_for(players), cycles=cycles, swap=swap)
        t = entries(players, code)
        assert paired_through(tmp_path / "t.trf", t, len(expected), pair_in_process) == expected


@pytest.mark.parametrize(
    ("players", "code"), [(6, "FIDE_ROUNDROBIN"), (7, "FIDE_DOUBLEROUNDROBIN")]
)
def test_solve_pairs_every_round_of_the_table(tmp_path: Path, players: int, code: str) -> None:
    cycles, swap = CODES[code]
    expected = expected_rounds(players, table_for(players), cycles=cycles, swap=swap)
    t = entries(players, code)
    assert paired_through(tmp_path / "t.trf", t, len(expected), pair_by_command) == expected


def test_check_agrees_with_every_round_of_a_table_played_out(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    t = entries(9, "FIDE_DOUBLEROUNDROBIN")
    for games, bye in expected_rounds(9, table_for(9), cycles=2, swap=True):
        t = with_round(t, games, bye)
    path.write_text(write_tournament(t, "trf26"))
    report = mipair("check", path, "--json")
    assert report.returncode == 0, report.stdout
    checked = json.loads(report.stdout)["files"][0]
    assert checked["rounds"] == 18 and checked["differing"] == 0
    over = mipair("solve", path)
    assert "all 18 rounds are already paired" in refused(over)


# -- why, check, explain on the shipped scenarios ---------------------------------------


def test_check_tells_a_departure_from_an_illegal_round() -> None:
    assert mipair("check", SCENARIOS / "club.trf").returncode == 0
    assert mipair("check", SCENARIOS / "withdrawal.trf").returncode == 0
    departs = mipair("check", SCENARIOS / "departs.trf", "--json")
    assert departs.returncode == 6
    (second,) = [c for c in json.loads(departs.stdout)["files"][0]["checks"] if c["round"] == 2]
    assert second["verdict"] == "pairs" and not second["violations"]
    assert second["difference"]["criterion"] == "C.05 Annex 1"
    assert second["mipair"]["boards"] == [[6, 4], [5, 3], [1, 2]]  # the table, board order
    illegal = mipair("check", SCENARIOS / "illegal.trf", "--json")
    assert illegal.returncode == 7
    (second,) = [c for c in json.loads(illegal.stdout)["files"][0]["checks"] if c["round"] == 2]
    assert [v["criterion"] for v in second["violations"]] == ["C.05"]
    assert second["violations"][0]["players"] == [1, 6]
    dropin = mipair("--round-robin", SCENARIOS / "departs.trf", "-c")
    assert dropin.returncode == 0 and "Round #2" in dropin.stdout


def test_a_round_the_table_cannot_give_is_explained() -> None:
    """departs.trf played 4-5 in round 2; the table pairs them in round 3 (C.05: once a
    cycle): no pairing (exit 1), the reason the table's board and the earlier game."""
    line = refused(mipair("solve", SCENARIOS / "departs.trf"), code=1)
    assert "round 3 cannot be paired" in line and "4 and 5" in line
    explained = mipair("explain", SCENARIOS / "departs.trf", "--json")
    assert explained.returncode == 1
    body = json.loads(explained.stdout)
    assert not body["pairable"]
    assert {f["kind"] for f in body["reason"]["facts"]} == {"rematch", "table"}
    assert all(f["players"] == [4, 5] for f in body["reason"]["facts"])
    waived = [w["relaxation"] for w in body["relaxations"][0]["waive"]]
    assert waived == ["allow 4 and 5 to meet twice in this cycle"]
    fine = mipair("explain", SCENARIOS / "club.trf")
    assert fine.returncode == 0 and "can be paired" in fine.stdout


def test_why_names_the_table_for_a_departure_and_the_cycle_for_a_rematch() -> None:
    club = SCENARIOS / "club.trf"
    engine = json.loads(mipair("solve", club, "--json").stdout)
    assert [(b["white"], b["black"]) for b in engine["boards"]] == [(6, 5), (1, 4), (2, 3)]
    swapped = mipair("why", club, "--pair", "5-6", "--pair", "1-4", "--pair", "2-3")
    assert swapped.returncode == 0
    assert "colours differ from the Berger table (C.05 Annex 1) on 6-5" in swapped.stdout
    other = json.loads(
        mipair("why", club, "--pair", "1-5", "--pair", "2-4", "--pair", "3-6", "--json").stdout
    )
    assert other["legal"] and other["difference"]["criterion"] == "C.05 Annex 1"
    assert (other["difference"]["engine"], other["difference"]["proposal"]) == (0, 6)
    rematch = mipair("why", club, "--pair", "1-2", "--pair", "4-5", "--pair", "3-6", "--json")
    assert rematch.returncode == 1
    assert {v["criterion"] for v in json.loads(rematch.stdout)["violations"]} == {"C.05"}


def test_info_says_the_type_the_draw_and_the_withdrawal() -> None:
    info = json.loads(mipair("info", SCENARIOS / "withdrawal.trf", "--json").stdout)
    assert info["pairing_system"] == "round-robin" and info["total_rounds"] == 14
    assert (
        info["round_robin"].startswith("double") and "FIDE_DOUBLEROUNDROBIN" in info["round_robin"]
    )
    assert info["drawing_of_lots"] == "plain, seed w7 (the numbers are the draw's)"
    assert info["withdrawn"] == [3] and info["results_cancelled"] == [3]


def test_the_dropin_forms_pair_and_list(tmp_path: Path) -> None:
    club = SCENARIOS / "club.trf"
    out, listed = tmp_path / "pairs.txt", tmp_path / "list.json"
    assert mipair("--round-robin", club, "-p", out, "-l", listed).returncode == 0
    assert out.read_text() == "3\n6 5\n1 4\n2 3\n"
    (section,) = json.loads(listed.read_text())["rounds"]
    now = {row["id"]: row["now"] for row in section["players"]}
    assert now == {1: "W 4", 2: "W 3", 3: "B 2", 4: "B 1", 5: "B 6", 6: "W 5"}
    assert mipair("--rules", "2017", "--round-robin", club, "-p").returncode == 3


def test_bad_round_robin_files_are_refused_in_one_line(tmp_path: Path) -> None:
    text = (SCENARIOS / "club.trf").read_text()
    numbered = tmp_path / "gap.trf"
    numbered.write_text(
        text.replace("001    6 ", "001    9 ", 1).replace("     6 w =", "     9 w =")
    )
    line = refused(mipair("solve", numbered, "--system", "round-robin"))
    assert "1..6" in line  # the TRF reader refuses the gap itself
    rounds = tmp_path / "rounds.trf"
    rounds.write_text(text.replace("142 5", "142 7"))
    assert "has 5 (C.05 Annex 1)" in refused(mipair("solve", rounds))
    unknown = tmp_path / "type.trf"
    unknown.write_text(text.replace("192 FIDE_ROUNDROBIN", "192 FIDE_ROUNDROBIN_QUICK"))
    assert "192: tournament type" in refused(mipair("solve", unknown))
