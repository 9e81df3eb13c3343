"""Saved games: the results table through SQLAlchemy on SQLite or PostgreSQL (storage.py), its
Alembic migrations, the per-player tallies (plays.py), statistics and the history's backup
format. It reads the games' registry only; the web app and the command line use it."""
