"""A Double-Swiss tournament (FIDE C.04.5) in the chromium_browser, held against the command line:
a director imports a small event made with ``mipair chess new --system double-swiss``, pairs
each match (the pairing of ``mipair solve`` on the same file), types both games of each board
in its one field with the keyboard (``1-0 1/2``, Enter to the next board), reads the games and
the match score, and downloads the TRF-2026 file: the command line's after the same commands.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage
from tests.support.installed_command import cli

PLAYERS = [("Kowalski, Adam", 2450), ("Novak, Petra", 1980), ("Berger, Jonas", 2340),
           ("Silva, Tiago", 1720), ("Olsen, Ida", 1650)]  # fmt: skip
TYPED = {1: ["1-0 1/2", "0-1 1-0"], 2: ["= =", "+- 0-1"]}
SHOWN = {1: [("1-0 ½-½", "1.5-0.5"), ("0-1 1-0", "0-2")], 2: [("½-½ ½-½", "1-1"), ("+- 0-1", "2-0")]}  # fmt: skip


def test_a_double_swiss_event_match_by_match(anna_window: DeskPage, tmp_path: Path) -> None:
    anna = anna_window
    made = tmp_path / "double.trf"
    cli(tmp_path, "chess", "new", made, "--name", "Double", "--rounds", 2,
        "--system", "double-swiss")  # fmt: skip
    for name, rating in PLAYERS:
        cli(tmp_path, "chess", "register", made, name, "--rating", rating)
    by_hand = tmp_path / "by-hand" / made.name
    by_hand.parent.mkdir()
    shutil.copy(made, by_hand)
    overview = anna.import_files(made)
    assert "5 players · 0 of 2 rounds complete" in anna.page.inner_text("#summary")
    for number in (1, 2):
        solved = json.loads(cli(tmp_path, "solve", by_hand, "--json"))
        anna.pair(date=f"2026-06-0{number}")
        assert anna.path == f"{overview}/rounds/{number}"
        assert "White in game 1" in anna.page.inner_text("#boards thead")
        boards = anna.boards()
        assert [(b.first, b.second) for b in boards] == [
            (str(b["white"]), str(b["black"])) for b in solved["boards"]
        ]
        anna.type_results(TYPED[number])
        assert [(b.result, b.extras) for b in anna.boards()] == SHOWN[number]
        cli(tmp_path, "chess", "pair", by_hand, "--save", "--date", f"2026-06-0{number}")
        entered = [x for k, typed in enumerate(TYPED[number], 1) for x in (str(k), *typed.split())]
        cli(tmp_path, "chess", "result", by_hand, *entered)
        anna.open(overview)
        file = anna.download("#download-trf26", tmp_path / f"after{number}")
        assert file.read_bytes() == by_hand.read_bytes()
    anna.open(overview)
    assert "2 of 2 rounds complete" in anna.page.inner_text("#summary")
