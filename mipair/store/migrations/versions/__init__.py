"""The schema changes, oldest first (Alembic reads every module here but this one)."""
