"""A chess day in the chromium_browser, held against the command line: a director signs in to ``mipair
serve`` (started as the README starts it) in Debian's chromium, imports a tournament cut before
round 3, pairs round 3 (the pairing of ``mipair solve`` on the same file), types every result
with the keyboard, reads the standings of ``mipair standings`` with the file's tie-breaks, and
downloads the TRF-2026 file, which imports again to the same tournament. Then the rest of a
director's day on a tournament made in the page: registrations, a withdrawal, a correction, an
undo, a stale page refused with the page reloaded, ``why`` and ``explain`` as the command line
says them, and the print views with the tournament's heading.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage, besides
from tests.support.installed_command import cli, mipair
from tests.support.service_server import SCENARIOS, Server

CUT = SCENARIOS / "chess" / "spring-open-round2.trf"
TYPED = ["1-0", "0-1", "1/2", "1-0", "+-", "0-1", "1/2"]


def test_a_chess_day_cut_before_round_3(anna_window: DeskPage, tmp_path: Path) -> None:
    anna = anna_window
    overview = anna.import_files(CUT)
    assert overview.startswith("/desk/tournaments/")
    assert anna.page.inner_text("#tournament") == "Spring Open"
    assert "12 players · 2 of 5 rounds complete" in anna.page.inner_text("#summary")
    anna.pair(date="2026-04-12")
    assert anna.path == f"{overview}/rounds/3"
    solved = json.loads(cli(tmp_path, "solve", CUT, "--json"))
    boards = anna.boards()
    assert [(b.first, b.second) for b in boards] == [
        (str(b["white"]), str(b["black"])) for b in solved["boards"]
    ]
    assert all(b.result == "" for b in boards)
    typed = [TYPED[k % len(TYPED)] for k in range(len(boards))]
    anna.type_results(typed)
    assert anna.path == f"{overview}/rounds/3"
    shown = {"1/2": "½-½"}
    assert [b.result for b in anna.boards()] == [shown.get(t, t) for t in typed]
    anna.open(overview)
    assert "3 of 5 rounds complete" in anna.page.inner_text("#summary")
    file = anna.download("#download-trf26", tmp_path)
    by_hand = tmp_path / "by-hand" / CUT.name  # the same day on the command line
    by_hand.parent.mkdir()
    shutil.copy(CUT, by_hand)
    cli(tmp_path, "chess", "pair", by_hand, "--save", "--date", "2026-04-12")
    entered = [x for k, result in enumerate(typed, 1) for x in (str(k), result)]
    cli(tmp_path, "chess", "result", by_hand, *entered)
    assert file.read_bytes() == by_hand.read_bytes()
    expected = json.loads(cli(tmp_path, "standings", file, "--json"))
    anna.open(f"{overview}/standings")
    assert anna.page.inner_text("#after") == "Standings after round 3"
    headers = anna.page.locator("#standings thead th").all_inner_texts()
    assert headers[3:] == list(expected[0]["tiebreaks"]) == ["BH/C1", "BH", "SB", "DE"]
    standings = anna.ranking()
    assert [
        (int(who), int(rank), float(points), [float(v) for v in values])
        for who, rank, points, values in standings
    ] == [
        (e["id"], e["rank"], e["points"], [float(v) for v in e["tiebreaks"].values()])
        for e in expected
    ]
    again = anna.import_files(file)
    assert again != overview
    assert anna.download("#download-trf26", tmp_path / "again").read_bytes() == file.read_bytes()
    anna.open(f"{again}/standings")
    assert anna.ranking() == standings
    for edition in ("trfx", "trf16"):
        converted = tmp_path / f"converted.{edition}"
        cli(tmp_path, "convert", file, "--to", edition, "-o", converted)
        anna.open(overview)
        downloaded = anna.download(f"#download-{edition}", tmp_path / edition)
        assert downloaded.read_bytes() == converted.read_bytes()
    assert anna.close() == []


def test_print_views_carry_the_tournaments_heading(anna_window: DeskPage) -> None:
    anna = anna_window
    overview = anna.import_files(CUT)
    for page in ("/rounds/2", "/standings", "/crosstable"):
        anna.open(overview + page)
        anna.page.emulate_media(media="print")
        assert anna.page.is_visible("#tournament") and anna.page.is_visible("#heading")
        assert "Spring Open" in anna.page.inner_text("#tournament")
        assert not anna.page.is_visible("nav") and not anna.page.is_visible("header.bar")
        assert anna.page.locator("form:visible, button:visible").count() == 0
        anna.page.emulate_media(media="screen")
    anna.open(overview + "/rounds/2")
    assert all(b.result for b in anna.boards())  # results printed with the pairing
    assert anna.close() == []


def test_a_day_made_in_the_page(
    anna_window: DeskPage, chromium_browser: object, desk_pages: Server
) -> None:
    anna = anna_window
    anna.open("/desk")
    anna.page.click("#new-chess")
    anna.page.fill("#field-name", "Club Rapid")
    anna.page.fill("#field-rounds", "3")
    anna.page.fill("#field-place", "Lyon")
    with anna.page.expect_navigation():
        anna.page.click("#create")
    overview = anna.path
    assert anna.page.inner_text("#tournament") == "Club Rapid"
    for k, (name, rating) in enumerate(
        [
            ("Ames, Ada", "2100"),
            ("Brun, Bea", "1900"),
            ("Caro, Cid", "1800"),
            ("Duval, Dan", "1700"),
            ("Egon, Eva", "1600"),
        ]
    ):
        anna.open(f"{overview}/players")
        anna.page.fill("#field-name", name)
        anna.page.fill("#field-rating", rating)
        with anna.page.expect_navigation():
            anna.page.click("#register-submit")
        assert len(anna.table("#players")) == k + 1
    anna.open(overview)
    anna.pair(date="2026-05-01")
    first = anna.boards()
    assert len(first) == 2 and anna.page.inner_text("#bye").startswith("Bye:")
    # two windows on the same round: the second's change, based on an old revision, is
    # refused, nothing is saved, and its page shows the round as it is now
    other = DeskPage(chromium_browser, desk_pages)
    other.sign_in("anna")
    other.open(anna.path)
    anna.type_results(["1-0", "0-1"])
    assert [b.result for b in anna.boards()] == ["1-0", "0-1"]
    other.page.fill("#enter-1", "0-1")
    with other.page.expect_navigation():
        other.page.click("#save-results")
    assert "Nothing was saved" in other.failure()
    assert [b.result for b in other.boards()] == ["1-0", "0-1"]  # reloaded as it is
    other.page.fill("#enter-1", "1/2")  # made again on the page reloaded: kept
    with other.page.expect_navigation():
        other.page.click("#save-results")
    assert [b.result for b in other.boards()] == ["½-½", "0-1"]
    assert besides(other.close(), 409) == []
    # a result for a board that does not exist is refused, nothing saved
    anna.open(f"{overview}/rounds/1")
    anna.page.evaluate("document.querySelector('#enter-2').name = 'result:9'")
    anna.page.fill("#enter-2", "1-0")
    with anna.page.expect_navigation():
        anna.page.click("#save-results")
    assert "boards 1 to 2, not '9'" in anna.failure()
    revision = int(anna.page.inner_text("#revision"))
    # a withdrawal from round 2, then undone
    anna.open(f"{overview}/players")
    anna.page.select_option("#withdraw-players", ["5"])
    with anna.page.expect_navigation():
        anna.page.click("#withdraw-submit")
    assert int(anna.page.inner_text("#revision")) == revision + 1
    anna.open(overview)
    assert "withdrawn from round 2: 5" in anna.page.inner_text("#history")
    with anna.page.expect_navigation():
        anna.page.click("#undo-submit")
    assert int(anna.page.inner_text("#revision")) == revision + 2
    assert "undo" in anna.page.inner_text("#history").lower()
    assert besides(anna.close(), 422) == []


def test_why_a_swap_and_explain_an_impossible_round(anna_window: DeskPage, tmp_path: Path) -> None:
    anna = anna_window
    overview = anna.import_files(CUT)
    anna.pair(date="2026-04-12")
    pairs = [(b.first, b.second) for b in anna.boards()]
    (w1, b1), (w2, b2) = pairs[:2]
    proposed = [f"{w1}-{b2}", f"{w2}-{b1}"] + [f"{w}-{b}" for w, b in pairs[2:]]
    anna.open(overview)
    paired = anna.download("#download-trf26", tmp_path)
    expected = cli(tmp_path, "why", paired, *[f"--pair={p}" for p in proposed])
    anna.open(f"{overview}/rounds/3")
    anna.page.fill("#why-pairs", "\n".join(proposed))
    with anna.page.expect_navigation():
        anna.page.click("#why-submit")
    assert anna.page.inner_text("#why-answer").strip() == expected.strip()
    impossible = SCENARIOS / "infeasible" / "rr4-exhausted.trfx"
    refused_overview = anna.import_files(impossible)
    anna.pair()
    assert anna.path == f"{refused_overview}/pair"
    assert anna.page.inner_text("#revision") == "1"  # nothing saved
    done = mipair("explain", impossible)
    assert done.returncode == 1  # no valid pairing
    assert anna.page.inner_text("#explain").strip() == done.stdout.strip()
    assert besides(anna.close(), 409) == []


def test_a_file_that_does_not_parse_is_shown_with_its_line(
    anna_window: DeskPage, tmp_path: Path
) -> None:
    anna = anna_window
    anna.open("/desk")
    listed = len(anna.table("#tournaments"))
    broken = tmp_path / "broken.trf"
    broken.write_bytes(CUT.read_bytes().replace(b"\n001    1", b"\n001    x", 1))
    done = mipair("info", broken.name, cwd=tmp_path)
    assert done.returncode == 3  # bad input, as the command line says it
    anna.import_files(broken)
    assert anna.page.inner_text("#located") == done.stderr.strip()
    assert anna.page.inner_text("#located").startswith("broken.trf:")
    anna.open("/desk")
    assert len(anna.table("#tournaments")) == listed  # nothing stored
    assert besides(anna.close(), 422) == []
