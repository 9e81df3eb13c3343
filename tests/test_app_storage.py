"""scorer.storage on a real SQLite file: WAL and busy timeout, one transaction per save,
newest first, URLs passed through unchanged."""
import sqlite3
import threading

import pytest
from sqlalchemy import text

from scorer.storage import Storage, StorageUnavailable, database_url

RESULT = {"game": "garden-variety", "winners": ["A"], "warnings": [],
          "players": [{"name": "A", "total": 6, "rank": 1, "breakdown": {"garden_bed": 6, "hand": 0}},
                      {"name": "B", "total": 4, "rank": 2, "breakdown": {"garden_bed": 4, "hand": 0}}]}
STATE = {"players": [{"name": "A", "garden_bed": 6, "hand": 0, "gnomes": 0},
                     {"name": "B", "garden_bed": 4, "hand": 0, "gnomes": 0}]}


@pytest.fixture
def store(tmp_path):
    storage = Storage(f"sqlite:///{tmp_path / 'results.sqlite3'}")
    yield storage
    storage.engine.dispose()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(store):
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 5000


def test_schema_exists_as_soon_as_the_store_starts(tmp_path, store):
    tables = sqlite3.connect(tmp_path / "results.sqlite3").execute(
        "SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    assert ("gardenkit_results",) in tables


def test_save_list_get_and_csv(store):
    first = store.save("garden-variety", STATE, RESULT)
    second = store.save("garden-dice", {"players": []}, {**RESULT, "game": "garden-dice"})
    assert [r["id"] for r in store.list()] == [second["id"], first["id"]]
    assert [r["id"] for r in store.list("garden-variety")] == [first["id"]]
    assert store.get(first["id"])["state"] == STATE
    assert store.get(10_000) is None
    lines = store.csv("garden-variety").splitlines()
    assert lines[0] == "result_id,saved_at,game,player,rank,total,winner,breakdown"
    assert len(lines) == 3 and lines[1].endswith(",A,1,6,yes,garden_bed=6; hand=0")


def test_a_failed_save_leaves_earlier_saves_and_no_half_row(store):
    store.save("garden-variety", STATE, RESULT)
    with pytest.raises(StorageUnavailable):
        store.save("garden-variety", STATE, {"not": object()})   # cannot be stored as JSON
    assert len(store.list()) == 1


def test_concurrent_saves_from_threads_all_land(store):
    errors = []

    def save_some():
        try:
            for _ in range(10):
                store.save("garden-variety", STATE, RESULT)
        except Exception as error:  # collected, so the assertion below names it
            errors.append(error)

    threads = [threading.Thread(target=save_some) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(store.list(limit=1000)) == 40


@pytest.mark.parametrize("given, driver, database", [
    ("postgresql://u@h/db", "postgresql+psycopg2", "db"), ("postgres://u@h/db", "postgresql+psycopg2", "db"),
    ("postgresql+psycopg2://u@h/db", "postgresql+psycopg2", "db"), ("sqlite:////tmp/x.sqlite3", "sqlite", "/tmp/x.sqlite3")])
def test_database_urls_work_unchanged(given, driver, database, monkeypatch):
    """A plain PostgreSQL URL gets the installed driver (psycopg2 when psycopg 3 is absent)."""
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "psycopg" else real_find_spec(name, *a))
    url = database_url(given)
    assert (url.drivername, url.database) == (driver, database)


def test_workers_starting_together_on_a_new_file_start_quietly(tmp_path, caplog):
    """`gardenkit serve` starts its workers at once, each opening the same new file: the one
    that loses the race to switch it to WAL or to create the table finds the work done, and
    says nothing alarming about it."""
    caplog.set_level("WARNING", logger="gardenkit")
    for attempt in range(15):
        url = f"sqlite:///{tmp_path / f'new-{attempt}.sqlite3'}"
        stores: list[Storage] = []
        starting = threading.Barrier(4)

        def start():
            starting.wait()
            stores.append(Storage(url))

        threads = [threading.Thread(target=start) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(stores) == 4 and all(store._schema_ready for store in stores)
        with stores[0].engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        for store in stores:
            store.engine.dispose()
    assert [record.getMessage() for record in caplog.records] == []
