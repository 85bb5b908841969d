"""The desk's storage: directors' accounts and tournaments kept as revisions in a database.

The browser desk of ``mipair serve`` keeps its tournaments here; this package
has no HTTP in it. It is SQLAlchemy 2 (typed ORM, :mod:`~mipair.store.schema`)
on SQLite by default, one file in a data folder, or on PostgreSQL through a
URL for a shared server or several replicas (:mod:`~mipair.store.database`).
Alembic migrations ship inside the package and :func:`open_store` applies
them (:mod:`~mipair.store.migrate`; ``mipair store upgrade`` does only that).

* **Tournaments** (:mod:`~mipair.store.tournaments`) have an owner, a game
  (chess, Go, Othello), a name, directors they are shared with, and a public
  link (an unguessable slug).
* **Revisions** (:mod:`~mipair.store.revisions`): every change stores the
  game's whole document (:mod:`~mipair.store.documents`: the TRF-2026 file,
  the OpenGotha file, a PAPP event's files), who made it, when, and what it
  was. Undo is a new revision bringing an older document back, so the history
  is an audit trail that only grows. A save names the revision it was based
  on and a stale one is refused (:class:`~mipair.store.errors.StaleRevision`):
  two directors saving at once never lose a change.
* **Durability**: a save returns once the database has it on the disk
  (SQLite ``synchronous=FULL`` in WAL mode; PostgreSQL's commit).
* **Accounts** (:mod:`~mipair.store.accounts`): made by ``mipair account
  add``, passwords as argon2id hashes, renewed when the parameters rise.
  **Signing in** (:mod:`~mipair.store.signin`) is limited per account and per
  address with the failures in the database, so replicas share the count;
  **sessions** (:mod:`~mipair.store.sessions`) are random tokens kept hashed,
  with a CSRF token derived from each.
* **Access** (:mod:`~mipair.store.access`): a director sees and changes their
  own tournaments and those shared with them, and nothing of the others;
  a public link reads one tournament's current document and nothing else.

Every operation is a function taking the :class:`~mipair.store.database.Store`
and, for a director's operation, the :class:`~mipair.store.access.Director`
the service found from the session; each runs in its own transaction and
returns plain frozen dataclasses, never database rows.
"""

from __future__ import annotations

from mipair.store.access import Director, Role
from mipair.store.database import Store, database_url
from mipair.store.documents import Document
from mipair.store.migrate import open_store
from mipair.store.schema import Game

__all__ = ["Director", "Document", "Game", "Role", "Store", "database_url", "open_store"]
