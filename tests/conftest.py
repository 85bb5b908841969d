"""Settings for the whole test suite.

Drop-in calls in tests run in-process: ``MIPAIR_RESIDENT=0`` keeps them from
starting or using a resident pairing process (tests/resident/test_resident*.py ask for
one explicitly, in a runtime folder of their own: the fixtures below).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["MIPAIR_RESIDENT"] = "0"


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """An empty private runtime folder for residents (stopped at the end)."""
    from tests.support.resident_process import resident_folder

    with resident_folder() as path:
        yield path


@pytest.fixture(scope="module")
def runtime() -> Iterator[Path]:
    """A runtime folder with a resident listening in it, started as an operator would
    (one for each module that asks)."""
    from tests.support.resident_process import resident_folder

    with resident_folder(started=True) as path:
        yield path


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind for the store's tests (tests/support/store_databases.py)."""
    from tests.support.store_databases import fresh_database

    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def clock() -> object:
    """A clock the test moves by hand (tests/support/store_databases.py)."""
    from tests.support.store_databases import Clock

    return Clock()


@pytest.fixture
def store(store_url: str, clock: object) -> Iterator[object]:
    """The store on an empty database of each kind, on ``clock``, hashing passwords with
    small argon2 parameters (tests/support/store_databases.py)."""
    from mipair.store.migrate import open_store
    from tests.support.store_databases import LIGHT_HASHER

    opened = open_store(store_url, clock=clock, hasher=LIGHT_HASHER)  # type: ignore[arg-type]
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def desk_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """``mipair serve`` with the desk on a SQLite database of its own, its accounts made
    (one for each module that asks: tests/support/desk_client.py)."""
    from tests.support.desk_client import desk_server

    with desk_server(tmp_path_factory.mktemp("desk")) as running:
        yield running


@pytest.fixture
def anna(desk_service: object) -> Iterator[object]:
    """A director signed in to ``desk_service`` with the session cookie and its CSRF token."""
    from tests.support.desk_client import Director

    director = Director(desk_service, "anna")  # type: ignore[arg-type]
    yield director
    director.close()


@pytest.fixture(scope="module")
def desk_pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """``mipair serve`` started as docs/desk.md starts it, on a data folder of its own, its
    accounts made (one for each module that asks: tests/support/desk_browser.py)."""
    from tests.support.desk_browser import documented_server

    with documented_server(tmp_path_factory.mktemp("desk-data")) as running:
        yield running


@pytest.fixture(scope="module")
def chromium_browser() -> Iterator[object]:
    """Debian's chromium driven by Playwright (skipped where either is missing)."""
    from tests.support.chromium import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def anna_window(chromium_browser: object, desk_pages: object) -> Iterator[object]:
    """A browser window of its own, signed in to ``desk_pages`` as anna."""
    from tests.support.desk_browser import DeskPage

    window = DeskPage(chromium_browser, desk_pages)  # type: ignore[arg-type]
    window.sign_in("anna")
    yield window
    window.close()


@pytest.fixture(scope="module")
def pairing_service() -> Iterator[object]:
    """A real ``mipair serve`` on 127.0.0.1 for a module's pairing requests (one worker)."""
    from tests.support.service_server import running_server  # httpx: the service extra

    with running_server(workers=1, queue=8) as running:
        yield running
