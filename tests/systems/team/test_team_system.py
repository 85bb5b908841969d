"""Team Swiss (C.04.6) as a pairing system, through the installed ``mipair``.

The hand-worked rounds of ``scenarios/team/`` (each file's comment derives its pairing by
article) through ``solve`` (the file's 192 code finds the system), ``--system team`` and the
drop-in ``--team``; ``check`` on a tournament whose rounds the brute force of
``tests/support/swiss_brute/team.py`` paired (exit 0), on one that departs from the text (6) and
one with a rematch (7); ``why`` for the engine's pairs with other colours, a worse legal
pairing and a rematch; ``explain`` for a round no pairing keeps [C1] in; the boards of each
match; bad files refused in one line.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from mipair.formats.trf_write import write_tournament
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT
from tests.support.swiss_brute.build import build_teams
from tests.support.swiss_brute.team_simulate import play

SCENARIOS = ROOT / "scenarios" / "team"


def expected(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    """The ``### expected:`` line of a scenario: its matches (White first) and PAB."""
    line = next(x for x in path.read_text().splitlines() if x.startswith("### expected:"))
    pairs = {(int(a), int(b)) for a, b in re.findall(r"(\d+)-(\d+)", line)}
    bye = re.search(r"bye (\d+)", line)
    return pairs, int(bye.group(1)) if bye else None


def dropin(path: Path, *flags: str) -> tuple[set[tuple[int, int]], int | None]:
    done = mipair(*flags, path, "-p")
    assert done.returncode == 0, done.stderr
    rows = [tuple(map(int, row.split())) for row in done.stdout.splitlines()[1:]]
    assert int(done.stdout.splitlines()[0]) == len(rows)
    return {(a, b) for a, b in rows if b}, next((a for a, b in rows if not b), None)


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.trf")), ids=lambda p: p.stem)
def test_the_worked_rounds_are_paired_as_their_articles_say(path: Path) -> None:
    want = expected(path)
    assert dropin(path, "--team") == want
    solved = mipair("solve", path, "--json")  # the 192 code names the system
    assert solved.returncode == 0, solved.stderr
    body = json.loads(solved.stdout)
    assert body["system"] == "team" and body["rules"] == "2026"
    assert ({(b["white"], b["black"]) for b in body["boards"]}, body["bye"]) == want
    named = json.loads(mipair("solve", "--system", "team", path, "--json").stdout)
    assert named["boards"] == body["boards"]


def test_solve_shows_the_boards_of_each_match() -> None:
    """1.6.1 and 352: board 1 of the White team has White, the boards alternate."""
    text = mipair("solve", SCENARIOS / "round1-even.trf").stdout
    assert "Round 1 (3 matches)" in text
    # 1-4: team 1's players 1, 2 against team 4's 7, 8; WB for team 1
    assert re.search(r"board 1:\s+1 .*-\s+7 ", text)
    assert re.search(r"board 2:\s+8 .*-\s+2 ", text)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight teams of three boards, four of six rounds paired by the brute force."""
    t = play(8, 6, 4, random.Random(11), boards=3, system="FIDE_TEAM_TYPEB_MP_GP")
    path = tmp_path_factory.mktemp("team") / "played.trf"
    path.write_text(write_tournament(t))
    return path


def test_check_agrees_with_the_rounds_the_text_pairs(played: Path) -> None:
    done = mipair("check", played, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    checks = json.loads(done.stdout)["files"][0]["checks"]
    assert [c["round"] for c in checks] == [1, 2, 3, 4]
    assert all(c["verdict"] == "same" for c in checks)
    assert mipair("--team", played, "-c").returncode == 0


def test_check_tells_a_departure_from_an_illegal_round(tmp_path: Path) -> None:
    departs = tmp_path / "departs.trf"
    # round 1 of four teams: 3.6.2 pairs 1-3 and 2-4 (tops 1, 2); 1-2, 3-4 is legal
    departs.write_text(write_tournament(build_teams(4, [["1-2:11", "3-4:10"]], total=3)))
    done = mipair("check", departs, "--json")
    assert done.returncode == 6
    (first,) = json.loads(done.stdout)["files"][0]["checks"]
    assert first["verdict"] == "pairs" and not first["violations"]
    assert "bracket of score 0.0, where they pair differently" in first["summary"]
    illegal = tmp_path / "illegal.trf"
    rounds = [["1-3:1=", "2-4:1="], ["3-1:1=", "4-2:=="]]
    illegal.write_text(write_tournament(build_teams(4, rounds, total=3)))
    done = mipair("check", illegal, "--json")
    assert done.returncode == 7
    second = json.loads(done.stdout)["files"][0]["checks"][1]
    assert {v["criterion"] for v in second["violations"]} == {"C1"}


def test_why_names_article_4_then_the_first_criterion_then_c1() -> None:
    path = SCENARIOS / "c6-following.trf"  # expected: 4-1 5-3 7-2 8-6
    swapped = mipair(
        "why", path, "--pair", "1-4", "--pair", "5-3", "--pair", "7-2", "--pair", "8-6"
    )
    assert swapped.returncode == 0
    assert "colours differ from C.04.6 Article 4 on 4-1 (4.3.7)" in swapped.stdout
    other = mipair(
        "why", path, "--pair", "3-1", "--pair", "4-5", "--pair", "7-2", "--pair", "8-6", "--json"
    )
    body = json.loads(other.stdout)
    assert other.returncode == 1  # 4-5 drew in round 1
    assert {v["criterion"] for v in body["violations"]} == {"C1"}
    worse = json.loads(
        mipair(
            "why",
            path,
            "--pair",
            "1-3",
            "--pair",
            "4-5",
            "--pair",
            "2-7",
            "--pair",
            "6-8",
            "--system",
            "team",
            "--json",
        ).stdout
    )
    assert not worse["legal"]
    legal = json.loads(
        mipair(
            "why",
            path,
            "--pair",
            "3-1",
            "--pair",
            "5-4",
            "--pair",
            "7-2",
            "--pair",
            "8-6",
            "--json",
        ).stdout
    )
    assert legal["violations"] == [] or {v["criterion"] for v in legal["violations"]} == {"C1"}


def test_why_names_c6_for_the_set_the_following_group_cannot_follow(tmp_path: Path) -> None:
    """c6-following.trf: the set {3} leaves 4-5, a rematch, of the following scoregroup."""
    path = SCENARIOS / "c6-following.trf"
    # 1-3 upfloats 3; 4 then needs an upfloater: 4-2 (legal), 5-6, 7-8
    proposal = ["3-1", "4-2", "5-6", "7-8"]
    done = mipair("why", path, *[x for p in proposal for x in ("--pair", p)], "--json")
    body = json.loads(done.stdout)
    if body["violations"]:
        pytest.skip("the proposal breaks C1 in this file")
    assert body["difference"]["criterion"] == "C6"


def test_explain_names_the_matches_played(tmp_path: Path) -> None:
    """Four teams after three rounds have each played the three others: no pairing ([C1])."""
    rounds = [["1-2:11", "3-4:11"], ["1-3:11", "2-4:11"], ["1-4:11", "2-3:11"]]
    path = tmp_path / "met.trf"
    path.write_text(write_tournament(build_teams(4, rounds, total=5)))
    line = refused(mipair("solve", path), code=1)
    assert "round 4 cannot be paired" in line
    explained = mipair("explain", path, "--json")
    assert explained.returncode == 1
    body = json.loads(explained.stdout)
    assert not body["pairable"]
    assert {f["kind"] for f in body["reason"]["facts"]} == {"rematch"}
    assert "have already played a match" in body["reason"]["facts"][0]["text"]
    fine = mipair("explain", SCENARIOS / "round1-odd.trf")
    assert fine.returncode == 0 and "can be paired" in fine.stdout


def test_info_and_bad_team_files(tmp_path: Path) -> None:
    info = json.loads(mipair("info", SCENARIOS / "typeb-c9.trf", "--json").stdout)
    assert info["pairing_system"] == "team"
    individual = ROOT / "scenarios" / "round-robin" / "club.trf"
    assert "not a team file" in refused(mipair("solve", "--system", "team", individual))
    text = (SCENARIOS / "round1-even.trf").read_text()
    broken = tmp_path / "broken.trf"
    broken.write_text(text.replace("310   2 ", "310   9 ", 1))
    line = refused(mipair("solve", broken))
    assert "broken.trf" in line


def test_generate_and_the_dropin_forms(tmp_path: Path) -> None:
    """``generate --system team``: a TRF-2026 team file whose every round check re-pairs;
    the drop-in ``-g``, ``-c``, ``-p`` and ``-l`` forms on it."""
    config = tmp_path / "config.txt"
    config.write_text(
        "PlayersNumber=9\nRoundsNumber=6\nForfeitRate=15\nRetiredRate=9\nHalfPointByeRate=9\n"
    )
    out = tmp_path / "team-{seed}.trf"
    done = mipair("generate", config, "--system", "team", "-o", out, "-s", "4", "-n", "3")
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("team-*.trf"))
    assert len(files) == 3
    text = files[0].read_text()
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "\n310   9 " in text and "\n352 " in text
    checked = mipair("check", *files, "--json")
    assert checked.returncode == 0, checked.stdout
    assert all(
        f["differing"] == 0 and f["rounds"] >= 1 for f in json.loads(checked.stdout)["files"]
    )
    made = tmp_path / "dropin.trf"
    assert mipair("--team", "-g", config, "-o", made, "-s", "9").returncode == 0
    assert mipair("--team", made, "-c").returncode == 0
    again = tmp_path / "again.trf"
    assert mipair("--team", "-g", config, "-o", again, "-s", "9").returncode == 0
    assert again.read_text() == made.read_text()  # the seed gives the same file
    listed = tmp_path / "list.json"
    pairs = tmp_path / "pairs.txt"
    path = SCENARIOS / "typeb-c9.trf"
    assert mipair("--team", path, "-p", pairs, "-l", listed).returncode == 0
    (section,) = json.loads(listed.read_text())["rounds"]
    now = {row["id"]: row["now"] for row in section["teams"]}
    assert now == {1: "W 4", 2: "B 3", 3: "W 2", 4: "B 1", 5: "B 7", 6: "W 8", 7: "W 5", 8: "B 6"}
    prefs = {row["id"]: row["preference"] for row in section["teams"]}
    assert prefs[1] == "W!" and prefs[2] == "W"  # 1.7: strong and mild under type B
