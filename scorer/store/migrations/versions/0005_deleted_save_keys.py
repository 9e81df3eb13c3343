"""The save keys of deleted results (gardenkit_deleted_save_keys): a late repeat of a
deleted game's save, such as an offline queue's retry, is refused instead of saving the game
again.

Revision ID: 0005
Revises: 0004
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gardenkit_deleted_save_keys",
        sa.Column("save_key", sa.String(length=100), nullable=False),
        sa.PrimaryKeyConstraint("save_key"))


def downgrade() -> None:
    op.drop_table("gardenkit_deleted_save_keys")
