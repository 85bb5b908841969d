"""A Team Swiss day in the browser, held against the command line: a director creates a team
tournament in ``mipair serve``'s pages (Debian's chromium), registers four teams and their
players, pairs two rounds (the matches of ``mipair chess pair`` on the same file, laid on the
same boards), types every board's result with the keyboard; the file downloaded is byte for
byte the command line's after the same changes, the standings are ``mipair standings``', and
a spectator reads the matches, the standings and a team's card by the public link.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage
from tests.support.installed_command import cli

TEAMS = ["Arles", "Brest", "Caen", "Dijon"]
DATE = "2026-06-02"


def test_a_team_day_in_the_browser(anna_window: DeskPage, tmp_path: Path) -> None:
    anna, page = anna_window, anna_window.page
    by_hand = tmp_path / "cup.trf"  # the same day on the command line
    cli(tmp_path, "chess", "new", by_hand, "--name", "Team Cup", "--rounds", 2, "--system",
        "team", "--boards", 4)  # fmt: skip
    anna.open("/desk")
    page.click("#new-chess")
    for field, value in (
        ("name", "Team Cup"),
        ("rounds", "2"),
        ("system", "team"),
        ("boards", "4"),
    ):
        page.fill(f"#field-{field}", value)
    with page.expect_navigation():
        page.click("#create")
    overview = anna.path
    rng = random.Random(7)
    for team in TEAMS:
        anna.open(f"{overview}/players")
        page.fill("#field-team_name", team)
        with page.expect_navigation():
            page.click("#register-team-submit")
        cli(tmp_path, "chess", "team", by_hand, team)
        for board in range(1, 5):
            name, rating = f"{team} Player{board}, X", str(2300 - 30 * board + rng.randint(0, 60))
            page.fill("#field-name", name)
            page.fill("#field-rating", rating)
            page.fill("#field-team", team)
            with page.expect_navigation():
                page.click("#register-submit")
            cli(tmp_path, "chess", "register", by_hand, name, "--in", team, "--rating", rating)
    assert [row[1] for row in anna.table("#teams")] == TEAMS
    assert len(anna.table("#players")) == 16

    for rnd in (1, 2):
        anna.open(overview)
        anna.pair(date=DATE)
        assert anna.path == f"{overview}/rounds/{rnd}"
        cli(tmp_path, "chess", "pair", by_hand, "--save", "--date", DATE)
        expected = json.loads(cli(tmp_path, "chess", "pairing", by_hand, "--json"))
        boards = anna.boards()
        assert [(b.first, b.second) for b in boards] == [
            (str(b["white"]["id"]), str(b["black"]["id"]))
            for m in expected["matches"]
            for b in m["boards"]
        ]
        assert [b.extras.split()[0] for b in boards] == [
            b["key"] for m in expected["matches"] for b in m["boards"]
        ]
        proposed = [f"{m['white']['id']}-{m['black']['id']}" for m in expected["matches"]]
        assert page.input_value("#why-pairs").split() == proposed  # the matches, by team
        if rnd == 1:
            with page.expect_navigation():
                page.click("#why-submit")
            assert "The proposal is the engine's pairing." in page.inner_text("#why-answer")
        typed = [rng.choice(["1-0", "0-1", "1/2"]) for _ in boards]
        anna.type_results(typed)
        keys = [b.extras.split()[0] for b in boards]
        cli(tmp_path, "chess", "result", by_hand, *[x for pair in zip(keys, typed) for x in pair])
        anna.open(overview)
        assert anna.download("#download-trf26", tmp_path / f"r{rnd}").read_bytes() == (
            by_hand.read_bytes()
        )

    standings = json.loads(cli(tmp_path, "standings", by_hand, "--json"))
    anna.open(f"{overview}/standings")
    assert [(who, int(rank)) for who, rank, _, _ in anna.ranking()] == [
        (f"T{row['id']}", row["rank"]) for row in standings
    ]
    anna.open(overview)
    public = page.get_attribute("#public-link", "href")
    anna.open(f"{public}/rounds/2")
    assert all(b.result for b in anna.boards())  # the matches with their results
    anna.open(f"{public}/standings")
    assert [who for who, *_ in anna.ranking()] == [f"T{row['id']}" for row in standings]
    anna.open(f"{public}/players/Arles")
    assert page.inner_text("#player").startswith("Arles")
    assert len(anna.table("#card")) == 2
    assert anna.close() == []
