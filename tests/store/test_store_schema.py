"""The store's database: migrated up from empty on SQLite and PostgreSQL to exactly the tables
of mipair/store/schema.py, by several processes at once, refused when its schema is unknown;
SQLite opened in WAL mode with full sync; where the database is when nothing is said."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from mipair.store.database import SQLITE_FILE, data_folder, database_url, make_engine
from mipair.store.errors import DatabaseUnavailable, SchemaNotCurrent
from mipair.store.migrate import alembic_config, current, head, open_store
from mipair.store.schema import Base

TABLES = {
    "accounts",
    "tournaments",
    "shares",
    "revisions",
    "revision_files",
    "blobs",
    "sessions",
    "sign_in_attempts",
    "alembic_version",
}


def test_migrations_from_empty_make_the_schema(store_url: str) -> None:
    engine = create_engine(store_url)
    with engine.connect() as connection:
        assert inspect(connection).get_table_names() == []
    store = open_store(store_url)
    try:
        with store.engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) == TABLES
            assert current(connection) == head()
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        store.close()
    again = open_store(store_url)  # at the head already: nothing to do
    again.close()
    checked = open_store(store_url, migrate=False)
    checked.close()
    engine.dispose()


def test_downgrade_to_nothing_and_up_again(store_url: str) -> None:
    open_store(store_url).close()
    engine = make_engine(store_url)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) == {"alembic_version"}
        assert current(connection) is None
    engine.dispose()
    open_store(store_url).close()


def test_an_empty_database_is_refused_without_migrating(store_url: str) -> None:
    with pytest.raises(SchemaNotCurrent, match="mipair store upgrade"):
        open_store(store_url, migrate=False)
    engine = create_engine(store_url)
    with engine.connect() as connection:
        assert "accounts" not in inspect(connection).get_table_names()
    engine.dispose()


def test_a_schema_from_a_newer_mipair_is_refused_and_kept(store_url: str) -> None:
    open_store(store_url).close()
    engine = create_engine(store_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    for migrate in (True, False):
        with pytest.raises(SchemaNotCurrent, match="newer mipair"):
            open_store(store_url, migrate=migrate)
    with engine.connect() as connection:
        assert current(connection) == "9999"
    engine.dispose()


def _open(url: str) -> None:
    open_store(url).close()


def test_replicas_starting_together_migrate_once(store_url: str) -> None:
    """Four processes open the empty database at the same moment: each opens it, one schema."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        pool.map(_open, [store_url] * 4)
    engine = create_engine(store_url)
    with engine.connect() as connection:
        assert current(connection) == head()
        assert set(inspect(connection).get_table_names()) == TABLES
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = open_store(f"sqlite+pysqlite:///{tmp_path / 'a.sqlite3'}")
    with store.engine.connect() as connection:
        pragma = {
            name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        }
    store.close()
    assert pragma == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 30000,
    }


def test_where_the_database_is() -> None:
    assert data_folder({"MIPAIR_DATA": "/srv/mipair", "XDG_DATA_HOME": "/x"}) == Path("/srv/mipair")
    assert data_folder({"XDG_DATA_HOME": "/x"}) == Path("/x/mipair")
    assert data_folder({}) == Path.home() / ".local/share/mipair"
    pg = "postgresql+psycopg://desk@db/mipair"
    assert database_url(environ={"MIPAIR_DATABASE_URL": pg, "MIPAIR_DATA": "/d"}) == pg
    assert database_url(environ={"MIPAIR_DATA": "/d"}) == f"sqlite+pysqlite:////d/{SQLITE_FILE}"
    assert database_url("sqlite://", environ={"MIPAIR_DATABASE_URL": pg}) == "sqlite://"
    assert database_url(data="/e", environ={"MIPAIR_DATABASE_URL": pg}).endswith(
        f"/e/{SQLITE_FILE}"
    )


def test_the_data_folder_is_made_private(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "data"
    open_store(database_url(data=folder)).close()
    assert (folder / SQLITE_FILE).is_file()
    assert folder.stat().st_mode & 0o777 == 0o700


def test_an_unreachable_database_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnavailable) as refused:
        open_store("postgresql+psycopg://desk:secret@127.0.0.1:1/mipair")
    assert "desk:***@127.0.0.1:1/mipair" in str(refused.value)
    assert "secret" not in str(refused.value)
    with pytest.raises(DatabaseUnavailable, match="not a database URL"):
        open_store("no such thing")
    (tmp_path / "file").write_text("")
    with pytest.raises(DatabaseUnavailable, match="data folder"):
        open_store(database_url(data=tmp_path / "file" / "below"))
