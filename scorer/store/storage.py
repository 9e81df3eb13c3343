"""Saved results: SQLAlchemy 2.x on SQLite (the default, a file in the instance folder) or any
other database URL, such as PostgreSQL for a shared server.

Each save, edit or delete is one transaction: a crash mid-request leaves every earlier save
intact and never a half-written row. A database that is down, locked for too long or read-only
raises StorageUnavailable, which the app answers with 503 and a plain message.

The schema belongs to the Alembic migrations in scorer/store/migrations: a store brings its
database to the newest revision when it starts (upgrade below), including a database made
by the first release, which created its table without a revision record.
"""
from __future__ import annotations

import builtins
import csv
import importlib.util
import io
import json
import logging
import os
import re
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Integer,
    String,
    Text,
    case,
    cast,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
    tuple_,
    type_coerce,
)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, defer, mapped_column
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.pool import NullPool

from scorer.store.green import cooperative_psycopg2, gevent_patched

log = logging.getLogger("gardenkit.storage")

SQLITE_BUSY_TIMEOUT_MS = 5000
# PostgreSQL: how long a new connection, one statement (a lock wait included) and a connection
# left idle inside a transaction may take before the server gives up on it. A database that
# hangs then costs a request a few seconds and a 503, not a worker's threads for minutes.
PG_CONNECT_TIMEOUT_S = 5
PG_STATEMENT_TIMEOUT_MS = 5000
WAL_SWITCH_RETRY_S = 0.01
LIST_LIMIT = 100
NOTE_MAX_CHARS = 500
LOCATION_MAX_CHARS = 100
# A game's times: none before this, none ahead of the server's clock by more than the slack
# (a phone's clock a little fast), and a game at most this long (longer is two sittings).
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=timezone.utc)
CLOCK_SLACK = timedelta(minutes=10)
LONGEST_GAME = timedelta(days=7)
DETAIL_FIELDS = ("started_at", "ended_at", "start_player", "location")
SAVE_KEY_MAX_CHARS = 100
# At least this long, so that no one guesses another client's key (a repeat of a save
# answers with its result, scorer.web.owners).
SAVE_KEY_MIN_CHARS = 16
# A save key is an opaque token the client makes up (a UUID, say): plain ASCII only, so it
# reads the same in a header, a form field, a log line and every database's collation.
SAVE_KEY_PATTERN = re.compile(rf"[A-Za-z0-9._:~-]{{{SAVE_KEY_MIN_CHARS},{SAVE_KEY_MAX_CHARS}}}")
DELETED_KEYS_TABLE = "gardenkit_deleted_save_keys"

TABLE = "gardenkit_results"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
FIRST_RELEASE_REVISION = "0001"   # the table as the first release's create_all made it
# Any fixed number: PostgreSQL's advisory lock that lets one starting worker migrate at a time.
PG_MIGRATION_LOCK = 0x67_6B_72_73


class Base(DeclarativeBase):
    pass


class SavedResult(Base):
    """One saved game. Kept in step with the newest migration (scorer/store/migrations/versions).
    SQLAlchemy raises `version` on every change and makes each UPDATE and DELETE name the
    version it read, so of two edits made at once, the second changes nothing."""

    __tablename__ = TABLE
    # AUTOINCREMENT: SQLite never gives a deleted result's id to another.
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    state: Mapped[dict] = mapped_column(JSON)
    result: Mapped[dict] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    save_key: Mapped[str | None] = mapped_column(String(SAVE_KEY_MAX_CHARS), index=True, unique=True)
    version: Mapped[int] = mapped_column(Integer, server_default="1")
    # SHA-256 of the key that lets its saver change it; None for results saved before keys.
    owner_key_hash: Mapped[str | None] = mapped_column(String(64))
    # How the game was played (revision 0006; None: not recorded): the score page's first
    # input and the save, the player who went first (as the state spells them), and where.
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    start_player: Mapped[str | None] = mapped_column(Text)
    location: Mapped[str | None] = mapped_column(String(LOCATION_MAX_CHARS))
    # The CSV export's own copy of the result (revision 0007), made whenever it is saved or
    # edited (rendered_for_csv): its score categories (those of its first player, joined by
    # U+001F), which the export groups on to find its columns, and its CSV cells, which the
    # export places in those columns without reading the result's JSON.
    categories: Mapped[str | None] = mapped_column(Text)
    csv_cells: Mapped[str | None] = mapped_column(Text, deferred=True)

    __mapper_args__ = {"version_id_col": version}

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "saved_at": _iso(self.saved_at),
                "updated_at": _iso(self.updated_at) if self.updated_at else None,
                "version": self.version, "note": self.note,
                "started_at": _iso(self.started_at) if self.started_at else None,
                "ended_at": _iso(self.ended_at) if self.ended_at else None,
                "start_player": self.start_player, "location": self.location,
                "winners": self.result.get("winners", []),
                "players": [{"name": p["name"], "total": p["total"], "rank": p["rank"]}
                            for p in self.result.get("players", [])]}

    def as_dict(self) -> dict[str, Any]:
        return {**self.summary(), "state": self.state, "result": self.result}


class DeletedSaveKey(Base):
    """The save key of a deleted result: a late repeat of that save (an offline queue's retry)
    must not bring the game back."""

    __tablename__ = DELETED_KEYS_TABLE

    save_key: Mapped[str] = mapped_column(String(SAVE_KEY_MAX_CHARS), primary_key=True)


class NotYours(Exception):
    """Only the result's saver (holding its key) or the operator may change or delete it."""


class StaleVersion(Exception):
    """The edit was made on an older version of the result: `.attempted` is the version the
    edit named (None: none), `.current` the result as it is now."""

    def __init__(self, current: dict[str, Any], attempted: int | None):
        self.current, self.attempted = current, attempted
        super().__init__(f"the result was changed since (it is at version {current['version']} now)")


class KeyReused(ValueError):
    """A save key already names another game: a repeated save must repeat the same game."""


class KeyOfDeletedResult(KeyReused):
    """A save key whose result was deleted: the repeat is refused, the game stays deleted."""


OwnerCheck = Callable[[str | None], bool]
"""Whether the request may change a result, given the hash of the result's key (None: none)."""


class StorageUnavailable(Exception):
    """The database cannot be used right now; str() is for people, .detail for the log."""

    # What the database driver says -> what the operator must fix, in plain words.
    CAUSES = (("readonly", "it is read-only"), ("read-only", "it is read-only"),
              ("disk is full", "its disk is full"), ("no space left", "its disk is full"),
              ("disk i/o error", "its disk cannot be written (full or failing)"),
              ("can't locate revision", "it was upgraded by a newer release of gardenkit"),
              ("statement timeout", "it did not answer in time"),
              ("timeout expired", "it did not answer in time"),
              ("unable to open database file",
               "its file is missing or cannot be opened (restore it from a backup, or restart "
               "the server to begin an empty one)"))

    def __init__(self, detail: str):
        self.detail = detail
        cause = next((f": {words}" for marker, words in self.CAUSES if marker in detail.lower()),
                     " right now")
        super().__init__(f"the results database is not available{cause}; "
                         "scoring still works, but results cannot be saved or listed")


def _utc(value: Any) -> Any:
    """A time read back from the database in UTC (SQLite keeps no zone); anything else as it is."""
    return value.replace(tzinfo=timezone.utc) if isinstance(value, datetime) and value.tzinfo is None else value


def _iso(moment: datetime) -> str:
    """The moment to the second, in UTC when it has no zone (as _utc reads it), without making
    a zoned copy first: the CSV export writes two of these for each of 50,000 results."""
    said = moment.isoformat(timespec="seconds")
    return said if moment.tzinfo is not None else said + "+00:00"


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


def _heal_shared_memory(path: str) -> None:
    """The shared-memory file and the write-ahead log SQLite made while the database was
    read-only are read-only too: once the database is writable again, so are they (the first
    save would otherwise fail on the log)."""
    for beside in (path + "-shm", path + "-wal"):
        try:
            if os.access(path, os.W_OK) and os.path.exists(beside) and not os.access(beside, os.W_OK):
                os.chmod(beside, os.stat(path).st_mode & 0o666)
        except FileNotFoundError:   # SQLite removed it as its last connection closed: nothing to heal
            pass
        except OSError as error:  # not ours to change: the save that follows says why it fails
            log.warning("could not make %s writable again: %s", beside, error)


def database_url(url: str) -> URL:
    """The URL as given, except that a plain PostgreSQL URL (postgresql:// or postgres://)
    uses whichever driver is installed: SQLAlchemy 2.1 picks psycopg 3 by default, and the
    postgres extra installs psycopg2."""
    parsed = make_url("postgresql" + url[len("postgres"):] if url.startswith("postgres://") else url)
    if parsed.drivername == "postgresql":
        driver = "psycopg" if importlib.util.find_spec("psycopg") else "psycopg2"
        parsed = parsed.set(drivername=f"postgresql+{driver}")
    return parsed


def save_key_problem(key: str) -> str | None:
    """Why a save key is refused, in plain words; None when it is a good one."""
    if SAVE_KEY_PATTERN.fullmatch(key):
        return None
    return (f"a save key is {SAVE_KEY_MIN_CHARS} to {SAVE_KEY_MAX_CHARS} plain characters "
            "(letters, digits and . _ : ~ -), such as a UUID")


def note_problem(note: Any) -> str | None:
    """Why a note is refused, in plain words; None when it can be kept."""
    if not isinstance(note, str):
        return "a note is text"
    if "\x00" in note:  # PostgreSQL keeps no NUL in text
        return "a note cannot hold a NUL character (\\u0000)"
    if len(note) > NOTE_MAX_CHARS:
        return f"a note is at most {NOTE_MAX_CHARS} characters; this one has {len(note)}"
    try:
        note.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a \ud800 escape in JSON): no database keeps it
        return "a note cannot hold a broken character (a lone UTF-16 surrogate)"
    return None


class BadDetails(ValueError):
    """A game's times, start player or place that cannot be kept: `.field` names which, and
    str() says why in plain words."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


def moment_of(value: Any, field: str) -> datetime | None:
    """A time as given (an ISO 8601 text with its time zone, or a datetime), in UTC; None
    for none. BadDetails for anything else."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and len(value) <= 40:
        with suppress(ValueError):
            value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        raise BadDetails(field, f"{field} is a date and time such as 2026-11-27T19:30:00Z")
    if value.tzinfo is None:
        raise BadDetails(field, f"{field} needs its time zone, such as 2026-11-27T19:30:00Z or +01:00 at the end")
    try:
        return value.astimezone(timezone.utc)
    except OverflowError:  # year 1 or 9999 shifted by its zone past the calendar's ends
        raise BadDetails(field, f"{field} must be between 2000 and now, not {value.isoformat()}") from None


def play_details(state: Any, *, started_at: Any = None, ended_at: Any = None, start_player: Any = None,
                 location: Any = None, now: datetime | None = None) -> dict[str, Any]:
    """A game's times, start player and place as kept: times in UTC, the start player as the
    state spells that player, the place trimmed (none when blank). BadDetails says what
    cannot be kept: a time before 2000 or yet to come, a start after the end or a game over
    a week long, a start player who is not a player of the state, a place over
    LOCATION_MAX_CHARS characters or holding a control character."""
    now = now or datetime.now(timezone.utc)
    started, ended = moment_of(started_at, "started_at"), moment_of(ended_at, "ended_at")
    for field, moment in (("started_at", started), ("ended_at", ended)):
        if moment is not None and not EARLIEST_TIME <= moment <= now + CLOCK_SLACK:
            raise BadDetails(field, f"{field} must be between 2000 and now, not {moment.isoformat()}")
    if started is not None and ended is not None:
        if started > ended:
            raise BadDetails("started_at", "a game cannot start after it ended")
        if ended - started > LONGEST_GAME:
            raise BadDetails("started_at", "a game of more than a week is not one sitting: leave its start out")
    starter = None
    if start_player is not None and start_player != "":
        listed = state.get("players") if isinstance(state, dict) else None
        names: list[str] = [p["name"] for p in listed if isinstance(p, dict) and isinstance(p.get("name"), str)] \
            if isinstance(listed, list) else []
        if not isinstance(start_player, str):
            raise BadDetails("start_player", "start_player is the name of the player who went first")
        starter = next((n.strip() for n in names if player_key(n) == player_key(start_player)), None)
        if starter is None:
            raise BadDetails("start_player", f"{start_player[:60]!r} is not a player of this game")
    place = None
    if location is not None:
        if not isinstance(location, str):
            raise BadDetails("location", "location is text: where the game was played")
        place = location.strip() or None
        if place is not None and len(place) > LOCATION_MAX_CHARS:
            raise BadDetails("location", f"a place is at most {LOCATION_MAX_CHARS} characters; this one has {len(place)}")
        if place is not None and not place.isprintable():   # a lone surrogate (\ud800) is not printable either
            raise BadDetails("location", "a place cannot hold a control character, a line break or a broken character")
    return {"started_at": started, "ended_at": ended, "start_player": starter, "location": place}


def clean_note(note: str | None) -> str | None:
    """The note as kept: trimmed, and none at all when it is blank."""
    return (note or "").strip() or None


class _Unchanged:
    """The default of Storage.update's fields: leave this one as it is."""


UNCHANGED: Any = _Unchanged()


class Storage:
    def __init__(self, url: str):
        self.url = url
        self.engine: Engine = create_engine(database_url(url), pool_pre_ping=True, future=True,
                                            **self._engine_options(url))
        if self.engine.dialect.driver == "psycopg2" and gevent_patched():
            cooperative_psycopg2()
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "do_connect", self._sqlite_open)
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
        options: dict[str, Any] = {"pool_size": 5, "max_overflow": 10, "pool_timeout": 10}
        if make_url(url).get_backend_name() == "postgresql":
            # libpq's own settings, which psycopg2 and psycopg 3 both pass on; keepalives notice
            # a server machine that went away without closing the connection. Sessions in UTC: a
            # server set up in another zone would give every moment back in it, and the API and
            # the export would write them unlike SQLite and every earlier export.
            options["connect_args"] = {
                "connect_timeout": PG_CONNECT_TIMEOUT_S,
                "options": f"-c statement_timeout={PG_STATEMENT_TIMEOUT_MS} "
                           f"-c idle_in_transaction_session_timeout={PG_STATEMENT_TIMEOUT_MS} -c TimeZone=UTC",
                "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 2}
        return options

    def _sqlite_open(self, _dialect, _record, cargs, cparams) -> None:
        """How each SQLite connection opens the file. Once the database exists, it is opened
        for reading and writing only, never created: a file deleted under a running server is
        then reported as missing, not silently replaced by an empty one. And the shared-memory
        file (-shm) and write-ahead log (-wal) that SQLite made read-only while the database
        was read-only get the database's permissions back once the database is writable again,
        so the first save after succeeds without anyone fixing them by hand."""
        path = cargs[0] if cargs and isinstance(cargs[0], str) else ""
        if not path or path == ":memory:" or path.startswith("file:"):
            return
        if self._schema_ready:
            cargs[0] = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=rw"
            cparams["uri"] = True
        _heal_shared_memory(path)

    def _ensure_schema(self) -> None:
        """Upgrade the database on first use (and again later if it was down at start)."""
        if self._schema_ready:
            return
        with self._schema_lock:
            if self._schema_ready:
                return
            try:
                upgrade(self.engine)
            except (SQLAlchemyError, UnknownRevision) as error:
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
    def save(self, game: str, state: Any, result: dict, *, key: str | None = None,
             note: str | None = None, owner_key_hash: str | None = None,
             details: dict[str, Any] | None = None) -> dict[str, Any]:
        """Store one scored game in one transaction; the saved record. A game saved again
        under the same key is not stored twice: the first record comes back."""
        return self.save_once(game, state, result, key=key, note=note, owner_key_hash=owner_key_hash,
                              details=details)[0]

    def save_once(self, game: str, state: Any, result: dict, *, key: str | None = None,
                  note: str | None = None, owner_key_hash: str | None = None,
                  details: dict[str, Any] | None = None) -> tuple[dict[str, Any], bool]:
        """save(), and whether this call stored it (False: the key was saved before, for
        this same game; KeyReused when it names another, KeyOfDeletedResult when its result
        was deleted). `details` are play_details' fields (BadDetails for what cannot be
        kept); the end is the moment of saving unless they give one (none for a game
        that began more than LONGEST_GAME before)."""
        problem = save_key_problem(key) if key is not None else None
        if problem:
            raise ValueError(problem)
        now = datetime.now(timezone.utc)
        kept = play_details(state, now=now, **(details or {}))
        # The save ends the game, unless the game began longer ago than a game lasts: one typed
        # in after the evening it was played has no known end (its length would be weeks).
        if kept["ended_at"] is None and (kept["started_at"] is None or now - kept["started_at"] <= LONGEST_GAME):
            kept["ended_at"] = now
        if kept["started_at"] is not None and kept["ended_at"] is not None and kept["started_at"] > kept["ended_at"]:
            raise BadDetails("started_at", "a game cannot start after it ended")

        def insert():
            with self._session() as session, session.begin():
                row = SavedResult(game=game, saved_at=now, state=state,
                                  result=result, note=clean_note(note), save_key=key,
                                  owner_key_hash=owner_key_hash, **kept)
                session.add(row)
                session.flush()
                return row.as_dict()

        def same_game(earlier: dict[str, Any]) -> tuple[dict[str, Any], bool]:
            if (earlier["game"], earlier["state"], earlier["note"]) != (game, state, clean_note(note)):
                raise KeyReused(f"the save key {key!r} already saved another game (result "
                                f"{earlier['id']}); a repeated save must send the same game")
            return earlier, False

        def work():
            if key is not None:
                self._refuse_deleted_key(key)
                earlier = self._by_key(key)
                if earlier is not None:
                    return same_game(earlier)
            try:
                return insert(), True
            except IntegrityError:
                # Another request with the same key stored it between our look and our
                # insert (the unique index refused ours): theirs is the saved record.
                earlier = self._by_key(key) if key is not None else None
                if earlier is None:
                    raise
                return same_game(earlier)
        return self._guard(work)

    def _refuse_deleted_key(self, key: str) -> None:
        with self._session() as session:
            if session.get(DeletedSaveKey, key) is not None:
                raise KeyOfDeletedResult(f"the save key {key!r} saved a game that was deleted since; "
                                         "it is not saved again")

    def _by_key(self, key: str) -> dict[str, Any] | None:
        with self._session() as session:
            row = session.scalars(select(SavedResult).where(SavedResult.save_key == key)).first()
            return row.as_dict() if row else None

    def update(self, result_id: int, *, state: Any = UNCHANGED, result: Any = UNCHANGED,
               note: Any = UNCHANGED, details: dict[str, Any] | None = None, version: int | None = None,
               may_change: OwnerCheck | None = None) -> dict[str, Any] | None:
        """Change a saved game in one transaction: a new state with its new score, its note,
        and/or the play_details fields given in `details` (BadDetails for what cannot be
        kept; a start player the new state no longer has is no longer recorded). The changed
        record, or None when there is no such result. NotYours when `may_change` refuses the
        result's key; StaleVersion when `version` is not the result's version, or another
        edit got in first."""
        if (state is UNCHANGED) != (result is UNCHANGED):
            raise ValueError("a new state is saved together with its score")

        def change(row: SavedResult) -> None:
            if version is not None and version != row.version:
                raise StaleVersion(row.as_dict(), version)
            if state is not UNCHANGED:
                row.state, row.result = state, result
            if note is not UNCHANGED:
                row.note = clean_note(note)
            now = datetime.now(timezone.utc)
            given = details or {}
            kept = {field: given[field] if field in given else _utc(getattr(row, field)) for field in DETAIL_FIELDS}
            if "start_player" not in given and kept["start_player"] is not None and not any(
                    isinstance(p, dict) and player_key(str(p.get("name", ""))) == player_key(kept["start_player"])
                    for p in (row.state or {}).get("players", [])):
                kept["start_player"] = None
            for field, value in play_details(row.state, now=now, **kept).items():
                setattr(row, field, value)
            row.updated_at = now
        return self._change(result_id, change, may_change, version)

    def delete(self, result_id: int, may_change: OwnerCheck | None = None) -> bool:
        """Remove a saved game; False when there was no such result (NotYours as update)."""
        def remove(row: SavedResult) -> None:
            session = Session.object_session(row)
            assert session is not None
            if row.save_key is not None:
                session.merge(DeletedSaveKey(save_key=row.save_key))
            session.delete(row)
        return self._change(result_id, remove, may_change, None) is not None

    def _change(self, result_id: int, change: Callable[[SavedResult], None],
                may_change: OwnerCheck | None, version: int | None) -> dict[str, Any] | None:
        """One change to one result, in one transaction, by whoever may make it: the record
        as changed (as it was, for a deletion), or None when there is no such result."""
        def work():
            try:
                with self._session() as session, session.begin():
                    row = session.get(SavedResult, result_id)
                    if row is None:
                        return None
                    if may_change is not None and not may_change(row.owner_key_hash):
                        raise NotYours("only the browser that saved this result, or the operator, may change it")
                    change(row)
                    session.flush()
                    return row.as_dict()
            except StaleDataError:  # another edit or deletion committed between our read and write
                current = self.get(result_id)
                if current is None:
                    return None
                raise StaleVersion(current, version) from None
        return self._guard(work)

    def list(self, game: str | None = None, limit: int = LIST_LIMIT, offset: int = 0) -> list[dict[str, Any]]:
        """Saved results, newest first (summaries: players, totals, ranks, winners), `limit`
        of them after skipping the `offset` newest."""
        def work():
            with self._session() as session:
                # Without the states, which a summary does not show (a game's may be 100 KB).
                query = _newest_first(game).options(defer(SavedResult.state)).limit(limit).offset(offset)
                return [row.summary() for row in session.scalars(query)]
        return self._guard(work)

    def get(self, result_id: int) -> dict[str, Any] | None:
        def work():
            with self._session() as session:
                row = session.get(SavedResult, result_id)
                return row.as_dict() if row else None
        return self._guard(work)

    def owner_key_hash(self, result_id: int) -> str | None:
        """The hash of the result's key (None: no such result, or saved before keys)."""
        def work():
            with self._session() as session:
                return session.scalar(select(SavedResult.owner_key_hash).where(SavedResult.id == result_id))
        return self._guard(work)

    def csv(self, game: str | None = None) -> Iterator[str]:
        """Every saved result as CSV, one row per player, newest game first, as chunks of
        text to stream: the rows are read in batches of EXPORT_BATCH, never all at once, and
        without their states. The columns are found first (StorageUnavailable then, before
        anything is sent); a database failing later ends the stream early."""
        def columns():
            with self._session() as session:
                return score_categories(session, game)
        categories = self._guard(columns)

        def batches() -> Iterator[Sequence[Any]]:
            # Core rows of the result's stored cells (its JSON only when it has none): SQLAlchemy's
            # JSON type, ORM rows and each result's json.loads were most of the export's time.
            # Each batch in a transaction of its own, after the last one read (by saved_at and
            # id, as they are ordered): no read snapshot is held while a batch is being sent,
            # which would keep SQLite's write-ahead log from being checkpointed for as long
            # as the client takes to read. A result deleted meanwhile is left out, one saved
            # meanwhile is newer than the export; none comes twice.
            # The moment is compared as the database holds it (SQLite: its text, whatever its
            # layout), never as read back into Python and written again; as one row value,
            # which the index on saved_at seeks to (an OR of the two scanned it from the top
            # for every batch).
            stored_at = type_coerce(SavedResult.saved_at, Text)
            after: tuple[Any, int] | None = None
            while True:
                query = _newest_first(game, *CSV_FIELDS, stored_at)
                if after is not None:
                    query = query.where(tuple_(stored_at, SavedResult.id) < tuple_(*after))
                with self.engine.connect() as connection:
                    batch = connection.execute(query.limit(EXPORT_BATCH)).all()
                if not batch:
                    return
                yield [row[:-1] for row in batch]
                after = (batch[-1][-1], batch[-1].id)
        return results_csv(batches(), categories)

    def player_stats(self, game: str | None = None) -> builtins.list[dict[str, Any]]:
        """Each player's record across every saved result (see player_stats below), counted
        by the database: what comes back is one row per spelling of a name and game, however
        many results there are."""
        def work():
            with self._session() as session:
                dialect = session.get_bind().dialect.name
                if dialect not in _PLAYER_GROUPS:  # another database: the results read here, in batches
                    query = _newest_first(game, SavedResult.game, SavedResult.result, SavedResult.saved_at,
                                          SavedResult.id).execution_options(yield_per=EXPORT_BATCH)
                    return player_stats(_groups_of(session.execute(query)))
                query = text(_PLAYER_GROUPS[dialect].format(where="WHERE r.game = :game" if game else ""))
                return player_stats(session.execute(query, {"game": game}))
        return self._guard(work)

    def ping(self) -> None:
        """StorageUnavailable unless the database can be written: a write that changes
        nothing, rolled back, so a read-only file or a full disk shows here, not only when a
        player tries to save."""
        def work():
            self._ensure_schema()
            with self.engine.connect() as connection, connection.begin() as transaction:
                connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
                transaction.rollback()
        self._guard(work)


def _newest_first(game: str | None, *columns: Any):
    """Saved results, newest first: whole rows, or only the columns given."""
    query = select(*columns) if columns else select(SavedResult)
    query = query.order_by(SavedResult.saved_at.desc(), SavedResult.id.desc())
    return query.where(SavedResult.game == game) if game else query


# --- migrations ------------------------------------------------------------------------------

def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision of scorer/store/migrations.

    A database already there (every start but the first after a release) is only read, so
    a read-only file starts too. Otherwise one process at a time migrates, inside one
    transaction: workers that start together on a new or old file wait for the first and
    then find the work done, and an upgrade that fails changes nothing. A table made by
    the first release, which kept no revision record, is recorded as revision 0001 first."""
    if _recorded_revision(engine) == newest_revision():
        return  # Alembic itself (a tenth of a second of imports) loads only when there is work
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.util import CommandError

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with _migration_transaction(engine) as connection:
            config.attributes["connection"] = connection
            if (MigrationContext.configure(connection).get_current_revision() is None
                    and inspect(connection).has_table(TABLE)):
                command.stamp(config, FIRST_RELEASE_REVISION)
            command.upgrade(config, "head")
    except CommandError as error:  # the database is at a revision this release does not know
        raise UnknownRevision(str(error)) from None


class UnknownRevision(Exception):
    """The database records a revision this release's migrations do not have (a newer one)."""


_REVISION_LINE = re.compile(r'^(down_revision|revision) = "([^"]*)"$', re.M)


def newest_revision() -> str:
    """The head of scorer/store/migrations, read from the migration files' own revision and
    down_revision lines: the one revision no other revises."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for migration in (MIGRATIONS / "versions").glob("[0-9]*.py"):
        for name, value in _REVISION_LINE.findall(migration.read_text(encoding="utf-8")):
            (revisions if name == "revision" else revised).add(value)
    (head,) = revisions - revised
    return head


def _recorded_revision(engine: Engine) -> str | None:
    """The revision the database records, or None (no record yet)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


@contextmanager
def _migration_transaction(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that only one process at a time can hold.

    SQLite: BEGIN IMMEDIATE takes the file's write lock at once (others wait up to the busy
    timeout), on a connection of its own where Python's sqlite3 module leaves transactions
    to us, as SQLAlchemy's SQLite notes describe, so that the DDL is transactional too.
    PostgreSQL: a transaction-scoped advisory lock, released by the commit."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as connection:
            if engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": PG_MIGRATION_LOCK})
            yield connection
        return
    migrator = create_engine(engine.url, poolclass=NullPool,
                             connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(migrator, "connect")
    def _leave_transactions_to_us(dbapi_connection, record) -> None:
        _sqlite_pragmas(dbapi_connection, record)
        dbapi_connection.isolation_level = None

    @event.listens_for(migrator, "begin")
    def _take_the_write_lock(connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    try:
        with migrator.begin() as connection:
            yield connection
    finally:
        migrator.dispose()


# --- history: players and CSV ----------------------------------------------------------------

def player_key(name: str) -> str:
    """Names that differ only in case or surrounding spaces are the same player."""
    return name.strip().casefold()


# Per name as spelled and game: games, wins, the sum and best of the totals, and the newest
# result (when and which) the spelling was in. A shared win counts for each winner.
_PLAYER_GROUPS = {
    "sqlite": "SELECT json_extract(p.value, '$.name'), r.game, COUNT(*), "
              "SUM(json_extract(p.value, '$.rank') = 1), SUM(json_extract(p.value, '$.total')), "
              "MAX(json_extract(p.value, '$.total')), MAX(r.saved_at), MAX(r.id) "
              "FROM gardenkit_results r, json_each(r.result, '$.players') p {where} GROUP BY 1, 2",
    "postgresql": "SELECT p->>'name', r.game, COUNT(*), SUM(CASE WHEN (p->>'rank')::int = 1 THEN 1 ELSE 0 END), "
                  "SUM((p->>'total')::bigint)::bigint, MAX((p->>'total')::bigint), MAX(r.saved_at), MAX(r.id) "
                  "FROM gardenkit_results r, json_array_elements(r.result->'players') p {where} GROUP BY 1, 2",
}


def _groups_of(rows: Iterable[Any]) -> Iterator[tuple]:
    """What a _PLAYER_GROUPS query answers, one row per player of each result."""
    for game, result, saved_at, result_id in rows:
        for entry in result.get("players", []):
            yield entry["name"], game, 1, int(entry["rank"] == 1), entry["total"], entry["total"], saved_at, result_id


def player_stats(groups: Iterable[tuple]) -> list[dict[str, Any]]:
    """Per player, from rows (name, game, games, wins, sum of totals, best total, newest
    saved_at, newest id) as _PLAYER_GROUPS counts them: games played and won, and per game the
    games, wins, average total and best total. Names that differ only in case or surrounding
    spaces are one player, shown in the newest spelling. Most games first, then most wins,
    then by name."""
    players: dict[str, dict[str, Any]] = {}
    for name, game, games, wins, points, best, newest, newest_id in groups:
        player = players.setdefault(player_key(name), {"name": name.strip(), "games": 0, "wins": 0,
                                                       "per_game": {}, "_newest": (newest, newest_id),
                                                       "_points": {}})
        if (newest, newest_id) > player["_newest"]:
            player["name"], player["_newest"] = name.strip(), (newest, newest_id)
        player["games"] += games
        player["wins"] += wins
        per_game = player["per_game"].setdefault(game, {"games": 0, "wins": 0, "average": 0.0, "best": best})
        per_game["games"] += games
        per_game["wins"] += wins
        per_game["best"] = max(per_game["best"], best)
        player["_points"][game] = player["_points"].get(game, 0) + points
    for player in players.values():
        del player["_newest"]
        for game, points in player.pop("_points").items():
            player["per_game"][game]["average"] = round(points / player["per_game"][game]["games"], 1)
    return sorted(players.values(), key=lambda p: (-p["games"], -p["wins"], player_key(p["name"])))


CSV_FIRST_COLUMNS = ["result_id", "saved_at", "updated_at", "game", "player", "rank", "total", "winner"]
CSV_LAST_COLUMNS = ["breakdown", "note"]


EXPORT_BATCH = 1000   # saved results read at once by the CSV export
# Between a result's stored categories and between its stored CSV cells: no category holds it,
# and a result with a cell that does is written from its JSON.
CELL_SEPARATOR = "\x1f"
CSV_FIELDS = (SavedResult.id, SavedResult.saved_at, SavedResult.updated_at, SavedResult.game,
              SavedResult.categories, SavedResult.csv_cells,
              case((SavedResult.csv_cells.is_(None), cast(SavedResult.result, Text))), SavedResult.note)


def score_categories(session: Session, game: str | None) -> list[str]:
    """The union of the score categories of the saved results (of one game), in the order the
    scorer gives them, the newest results' first: one list per distinct set, read from the
    results' stored categories, grouped by the database."""
    query = (select(SavedResult.categories).group_by(SavedResult.categories)
             .order_by(func.max(SavedResult.saved_at).desc()))
    categories: dict[str, None] = {}
    for keys in session.scalars(query.where(SavedResult.game == game) if game else query):
        categories.update(dict.fromkeys((keys or "").split(CELL_SEPARATOR)))
    categories.pop("", None)
    return list(categories)


class _CellWriter:
    """Text cells as the csv module writes them inside a line (quoted where they must be),
    each on its own: one empty cell alone on a line it would write as \"\"."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.writer = csv.writer(self.out)

    def __call__(self, *cells: Any) -> str:
        self.out.seek(0)
        self.out.truncate()
        self.writer.writerow((*cells, None))
        return self.out.getvalue()[:-3]   # less the empty cell's comma and the line's end


def rendered_for_csv(result: dict[str, Any], note: str | None) -> tuple[str | None, str | None]:
    """What the CSV export keeps of a result with this note (SavedResult's categories and
    csv_cells): its first player's score categories, and its CSV cells as the csv module
    writes them, both joined by CELL_SEPARATOR. The cells are the note's, then for each player
    the first four (name, rank, total, winner) as one, one per category in that order, and the
    breakdown. No cells (None) when a player's categories are not the first player's, in the
    same order, or a cell holds the separator: the export writes such a result from its JSON."""
    players = result.get("players", [])
    own = list(players[0].get("breakdown", {})) if players else []
    categories = CELL_SEPARATOR.join(own) or None
    encoded = _CellWriter()
    winners = set(result.get("winners", []))
    cells = [encoded(_cell(note or ""))]
    for p in players:
        breakdown = p.get("breakdown", {})
        if list(breakdown) != own:
            return categories, None
        cells.append(encoded(_cell(p["name"]), p["rank"], p["total"], "yes" if p["name"] in winners else ""))
        cells += [encoded(points) for points in breakdown.values()]
        cells.append(encoded("; ".join(f"{category}={points}" for category, points in breakdown.items())))
    if any(CELL_SEPARATOR in cell for cell in cells):
        return categories, None
    return categories, CELL_SEPARATOR.join(cells)


@event.listens_for(SavedResult, "before_insert")
@event.listens_for(SavedResult, "before_update")
def _render_for_csv(_mapper, _connection, target: SavedResult) -> None:
    target.categories, target.csv_cells = rendered_for_csv(target.result, target.note)


def results_csv(batches: Iterable[Sequence[Any]], categories: Sequence[str]) -> Iterator[str]:
    """One line per player, as text chunks, one per batch of rows (id, saved_at, updated_at,
    game, categories, csv_cells, the result as JSON text, note: SavedResult's, the JSON needed
    only for a result without cells). Each score category has a column of its own; a category
    a game does not have stays empty. `breakdown` repeats them as one text cell, as the first
    release wrote it, for sheets already built on that column."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_cell(name) for name in [*CSV_FIRST_COLUMNS, *categories, *CSV_LAST_COLUMNS]])
    places = {category: place for place, category in enumerate(categories)}
    layouts: dict[tuple[str, str | None, int], str] = {}
    for batch in batches:
        lines = [out.getvalue()]
        out.seek(0)
        out.truncate()
        for result_id, saved_at, updated_at, game, own, cells, result_text, note in batch:
            if cells is None:
                writer.writerows(_player_lines([(result_id, saved_at, updated_at, game, result_text, note)],
                                               places, [""] * len(categories)))
                lines.append(out.getvalue())
                out.seek(0)
                out.truncate()
                continue
            values = cells.split(CELL_SEPARATOR)
            layout = layouts.get((game, own, len(values)))
            if layout is None:
                layout = layouts[game, own, len(values)] = _lines_layout(game, own, len(values), places)
            lines.append(layout.format(f"{result_id},{_iso(saved_at)},{_iso(updated_at) if updated_at else ''},",
                                       *values))
        yield "".join(lines)
    yield out.getvalue()


def _lines_layout(game: str, own: str | None, cells: int, places: dict[str, int]) -> str:
    """A format string that writes the CSV lines of a result of `game` from its stored cells
    (of this many, its categories `own`) with the columns at `places`: {0} stands for a line's
    first three cells (id and times) and the comma after them, {1} for the note, then each
    player's cells in the order rendered_for_csv keeps them. Only the game and commas between:
    the cells' own text never passes through the format."""
    categories = own.split(CELL_SEPARATOR) if own else []
    per_player = len(categories) + 2
    game_cell = _CellWriter()(game).replace("{", "{{").replace("}", "}}")
    lines = []
    for player in range((cells - 1) // per_player):
        first = 2 + player * per_player
        slots = [""] * len(places)
        for offset, category in enumerate(categories, 1):
            if category in places:  # always, but for a result saved after the columns were found
                slots[places[category]] = f"{{{first + offset}}}"
        lines.append(f"{{0}}{game_cell},{{{first}}}" + "".join("," + slot for slot in slots)
                     + f",{{{first + per_player - 1}}},{{1}}\r\n")
    return "".join(lines)


def _player_lines(batch: Sequence[Any], places: dict[str, int], no_points: list[Any]) -> Iterator[tuple]:
    """The CSV lines of a batch of results (id, saved_at, updated_at, game, result as JSON
    text, note), one a player, read from the results' JSON: how the export wrote every result
    before they kept their cells, and still writes one without."""
    for result_id, saved_at, updated_at, game, result_text, note in batch:
        result = json.loads(result_text)
        winners = set(result.get("winners", []))
        first = (result_id, _iso(saved_at), _iso(updated_at) if updated_at else "", game)
        note_cell = _cell(note or "")
        for p in result.get("players", []):
            points = no_points.copy()
            shown = []
            for category, value in p.get("breakdown", {}).items():
                place = places.get(category)
                if place is not None:
                    points[place] = value
                shown.append(f"{category}={value}")
            # Only the text players typed can start like a formula: the rest is ours.
            yield (*first, _cell(p["name"]), p["rank"], p["total"], "yes" if p["name"] in winners else "",
                   *points, "; ".join(shown), note_cell)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", ";", " ", "|", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _cell(value: Any) -> Any:
    """A spreadsheet may run a text cell that starts with = + - @ (or their full-width forms,
    a pipe, or any space, tab, line break or semicolon before them) as a formula: such text is kept as text by
    a leading apostrophe. Numbers are the scorer's own integers and stay numbers, so a
    sheet can add up a negative category such as Garden Dice's unplaced seeds."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) or text[:1].isspace() else text


# The rows that let the database count players and categories, kept in step with every save,
# edit and delete above (scorer/store/plays.py registers itself on SavedResult).
import scorer.store.plays  # noqa: E402, F401
