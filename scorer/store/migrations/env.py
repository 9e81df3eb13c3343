"""Alembic's entry point. The caller (scorer.store.storage.upgrade) opens the connection, holds the
lock that keeps several starting workers from migrating at once, and owns the transaction;
the migrations run inside it, so a failed upgrade changes nothing."""
from __future__ import annotations

from alembic import context

from scorer.store.storage import Base

connection = context.config.attributes["connection"]
# SQLite alters a table by copying it ("batch" mode); other databases alter in place.
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
