"""The desk's pages in a real browser for the tests: ``mipair serve`` started as the README and
docs/desk.md start it (the installed script, ``--host 127.0.0.1 --port P --data FOLDER``, accounts
made by ``mipair account add``), and Debian's ``chromium`` driven by Playwright as a director or a
player uses it: sign in, import, pair, type results with the keyboard, read the tables.

A :class:`DeskPage` is one browser window (a context of its own: its own cookies); it reads the
pages as a person does (the tables' cells, the links' targets), never the API's JSON.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from tests.support.chromium import Watched
from tests.support.desk_client import ACCOUNTS, PASSWORD, SCRIPT, add_account, store_environment
from tests.support.service_server import Server, free_port, stop, wait_healthy


@contextmanager
def documented_server(folder: Path, accounts: Sequence[str] = ACCOUNTS) -> Iterator[Server]:
    """``mipair account add NAME --password-stdin --data FOLDER`` for each account, then
    ``mipair serve --host 127.0.0.1 --port P --data FOLDER``, the installed command, until its
    /health answers 200; stopped at the end."""
    for name in accounts:
        add_account(store_environment(folder, None), name)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MIPAIR_")}
    env.update(MIPAIR_RESIDENT="0", MIPAIR_SERVICE_WORKERS="1", MIPAIR_SERVICE_LARGE_WORKERS="0")
    log = folder / "serve.log"
    command = [str(SCRIPT), "serve", "--host", "127.0.0.1", "--port", str(port)]
    with open(log, "wb") as stderr:
        process = subprocess.Popen(
            [*command, "--data", str(folder)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        server = Server(f"http://127.0.0.1:{port}", log, process.pid)
        wait_healthy(server, process, seconds=120)
        yield server
    finally:
        stop(process)


@dataclass(frozen=True)
class Board:
    """A board as the round's page shows it: its number, the players' ids (from their
    links), the result shown."""

    board: int
    first: str
    second: str
    result: str
    extras: str


def player_id(href: str | None) -> str:
    """The player a link goes to (``.../players/ID``)."""
    assert href is not None and "/players/" in href, href
    return unquote(href.rsplit("/players/", 1)[1])


class DeskPage:
    """One browser window on the desk (a director's once signed in, else a player's)."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.server = server
        self.watched = Watched(browser, server)
        self.page = self.watched.page
        self.seen: list[str] | None = None

    def close(self) -> list[str]:
        """Close the window (once); the problems seen (console errors, failed requests,
        4xx/5xx answers)."""
        if self.seen is None:
            self.seen = self.watched.close()
        return self.seen

    def open(self, path: str) -> None:
        self.page.goto(self.server.url + path)

    @property
    def path(self) -> str:
        return str(self.page.url).removeprefix(self.server.url)

    def sign_in(self, name: str, password: str = PASSWORD) -> None:
        """Open the desk, be sent to the sign-in page, sign in, come back to the list."""
        self.open("/desk")
        assert self.path.startswith("/desk/sign-in"), self.path
        self.page.fill("#name", name)
        self.page.fill("#password", password)
        with self.page.expect_navigation():
            self.page.click("#submit")
        assert self.path == "/desk", self.path
        assert self.page.inner_text("#director") == name

    def import_files(self, *files: Path) -> str:
        """Import ``files`` from the list; the tournament's page (its path)."""
        self.open("/desk")
        self.page.set_input_files("#files", [str(f) for f in files])
        with self.page.expect_navigation():
            self.page.click("#import-submit")
        return self.path

    def pair(self, **fields: str) -> None:
        """Pair the next round from the tournament's page, its fields filled in."""
        for name, value in fields.items():
            self.page.fill(f"#field-{name}", value)
        with self.page.expect_navigation():
            self.page.click("#pair-submit")

    def boards(self) -> list[Board]:
        """The round's boards as its page shows them."""
        found = []
        for row in self.page.locator("#boards tbody tr").all():
            cells = row.locator("td")
            links = row.locator("a")
            has_extras = cells.count() > 6 + (1 if self.page.locator("input.result").count() else 0)
            found.append(
                Board(
                    int(cells.nth(0).inner_text()),
                    player_id(links.nth(0).get_attribute("href")),
                    player_id(links.nth(1).get_attribute("href")),
                    cells.nth(3).inner_text().strip(),
                    cells.nth(6).inner_text().strip() if has_extras else "",
                )
            )
        return found

    def type_results(self, typed: Sequence[str]) -> None:
        """Type each board's result with the keyboard, Enter after each: the page moves to
        the next board and saves after the last one."""
        assert self.page.evaluate("document.activeElement.classList.contains('result')")
        with self.page.expect_navigation():
            for result in typed:
                self.page.keyboard.type(result)
                self.page.keyboard.press("Enter")

    def table(self, selector: str) -> list[list[str]]:
        """A table's body as its cells' texts."""
        return [
            [cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in self.page.locator(f"{selector} tbody tr").all()
        ]

    def ranking(self, selector: str = "#standings") -> list[tuple[str, str, str, list[str]]]:
        """The standings (or crosstable) shown: each row's player id, rank, points, and its
        other columns."""
        rows = []
        for row in self.page.locator(f"{selector} tbody tr").all():
            cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
            who = player_id(row.locator("a").first.get_attribute("href"))
            rows.append((who, cells[0], cells[2], cells[3:]))
        return rows

    def download(self, selector: str, folder: Path) -> Path:
        """Click a download link; the file saved in ``folder`` under its suggested name."""
        with self.page.expect_download() as got:
            self.page.click(selector)
        target = folder / got.value.suggested_filename
        got.value.save_as(str(target))
        return target

    def failure(self) -> str:
        return str(self.page.inner_text("#failure"))


def besides(problems: Sequence[str], *statuses: int) -> list[str]:
    """The problems a window saw besides the answers with ``statuses`` that a test asked for
    (each recorded twice: the answer, and the browser's console line about it)."""
    expected = tuple(f"{status}: " for status in statuses)
    console = tuple(f"status of {status} " for status in statuses)
    return [
        p
        for p in problems
        if not p.startswith(expected)
        and not (p.startswith("console") and any(c in p for c in console))
    ]
