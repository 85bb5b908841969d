"""A Go director and an Othello arbiter print the round they just paired from their own page
(the boards are on paper, the fields to type results in and the buttons are not), and a
player reads the pairing by the public link on a phone 375 pixels wide: both players of
every board and its result are on the screen without scrolling sideways. The Othello page
says which games the arbiter paired by hand, not a column of ``False``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage
from tests.support.desk_days import GO_SOURCES, go_source_cut
from tests.support.service_server import SCENARIOS

PHONE = {"width": 375, "height": 740}


def printed_boards(anna: DeskPage) -> list[list[str]]:
    """The round's boards as the printer gets them (the page in print media), checked to
    carry no field and no button."""
    anna.page.emulate_media(media="print")
    try:
        assert anna.page.is_visible("#boards")
        assert anna.page.locator("input:visible, textarea:visible, button:visible").count() == 0
        return [
            [cell.strip() for cell in row.locator("td:visible").all_inner_texts()]
            for row in anna.page.locator("#boards tbody tr").all()
        ]
    finally:
        anna.page.emulate_media(media="screen")


def read_on_a_phone(anna: DeskPage, public_round: str) -> None:
    """The public round page at a phone's width: every player's link and every result cell
    of the boards lies within the screen."""
    anna.page.set_viewport_size(PHONE)
    try:
        anna.open(public_round)
        assert anna.page.locator("form, input").count() == 0
        cells = anna.page.locator("#boards tbody a, #boards tbody td.result").all()
        assert cells
        for cell in cells:
            box = cell.bounding_box()
            assert (
                box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            ), (
                cell.inner_text(),
                box,
            )
    finally:
        anna.page.set_viewport_size({"width": 1280, "height": 800})


def public_base(anna: DeskPage, overview: str) -> str:
    anna.open(overview)
    return str(anna.page.get_attribute("#public-link", "href"))


@GO_SOURCES
def test_a_go_round_printed_and_read_on_a_phone(
    anna_window: DeskPage, tmp_path: Path, source: Path
) -> None:
    anna = anna_window
    overview = anna.import_files(go_source_cut(source, tmp_path, 2))
    anna.pair()
    boards = anna.boards()
    rows = printed_boards(anna)
    assert [row[0] for row in rows] == [str(b.board) for b in boards]
    assert all(row[-1] == b.extras for row, b in zip(rows, boards))  # the handicap, printed
    read_on_a_phone(anna, f"{public_base(anna, overview)}/rounds/3")
    assert anna.close() == []


def test_an_othello_round_printed_and_read_on_a_phone(anna_window: DeskPage) -> None:
    anna = anna_window
    event = SCENARIOS / "papp" / "sample.papp"
    overview = anna.import_files(event, SCENARIOS / "papp" / "joueurs.txt")
    anna.pair()
    headers = anna.page.locator("#boards thead th").all_inner_texts()
    assert "by hand" in headers and "by_hand" not in headers
    assert all(b.extras == "" for b in anna.boards())  # the engine paired every board
    rows = printed_boards(anna)
    assert [row[0] for row in rows] == [str(b.board) for b in anna.boards()]
    read_on_a_phone(anna, f"{public_base(anna, overview)}/rounds/4")
    assert anna.close() == []
