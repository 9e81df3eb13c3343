"""The CSV export's own copy of each saved result (gardenkit_results: categories, csv_cells):
its score categories and its CSV cells, which every save and edit makes from then on
(scorer.store.storage.rendered_for_csv). Every result saved before this revision gets them
here, a batch at a time.

Revision ID: 0007
Revises: 0006
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


TABLE = "gardenkit_results"
BATCH = 500


def upgrade() -> None:
    op.add_column(TABLE, sa.Column("categories", sa.Text(), nullable=True))
    op.add_column(TABLE, sa.Column("csv_cells", sa.Text(), nullable=True))

    from scorer.store.storage import rendered_for_csv  # the same cells every later save gets

    # Only the columns this revision reads and writes: the model may have more by now.
    results = sa.table(TABLE, sa.column("id", sa.Integer), sa.column("result", sa.JSON), sa.column("note", sa.Text),
                       sa.column("categories", sa.Text), sa.column("csv_cells", sa.Text))
    fill = (results.update().where(results.c.id == sa.bindparam("result_id"))
            .values(categories=sa.bindparam("own"), csv_cells=sa.bindparam("cells")))
    connection = op.get_bind()
    last = 0
    while True:
        batch = connection.execute(sa.select(results.c.id, results.c.result, results.c.note)
                                   .where(results.c.id > last).order_by(results.c.id).limit(BATCH)).all()
        if not batch:
            return
        connection.execute(fill, [dict(zip(("own", "cells"), rendered_for_csv(row.result, row.note)),
                                       result_id=row.id) for row in batch])
        last = batch[-1].id


def downgrade() -> None:
    # SQLite drops a column by copying the table: the copy keeps AUTOINCREMENT (revision 0003).
    with op.batch_alter_table(TABLE, table_kwargs={"sqlite_autoincrement": True}) as table:
        table.drop_column("csv_cells")
        table.drop_column("categories")
