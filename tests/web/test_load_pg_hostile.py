"""PostgreSQL against hostile input and a database that hangs: a NUL in any text is refused in
words (PostgreSQL keeps none; it was a 500), and a statement stuck behind a lock gives up
after the statement timeout with a 503 instead of holding the request's thread."""
from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

import scorer
import scorer.store.storage
from tests.support.found import found
from tests.support.history_states import KIM_WINS

pytest_plugins = ["tests.support.load_fixtures"]

pytestmark = pytest.mark.postgres


def make_app(url, tmp_path):
    return scorer.create_app({"TESTING": True, "SECRET_KEY": "t", "INSTANCE_PATH": str(tmp_path / "i"),
                              "DATABASE_URL": url})


def test_a_nul_in_a_note_or_a_name_is_refused_in_words(postgres_url, tmp_path):
    app = make_app(postgres_url, tmp_path)
    client = app.test_client()
    try:
        saved = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS, "note": "kept"})
        assert saved.status_code == 201
        address, result_id = saved.headers["Location"], saved.get_json()["id"]
        nul_note = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS, "note": "a\x00b"})
        assert nul_note.status_code == 422 and "NUL" in nul_note.get_json()["violations"][0]["message"]
        named = {"players": [{**KIM_WINS["players"][0], "name": "K\x00m"}, *KIM_WINS["players"][1:]]}
        nul_name = client.post("/api/results", json={"game": "garden-variety", "state": named})
        assert nul_name.status_code == 422
        edited = client.patch(address, json={"version": 1, "note": "\x00"})
        assert edited.status_code == 422 and "NUL" in edited.get_json()["violations"][0]["message"]
        page = f"/results/{result_id}/edit"
        token = found(r'name="csrf_token" value="([^"]+)"', client.get(page).get_data(as_text=True))
        answer = client.post(page, data={"csrf_token": token, "state": '{"players": []}', "note": "x\x00"})
        assert answer.status_code == 422 and "NUL" in answer.get_data(as_text=True)
        assert client.get(address).get_json()["note"] == "kept"
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


@contextlib.contextmanager
def table_locked(url: str) -> Iterator[None]:
    """Another session holds the results table locked (as a stuck migration or a long backup
    would) until the block ends."""
    locker = sa.create_engine(url, poolclass=sa.pool.NullPool)
    locked, release = threading.Event(), threading.Event()

    def hold_the_table() -> None:
        with locker.begin() as connection:
            connection.execute(sa.text("lock table gardenkit_results in access exclusive mode"))
            locked.set()
            release.wait(30)

    holder = threading.Thread(target=hold_the_table)
    holder.start()
    try:
        assert locked.wait(10)
        yield
    finally:
        release.set()
        holder.join(10)
        locker.dispose()


def test_a_save_stuck_behind_a_lock_gives_up_with_a_503(postgres_url, tmp_path, monkeypatch):
    monkeypatch.setattr(scorer.store.storage, "PG_STATEMENT_TIMEOUT_MS", 1000)
    app = make_app(postgres_url, tmp_path)
    client = app.test_client()
    try:
        with table_locked(postgres_url):
            started = time.monotonic()
            answer = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS})
            assert time.monotonic() - started < 5
            assert answer.status_code == 503 and "did not answer in time" in answer.get_json()["error"]
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


@pytest.mark.slow
def test_a_save_stuck_behind_a_lock_holds_only_itself_on_the_real_server(postgres_url, tmp_path):
    """`gardenkit serve`'s gevent worker waits for PostgreSQL on its loop (scorer.store.green), so
    while one request waits on the database the worker's other connections are answered."""
    from tests.support.prod_server import ProductionServer, request

    with ProductionServer(postgres_url, workers=1, log_path=tmp_path / "server.log") as server:
        assert request(server.url, "POST", "/api/results", {"game": "garden-variety", "state": KIM_WINS})[0] == 201
        stuck: list[int] = []
        with table_locked(postgres_url):
            saver = threading.Thread(target=lambda: stuck.append(request(
                server.url, "POST", "/api/results", {"game": "garden-variety", "state": KIM_WINS})[0]))
            saver.start()
            time.sleep(0.5)  # the save is waiting on the lock now
            started = time.monotonic()
            status, _ = request(server.url, "GET", "/api/games")
            assert status == 200 and time.monotonic() - started < 1.0
            saver.join(15)
        assert stuck == [503]  # the statement timeout ended the wait
