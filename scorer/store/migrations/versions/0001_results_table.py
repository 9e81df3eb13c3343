"""The results table as the first release created it (SQLAlchemy create_all, no revision
record): one row per saved game.

Revision ID: 0001
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gardenkit_results",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
    )
    op.create_index("ix_gardenkit_results_game", "gardenkit_results", ["game"])
    op.create_index("ix_gardenkit_results_saved_at", "gardenkit_results", ["saved_at"])


def downgrade() -> None:
    op.drop_index("ix_gardenkit_results_saved_at", table_name="gardenkit_results")
    op.drop_index("ix_gardenkit_results_game", table_name="gardenkit_results")
    op.drop_table("gardenkit_results")
