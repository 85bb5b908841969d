"""Debian's chromium driven by Playwright for the browser tests: its flags (headless, no network
of its own), a launcher that skips where either is missing, and a watched window that records
every console error, page error, failed request and error answer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.support.service_server import Server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (skipped where either is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not shutil.which(CHROMIUM):
        pytest.skip("headless Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


class Watched:
    """A page in a context with no network but the server, recording every console error,
    page error and failed or refused request."""

    def __init__(self, browser, server: Server) -> None:
        self.context = browser.new_context()
        self.problems: list[str] = []
        local = server.url + "/"

        def route(handler_route) -> None:
            if handler_route.request.url.startswith(local) or handler_route.request.url.startswith(
                "data:"
            ):
                handler_route.continue_()
            else:
                self.problems.append(f"network: {handler_route.request.url}")
                handler_route.abort()

        self.context.route("**/*", route)
        self.page = self.context.new_page()
        self.page.on(
            "console",
            lambda m: (
                self.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
            ),
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url}"))
        self.page.on(
            "response",
            lambda r: self.problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
        )

    def close(self) -> list[str]:
        self.page.wait_for_timeout(300)  # the favicon is fetched after the load
        self.context.close()
        return self.problems
