"""What the chess desk does with a correction, a round taken back, rounds that do not exist.

Through the installed command. The reading of C.04.2 (docs/chess-arbiter.md, "A tournament
day"): a corrected result applies to every pairing still to be made; the round
being played keeps its pairing unless it now breaks an absolute rule; then,
without results, it is taken back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from tests.support.chess_desk import SCRIPT, boards_of, mipair, ok, ok_json, refused

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")


def two_players(folder: Path) -> Path:
    """Two players, two rounds: round 1 forfeited, so round 2 pairs them again (a forfeit is
    not a game played: C.04.1 rule 2 allows the pairing)."""
    file = folder / "duel.trf"
    ok("chess", "new", file, "--name", "Duel", "--rounds", 2)
    ok("chess", "register", file, "Alpha, A", "--rating", 2000)
    ok("chess", "register", file, "Beta, B", "--rating", 1900)
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, 1, "+-")
    view = ok_json("chess", "pair", file, "--save")
    assert [{b["white"]["id"], b["black"]["id"]} for b in view["boards"]] == [{1, 2}]
    return file


def test_a_correction_that_makes_the_round_being_played_a_rematch_voids_it(tmp_path: Path):
    file = two_players(tmp_path)
    done = mipair("chess", "result", file, "--round", 1, 1, "1-0")
    assert done.returncode == 0, done.stderr
    assert "round 2's pairing is void and taken back" in done.stdout
    assert "round 2 (void and taken back) now breaks" in done.stderr
    t = read_tournament(file)
    assert [t.cell(1, 1).result.value, t.cell(2, 1).result.value] == ["1", "0"]
    assert "MPB 002" not in file.read_text(encoding="utf-8")
    assert ok_json("info", file)["next_round"] == 2
    refused(1, "chess", "pair", file, "--save")  # they have played: no pairing is left


def pab_of_round_2(folder: Path) -> tuple[Path, int, str]:
    """Five players, round 1 played, round 2 paired: the file, round 2's PAB and the result
    that turns his round 1 game into a win by forfeit (which bars the PAB: C.04.1 rule 4)."""
    file = folder / "five.trf"
    ok("chess", "new", file, "--name", "Five", "--rounds", 4)
    for k in range(5):
        ok("chess", "register", file, f"P{k}, X", "--rating", 2000 - 50 * k)
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, 1, "0-1", 2, "0-1")
    bye = ok_json("chess", "pair", file, "--save")["bye"]["id"]
    board = next(
        b for b in ok_json("chess", "pairing", file, "--round", 1)["boards"]
        if bye in (b["white"]["id"], b["black"]["id"])
    )  # fmt: skip
    won = "+-" if board["white"]["id"] == bye else "-+"
    return file, board["board"], won


def test_a_correction_that_bars_the_pab_voids_the_round_being_played(tmp_path: Path) -> None:
    file, board, won = pab_of_round_2(tmp_path)
    done = mipair("chess", "result", file, "--round", 1, board, won)
    assert done.returncode == 0 and "round 2's pairing is void" in done.stdout, done
    assert done.stderr.count("now breaks") == 1
    ok("chess", "pair", file, "--save")  # paired again, the PAB to another player


def test_with_results_entered_the_games_of_the_round_being_played_stand(tmp_path: Path):
    file, board, won = pab_of_round_2(tmp_path)
    ok("chess", "result", file, 1, "=")  # round 2's first game is over
    done = mipair("chess", "result", file, "--round", 1, board, won)
    assert done.returncode == 0 and "void" not in done.stdout, done
    assert "round 2 (being played: its games stand) now breaks" in done.stderr
    assert ok_json("chess", "pairing", file)["boards"][0]["result"] == "½-½"


def test_a_correction_that_breaks_no_rule_leaves_the_pairing_standing(tmp_path: Path) -> None:
    file = tmp_path / "club.trf"
    ok("chess", "new", file, "--name", "Club", "--rounds", 5)
    for k in range(6):
        ok("chess", "register", file, f"P{k}, X", "--rating", 2000 - 50 * k)
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, 1, "1-0", 2, "0-1", 3, "=")
    before = ok_json("chess", "pair", file, "--save")
    done = mipair("chess", "result", file, "--round", 1, 3, "1-0")
    assert done.returncode == 0 and done.stderr == ""
    assert "round 2 was paired before this correction; its pairing stands" in done.stdout
    assert boards_of(ok_json("chess", "pairing", file)) == boards_of(before)
    assert ok_json("chess", "standings", file)["after"] == 1


def test_a_round_being_played_is_taken_back_only_when_forced_with_results(tmp_path: Path):
    file = tmp_path / "club.trf"
    ok("chess", "new", file, "--name", "Club", "--rounds", 3)
    for k in range(5):
        ok("chess", "register", file, f"P{k}, X", "--rating", 2000 - 50 * k)
    assert "no round is paired yet" in refused(3, "chess", "unpair", file)
    first = ok_json("chess", "pair", file, "--save", "--date", "2026-06-01")
    ok("chess", "result", file, 1, "1-0")
    assert "--force" in refused(3, "chess", "unpair", file)
    assert "round 1: 2 boards taken back" in ok("chess", "unpair", file, "--force")
    assert "MPB" not in file.read_text(encoding="utf-8")
    assert "132" not in file.read_text(encoding="utf-8")  # the round's date went with it
    ok("chess", "absent", file, 1, "--round", 1)  # what unpair is for
    again = ok_json("chess", "pair", file, "--save", "--date", "2026-06-01")
    assert boards_of(again) != boards_of(first) and again["absent"][0]["id"] == 1
    ok("chess", "result", file, 1, "1-0", 2, "0-1")
    assert "round 1 is complete: its results stand" in refused(3, "chess", "unpair", file)


def test_rounds_that_do_not_exist_are_refused_with_one_line(tmp_path: Path) -> None:
    file = tmp_path / "short.trf"
    ok("chess", "new", file, "--name", "Short", "--rounds", 2)
    for k in range(4):
        ok("chess", "register", file, f"P{k}, X", "--rating", 2000 - 50 * k)
    named = str(file)
    assert (
        refused(3, "chess", "result", file, 1, "1-0") == f"{named}: round: no round is paired yet"
    )
    ok("chess", "pair", file, "--save")
    assert "round 2 is not paired (the rounds paired are 1 to 1)" in refused(
        3, "chess", "result", file, "--round", 2, 1, "1-0"
    )
    assert "the tournament has rounds 1 to 2" in refused(
        3, "chess", "absent", file, 1, "--round", 3
    )
    assert "round 1 is paired already" in refused(3, "chess", "bye", file, 2, "--round", 1)
    assert "round 1 is being played" in refused(3, "chess", "pair", file, "--save")
    assert "boards 1 to 2, not '9'" in refused(3, "chess", "result", file, 9, "1-0")
    assert "a result is one of" in refused(3, "chess", "result", file, 1, "2-0")
    ok("chess", "result", file, 1, "1-0", 2, "1-0")
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, 1, "0-1", 2, "-/-")
    assert "all 2 rounds are paired" in refused(3, "chess", "pair", file, "--save")
    assert "all 2 rounds are paired already" in refused(3, "chess", "withdraw", file, 1)
    assert "rounds completed are 1 to 2" in refused(3, "chess", "standings", file, "--after", 3)
    assert "round 3 is not paired" in refused(3, "chess", "pairing", file, "--round", 3)
