"""The tables of the desk's database, as SQLAlchemy 2 typed ORM classes.

The migrations (:mod:`mipair.store.migrations`) create these tables; a test
compares the two so that they never drift apart. Every timestamp is UTC
(:class:`UtcDateTime` stores it without a zone, which SQLite has no type for,
and gives it back aware). Foreign keys say what goes with what: a
tournament's shares, revisions and stored files go with it; an account's
sessions and shares go with it, its tournaments do not (an owner cannot be
removed before their tournaments are given to someone else), and a revision
keeps its author's name when the account is gone (the audit trail stays).
"""

from __future__ import annotations

import datetime as dt
import enum

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    Dialect,
    Enum,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names spelled out, so that a later migration can name what it changes."""

NAME_LENGTH = 64
"""Longest account name."""
TITLE_LENGTH = 200
"""Longest tournament name and revision description."""
FILE_NAME_LENGTH = 255
"""Longest name of a file in a stored document (a file name on most systems)."""
SHA256_LENGTH = 64
"""A SHA-256 digest in hexadecimal."""


class Game(enum.Enum):
    """The game a tournament is played at, which says what its document is."""

    CHESS = "chess"  # a TRF-2026 file
    GO = "go"  # an OpenGotha XML file
    OTHELLO = "othello"  # a PAPP event: event file, configuration, player files


def utc_now() -> dt.datetime:
    """The current time, aware, in UTC."""
    return dt.datetime.now(dt.timezone.utc)


class UtcDateTime(TypeDecorator[dt.datetime]):
    """A UTC timestamp: stored without a zone, read back aware (refuses a naive one)."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a timestamp without a time zone")
        return value.astimezone(dt.timezone.utc).replace(tzinfo=None)

    def process_result_value(
        self, value: dt.datetime | None, dialect: Dialect
    ) -> dt.datetime | None:
        return None if value is None else value.replace(tzinfo=dt.timezone.utc)


class Base(DeclarativeBase):
    """The declarative base: every table of the store."""

    metadata = MetaData(naming_convention=NAMING)


class Account(Base):
    """A director who signs in; the password is an argon2 hash (:mod:`mipair.store.accounts`)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class Tournament(Base):
    """A tournament: its owner, its public link, and the number of its current revision.

    ``revision`` is the compare-and-swap point of :mod:`mipair.store.revisions`:
    a save moves it from the revision it was based on to the next one, and only
    one of two saves based on the same revision can.
    """

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(43), unique=True)
    owner_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="RESTRICT"), index=True
    )
    game: Mapped[Game] = mapped_column(
        Enum(
            Game,
            name="game",
            native_enum=False,
            create_constraint=True,
            length=16,
            values_callable=lambda members: [m.value for m in members],
        )
    )
    name: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    revision: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class Share(Base):
    """A tournament shared with another director, who may then read and change it."""

    __tablename__ = "shares"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class Revision(Base):
    """One change: who made it, when, what it was, and (in :class:`RevisionFile`) the document.

    ``restores`` names the revision whose document an undo or a restore brought back.
    """

    __tablename__ = "revisions"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number"),
        CheckConstraint("number >= 1", name="number_positive"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    author_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )
    author_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    what: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    restores: Mapped[int | None] = mapped_column(Integer)


class Blob(Base):
    """A file's content, stored once per tournament however many revisions hold it.

    Keyed by its SHA-256, compressed with zlib: a 300-player TRF changed one
    result at a time, or a PAPP player list that never changes, costs little.
    """

    __tablename__ = "blobs"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    sha256: Mapped[str] = mapped_column(String(SHA256_LENGTH), primary_key=True)
    size: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary())


class RevisionFile(Base):
    """A named file of a revision's document (one for chess and Go, several for PAPP)."""

    __tablename__ = "revision_files"
    __table_args__ = (
        ForeignKeyConstraint(
            ["tournament_id", "sha256"],
            ["blobs.tournament_id", "blobs.sha256"],
            ondelete="CASCADE",
        ),
        Index("ix_revision_files_blob", "tournament_id", "sha256"),
    )

    revision_id: Mapped[int] = mapped_column(
        ForeignKey("revisions.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(FILE_NAME_LENGTH), primary_key=True)
    tournament_id: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(SHA256_LENGTH))


class SignInSession(Base):
    """A signed-in browser: the SHA-256 of its random token (never the token), and its end."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(SHA256_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[dt.datetime] = mapped_column(UtcDateTime(), index=True)


class SignInAttempt(Base):
    """A sign-in attempt not (yet) known to have succeeded, for the limiter of
    :mod:`mipair.store.signin`: counted per account name and per client address."""

    __tablename__ = "sign_in_attempts"
    __table_args__ = (
        Index("ix_sign_in_attempts_account_at", "account", "at"),
        Index("ix_sign_in_attempts_address_at", "address", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account: Mapped[str] = mapped_column(String(NAME_LENGTH))
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
