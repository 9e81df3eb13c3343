"""Saved results (docs/app.md "JSON API") on both databases a deployment may choose through
GARDENKIT_DATABASE_URL: a SQLite file and a real PostgreSQL server (tests/support/pg.py).

Every test runs twice, once per database, through the JSON API of a fresh app whose database
starts empty: the schema must be created on first start on either. Saving once per key is
raced by separate processes, each with its own connection, as gunicorn's workers would.
"""
from __future__ import annotations

import csv
import io

import pytest
import sqlalchemy as sa

import scorer
from scorer.store.storage import Storage
from tests.support.processes import preloaded
from tests.support.prod_server import marked_state

pytest_plugins = ["tests.support.load_fixtures"]

KIM_WINS = marked_state("Kim")  # a possible Garden Variety end: Kim wins
ANN_WINS = {"players": [{"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
                        {"name": "Ben", "orange": [12, 5, 0], "blue": [10, 4, 4], "beehives": 1}]}
# A Garden Variety hand never holds more than five cards: six is impossible.
IMPOSSIBLE = {"players": [{**KIM_WINS["players"][0], "hand": 6}, *KIM_WINS["players"][1:]]}


@pytest.fixture
def api(database_url, tmp_path):
    for game in ("garden-variety", "cottage-garden"):
        if game not in scorer.GAMES:
            pytest.skip(f"{game} rules are not written yet")
    app = scorer.create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    assert app.config["DATABASE_URL"] == database_url  # chosen through the environment
    yield app.test_client()
    app.extensions["gardenkit.storage"].engine.dispose()


def saved_rows(url: str) -> int:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text("select count(*) from gardenkit_results")).scalar_one()
    finally:
        engine.dispose()


def save(api, game: str, state: dict):
    response = api.post("/api/results", json={"game": game, "state": state})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_schema_is_created_on_first_start(database_url, api):
    engine = sa.create_engine(database_url)
    try:
        assert "gardenkit_results" in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()
    assert api.get("/api/results").get_json() == {"results": []}
    assert api.get("/healthz").status_code == 200


def test_a_save_returns_the_score_and_can_be_read_back(api, database_url):
    saved = save(api, "garden-variety", KIM_WINS)
    assert saved["result"] == scorer.score("garden-variety", KIM_WINS)
    again = api.get(f"/api/results/{saved['id']}")
    assert again.status_code == 200
    record = again.get_json()
    assert record["id"] == saved["id"] and record["game"] == "garden-variety"
    assert record["state"] == KIM_WINS and record["result"] == saved["result"]
    assert record["winners"] == ["Kim"]
    assert saved_rows(database_url) == 1


def test_the_list_is_newest_first_and_filters_by_game(api):
    ids = [save(api, game, state)["id"] for game, state in
           [("garden-variety", KIM_WINS), ("cottage-garden", ANN_WINS), ("garden-variety", KIM_WINS)]]
    listed = api.get("/api/results").get_json()["results"]
    assert [r["id"] for r in listed] == ids[::-1]
    only = api.get("/api/results?game=garden-variety").get_json()["results"]
    assert [r["id"] for r in only] == [ids[2], ids[0]]
    assert {r["game"] for r in only} == {"garden-variety"}


def test_the_csv_has_one_row_per_player_of_every_saved_game(api):
    first = save(api, "garden-variety", KIM_WINS)["id"]
    second = save(api, "cottage-garden", ANN_WINS)["id"]
    response = api.get("/api/results.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(int(r["result_id"]), r["player"]) for r in rows] == [
        (second, "Ann"), (second, "Ben"), (first, "Kim"), (first, "Lee"), (first, "Max")]
    assert [r["winner"] for r in rows] == ["yes", "", "yes", "", ""]
    expected = {p["name"]: p["total"] for p in scorer.score("garden-variety", KIM_WINS)["players"]}
    assert {r["player"]: int(r["total"]) for r in rows if r["game"] == "garden-variety"} == expected


def test_an_impossible_state_is_refused_and_nothing_is_saved(api, database_url):
    response = api.post("/api/results", json={"game": "garden-variety", "state": IMPOSSIBLE})
    assert response.status_code == 422
    assert response.get_json()["violations"]
    assert api.post("/api/results", data=b"{not json",
                       content_type="application/json").status_code == 400
    assert api.get("/api/results").get_json() == {"results": []}
    assert saved_rows(database_url) == 0


def test_an_unknown_result_id_is_404(api):
    assert api.get("/api/results/999999").status_code == 404


def test_an_idempotency_key_saves_once_and_a_repeat_answers_200(api, database_url):
    first = api.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS},
                     headers={"Idempotency-Key": "queued-offline-1"})
    again = api.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS},
                     headers={"Idempotency-Key": "queued-offline-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert saved_rows(database_url) == 1


def save_with_key(url: str, barrier, answers) -> None:
    """One worker process: wait for the others, then save the same game under one key."""
    store = Storage(url)
    barrier.wait(timeout=30)
    record, created = store.save_once("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS),
                                      key="raced-across-processes")
    answers.put((record["id"], created))
    store.engine.dispose()


@pytest.mark.slow
def test_processes_racing_with_one_key_save_once(database_url):
    processes = preloaded(__name__)
    barrier, answers = processes.Barrier(4), processes.Queue()
    Storage(database_url).engine.dispose()   # the schema first, so that the race is the saves'
    workers = [processes.Process(target=save_with_key, args=(database_url, barrier, answers)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    results = [answers.get(timeout=5) for _ in workers]
    assert len({saved_id for saved_id, _ in results}) == 1
    assert sorted(created for _, created in results) == [False, False, False, True]
    assert saved_rows(database_url) == 1


def test_an_edit_is_rescored_and_an_impossible_one_changes_nothing(api):
    saved_id = save(api, "garden-variety", KIM_WINS)["id"]
    lee_wins = {"players": [{**KIM_WINS["players"][0], "name": "Lee"}, {**KIM_WINS["players"][1], "name": "Kim"},
                            *KIM_WINS["players"][2:]]}
    edited = api.patch(f"/api/results/{saved_id}", json={"version": 1, "state": lee_wins, "note": "names swapped"})
    assert edited.status_code == 200 and edited.get_json()["winners"] == ["Lee"]
    refused = api.patch(f"/api/results/{saved_id}", json={"version": 2, "state": IMPOSSIBLE, "note": "lost?"})
    assert refused.status_code == 422 and refused.get_json()["violations"]
    kept = api.get(f"/api/results/{saved_id}").get_json()
    assert kept["state"] == lee_wins and kept["note"] == "names swapped"
    assert api.patch("/api/results/999999", json={"version": 1, "note": "x"}).status_code == 404


def test_delete_and_players(api, database_url):
    kept = save(api, "garden-variety", KIM_WINS)["id"]
    gone = save(api, "cottage-garden", ANN_WINS)["id"]
    assert api.delete(f"/api/results/{gone}").status_code == 204
    assert api.delete(f"/api/results/{gone}").status_code == 404
    assert [r["id"] for r in api.get("/api/results").get_json()["results"]] == [kept]
    players = api.get("/api/players").get_json()["players"]
    assert {p["name"] for p in players} == {p["name"] for p in KIM_WINS["players"]}
    assert saved_rows(database_url) == 1
