"""A Double-Swiss tournament (FIDE C.04.5) through the desk's API, held against the command line.

A director signed in to a real ``mipair serve`` creates a Double-Swiss event, registers,
asks a bye for a whole match, pairs each match (two TRF rounds), enters both games of each
board (``1-0 1/2`` in one field, or ``3.2`` for one game) and corrects a game; after each step
the TRF-2026 download is the command line's file after the same commands, byte for byte.
The players read the match by the public link; refused entries answer the one JSON error
shape (422) and store nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director
from tests.support.installed_command import cli
from tests.support.service_server import Server

PLAYERS = [("Kowalski, Adam", 2450), ("Novak, Petra", 1980), ("Berger, Jonas", 2340),
           ("Silva, Tiago", 1720), ("Olsen, Ida", 1650)]  # fmt: skip


def is_error(answer: httpx.Response) -> bool:
    body = answer.json()
    return (
        answer.status_code == 422
        and set(body) == {"error"}
        and body["error"]["code"] == "bad_input"
    )


def test_a_double_swiss_day_gives_the_command_lines_file(
    desk_service: Server, anna: Director, tmp_path: Path
) -> None:
    settings = {"name": "Double", "rounds": 2, "system": "double-swiss"}
    tournament = anna.create("chess", settings)
    base = f"/v1/desk/tournaments/{tournament}"
    file = tmp_path / "double.trf"
    cli(tmp_path, "chess", "new", file, "--name", "Double", "--rounds", 2,
        "--system", "double-swiss")  # fmt: skip

    def same() -> None:
        assert anna.download(tournament, "trf26") == file.read_bytes()

    same()
    for name, rating in PLAYERS:
        anna.change(f"{base}/players", {"player": {"name": name, "rating": rating}})
        cli(tmp_path, "chess", "register", file, name, "--rating", rating)
    anna.change(f"{base}/attendance", {"players": ["Olsen"], "rounds": [2], "status": "half-bye"})
    cli(tmp_path, "chess", "bye", file, "Olsen", "--round", "2", "--points", "half")
    same()
    paired = anna.change(f"{base}/rounds", {"options": {"date": "2026-06-01"}})
    cli(tmp_path, "chess", "pair", file, "--save", "--date", "2026-06-01")
    same()
    pairing = paired["report"]
    assert pairing["columns"]["first"] == "White in game 1" and len(pairing["boards"]) == 2
    results = f"{base}/rounds/1/results"
    anna.change(results, {"results": [{"board": 1, "result": "1-0 1/2"}]})
    cli(tmp_path, "chess", "result", file, "1", "1-0", "1/2")
    same()
    revision = anna.get(base)["revision"]
    for board, result in (("2.3", "1-0"), ("9", "1-0 1-0"), ("2", "1-0"), ("2", "1-0 5-0")):
        answer = anna.post(results, {"revision": revision, "results": [{"board": board, "result": result}]})  # fmt: skip
        assert is_error(answer), answer.text
    answer = anna.post(
        f"{base}/rounds/2/results",
        {"revision": revision, "results": [{"board": 1, "result": "1-0 1-0"}]},
    )
    assert is_error(answer), answer.text
    assert anna.get(base)["revision"] == revision
    same()
    anna.change(results, {"results": [{"board": "2.2", "result": "0-1"}]})
    cli(tmp_path, "chess", "result", file, "2.2", "0-1")
    shown = anna.get(f"{base}/rounds/1")["pairing"]
    assert not shown["complete"] and shown["boards"][1]["result"] == "… 0-1"
    done = anna.change(results, {"results": [{"board": "2.1", "result": "+-"}]})
    cli(tmp_path, "chess", "result", file, "2.1", "+-")
    same()
    assert done["report"]["completed"]
    slug = str(anna.get(base)["tournament"]["slug"])
    public: Any = httpx.get(f"{desk_service.url}/v1/public/{slug}/rounds/1", timeout=60).json()
    boards = public["pairing"]["boards"]
    assert [b["result"] for b in boards] == ["1-0 ½-½", "+- 0-1"]
    assert [b["extras"]["match"] for b in boards] == ["1.5-0.5", "2-0"]
    anna.change(f"{base}/rounds", {"options": {"date": "2026-06-02"}})
    cli(tmp_path, "chess", "pair", file, "--save", "--date", "2026-06-02")
    same()
    anna.change(f"{base}/rounds/1/results", {"results": [{"board": "1.2", "result": "0-1"}]})
    cli(tmp_path, "chess", "result", file, "--round", "1", "1.2", "0-1")
    same()


def test_games_ending_half_zero_or_zero_zero_give_the_command_lines_file(
    desk_service: Server, anna: Director, tmp_path: Path
) -> None:
    """``½-0 0-0`` for a board and ``0-1/2`` for one game are entered through the API as at
    the command line: the same file, byte for byte, the match score counting them."""
    tournament = anna.create("chess", {"name": "Odd", "rounds": 2, "system": "double-swiss"})
    base = f"/v1/desk/tournaments/{tournament}"
    file = tmp_path / "odd.trf"
    cli(tmp_path, "chess", "new", file, "--name", "Odd", "--rounds", 2, "--system", "double-swiss")
    for name, rating in PLAYERS[:4]:
        anna.change(f"{base}/players", {"player": {"name": name, "rating": rating}})
        cli(tmp_path, "chess", "register", file, name, "--rating", rating)
    anna.change(f"{base}/rounds", {"options": {"date": "2026-06-01"}})
    cli(tmp_path, "chess", "pair", file, "--save", "--date", "2026-06-01")
    results = f"{base}/rounds/1/results"
    entries = [{"board": 1, "result": "½-0 0-0"}, {"board": "2.1", "result": "0-1/2"}]
    anna.change(results, {"results": entries})
    cli(tmp_path, "chess", "result", file, "1", "½-0", "0-0", "2.1", "0-1/2")
    assert anna.download(tournament, "trf26") == file.read_bytes()
    board = anna.get(f"{base}/rounds/1")["pairing"]["boards"][0]
    assert board["result"] == "½-0 0-0" and board["extras"]["match"] == "0.5-0"
