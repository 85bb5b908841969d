"""The database brought to this mipair's schema, and the store opened on it.

:func:`open_store` is what the service and the commands call: it opens the
database and migrates it to the head revision of :mod:`mipair.store.migrations`
(``mipair store upgrade`` does only that). The migration runs in one
transaction: on PostgreSQL it first takes an advisory lock, and on SQLite the
write lock (``BEGIN IMMEDIATE``), so replicas started together migrate one at a
time and the later ones find the work done; a migration that fails leaves the
database as it was. A database whose schema this mipair does not know (written
by a newer one) is refused, never changed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from argon2 import PasswordHasher
from sqlalchemy import Connection, Engine, text

from mipair.store.database import WRITE_OPTION, Store, database_url, make_engine, reached, shown
from mipair.store.errors import SchemaNotCurrent
from mipair.store.schema import utc_now

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The folder of the migrations, inside the package."""
MIGRATION_LOCK = 0x6D697061
"""The PostgreSQL advisory lock key held while migrating ("mipa")."""


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration without an ini file: the package's migrations, and the
    connection to migrate (``env.py`` uses it)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest schema revision this mipair knows."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if revision is None:
        raise RuntimeError("the store has no migration")
    return revision


def current(connection: Connection) -> str | None:
    """The database's schema revision (None: an empty database)."""
    return MigrationContext.configure(connection).get_current_revision()


def _known(revision: str | None) -> bool:
    """Whether this mipair has the migration ``revision`` (None: nothing migrated yet)."""
    if revision is None:
        return True
    script = ScriptDirectory.from_config(alembic_config())
    return any(s.revision == revision for s in script.walk_revisions())


def upgrade(engine: Engine) -> str:
    """Migrate the database to the head (see the module docstring); the head revision."""
    with engine.execution_options(**{WRITE_OPTION: True}).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        found = current(connection)
        if not _known(found):
            raise SchemaNotCurrent(
                f"the database {shown(engine.url)} is at schema revision {found}, "
                "which this mipair does not know (a newer mipair wrote it)"
            )
        command.upgrade(alembic_config(connection), "head")
    return head()


def require_head(engine: Engine) -> None:
    """Refuse a database that is not at this mipair's schema (nothing is changed)."""
    with engine.connect() as connection:
        found = current(connection)
    if found != head():
        advice = "run mipair store upgrade" if _known(found) else "a newer mipair wrote it"
        raise SchemaNotCurrent(
            f"the database {shown(engine.url)} is at schema revision {found or 'none'}, "
            f"not {head()} ({advice})"
        )


def open_store(
    url: str | None = None,
    *,
    migrate: bool = True,
    clock: Callable[[], dt.datetime] = utc_now,
    hasher: PasswordHasher | None = None,
) -> Store:
    """The store on ``url`` (default: :func:`mipair.store.database.database_url`), migrated
    to the head, or only checked to be there when ``migrate`` is False."""
    engine = make_engine(database_url(url))
    store = Store(engine, clock, hasher or PasswordHasher())
    try:
        with reached(store.url):
            if migrate:
                upgrade(engine)
            else:
                require_head(engine)
    except BaseException:
        engine.dispose()
        raise
    return store
