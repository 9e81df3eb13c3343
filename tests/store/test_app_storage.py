"""scorer.store.storage on a real SQLite file: WAL and busy timeout, one transaction per save,
newest first, URLs passed through unchanged; saving once per key, editing, deleting, notes,
players' records and the CSV."""
import csv
import io
import sqlite3
import threading
from typing import Any

import pytest
from sqlalchemy import event, text

from scorer.store.storage import (
    NOTE_MAX_CHARS,
    Storage,
    StorageUnavailable,
    database_url,
    note_problem,
    save_key_problem,
)

RESULT: dict[str, Any] = {"game": "garden-variety", "winners": ["A"], "warnings": [],
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
    lines = "".join(store.csv("garden-variety")).splitlines()
    assert lines[0] == "result_id,saved_at,updated_at,game,player,rank,total,winner,garden_bed,hand,breakdown,note"
    assert len(lines) == 3 and lines[1].endswith(",garden-variety,A,1,6,yes,6,0,garden_bed=6; hand=0,")


def test_a_failed_save_leaves_earlier_saves_and_no_half_row(store):
    store.save("garden-variety", STATE, RESULT)
    with pytest.raises(StorageUnavailable):
        store.save("garden-variety", STATE, {"not": object()})   # cannot be stored as JSON
    assert len(store.list()) == 1


def errors_in_threads(work, count: int) -> list[Exception]:
    """Runs work() on `count` threads at once; what each raised, collected so that the
    caller's assertion names it."""
    errors: list[Exception] = []

    def run():
        try:
            work()
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_concurrent_saves_from_threads_all_land(store):
    def save_some():
        for _ in range(10):
            store.save("garden-variety", STATE, RESULT)

    assert errors_in_threads(save_some, 4) == []
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

        def start(url: str, starting: threading.Barrier, stores: list[Storage]) -> None:
            starting.wait()
            stores.append(Storage(url))

        threads = [threading.Thread(target=start, args=(url, starting, stores)) for _ in range(4)]
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


# --- saving once per key ------------------------------------------------------------------------

def test_the_same_key_saves_once_and_returns_the_first_record(store):
    first, created = store.save_once("garden-variety", STATE, RESULT, key="pad-device-queue-1")
    again, created_again = store.save_once("garden-variety", STATE, RESULT, key="pad-device-queue-1")
    assert (created, created_again) == (True, False)
    assert again == first
    assert store.save("garden-variety", STATE, RESULT, key="pad-device-queue-1") == first
    other = store.save("garden-variety", STATE, RESULT, key="pad-device-queue-2")
    assert other["id"] != first["id"]
    unkeyed = [store.save("garden-variety", STATE, RESULT) for _ in range(2)]   # no key: every save counts
    assert unkeyed[0]["id"] != unkeyed[1]["id"]
    assert len(store.list()) == 4


def test_a_save_that_loses_the_race_for_its_key_returns_the_winners_record(store, tmp_path):
    """Another process stores the same key between this save's look and its insert: the
    unique index refuses the second row, and the first comes back."""
    rival = Storage(store.url)
    rivals_record: dict = {}

    @event.listens_for(store.engine, "before_cursor_execute")
    def rival_saves_first(connection, cursor, statement, *args):
        if statement.startswith("INSERT INTO gardenkit_results") and not rivals_record:
            rivals_record.update(rival.save("garden-variety", STATE, RESULT, key="raced-by-two-saves"))

    try:
        record, created = store.save_once("garden-variety", STATE, {**RESULT, "winners": ["B"]}, key="raced-by-two-saves")
    finally:
        rival.engine.dispose()
    assert rivals_record and not created
    assert record == rivals_record and record["winners"] == ["A"]
    assert len(store.list()) == 1


def test_threads_racing_with_one_key_store_one_row(store):
    starting, records = threading.Barrier(6), []

    def save():
        starting.wait()
        records.append(store.save_once("garden-variety", STATE, RESULT, key="one-game-many-tries"))

    assert errors_in_threads(save, 6) == []
    assert {record["id"] for record, _ in records} == {store.list()[0]["id"]}
    assert sorted(created for _, created in records) == [False] * 5 + [True]


@pytest.mark.parametrize("key", ["", "a b", "x" * 101, "naïve", "semi;colon", "new\nline"])
def test_a_bad_save_key_is_refused_before_anything_is_saved(store, key):
    assert save_key_problem(key)
    with pytest.raises(ValueError, match="plain characters"):
        store.save("garden-variety", STATE, RESULT, key=key)
    assert store.list() == []


def test_good_save_keys():
    for key in ("0b0c7f0e-3a5e-4a8e-9c1f-6f1c2a9b1d22", "pad:2026-11-23T11:40:00.123Z~1", "x" * 100):
        assert save_key_problem(key) is None


# --- editing, deleting, notes -----------------------------------------------------------------------

def test_an_update_changes_state_and_score_together_and_marks_the_time(store):
    saved = store.save("garden-variety", STATE, RESULT, note="  at Ann's  ")
    assert saved["note"] == "at Ann's" and saved["updated_at"] is None
    new_state = {"players": [{**STATE["players"][0], "garden_bed": 3}, STATE["players"][1]]}
    new_result = {**RESULT, "winners": ["B"]}
    changed = store.update(saved["id"], state=new_state, result=new_result)
    assert changed["state"] == new_state and changed["result"] == new_result
    assert changed["note"] == "at Ann's" and changed["updated_at"] >= saved["saved_at"]
    assert changed["saved_at"] == saved["saved_at"]
    assert store.get(saved["id"]) == changed
    assert store.update(saved["id"], note="   ")["note"] is None   # a blank note is no note
    with pytest.raises(ValueError):
        store.update(saved["id"], state=new_state)   # a state without its score
    assert store.update(10_000, note="x") is None


def test_delete_removes_one_result(store):
    kept, gone = store.save("garden-variety", STATE, RESULT), store.save("garden-variety", STATE, RESULT)
    assert store.delete(gone["id"]) is True
    assert store.delete(gone["id"]) is False
    assert [r["id"] for r in store.list()] == [kept["id"]]


def test_note_bounds():
    assert note_problem("x" * NOTE_MAX_CHARS) is None
    assert "at most 500" in str(note_problem("x" * (NOTE_MAX_CHARS + 1)))
    assert note_problem(5) == "a note is text"


# --- players' records ---------------------------------------------------------------------------------

def gv_result(*players: tuple[str, int, int]) -> dict:
    return {"winners": [n for n, _, rank in players if rank == 1], "warnings": [],
            "players": [{"name": n, "total": t, "rank": r, "breakdown": {"garden_bed": t, "hand": 0}}
                        for n, t, r in players]}


def test_player_stats_match_names_whatever_their_case_and_spaces(store):
    store.save("garden-variety", {}, gv_result(("Ann", 20, 1), ("Bo", 10, 2)))
    store.save("garden-variety", {}, gv_result(("ann ", 14, 2), ("BO", 16, 1)))
    store.save("garden-dice", {}, gv_result((" Ann", 90, 1), ("Cy", 90, 1)))   # a shared win
    by_name = {p["name"]: p for p in store.player_stats()}
    assert set(by_name) == {"Ann", "BO", "Cy"}   # the newest spelling, trimmed
    ann = by_name["Ann"]
    assert (ann["games"], ann["wins"]) == (3, 2)
    assert ann["per_game"] == {"garden-dice": {"games": 1, "wins": 1, "average": 90.0, "best": 90},
                               "garden-variety": {"games": 2, "wins": 1, "average": 17.0, "best": 20}}
    assert by_name["BO"]["per_game"]["garden-variety"] == {"games": 2, "wins": 1, "average": 13.0, "best": 16}
    assert (by_name["Cy"]["games"], by_name["Cy"]["wins"]) == (1, 1)
    assert [p["name"] for p in store.player_stats()] == ["Ann", "BO", "Cy"]   # most games, then wins
    assert [p["name"] for p in store.player_stats("garden-dice")] == ["Ann", "Cy"]


# --- the CSV ----------------------------------------------------------------------------------------

def test_the_csv_has_a_column_per_category_of_every_game(store):
    store.save("garden-variety", STATE, RESULT)
    store.save("garden-dice", {}, {"winners": ["Blue"], "warnings": [], "players": [
        {"name": "Blue", "total": 103, "rank": 1,
         "breakdown": {"track": 58, "unplaced_seeds": -15, "sets": 30, "collections": 25, "sun": 5}}]})
    rows = list(csv.DictReader(io.StringIO("".join(store.csv()))))
    header = list(rows[0])
    assert header[8:-2] == ["track", "unplaced_seeds", "sets", "collections", "sun", "garden_bed", "hand"]
    blue, a = rows[0], rows[1]
    assert (blue["track"], blue["unplaced_seeds"], blue["garden_bed"]) == ("58", "-15", "")
    assert (a["garden_bed"], a["hand"], a["track"]) == ("6", "0", "")


@pytest.mark.parametrize("text", ["=1+1", "+1", "-cmd", "@SUM(A1)", "\tx", "\rx", ";x", " =1+1"])
def test_every_text_cell_that_could_be_a_formula_is_neutralised(store, text):
    result = {**RESULT, "winners": [text], "players": [{**RESULT["players"][0], "name": text}]}
    store.save("garden-variety", STATE, result, note=text + " note")
    rows = list(csv.reader(io.StringIO("".join(store.csv()), newline="")))
    player, note = rows[1][4], rows[1][-1]
    assert player == "'" + text
    kept = (text + " note").strip()   # a note is kept trimmed
    assert note == ("'" + kept if kept[0] in "=+-@\t\r; " else kept)
    for cell in (c for row in rows for c in row):
        assert not cell.startswith(("=", "+", "@", "\t", "\r", ";", " ")), cell
