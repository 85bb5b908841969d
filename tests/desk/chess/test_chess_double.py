"""A Double-Swiss tournament (FIDE C.04.5) run at the chess desk with the installed command.

Each round is a match of two games, written as TRF rounds ``2k - 1`` and ``2k``
(``models/double-swiss-2026.md`` section 9): every match the desk pairs is the one
``mipair solve`` and the drop-in ``mipair --double-swiss`` compute from the same file; each
board's two games are entered together (``3 1-0 1/2``) or one by one (``3.2 1/2``); the
standings are ``mipair standings``'s; a bye is a whole match; refused entries change nothing.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from mipair.formats.trf import read_tournament
from mipair.matches import columns, match
from mipair.model import Colour, Result
from tests.support.chess_desk import mipair, ok, ok_json, refused, register_players

MATCHES = 3
GAME_RESULTS = ["1-0", "0-1", "1/2", "+-", "1-0", "="]


def dropin_pairs(file: Path) -> list[tuple[int, int]]:
    """The pairs the drop-in ``mipair --double-swiss FILE -p OUT`` writes (``N 0``: the PAB)."""
    out = file.with_suffix(".pairs")
    ok("--double-swiss", file, "-p", out)
    lines = out.read_text().split("\n")[1:]
    return [(int(a), int(b)) for a, b in (line.split() for line in lines if line.strip())]


def pair_as_solve(file: Path, number: int) -> dict:
    """Pair the next match with ``--save``, checked against ``mipair solve`` and the drop-in
    on the file as it stood."""
    cut = file.with_name(f"cut{number}.trf")
    shutil.copy(file, cut)
    expected = ok_json("solve", cut)
    view = json.loads(
        ok("chess", "pair", file, "--save", "--json", "--date", "2026-06-0" + str(number))
    )
    pairs = [(b["white"]["id"], b["black"]["id"]) for b in view["boards"]]
    assert view["round"] == number and not view["complete"]
    assert pairs == [(b["white"], b["black"]) for b in expected["boards"]]
    assert (view["bye"] or {}).get("id") == expected["bye"]
    bye = [(view["bye"]["id"], 0)] if view["bye"] else []
    assert sorted(dropin_pairs(cut)) == sorted(pairs + bye)
    return view


def check_columns(file: Path, view: dict) -> None:
    """The completed match fills TRF rounds 2k-1 and 2k: the same boards, colours reversed."""
    t = read_tournament(file)
    one, two = columns(view["round"])
    for board in view["boards"]:
        white, black = board["white"]["id"], board["black"]["id"]
        first, second = t.cell(white, one), t.cell(white, two)
        assert first is not None and second is not None
        assert (first.opponent, first.colour) == (black, Colour.WHITE)
        assert (second.opponent, second.colour) == (black, Colour.BLACK)
    if view["bye"]:
        pid = view["bye"]["id"]
        assert match(t, pid, view["round"]).is_pab
        assert t.cell(pid, one).result is t.cell(pid, two).result is Result.PAB


def test_a_double_swiss_day(tmp_path: Path) -> None:
    file = tmp_path / "double.trf"
    created = ok_json("chess", "new", file, "--name", "Double", "--rounds", MATCHES,
                      "--system", "double-swiss")  # fmt: skip
    assert (created["system"], created["rounds"]) == ("double-swiss", MATCHES)
    text = file.read_text()
    assert "192 FIDE_DOUBLESWISS" in text and "142 6" in text and "162  P 1.5" in text
    rng = random.Random(5)
    register_players(file, 9, rng)
    ok("chess", "bye", file, "4", "--round", "2", "--points", "half")  # a whole match: H H
    ok("chess", "withdraw", file, "7", "--from", "3")

    view = pair_as_solve(file, 1)
    boards = len(view["boards"])
    # board 1 game by game (3.1 then 3.2), the match incomplete in between
    ok("chess", "result", file, "1.1", "1-0")
    half = ok_json("chess", "pairing", file)
    assert not half["complete"] and half["boards"][0]["result"] == "1-0 …"
    assert half["boards"][0]["games"][1] == {
        "game": 2,
        "white": view["boards"][0]["black"]["id"],
        "black": view["boards"][0]["white"]["id"],
        "result": "",
        "codes": None,
    }
    ok("chess", "result", file, "1.2", "1/2")
    # the other boards both games at once, a forfeit and a double forfeit among them
    entries = ["2", "+-", "--"] + [x for k in range(3, boards + 1)
                                   for x in (str(k), rng.choice(GAME_RESULTS), rng.choice(GAME_RESULTS))]  # fmt: skip
    done = ok_json("chess", "result", file, *entries)
    assert done["completed"] and {r["game"] for r in done["results"]} == {1, 2}
    full = ok_json("chess", "pairing", file, "--round", 1)
    assert full["complete"] and full["boards"][0]["match"] == "1.5-0.5"
    assert full["boards"][1]["result"] == "+- --" and full["boards"][1]["match"] == "1-0"
    check_columns(file, full)

    for number in range(2, MATCHES + 1):
        view = pair_as_solve(file, number)
        if number == 2:
            assert 4 not in {p["id"] for p in view["byes"]} or view["byes"][0]["bye"]
        typed = [x for b in view["boards"]
                 for x in (str(b["board"]), rng.choice(GAME_RESULTS), rng.choice(GAME_RESULTS))]  # fmt: skip
        ok("chess", "result", file, *typed)
        check_columns(file, ok_json("chess", "pairing", file, "--round", number))

    t = read_tournament(file)
    assert t.cell(4, 3).result is t.cell(4, 4).result is Result.HALF_BYE
    assert t.cell(7, 5).result is t.cell(7, 6).result is Result.ZERO_BYE
    mine = ok_json("chess", "standings", file)
    assert mine["after"] == MATCHES
    theirs = ok_json("standings", file)
    assert [(r["id"], r["rank"], r["points"], r["tiebreaks"]) for r in mine["standings"]] == [
        (r["id"], r["rank"], r["points"], r["tiebreaks"]) for r in theirs
    ]
    crosstable = ok("chess", "crosstable", file)
    assert "R1.1" in crosstable and "R3.2" in crosstable
    checked = ok("check", file)
    assert f"{MATCHES} rounds checked, all agree" in checked, checked


def test_a_correction_and_the_match_being_played(tmp_path: Path) -> None:
    file = tmp_path / "double.trf"
    ok("chess", "new", file, "--name", "Double", "--rounds", 3, "--system", "double-swiss")
    register_players(file, 6, random.Random(2))
    view = pair_as_solve(file, 1)
    ok(
        "chess",
        "result",
        file,
        *[x for b in view["boards"] for x in (str(b["board"]), "1-0", "0-1")],
    )
    pair_as_solve(file, 2)
    before = ok_json("chess", "standings", file)["standings"]
    said = ok("chess", "result", file, "--round", 1, "1.2", "1-0")  # game 2: its White won
    assert "round 1 board 1 game 2" in said and "(was 0-1)" in said
    after = ok_json("chess", "standings", file)["standings"]
    assert after != before
    assert ok_json("chess", "pairing", file, "--round", 1)["boards"][0]["match"] == "1-1"
    if "its pairing stands" in said:  # pair match 2 again from the corrected result
        ok("chess", "unpair", file)
    pair_as_solve(file, 2)


def test_refused_entries_change_nothing(tmp_path: Path) -> None:
    file = tmp_path / "double.trf"
    ok("chess", "new", file, "--name", "Double", "--rounds", 2, "--system", "double-swiss")
    register_players(file, 5, random.Random(3))
    ok("chess", "pair", file, "--save")
    before = file.read_bytes()
    for args, message in [
        (["1.3", "1-0"], "round 1 board 1 is a match of games 1 to 2, not '3'"),
        (["9", "1-0", "1-0"], "round 1 has boards 1 to 2, not '9'"),
        (["1", "1-0"], "board 1 is a match of 2 games: type every game's result"),
        (["1", "1-0", "0-1", "1-0"], "not 3 result(s)"),
        (["--round", 2, "1", "1-0", "0-1"], "round 2 is not paired"),
        (["--round", 7, "1", "1-0", "0-1"], "round 7 is not paired"),
        (["1", "1-0", "2-0"], "a result is one of"),
    ]:
        line = refused(3, "chess", "result", file, *args)
        assert line.startswith(f"{file}: ") and message in line, line
        assert file.read_bytes() == before


def test_a_tournament_paired_elsewhere(tmp_path: Path) -> None:
    """A Double-Swiss file written by another program (``mipair generate``: no board records)
    is read at the desk: each match's boards in the system's publication order, its
    standings ``mipair standings``'s."""
    config = tmp_path / "club.cfg"
    config.write_text("PlayersNumber=8\nRoundsNumber=3\nDrawPercentage=30\nForfeitRate=10\n")
    ok(
        "generate",
        config,
        "--system",
        "double-swiss",
        "-s",
        "4",
        "-o",
        tmp_path / "made-{seed}.trf",
    )
    file = tmp_path / "made-4.trf"
    t = read_tournament(file)
    for number in (1, 2, 3):
        view = ok_json("chess", "pairing", file, "--round", number)
        assert view["complete"]
        for board in view["boards"]:
            assert board["games"][0]["codes"] is not None and "match" in board
        check_columns(file, view)
    mine = ok_json("chess", "standings", file)["standings"]
    theirs = ok_json("standings", file)
    assert [(r["id"], r["points"]) for r in mine] == [(r["id"], r["points"]) for r in theirs]
    assert len(mine) == len(t.players)


def test_a_correction_voids_a_match_that_now_meets_again(tmp_path: Path) -> None:
    """A double forfeit (no meeting) corrected into two games played: the next match, which
    paired the two again and has no result, is void and taken back (C1)."""
    file = tmp_path / "double.trf"
    ok("chess", "new", file, "--name", "Two", "--rounds", 2, "--system", "double-swiss")
    register_players(file, 2, random.Random(1))
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, "1", "--", "--")
    assert pair_as_solve(file, 2)["boards"][0]["result"] == ""
    done = mipair("chess", "result", file, "--round", 1, "1", "1-0", "1-0")
    assert done.returncode == 0, done.stderr
    assert "round 2's pairing is void and taken back" in done.stdout
    assert "round 2 (void and taken back) now breaks" in done.stderr
    assert ok_json("chess", "pairing", file)["round"] == 1
    assert "MPB 003" not in file.read_text()


def test_games_ending_half_zero_or_zero_zero(tmp_path: Path) -> None:
    """A game ending ½-0, 0-½ or 0-0 (TRF-2026 3.2: each player's own code) is typed in a
    match as any other result, alone or with the other game: the file read again holds the
    codes typed, the match score counts them, the standings are ``mipair standings``'s and
    the next match is the one ``mipair solve`` pairs."""
    file = tmp_path / "double.trf"
    ok("chess", "new", file, "--name", "Odd", "--rounds", 2, "--system", "double-swiss")
    register_players(file, 4, random.Random(7))
    view = pair_as_solve(file, 1)
    ok("chess", "result", file, "1", "½-0", "0-0", "2.1", "0-1/2", "2.2", "1-0")
    full = ok_json("chess", "pairing", file, "--round", 1)
    assert [b["result"] for b in full["boards"]] == ["½-0 0-0", "0-½ 1-0"]
    assert [b["match"] for b in full["boards"]] == ["0.5-0", "0-1.5"]
    t = read_tournament(file)
    first, second = view["boards"][0]["white"]["id"], view["boards"][0]["black"]["id"]
    assert [t.cell(first, r).result for r in (1, 2)] == [Result.DRAW, Result.LOSS]
    assert [t.cell(second, r).result for r in (1, 2)] == [Result.LOSS, Result.LOSS]
    third = view["boards"][1]["black"]["id"]
    assert [t.cell(third, r).result for r in (1, 2)] == [Result.DRAW, Result.WIN]
    check_columns(file, full)
    view = pair_as_solve(file, 2)
    ok("chess", "result", file, *[x for b in view["boards"] for x in (str(b["board"]), "0-0", "0.5-0")])  # fmt: skip
    mine = ok_json("chess", "standings", file)["standings"]
    theirs = ok_json("standings", file)
    assert [(r["id"], r["rank"], r["points"], r["tiebreaks"]) for r in mine] == [
        (r["id"], r["rank"], r["points"], r["tiebreaks"]) for r in theirs
    ]
    assert sum(r["points"] for r in mine) == 0.5 + 1.5 + 2 * 0.5
    assert "2 rounds checked, all agree" in ok("check", file)


def test_a_single_game_refuses_half_zero(tmp_path: Path) -> None:
    """A round of single games (Dutch) refuses ½-0 and 0-0, which its TRF file does not allow
    (C.04 Annex 2 counterparts); nothing is written."""
    file = tmp_path / "dutch.trf"
    ok("chess", "new", file, "--name", "Single", "--rounds", 3)
    register_players(file, 4, random.Random(7))
    ok("chess", "pair", file, "--save")
    before = file.read_bytes()
    for typed in ("½-0", "0-0", "0-1/2"):
        line = refused(3, "chess", "result", file, "1", typed)
        assert "a game ends ½-0 or 0-0 only in a match of a Double-Swiss" in line, line
        assert file.read_bytes() == before


def test_the_baku_acceleration_of_matches(tmp_path: Path) -> None:
    """With the Baku acceleration (C.04.7) the desk writes group A's virtual points as 250
    records counted in matches (a match won's, then a match drawn's, on each match's game-1
    TRF round; DS17), and each match it pairs is the one ``mipair solve`` pairs."""
    file = tmp_path / "baku.trf"
    ok("chess", "new", file, "--name", "Baku", "--rounds", MATCHES, "--system", "double-swiss",
       "--acceleration", "baku")  # fmt: skip
    rng = random.Random(11)
    register_players(file, 10, rng)
    t = read_tournament(file)
    assert t.system == "FIDE_DOUBLESWISS_BAKU"
    group_a = {a.player for a in t.accelerations}
    assert group_a == set(range(1, 7))  # 2 * ceil(10 / 4)
    assert {(a.round, a.points) for a in t.accelerations} == {(1, 20), (3, 10)}
    for number in range(1, MATCHES + 1):
        view = pair_as_solve(file, number)
        typed = [x for b in view["boards"]
                 for x in (str(b["board"]), rng.choice(GAME_RESULTS), rng.choice(GAME_RESULTS))]  # fmt: skip
        ok("chess", "result", file, *typed)
    mine = ok_json("chess", "standings", file)["standings"]
    theirs = ok_json("standings", file)
    assert [(r["id"], r["points"]) for r in mine] == [(r["id"], r["points"]) for r in theirs]
