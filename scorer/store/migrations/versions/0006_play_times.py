"""When each saved game started and ended, who started and where (gardenkit_results:
started_at, ended_at, start_player, location). Every game saved before this revision keeps
them empty: the pages say "not recorded".

Revision ID: 0006
Revises: 0005
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


TABLE = "gardenkit_results"


def upgrade() -> None:
    op.add_column(TABLE, sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column(TABLE, sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column(TABLE, sa.Column("start_player", sa.Text(), nullable=True))
    op.add_column(TABLE, sa.Column("location", sa.String(length=100), nullable=True))


def downgrade() -> None:
    # SQLite drops a column by copying the table: the copy keeps AUTOINCREMENT (revision 0003).
    with op.batch_alter_table(TABLE, table_kwargs={"sqlite_autoincrement": True}) as table:
        table.drop_column("location")
        table.drop_column("start_player")
        table.drop_column("ended_at")
        table.drop_column("started_at")
