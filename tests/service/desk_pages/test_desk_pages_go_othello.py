"""A Go day and an Othello day in the chromium_browser, held against the command line: the director
imports an OpenGotha file cut before round 3 (a real one beside the clone when present, and a
shipped one) and a PAPP event, pairs the next round (``mipair mcmahon pair``, ``mipair papp
pair`` on the same files), types every result with the keyboard, reads the standings the
command line prints, and downloads the game's own files, which the command line would have
written and which import again to the same tournament.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage
from tests.support.desk_days import GO_RESULTS, GO_SOURCES, PAPP_LINE, go_source_cut
from tests.support.installed_command import cli
from tests.support.service_server import SCENARIOS


def public_standings(anna: DeskPage, overview: str) -> list[tuple[str, str, str, list[str]]]:
    """The standings a player reads by the tournament's public link (in the same window:
    the public pages show the same whoever reads them)."""
    anna.open(overview)
    link = anna.page.get_attribute("#public-link", "href")
    anna.open(f"{link}/standings")
    assert anna.page.locator("form, input").count() == 0
    return anna.ranking()


@GO_SOURCES
def test_a_go_day_cut_before_round_3(anna_window: DeskPage, tmp_path: Path, source: Path) -> None:
    anna = anna_window
    cut = go_source_cut(source, tmp_path, 2)
    overview = anna.import_files(cut)
    assert "2 of" in anna.page.inner_text("#summary")
    expected = json.loads(cli(tmp_path, "mcmahon", "pair", cut, "--json"))
    anna.pair()
    assert anna.path == f"{overview}/rounds/3"
    boards = anna.boards()
    assert [(b.board, b.first, b.second, b.extras) for b in boards] == [
        (g["table"], g["white"], g["black"], str(g["handicap"])) for g in expected["games"]
    ]
    typed = [GO_RESULTS[k % len(GO_RESULTS)] for k in range(len(boards))]
    anna.type_results(typed)
    assert all(b.result for b in anna.boards())
    anna.open(overview)
    file = anna.download("#download-opengotha", tmp_path / "downloaded")
    standings = json.loads(cli(tmp_path, "mcmahon", "standings", file, "--after", 3, "--json"))
    anna.open(f"{overview}/standings")
    headers = anna.page.locator("#standings thead th").all_inner_texts()
    assert headers[3:] == standings["columns"]
    shown = anna.ranking()
    assert [(who, rank, values) for who, rank, _, values in shown] == [
        (r["key"], "" if r["place"] is None else str(r["place"]), r["shown"])
        for r in standings["standings"]
    ]
    h9 = tmp_path / "after.h9"
    cli(tmp_path, "mcmahon", "standings", file, "--h9", h9)
    anna.open(overview)
    assert anna.download("#download-h9", tmp_path / "h9").read_bytes() == h9.read_bytes()
    assert public_standings(anna, overview) == shown
    again = anna.import_files(file)
    assert anna.download("#download-opengotha", tmp_path / "again").read_bytes() == (
        file.read_bytes()
    )
    anna.open(f"{again}/standings")
    assert anna.ranking() == shown
    assert anna.close() == []


def test_an_othello_day(anna_window: DeskPage, tmp_path: Path) -> None:
    anna = anna_window
    event = SCENARIOS / "papp" / "sample.papp"
    players = SCENARIOS / "papp" / "joueurs.txt"
    overview = anna.import_files(event, players)
    assert "round 4 to pair" in anna.page.inner_text("#summary")
    shutil.copy(event, tmp_path / event.name)
    shutil.copy(players, tmp_path / players.name)
    anna.pair()
    assert anna.path == f"{overview}/rounds/4"
    cli(tmp_path, "papp", "pair", event.name)
    boards = anna.boards()
    coupons = [(b.first, str(20 + 9 * k)) for k, b in enumerate(boards)]
    anna.type_results([discs for _, discs in coupons])
    assert all(b.result for b in anna.boards())
    cli(tmp_path, "papp", "result", event.name, *[f"{p} {d}" for p, d in coupons])
    anna.open(overview)
    file = tmp_path / event.name
    assert anna.download("#download-event", tmp_path / "event").read_bytes() == file.read_bytes()
    printed = cli(tmp_path, "papp", "standings", event.name).splitlines()[1:]
    anna.open(f"{overview}/standings")
    shown = anna.ranking()
    lines = [PAPP_LINE.match(line) for line in printed]
    assert [(rank, points, values[0], who) for who, rank, points, values in shown] == [
        line.group(1, 2, 3, 5)  # type: ignore[union-attr]
        for line in lines
    ]
    names = anna.page.locator("#standings tbody tr td:nth-child(2) a").all_inner_texts()
    assert names == [line.group(4) for line in lines]  # type: ignore[union-attr]
    assert public_standings(anna, overview) == shown
    downloaded = tmp_path / "again.papp"
    downloaded.write_bytes(file.read_bytes())
    again = anna.import_files(downloaded, players)
    anna.open(f"{again}/standings")
    assert anna.ranking() == shown
    assert anna.close() == []
