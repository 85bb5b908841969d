"""A Team Swiss (C.04.6) at the chess desk, through the installed ``mipair`` command.

Five teams of four boards (one with a reserve) registered with their players, a late team,
every round's matches those ``mipair solve`` computes from the file cut before it, laid on
boards in the teams' order with the colours of 352, results typed by ``MATCH.BOARD`` and a
whole match forfeited, a substitute, a correction of an earlier round, a round taken back
and paired again, a team withdrawn; the team standings equal to ``mipair standings`` after
every round, the file read by ``mipair check`` (every round agrees); refused input in one
line, exit 3, the file unchanged.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from tests.support.chess_desk import SCRIPT, ok, ok_json, refused
from tests.support.team_desk import matches_of, pair_as_solve, play, standings_agree

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")

TEAMS = ["Arles", "Brest", "Caen", "Dijon", "Evian"]
BOARDS = 4
ROUNDS = 4


def new_cup(folder: Path, rng: random.Random) -> Path:
    """A team tournament, its teams and their players (Arles with a reserve)."""
    file = folder / "cup.trf"
    ok("chess", "new", file, "--name", "Team Cup", "--rounds", ROUNDS, "--system", "team",
       "--boards", BOARDS, "--date", "2026-06-01")  # fmt: skip
    for k, name in enumerate(TEAMS, 1):
        assert ok_json("chess", "team", file, name) == {"id": k, "name": name}
        for board in range(1, BOARDS + 1 + (name == "Arles")):
            rating = 2400 - 40 * k - 25 * board + rng.randint(0, 20)
            ok("chess", "register", file, f"{name} Player{board}, X", "--in", name,
               "--rating", rating)  # fmt: skip
    return file


def test_a_team_day(tmp_path: Path) -> None:
    rng = random.Random(6)
    file = new_cup(tmp_path, rng)
    t = read_tournament(file)
    assert t.system == "FIDE_TEAM_TYPEA_MP_GP" and t.teams is not None
    assert [len(t.teams.teams[n].players) for n in sorted(t.teams.teams)] == [5, 4, 4, 4, 4]

    view = pair_as_solve(file, 1)
    assert view["pab"] is not None  # five teams: one PAB
    ok("chess", "team", file, "Foix")  # a late team: absent from round 1
    for board in range(1, BOARDS + 1):
        ok("chess", "register", file, f"Foix Player{board}, X", "--in", "Foix",
           "--rating", 1900 - board)  # fmt: skip
    keys = [b["key"] for m in view["matches"] for b in m["boards"]]
    play(file, keys, rng)
    rows = standings_agree(file)
    pab = view["pab"]["id"]
    assert next(r for r in rows if r["id"] == pab)["match_points"] == 1  # a drawn match (1.4)
    assert read_tournament(file).teams.bye.teams == (pab,)  # type: ignore[union-attr]

    view = pair_as_solve(file, 2)
    assert view["pab"] is None and len(view["matches"]) == 3
    arles = next(m for m in view["matches"] if 1 in (m["white"]["id"], m["black"]["id"]))
    reserve = read_tournament(file).teams.teams[1].players[4]  # type: ignore[union-attr]
    ids = [b["white"]["id"] if b["white"]["id"] <= 5 else b["black"]["id"] for b in arles["boards"]]
    ok("chess", "lineup", file, "Arles", ids[0], reserve, ids[2], ids[3])  # board 2 substituted
    forfeited = view["matches"][-1]
    done = ok_json("chess", "result", file, str(forfeited["match"]), "-+")  # the whole match
    assert {r["key"] for r in done["results"]} == {b["key"] for b in forfeited["boards"]}
    rest = [b["key"] for m in view["matches"][:-1] for b in m["boards"]]
    play(file, rest, rng)
    played = read_tournament(file)
    assert played.cell(reserve, 2) is not None and played.cell(ids[1], 2) is None  # blank
    assert any(u.round == 2 and u.team == 1 for u in played.teams.line_ups)  # type: ignore[union-attr]
    winner = forfeited["black"]["id"]
    history = standings_agree(file)
    assert next(r for r in history if r["id"] == winner)["match_points"] >= 2

    view = pair_as_solve(file, 3)
    before = file.read_bytes()
    assert ok_json("chess", "unpair", file)["round"] == 3
    assert matches_of(
        ok_json("chess", "pair", file, "--save", "--date", "2026-06-02")
    ) == matches_of(view)
    assert file.read_bytes() == before  # the same round again, the same file
    correction = ok_json("chess", "result", file, "--round", "1", "1.1", "0-1")
    assert correction["round_being_played"] == 3 and correction["results"][0]["key"] == "1.1"
    standings_agree(file)
    if correction["pairing_taken_back"]:
        view = pair_as_solve(file, 3)
    keys = [b["key"] for m in view["matches"] for b in m["boards"]]
    play(file, keys, rng)
    standings_agree(file)

    assert ok_json("chess", "withdraw", file, "Brest") == {"players": [2], "from": 4}
    view = pair_as_solve(file, 4)
    assert 2 not in {n for pair in matches_of(view) for n in pair} | {(view["pab"] or {}).get("id")}
    keys = [b["key"] for m in view["matches"] for b in m["boards"]]
    play(file, keys, rng)
    rows = standings_agree(file)
    assert len(rows) == 6
    assert "4 rounds checked, all agree" in ok("check", file)

    cross = ok_json("chess", "crosstable", file)
    assert [r["id"] for r in cross["standings"]] == [r["id"] for r in rows]
    assert all(len(r["rounds"]) == ROUNDS for r in cross["standings"])
    foix = next(r for r in cross["standings"] if r["name"] == "Foix")
    assert foix["rounds"][0] == "-"  # absent from round 1
    for command, name in (
        ("pairing", "pairing"),
        ("standings", "standings"),
        ("crosstable", "cross"),
    ):
        page = tmp_path / f"{name}.html"
        ok("chess", command, file, "--html", page)
        assert all(team in page.read_text() for team in TEAMS)


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    file = new_cup(tmp_path, random.Random(1))
    ok("chess", "pair", file, "--save")
    return file


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["register", "FILE", "Zola, Emil", "--in", "Nowhere"], "no team's name starts with 'Nowhere'"),
        (["register", "FILE", "Arles Player1, X", "--in", "Brest"], "is registered already, in team 1 (Arles)"),
        (["register", "FILE", "Zola, Emil"], "a team tournament: name the player's team"),
        (["result", "FILE", "1.5", "1-0"], "match 1 has boards 1 to 4, not '1.5'"),
        (["result", "FILE", "9.1", "1-0"], "has matches 1 to 2, not '9.1'"),
        (["result", "FILE", "1", "1-0"], "a whole match is forfeited"),
        (["result", "FILE", "--round", "3", "1.1", "1-0"], "round 3 is not paired"),
        (["pairing", "FILE", "--round", "9"], "round 9 is not paired"),
        (["withdraw", "FILE", "Nowhere"], "no team's name starts with 'Nowhere'"),
        (["bye", "FILE", "Caen", "--round", "1"], "round 1 is paired already"),
        (["lineup", "FILE", "Caen", "1", "2", "3", "4"], "is not a player of team 3"),
        (["team", "FILE", "caen"], "team 3 is named 'Caen' already"),
    ],
)  # fmt: skip
def test_refused_input_is_one_line_and_stores_nothing(
    paired: Path, args: list[str], message: str
) -> None:
    before = paired.read_bytes()
    line = refused(3, "chess", *(paired if a == "FILE" else a for a in args))
    assert message in line and line.startswith(f"{paired}:"), line
    assert paired.read_bytes() == before


def test_the_settings_of_a_team_tournament(tmp_path: Path) -> None:
    file = tmp_path / "league.trf"
    ok("chess", "new", file, "--name", "League", "--rounds", 5, "--system", "team", "--boards", 6,
       "--match-points", "3,1,0", "--team-type", "TYPEB_GP_MP")  # fmt: skip
    text = file.read_text()
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in text and "352 WBWBWB" in text
    assert "362 TW 3.0   TD 1.0   TL 0.0" in text
    for options, message in (
        (["--boards", 0], "a match has 1 to 20 boards"),
        (["--team-type", "TYPEC"], "the team type is one of"),
        (["--match-points", "2,1"], "three values 0 to 99.9, WIN,DRAW,LOSS"),
    ):
        other = tmp_path / "bad.trf"
        line = refused(3, "chess", "new", other, "--name", "X", "--rounds", 3, "--system", "team",
                       *options)  # fmt: skip
        assert message in line and not other.exists(), line
    line = refused(3, "chess", "new", tmp_path / "x.trf", "--name", "X", "--rounds", 3,
                   "--boards", 4)  # fmt: skip
    assert "boards are a team system's" in line


def test_a_correction_voids_the_round_being_played(tmp_path: Path) -> None:
    """Two teams whose round-1 match was forfeited meet again in round 2 (a match not played
    may be repeated, C.04.6 2.1.1); a correction makes it played: round 2's pairing breaks C1
    and, without results, is taken back; no other pairing exists (exit 1)."""
    file = tmp_path / "duel.trf"
    ok("chess", "new", file, "--name", "Duel", "--rounds", 2, "--system", "team", "--boards", 2)
    for team in ("Arles", "Brest"):
        ok("chess", "team", file, team)
        for board in (1, 2):
            ok("chess", "register", file, f"{team} {board}, X", "--in", team)
    ok("chess", "pair", file, "--save")
    ok("chess", "result", file, "1", "+-")
    again = matches_of(ok_json("chess", "pair", file, "--save"))
    assert [set(pair) for pair in again] == [{1, 2}]  # the same two teams
    done = ok_json("chess", "result", file, "--round", "1", "1.1", "1-0")
    assert done["round_being_played"] == 2 and done["pairing_taken_back"]
    assert done["broken_rules"] == ["teams 1 and 2 have already played a match (round 1)"]
    assert ok("chess", "pairing", file).startswith("Round 1 ")  # the last round paired
    assert refused(1, "chess", "pair", file, "--save")


def test_a_team_file_written_by_another_program(tmp_path: Path) -> None:
    """A generated team file (``330`` forfeited matches, ``320`` PABs, no desk records) at
    the desk: the standings are ``mipair standings``', a round's boards in the teams' order."""
    file = tmp_path / "generated.trf"
    ok("generate", "--system", "team", "-s", 5, "-o", file)
    assert ok_json("chess", "standings", file)["standings"] == ok_json("standings", file)
    teams = read_tournament(file).teams
    assert teams is not None
    view = ok_json("chess", "pairing", file, "--round", 3)
    for m in view["matches"]:
        white, black = teams.teams[m["white"]["id"]], teams.teams[m["black"]["id"]]
        for k, board in enumerate(m["boards"]):
            players = {board["white"]["id"], board["black"]["id"]}
            assert players == {white.players[k], black.players[k]}, (m["match"], k)
