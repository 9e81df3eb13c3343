"""Saved results belong to their saver: the hash of the key that lets the saver edit or delete
a result (rows saved before this revision have none, so only the operator's token changes
them), and a version that each edit raises, so an edit made on a stale copy is refused.

On SQLite the table is rebuilt with AUTOINCREMENT, so the id of a deleted result is never
given to another (a link to a deleted game must not show someone else's). PostgreSQL's
sequences never hand a number out twice anyway.

Revision ID: 0003
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TABLE = "gardenkit_results"


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table(TABLE, recreate="always" if sqlite else "never",
                              table_kwargs={"sqlite_autoincrement": True}) as table:
        table.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="1"))
        table.add_column(sa.Column("owner_key_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table(TABLE, recreate="always" if sqlite else "never",
                              table_kwargs={"sqlite_autoincrement": False}) as table:
        table.drop_column("owner_key_hash")
        table.drop_column("version")
