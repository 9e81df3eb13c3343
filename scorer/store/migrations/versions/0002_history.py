"""History: a note per game, when a result was last edited, and the key that makes a save
safe to repeat (a score pad that saved offline sends its queue again when back online).

The key's index is unique, so two requests with the same key store one row whichever
process wins; rows saved before this revision have no key (NULL, never equal to another).

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gardenkit_results", sa.Column("note", sa.Text(), nullable=True))
    op.add_column("gardenkit_results", sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("gardenkit_results", sa.Column("save_key", sa.String(length=100), nullable=True))
    op.create_index("ix_gardenkit_results_save_key", "gardenkit_results", ["save_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_gardenkit_results_save_key", table_name="gardenkit_results")
    with op.batch_alter_table("gardenkit_results") as table:
        table.drop_column("save_key")
        table.drop_column("updated_at")
        table.drop_column("note")
