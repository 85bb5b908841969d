"""Alembic's environment: migrate the connection :mod:`mipair.store.migrate` hands over.

The connection is already inside the transaction (and, on PostgreSQL, holding the
lock) that :func:`mipair.store.migrate.upgrade` opened, so that several
replicas starting at once migrate one after the other, each seeing what the
one before did. ``render_as_batch`` lets a later migration alter a SQLite table
(by copying it, as SQLite alters tables).
"""

from __future__ import annotations

from alembic import context

from mipair.store.schema import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "the store's migrations run through mipair.store.migrate (mipair store upgrade)"
    )
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
