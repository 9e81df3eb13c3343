"""Players' records: each saved game unfolded into one row per player (gardenkit_plays) and
one per player and score category (gardenkit_play_points), the running counts the records
pages read (gardenkit_tallies), and the stored merges of players' names
(gardenkit_player_aliases). Every game saved
before this revision is unfolded here, a batch at a time.

Revision ID: 0004
Revises: 0003
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gardenkit_plays",
        sa.Column("result_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("player_key", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("sole_winner", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("started", sa.Integer(), nullable=True),
        sa.Column("seconds", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("result_id", "seat"))
    op.create_index("ix_gardenkit_plays_best", "gardenkit_plays", ["player_key", "game", "total"])
    op.create_index("ix_gardenkit_plays_recent", "gardenkit_plays", ["player_key", "saved_at"])
    op.create_table(
        "gardenkit_play_points",
        sa.Column("result_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("category", sa.String(length=60), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("player_key", sa.Text(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("decided", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("result_id", "seat", "category"))
    op.create_table(
        "gardenkit_tallies",
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("label", sa.Text(), nullable=False),
        sa.Column("n", sa.BigInteger(), nullable=False),
        sa.Column("wins", sa.BigInteger(), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("totals", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("subject", "game", "kind", "label"))
    op.create_table(
        "gardenkit_player_aliases",
        sa.Column("alias_key", sa.Text(), nullable=False),
        sa.Column("player_key", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("alias_key"))

    from scorer.store.plays import batches, write_rows  # the same unfolding every later save gets

    connection = op.get_bind()
    for batch in batches(connection):
        write_rows(connection, batch)


def downgrade() -> None:
    op.drop_table("gardenkit_player_aliases")
    op.drop_table("gardenkit_tallies")
    op.drop_table("gardenkit_play_points")
    op.drop_table("gardenkit_plays")
