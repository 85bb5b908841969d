"""Empty databases for the store's tests: a SQLite file, or a new PostgreSQL database.

PostgreSQL tests need a server: ``MIPAIR_TEST_POSTGRES_URL`` names one that
may create databases (``.ci/run`` starts one with
``scripts/postgres_for_tests.sh``); without it they are skipped, saying so. Each
test gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

POSTGRES_VARIABLE = "MIPAIR_TEST_POSTGRES_URL"
KINDS = ("sqlite", "postgresql")
LIGHT_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Real argon2id with small parameters, for tests that sign in many times."""


def postgres_server() -> str:
    """The test server's URL, or skip the test saying why there is none."""
    import os

    url = os.environ.get(POSTGRES_VARIABLE, "")
    if not url:
        pytest.skip(
            f"{POSTGRES_VARIABLE} is not set: no PostgreSQL server to test on "
            "(.ci/run starts one: scripts/postgres_for_tests.sh)"
        )
    return url


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of ``kind``, dropped when the block ends."""
    if kind == "sqlite":
        yield f"sqlite+pysqlite:///{folder / 'store.sqlite3'}"
        return
    server = make_url(postgres_server())
    name = f"mipair_test_{secrets.token_hex(6)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


class Clock:
    """A clock the test moves by hand (the store reads the time only from its clock)."""

    def __init__(self) -> None:
        self.now = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.timezone.utc)

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)
