"""Accounts, tournaments and their shares, revisions and their files, sessions, sign-in attempts.

Revision 0001, the first. Types are spelled with SQLAlchemy's own (a timestamp
is a ``DateTime`` holding UTC), never with mipair's classes, so that this
migration keeps meaning what it meant when the tables change later.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create every table of the first schema."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name", name=op.f("uq_accounts_name")),
    )
    op.create_table(
        "sign_in_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account", sa.String(length=64), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_attempts")),
    )
    op.create_index("ix_sign_in_attempts_account_at", "sign_in_attempts", ["account", "at"])
    op.create_index("ix_sign_in_attempts_address_at", "sign_in_attempts", ["address", "at"])
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_sessions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_account_id"), "sessions", ["account_id"])
    op.create_index(op.f("ix_sessions_expires_at"), "sessions", ["expires_at"])
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=43), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column(
            "game",
            sa.Enum(
                "chess",
                "go",
                "othello",
                name="game",
                native_enum=False,
                create_constraint=True,
                length=16,
            ),
            nullable=False,
        ),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["accounts.id"],
            name=op.f("fk_tournaments_owner_id_accounts"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
        sa.UniqueConstraint("slug", name=op.f("uq_tournaments_slug")),
    )
    op.create_index(op.f("ix_tournaments_owner_id"), "tournaments", ["owner_id"])
    op.create_table(
        "blobs",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_blobs_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "sha256", name=op.f("pk_blobs")),
    )
    op.create_table(
        "revisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=True),
        sa.Column("author_name", sa.String(length=64), nullable=False),
        sa.Column("what", sa.String(length=200), nullable=False),
        sa.Column("restores", sa.Integer(), nullable=True),
        sa.CheckConstraint("number >= 1", name=op.f("ck_revisions_number_positive")),
        sa.ForeignKeyConstraint(
            ["author_id"],
            ["accounts.id"],
            name=op.f("fk_revisions_author_id_accounts"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_revisions_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_revisions")),
        sa.UniqueConstraint(
            "tournament_id", "number", name=op.f("uq_revisions_tournament_id_number")
        ),
    )
    op.create_index(op.f("ix_revisions_author_id"), "revisions", ["author_id"])
    op.create_table(
        "shares",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_shares_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_shares_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "account_id", name=op.f("pk_shares")),
    )
    op.create_index(op.f("ix_shares_account_id"), "shares", ["account_id"])
    op.create_table(
        "revision_files",
        sa.Column("revision_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["revision_id"],
            ["revisions.id"],
            name=op.f("fk_revision_files_revision_id_revisions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id", "sha256"],
            ["blobs.tournament_id", "blobs.sha256"],
            name=op.f("fk_revision_files_tournament_id_sha256_blobs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("revision_id", "name", name=op.f("pk_revision_files")),
    )
    op.create_index("ix_revision_files_blob", "revision_files", ["tournament_id", "sha256"])


def downgrade() -> None:
    """Drop every table (the store's data with them)."""
    for table in (
        "revision_files",
        "shares",
        "revisions",
        "blobs",
        "tournaments",
        "sessions",
        "sign_in_attempts",
        "accounts",
    ):
        op.drop_table(table)
