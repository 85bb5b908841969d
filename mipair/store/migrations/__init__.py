"""The store's Alembic migrations, run by :mod:`mipair.store.migrate` (no alembic.ini).

``versions/`` holds one module a schema change, each upgrading from the one
before (``down_revision``). A new one is drafted from the tables of
:mod:`mipair.store.schema` with ``alembic revision --autogenerate`` (see
:func:`mipair.store.migrate.alembic_config`), read over, and committed; the
tests check that migrating an empty database to the head gives exactly those tables.
"""
