"""Alembic migrations of the results database, shipped with the package.

The app brings a database to the newest revision when it starts (scorer.store.storage.upgrade);
`alembic` itself needs no ini file for that. To write a new revision, add a file under
versions/ whose down_revision is the current head, and keep scorer.store.storage.SavedResult in
step with it (tests/test_history_migrations.py compares the two).
"""
