"""Where the desk's database is, and connections to it that keep every confirmed save.

The database is named by a URL: ``MIPAIR_DATABASE_URL`` (PostgreSQL through
psycopg 3, ``postgresql+psycopg://user:password@host/name``, for a shared server
or several replicas of the service), else a SQLite file ``mipair.sqlite3`` in
the data folder: ``MIPAIR_DATA``, else ``$XDG_DATA_HOME/mipair``, else
``~/.local/share/mipair`` (nothing to install).

SQLite is opened in WAL mode (readers never wait for the writer) with
``synchronous=FULL``: every commit syncs the log to the disk before it returns,
so a save the desk confirmed survives a killed process and a power cut alike,
as the command-line desks' state files do (they sync each file and its folder).
``NORMAL`` would only survive a killed process; a save is one sync, a few
milliseconds, at the pace of a director's typing, and reads sync nothing.
Writers queue on the database lock for up to :data:`BUSY_SECONDS`. PostgreSQL's
commit returns once its log is flushed (``synchronous_commit = on``, its default).

A transaction that writes starts with ``BEGIN IMMEDIATE`` on SQLite: it takes
the write lock before it reads, so that what it read cannot change under it
(a deferred one would fail with "database is locked" when another writer got
in between its read and its write, however long it waited).
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import Engine, create_engine, delete, event, select
from sqlalchemy.dialects.postgresql import Insert as PostgresqlInsert
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import Insert as SqliteInsert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.orm import InstrumentedAttribute, Session

from mipair.store.errors import DatabaseUnavailable
from mipair.store.schema import utc_now

URL_VARIABLE = "MIPAIR_DATABASE_URL"
"""The environment variable naming the database (any SQLAlchemy URL)."""
DATA_VARIABLE = "MIPAIR_DATA"
"""The environment variable naming the data folder (SQLite's file is there)."""
SQLITE_FILE = "mipair.sqlite3"
"""The SQLite file's name in the data folder."""
BUSY_SECONDS = 30.0
"""How long a SQLite writer waits for another one before it gives up."""
WRITE_OPTION = "mipair_write"
"""The execution option that marks a connection about to write (``BEGIN IMMEDIATE``)."""


def data_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The data folder: ``MIPAIR_DATA``, else ``$XDG_DATA_HOME/mipair``, else ``~/.local/share/mipair``."""
    env = os.environ if environ is None else environ
    if env.get(DATA_VARIABLE):
        return Path(env[DATA_VARIABLE])
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]) / "mipair"
    return Path.home() / ".local" / "share" / "mipair"


def database_url(
    url: str | None = None, data: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The database's URL: ``url``, else ``MIPAIR_DATABASE_URL``, else the SQLite file in
    ``data`` (else the data folder of :func:`data_folder`)."""
    env = os.environ if environ is None else environ
    if url:
        return url
    if data is None and env.get(URL_VARIABLE):
        return env[URL_VARIABLE]
    folder = Path(data) if data is not None else data_folder(env)
    return str(URL.create("sqlite+pysqlite", database=str(folder.resolve() / SQLITE_FILE)))


def shown(url: str | URL) -> str:
    """A URL as it may be shown: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(an unreadable database URL)"


def _sqlite_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    """Each new SQLite connection: our own BEGIN (see the module docstring), WAL, full sync,
    foreign keys enforced, and the wait for the write lock."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """BEGIN IMMEDIATE for a transaction that will write, BEGIN for one that reads."""
    write = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _sqlite_folder(url: URL) -> None:
    """Create the SQLite file's folder, readable by its owner only (it holds password hashes)."""
    if url.database and url.database != ":memory:":
        folder = Path(url.database).parent
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseUnavailable(
                f"cannot create the data folder ({exc.strerror})", file=str(folder)
            ) from None


def make_engine(url: str) -> Engine:
    """An engine for ``url`` set up as the module docstring says."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseUnavailable(f"not a database URL: {url!r}") from None
    options: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        _sqlite_folder(parsed)
        options["connect_args"] = {"timeout": BUSY_SECONDS, "check_same_thread": False}
    else:
        options["pool_pre_ping"] = True  # a replica outlives a restarted server
    try:
        engine = create_engine(parsed, **options)
    except (ArgumentError, ImportError) as exc:
        raise DatabaseUnavailable(f"cannot use {shown(parsed)}: {exc}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def insert_or_ignore(session: Session, table: type[Any]) -> PostgresqlInsert | SqliteInsert:
    """An INSERT that adds nothing where the row's key exists already (``ON CONFLICT DO
    NOTHING``, in the dialect of the session's database)."""
    if session.get_bind().dialect.name == "postgresql":
        return postgresql_insert(table).on_conflict_do_nothing()
    return sqlite_insert(table).on_conflict_do_nothing()


def delete_unlocked(session: Session, key: InstrumentedAttribute[Any], *where: Any) -> None:
    """Delete the rows matching ``where`` that no other transaction holds (PostgreSQL's
    ``FOR UPDATE SKIP LOCKED``): two transactions clearing expired rows at once neither
    wait for each other nor deadlock. ``key`` is the table's primary key column."""
    unlocked = select(key).where(*where).with_for_update(skip_locked=True)
    session.execute(delete(key.class_).where(key.in_(unlocked)))


@dataclass(frozen=True)
class Store:
    """An open database: its engine, the clock every timestamp is read from (tests move
    it forward to reach an expiry or the end of a window), and the argon2 parameters new
    password hashes get (argon2-cffi's defaults: RFC 9106's low-memory profile, argon2id)."""

    engine: Engine
    clock: Callable[[], dt.datetime] = field(default=utc_now)
    hasher: PasswordHasher = field(default_factory=PasswordHasher)

    @property
    def url(self) -> str:
        """The database's URL, password hidden."""
        return shown(self.engine.url)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads, nothing written. (On PostgreSQL each statement sees what was
        committed before it; the store's reads only need that: a revision, once written,
        never changes.)"""
        with reached(self.url), Session(self.engine) as session, session.begin():
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session that writes: committed when the block ends, rolled back on an error."""
        engine = self.engine.execution_options(**{WRITE_OPTION: True})
        with reached(self.url), Session(engine) as session, session.begin():
            yield session

    def close(self) -> None:
        """Close the pooled connections."""
        self.engine.dispose()


@contextmanager
def reached(url: str) -> Iterator[None]:
    """Turn a database that cannot be reached or opened (or a lock waited for too long)
    into :class:`DatabaseUnavailable` naming ``url`` (its password hidden)."""
    try:
        yield
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise DatabaseUnavailable(f"database {shown(url)}: {reason}") from None
