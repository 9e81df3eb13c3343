"""Saved results: SQLAlchemy 2.x on SQLite (the default, a file in the instance folder) or any
other database URL, such as PostgreSQL for a shared server.

Each save is one transaction: a crash mid-request leaves every earlier save intact and never a
half-written row. A database that is down, locked for too long or read-only raises
StorageUnavailable, which the app answers with 503 and a plain message.
"""
from __future__ import annotations

import csv
import importlib.util
import io
import logging
import threading
import time
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, create_engine, event, select, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import NullPool

log = logging.getLogger("gardenkit.storage")

SQLITE_BUSY_TIMEOUT_MS = 5000
WAL_SWITCH_RETRY_S = 0.01
LIST_LIMIT = 100


class Base(DeclarativeBase):
    pass


class SavedResult(Base):
    __tablename__ = "gardenkit_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    state: Mapped[dict] = mapped_column(JSON)
    result: Mapped[dict] = mapped_column(JSON)

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "saved_at": _iso(self.saved_at),
                "winners": self.result.get("winners", []),
                "players": [{"name": p["name"], "total": p["total"], "rank": p["rank"]}
                            for p in self.result.get("players", [])]}

    def as_dict(self) -> dict[str, Any]:
        return {**self.summary(), "state": self.state, "result": self.result}


class StorageUnavailable(Exception):
    """The database cannot be used right now; str() is for people, .detail for the log."""

    # What the database driver says -> what the operator must fix, in plain words.
    CAUSES = (("readonly", "it is read-only"), ("read-only", "it is read-only"),
              ("disk is full", "its disk is full"), ("no space left", "its disk is full"),
              ("disk i/o error", "its disk cannot be written (full or failing)"))

    def __init__(self, detail: str):
        self.detail = detail
        cause = next((f": {words}" for marker, words in self.CAUSES if marker in detail.lower()),
                     " right now")
        super().__init__(f"the results database is not available{cause}; "
                         "scoring still works, but results cannot be saved or listed")


def _iso(moment: datetime) -> str:
    if moment.tzinfo is None:  # SQLite keeps no zone; every time is stored in UTC
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.isoformat(timespec="seconds")


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets readers and one writer work at once across worker processes; the busy timeout
    # makes a writer wait for a lock instead of failing at once.
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        _switch_to_wal(cursor)
        cursor.execute("PRAGMA synchronous = NORMAL")
    finally:
        cursor.close()


def _switch_to_wal(cursor) -> None:
    """WAL mode belongs to the file, and switching needs the file to itself. SQLite does not
    wait for that as it waits for other locks, so when workers start together on a new file,
    the ones that find it locked wait here (up to the busy timeout) while another switches it.
    A file that cannot switch at all (read-only) is warned about; reading still works."""
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except Exception as error:  # as before: any failure to switch is a warning, not a crash
            if "locked" in str(error) and time.monotonic() < deadline:
                time.sleep(WAL_SWITCH_RETRY_S)
                continue
            if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                log.warning("SQLite WAL mode not enabled: %s", error)
            return


def database_url(url: str) -> URL:
    """The URL as given, except that a plain PostgreSQL URL (postgresql:// or postgres://)
    uses whichever driver is installed: SQLAlchemy 2.1 picks psycopg 3 by default, and the
    postgres extra installs psycopg2."""
    parsed = make_url("postgresql" + url[len("postgres"):] if url.startswith("postgres://") else url)
    if parsed.drivername == "postgresql":
        driver = "psycopg" if importlib.util.find_spec("psycopg") else "psycopg2"
        parsed = parsed.set(drivername=f"postgresql+{driver}")
    return parsed


class Storage:
    def __init__(self, url: str):
        self.url = url
        self.engine: Engine = create_engine(database_url(url), pool_pre_ping=True, future=True,
                                            **self._engine_options(url))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._schema_ready = False
        self._schema_lock = threading.Lock()
        try:
            self._ensure_schema()
        except StorageUnavailable as error:  # the app still starts; scoring needs no database
            log.warning("results database not ready at start: %s", error.detail)

    @staticmethod
    def _engine_options(url: str) -> dict[str, Any]:
        if url.startswith("sqlite"):
            # No pool: each use opens the file afresh (~0.2 ms). A kept connection would stay
            # read-only after the file is writable again, and would keep writing to the old
            # file after a backup is restored over it.
            return {"poolclass": NullPool, "connect_args": {"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}}
        return {"pool_size": 5, "max_overflow": 10, "pool_timeout": 10}

    def _ensure_schema(self) -> None:
        """Create the table on first use (and again later if the database was down at start)."""
        if self._schema_ready:
            return
        with self._schema_lock:
            if self._schema_ready:
                return
            try:
                Base.metadata.create_all(self.engine)
            except SQLAlchemyError:
                # Workers starting together race to create the table, and the loser's CREATE
                # fails on the winner's table. create_all looks before it creates, so a second
                # pass finds it; a database that is really down fails again.
                try:
                    Base.metadata.create_all(self.engine)
                except SQLAlchemyError as error:
                    raise StorageUnavailable(str(error).splitlines()[0]) from None
            self._schema_ready = True

    def _session(self) -> Session:
        self._ensure_schema()
        return Session(self.engine, expire_on_commit=False)

    def _guard(self, work):
        try:
            return work()
        except SQLAlchemyError as error:
            raise StorageUnavailable(str(error).splitlines()[0]) from None

    # --- the operations ----------------------------------------------------------------------
    def save(self, game: str, state: Any, result: dict) -> dict[str, Any]:
        """Store one scored game in one transaction; the saved record."""
        def work():
            with self._session() as session, session.begin():
                row = SavedResult(game=game, saved_at=datetime.now(timezone.utc), state=state,
                                  result=result)
                session.add(row)
                session.flush()
                return row.as_dict()
        return self._guard(work)

    def list(self, game: str | None = None, limit: int = LIST_LIMIT) -> list[dict[str, Any]]:
        """Saved results, newest first (summaries: players, totals, ranks, winners)."""
        def work():
            with self._session() as session:
                query = select(SavedResult).order_by(SavedResult.saved_at.desc(), SavedResult.id.desc())
                if game:
                    query = query.where(SavedResult.game == game)
                return [row.summary() for row in session.scalars(query.limit(limit))]
        return self._guard(work)

    def get(self, result_id: int) -> dict[str, Any] | None:
        def work():
            with self._session() as session:
                row = session.get(SavedResult, result_id)
                return row.as_dict() if row else None
        return self._guard(work)

    def csv(self, game: str | None = None) -> str:
        """Every saved result as CSV, one row per player, newest game first."""
        def work():
            with self._session() as session:
                query = select(SavedResult).order_by(SavedResult.saved_at.desc(), SavedResult.id.desc())
                if game:
                    query = query.where(SavedResult.game == game)
                return results_csv(session.scalars(query))
        return self._guard(work)

    def ping(self) -> None:
        """StorageUnavailable unless the database answers a query."""
        def work():
            self._ensure_schema()
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        self._guard(work)


CSV_COLUMNS = ["result_id", "saved_at", "game", "player", "rank", "total", "winner", "breakdown"]


def results_csv(rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        winners = set(row.result.get("winners", []))
        for p in row.result.get("players", []):
            breakdown = "; ".join(f"{k}={v}" for k, v in p.get("breakdown", {}).items())
            writer.writerow([row.id, _iso(row.saved_at), row.game, _cell(p["name"]), p["rank"],
                             p["total"], "yes" if p["name"] in winners else "", breakdown])
    return out.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet runs a cell that starts with = + - @ as a formula: a player name must
    stay a name, so such a name is quoted with a leading apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
