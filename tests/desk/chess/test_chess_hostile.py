"""Bad and hostile input at the chess desk, through the installed command: one located line,
the documented exit code, and the file exactly as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.chess_desk import SCRIPT, ok, refused

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament of six players, round 1 complete, round 2 being played."""
    file = tmp_path_factory.mktemp("made") / "club.trf"
    ok("chess", "new", file, "--name", "Club", "--rounds", 5)
    for k in range(6):
        ok(
            "chess",
            "register",
            file,
            f"Player {k}, X",
            "--rating",
            2000 - 50 * k,
            "--fide-id",
            10 + k,
        )
    ok("chess", "pair", file, "--save", "--date", "2026-01-10")
    ok("chess", "result", file, 1, "1-0", 2, "0-1", 3, "=")
    ok("chess", "pair", file, "--save", "--date", "2026-01-11")
    return file


@pytest.fixture
def day(made: Path, tmp_path: Path) -> Path:
    """A copy of that tournament for one test."""
    file = tmp_path / "club.trf"
    shutil.copy(made, file)
    return file


BAD_CHANGES = [
    (["register", "FILE", "Bad\nName"], "name: 'Bad\\nName' holds a control character"),
    (["register", "FILE", "\x1b[2J, Clear"], "holds a control character"),
    (["register", "FILE", "X" * 40], "name: at most 33 characters (40 given)"),
    (["register", "FILE", "   "], "a player needs a name"),
    (["register", "FILE", "A, b", "--rating", 10000], "a rating goes from 0 to 9999"),
    (["register", "FILE", "A, b", "--title", "KING"], "a title is one of GM"),
    (["register", "FILE", "A, b", "--fide-id", "12;rm -rf"], "a FIDE id is up to 11 digits"),
    (["register", "FILE", "A, b", "--fide-id", 12], "FIDE id 12 is registered already"),
    (["register", "FILE", "player 2,  x"], "Player 2, X is registered already (3)"),
    (["register", "FILE", "A, b", "--federation", "FRANCE"], "a federation is three letters"),
    (["register", "FILE", "A, b", "--birth", "1990-02-30"], "'1990-02-30' is not a date"),
    (["register", "FILE", "A, b", "--sex", "x"], "the sex is one of m, w"),
    (["result", "FILE", 1], "board 1: a result expected after it"),
    (["result", "FILE", 1, "1-0", "0-1"], "board 1 is one game: one result, not 2"),
    (["result", "FILE", "1.2", "1-0"], "boards 1 to 3, not '1.2'"),
    (["result", "FILE", "1e9", "1-0"], "boards 1 to 3, not '1e9'"),
    (["result", "FILE", "0", "1-0"], "boards 1 to 3, not '0'"),
    (["result", "FILE", 1, "1-0; DROP"], "a result is one of"),
    (["result", "FILE", "--round", 1, 1, "?"], "a result can be corrected, not erased"),
    (["result", "FILE", "--round", 999999, 1, "1-0"], "round 999999 is not paired"),
    (["absent", "FILE", "Nobody", "--round", 3], "no player's name starts with 'Nobody'"),
    (["absent", "FILE", "Player", "--round", 3], "'Player' could be Player 0, X (1)"),
    (["absent", "FILE", 99, "--round", 3], "no player has the pairing number 99"),
    (["absent", "FILE", 1, "--round", "3-1"], "a range runs upwards"),
    (["absent", "FILE", 1, "--round", "1-99999"], "rounds as 3, 3,5 or 2-4"),
    (["absent", "FILE", 1, "--round", 6], "the tournament has rounds 1 to 5"),
    (["bye", "FILE", 1, "--round", 2], "round 2 is paired already"),
    (["withdraw", "FILE", 1, "--from", 2], "round 2 is paired already"),
    (["forbid", "FILE", 1], "a prohibited pairing names two players or more"),
    (["forbid", "FILE", 1, 2, "--round", "4-9"], "the tournament has rounds 1 to 5"),
]


@pytest.mark.parametrize(("args", "message"), BAD_CHANGES)
def test_a_bad_change_is_one_line_and_changes_nothing(day: Path, args: list, message: str):
    before = day.read_bytes()
    line = refused(3, "chess", *(day if a == "FILE" else a for a in args))
    assert line.startswith(f"{day}: ") and message in line, line
    assert day.read_bytes() == before


def test_bad_settings_of_a_new_tournament(tmp_path: Path) -> None:
    file = tmp_path / "new.trf"
    cases = [
        (["--rounds", 0], "rounds: a tournament has 1 to 999 rounds"),
        (["--rounds", 3, "--points", "1,x,0"], "points: 'x' is not a number of points"),
        (["--rounds", 3, "--points", "100,50,0"], "points go from 0 to 99.9"),
        (["--rounds", 3, "--date", "2026-13-01"], "'2026-13-01' is not a date"),
        (["--rounds", 3, "--tiebreaks", "BH,NOPE"], "unknown tie-break 'NOPE'"),
        (["--rounds", 3, "--system", "papp"], "unknown system 'papp'"),
        (["--rounds", 3, "--rules", "1999"], "dutch has the editions 2026, 2017, 2012"),
        (["--rounds", 3, "--place", "x" * 300], "at most 200 characters"),
    ]
    for options, message in cases:
        line = refused(3, "chess", "new", file, "--name", "Cup", *options)
        assert message in line and not file.exists(), line
    ok("chess", "new", file, "--name", "Cup", "--rounds", 3)
    before = file.read_bytes()
    assert "the file exists already" in refused(
        5, "chess", "new", file, "--name", "X", "--rounds", 4
    )
    assert file.read_bytes() == before


def test_files_that_are_not_a_chess_tournament(day: Path, tmp_path: Path) -> None:
    missing = tmp_path / "missing.trf"
    assert "cannot read the file" in refused(5, "chess", "standings", missing)
    assert "cannot read the file" in refused(5, "chess", "result", missing, 1, "1-0")
    xml = tmp_path / "cup.xml"
    xml.write_text('<?xml version="1.0"?>\n<Tournament/>\n')
    assert refused(3, "chess", "pairing", xml).startswith(f"{xml}:1: record code:")
    team = tmp_path / "team.trf"
    team.write_bytes(day.read_bytes().replace(b"192 FIDE_DUTCH", b"192 FIDE_TEAM"))
    line = refused(3, "chess", "standings", team)  # a team system's file lists its teams
    assert "192: tournament type 'FIDE_TEAM': a team tournament's file has its boards" in line


EDITS = [
    ("MPB 002    1", "MPB 002    7", "board 7 should be board 1"),
    ("MPB 001    1", "MPB 001 x  1", "'x  1' is not a number"),
    ("MPB 001    1", "MPB 0011   1", "expected MPB RRR BBBB WWWW BBBB"),
    ("MPB 002    1", "MPB 004    1", "round 4 cannot be paired before round 2"),
    ("MPB 001    2", "MPB 001    3", "should be board 2 of the games"),
]


@pytest.mark.parametrize(("old", "new", "message"), EDITS)
def test_a_desk_record_edited_by_hand_is_located(day: Path, old: str, new: str, message: str):
    text = day.read_bytes().decode()
    assert old in text
    day.write_bytes(text.replace(old, new, 1).encode())
    line = refused(3, "chess", "pairing", day)
    number = next(k for k, row in enumerate(text.splitlines(), 1) if row.startswith(old))
    assert line.startswith(f"{day}:{number}: MPB record: ") and message in line, line


def test_a_result_code_of_a_round_being_played_edited_by_hand(day: Path) -> None:
    ok("chess", "result", day, 1, "1-0")
    text = day.read_bytes().decode()
    assert " 1 0\r\n" in text  # a new file's lines end with CR LF
    day.write_bytes(text.replace(" 1 0\r\n", " 1 1\r\n", 1).encode())
    assert "results 1 and 1 do not agree" in refused(3, "chess", "result", day, 2, "=")
