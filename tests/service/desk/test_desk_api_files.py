"""A change made through the desk's API and the same change made on the command line give the
same file, byte for byte, for every game: the API runs the desks' own functions.

Each test plays part of a day twice, step by step: through a real ``mipair serve`` (a director
signed in with the cookie and its CSRF token) and with the installed ``mipair`` command on a
file of its own; after each step the tournament's files are the same bytes.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director
from tests.support.installed_command import cli
from tests.support.service_server import SCENARIOS

CHESS_PLAYERS = [
    {"name": "Kowalski, Adam", "rating": 2450, "title": "IM", "federation": "POL"},
    {"name": "Novak, Petra", "rating": 1980, "federation": "CZE", "fide_id": "325000"},
    {"name": "Berger, Jonas", "rating": 2340, "title": "FM", "sex": "m"},
    {"name": "Silva, Tiago", "rating": 1720, "birth": "2004"},
    {"name": "Olsen, Ida", "rating": 1650},
    {"name": "Weber, Lukas"},
    {"name": "Lopez, Ana", "rating": 1905, "federation": "ESP"},
]
GO_PLAYERS = [
    ("Doe", "John", "3D", "Par"),
    ("Roe", "Jane", "1K", "Lyo"),
    ("Poe", "Ed", "5K", "Par"),
    ("Moe", "Al", "10K", "Mar"),
    ("Zoe", "Bo", "2D", "Lyo"),
    ("Lee", "Ha", "1D", "Par"),
]
OPTION_OF = {"fide_id": "--fide-id", "time_control": "--time-control"}


def options(fields: dict[str, object]) -> list[str]:
    """A registration's fields as the command's options (the name is the argument)."""
    out = []
    for key, value in fields.items():
        if key != "name":
            out += [OPTION_OF.get(key, f"--{key}"), str(value)]
    return out


def test_a_chess_day_gives_the_command_lines_file(anna: Director, tmp_path: Path) -> None:
    settings = {
        "name": "Spring Open",
        "rounds": 5,
        "place": "Lyon",
        "date": "2026-04-11,2026-04-12",
        "tiebreaks": "BH/C1,BH,SB,DE",
        "time_control": "90'+30\"",
    }
    tournament = anna.create("chess", settings)
    base = f"/v1/desk/tournaments/{tournament}"
    file = tmp_path / "open.trf"
    cli(tmp_path, "chess", "new", file, *options(settings), "--name", settings["name"])

    def same() -> None:
        assert anna.download(tournament, "trf26") == file.read_bytes()

    same()
    for player in CHESS_PLAYERS:
        anna.change(f"{base}/players", {"player": player})
        cli(tmp_path, "chess", "register", file, player["name"], *options(player))
        same()
    anna.change(f"{base}/attendance", {"players": ["Novak"], "rounds": [2], "status": "half-bye"})
    cli(tmp_path, "chess", "bye", file, "Novak", "--round", "2", "--points", "half")
    anna.change(f"{base}/attendance", {"players": ["5"], "rounds": [3], "status": "absent"})
    cli(tmp_path, "chess", "absent", file, "5", "--round", "3")
    same()
    anna.change(f"{base}/rounds", {"options": {"date": "2026-04-11"}})
    cli(tmp_path, "chess", "pair", file, "--save", "--date", "2026-04-11")
    same()
    typed = [("1", "1-0"), ("2", "1/2"), ("3", "+-")]
    anna.change(
        f"{base}/rounds/1/results", {"results": [{"board": b, "result": r} for b, r in typed]}
    )
    cli(tmp_path, "chess", "result", file, *[x for pair in typed for x in pair])
    same()
    anna.change(f"{base}/withdrawals", {"players": ["Weber"], "first": 3})
    cli(tmp_path, "chess", "withdraw", file, "Weber", "--from", "3")
    same()
    anna.change(f"{base}/rounds", {"options": {"date": "2026-04-11"}})
    cli(tmp_path, "chess", "pair", file, "--save", "--date", "2026-04-11")
    anna.change(f"{base}/rounds/2/results", {"results": [{"board": 1, "result": "0-1"}]})
    cli(tmp_path, "chess", "result", file, "1", "0-1")
    anna.change(f"{base}/rounds/2/unpair", {"force": True})
    cli(tmp_path, "chess", "unpair", file, "--force")
    same()
    anna.change(f"{base}/rounds/1/results", {"results": [{"board": 2, "result": "0-1"}]})
    cli(tmp_path, "chess", "result", file, "2", "0-1", "--round", "1")
    same()


def test_a_go_day_gives_the_command_lines_file(anna: Director, tmp_path: Path) -> None:
    tournament = anna.create(
        "go", {"name": "Club Cup", "rounds": 4, "date": "2026-05-01", "location": "Paris"}
    )
    base = f"/v1/desk/tournaments/{tournament}"
    file = tmp_path / "club.xml"
    cli(tmp_path, "mcmahon", "new", file, "--name", "Club Cup", "--rounds", 4,
        "--date", "2026-05-01", "--location", "Paris")  # fmt: skip

    def same() -> None:
        assert anna.download(tournament, "opengotha") == file.read_bytes()

    same()
    for surname, first, rank, club in GO_PLAYERS:
        player = {"surname": surname, "first_name": first, "rank": rank, "club": club}
        anna.change(f"{base}/players", {"player": player})
        cli(tmp_path, "mcmahon", "register", file, surname, first, rank, "--club", club)
    same()
    anna.change(f"{base}/attendance", {"players": ["MOEAL"], "rounds": [1], "status": "absent"})
    cli(tmp_path, "mcmahon", "absent", file, "MOEAL", "--round", "1")
    same()
    paired = anna.change(f"{base}/rounds", {})
    cli(tmp_path, "mcmahon", "pair", file, "--save")
    same()
    key = paired["report"]["boards"][1]["second"]["id"]  # table 2's Black, named by key
    anna.change(
        f"{base}/rounds/1/results",
        {"results": [{"board": 1, "result": "1-0"}, {"board": key, "result": "="}]},
    )
    cli(tmp_path, "mcmahon", "result", file, "1", "1-0", key, "=")
    same()
    anna.change(f"{base}/withdrawals", {"players": ["LEEHA"], "first": 3})
    cli(tmp_path, "mcmahon", "absent", file, "LEEHA", "--round", "3-4")
    same()
    anna.change(f"{base}/rounds", {})
    cli(tmp_path, "mcmahon", "pair", file, "--save")
    anna.change(f"{base}/rounds/2/unpair", {"force": True})
    cli(tmp_path, "mcmahon", "unpair", file, "--force")
    same()
    assert anna.download(tournament, "h9") == h9_of(tmp_path, file)


def h9_of(folder: Path, file: Path) -> bytes:
    out = folder / "results.h9"
    cli(folder, "mcmahon", "standings", file, "--h9", out)
    return out.read_bytes()


def papp_files(anna: Director, tournament: int) -> dict[str, bytes]:
    """The event's own files, from the download of its folder."""
    with zipfile.ZipFile(io.BytesIO(anna.download(tournament, "zip"))) as folder:
        names = anna.get(f"/v1/desk/tournaments/{tournament}")["files"]
        return {name: folder.read(name) for name in names}


def test_an_othello_day_gives_the_command_lines_files(anna: Director, tmp_path: Path) -> None:
    players = (SCENARIOS / "papp" / "joueurs.txt").read_text(encoding="utf-8")
    settings = {"name": "Open de Lyon", "rounds": 4, "date": "11/05/2024", "seed": 3}
    tournament = anna.create("othello", {**settings, "players": players})
    base = f"/v1/desk/tournaments/{tournament}"
    shutil.copy(SCENARIOS / "papp" / "joueurs.txt", tmp_path / "joueurs.txt")
    cli(tmp_path, "papp", "new", "tournament.papp", "--players", "joueurs.txt",
        "--name", settings["name"], "--rounds", 4, "--date", settings["date"], "--seed", 3)  # fmt: skip

    def same() -> None:
        kept = papp_files(anna, tournament)
        assert kept == {name: (tmp_path / name).read_bytes() for name in kept}
        assert {"tournament.papp", "papp.cfg", "joueurs.txt"} <= set(kept)

    same()
    anna.change(f"{base}/players", {"player": {"new": "NOUVEAU, Jean", "country": "F"}})
    cli(tmp_path, "papp", "register", "tournament.papp", "--new", "NOUVEAU, Jean", "--country", "F")
    same()
    assert "nouveaux.txt" in papp_files(anna, tournament)
    paired = anna.change(f"{base}/rounds", {})
    cli(tmp_path, "papp", "pair", "tournament.papp")
    same()
    coupons = [
        (b["first"]["id"], str(40 - 3 * k)) for k, b in enumerate(paired["report"]["boards"])
    ]
    anna.change(
        f"{base}/rounds/1/results", {"results": [{"board": p, "result": r} for p, r in coupons]}
    )
    cli(tmp_path, "papp", "result", "tournament.papp", *[f"{p} {r}" for p, r in coupons])
    same()
    anna.change(f"{base}/withdrawals", {"players": ["SMITH"]})
    cli(tmp_path, "papp", "withdraw", "tournament.papp", "SMITH")
    same()
    anna.change(f"{base}/attendance", {"players": ["2"], "rounds": [2], "status": "plays"})
    cli(tmp_path, "papp", "return", "tournament.papp", "2")
    same()
    anna.change(f"{base}/rounds", {})
    cli(tmp_path, "papp", "pair", "tournament.papp")
    anna.change(f"{base}/rounds/2/unpair", {})
    cli(tmp_path, "papp", "clear-pairs", "tournament.papp")
    same()
    anna.change(f"{base}/rounds/1/results", {"results": [{"board": coupons[0][0], "result": "+6"}]})
    cli(tmp_path, "papp", "result", "tournament.papp", "--round", "1", f"{coupons[0][0]} +6")
    same()
