"""Saved results belong to their saver: the saving browser (or an API client holding the key
the save answered with) edits and deletes it, the operator's token anything; edits name the
version they were made on; ids are never reused; a save key repeated with another game is
refused. On SQLite and on PostgreSQL (tests/support/pg.py) through Flask's test client."""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import scorer
from scorer.store.storage import MIGRATIONS, Storage
from scorer.web.owners import KEY_COOKIE, REMEMBERED_RESULTS
from tests.support.found import found
from tests.support.history_states import KIM_WINS, LEE_WINS

pytest_plugins = ["tests.support.load_fixtures"]

OPERATOR = "operator-token-for-tests"
QUEUED = "queued-save-0001-on-pad"   # a save key as a device's queue makes one


def make_app(database_url, tmp_path):
    return scorer.create_app({"TESTING": True, "SECRET_KEY": "test", "INSTANCE_PATH": str(tmp_path / "i"),
                              "DATABASE_URL": database_url, "ADMIN_TOKEN": OPERATOR})


def save(client, state=KIM_WINS, **headers):
    return client.post("/api/results", json={"game": "garden-variety", "state": state}, headers=headers)


def test_only_the_saver_or_the_operator_edits_or_deletes(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    saver, stranger = app.test_client(), app.test_client()
    try:
        saved = save(saver).get_json()
        address, key = f"/api/results/{saved['id']}", saved["key"]
        assert len(key) >= 32 and saved["version"] == 1
        note = {"version": 1, "note": "mine"}
        for wrong in ({}, {"X-Result-Key": key[:-1] + ("B" if key.endswith("A") else "A")}, {"Authorization": "Bearer " + OPERATOR[:-1]},
                      {"Authorization": f"Bearer {save(stranger).get_json()['key']}"}):
            refused = stranger.patch(address, json=note, headers=wrong)
            assert refused.status_code == 403 and "saved this result" in refused.get_json()["error"], wrong
            assert stranger.delete(address, headers=wrong).status_code == 403
        assert stranger.get(address).get_json()["note"] is None
        assert stranger.get(f"/results/{saved['id']}/edit").status_code == 403
        token = found(r'name="csrf_token" value="([^"]+)"',
                      stranger.get("/games/garden-variety/score").get_data(as_text=True))
        assert stranger.post(f"/results/{saved['id']}/delete", data={"csrf_token": token}).status_code == 403
        assert stranger.get(address).status_code == 200
        # the key in a header, as a bearer token, the saving browser's cookie, the operator
        assert stranger.patch(address, json=note, headers={"X-Result-Key": key}).get_json()["version"] == 2
        edited = stranger.patch(address, json={"version": 2, "note": "b"}, headers={"Authorization": f"Bearer {key}"})
        assert edited.status_code == 200
        assert saver.patch(address, json={"version": 3, "note": "c"}).status_code == 200
        assert saver.get(f"/results/{saved['id']}/edit").status_code == 200
        operator = {"Authorization": f"Bearer {OPERATOR}"}
        assert stranger.patch(address, json={"version": 4, "note": "d"}, headers=operator).status_code == 200
        assert stranger.delete(address, headers=operator).status_code == 204
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_stale_edit_is_409_with_both_versions_and_changes_nothing(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    client = app.test_client()
    try:
        saved_id = save(client).get_json()["id"]
        address = f"/api/results/{saved_id}"
        assert client.patch(address, json={"version": 1, "note": "first person's note"}).status_code == 200
        stale = client.patch(address, json={"version": 1, "note": "second person's note"})
        assert stale.status_code == 409
        answer = stale.get_json()
        assert answer["your_version"] == 1 and answer["current"]["version"] == 2
        assert answer["current"]["note"] == "first person's note" and "version 2" in answer["error"]
        assert client.get(address).get_json()["note"] == "first person's note"
        never = client.patch(address, json={"version": 0, "note": "made on no version"})
        assert never.status_code == 409 and never.get_json()["your_version"] == 0
        assert never.get_json()["current"]["version"] == 2
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_of_two_edits_made_at_once_on_one_version_only_one_is_kept(database_url):
    """The storage's own check: the second UPDATE names the version it read, which the first
    has raised, so it changes nothing (SQLAlchemy's version counter)."""
    store = Storage(database_url)
    try:
        saved = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
        with store.engine.begin() as connection:  # another process's edit, between read and write
            connection.execute(sa.text("update gardenkit_results set version = 2, note = 'theirs' where id = :id"),
                               {"id": saved["id"]})
        try:
            store.update(saved["id"], note="mine", version=1)
            raise AssertionError("a stale edit was kept")
        except scorer.store.storage.StaleVersion as stale:
            assert stale.current["note"] == "theirs" and stale.attempted == 1
        assert (store.get(saved["id"]) or {}).get("note") == "theirs"
    finally:
        store.engine.dispose()


def test_a_deleted_results_id_is_never_given_to_another(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    client = app.test_client()
    try:
        ids = [save(client).get_json()["id"] for _ in range(3)]
        assert client.delete(f"/api/results/{ids[-1]}").status_code == 204
        after = save(client, LEE_WINS).get_json()["id"]
        assert after > ids[-1]
        assert client.get(f"/api/results/{ids[-1]}").status_code == 404
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_save_key_repeated_with_another_game_is_422(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    client = app.test_client()
    try:
        first = save(client, **{"Idempotency-Key": QUEUED})
        assert first.status_code == 201
        again = save(client, **{"Idempotency-Key": QUEUED})
        assert again.status_code == 200 and again.get_json() == first.get_json()  # the same key too
        changed = save(client, LEE_WINS, **{"Idempotency-Key": QUEUED})
        assert changed.status_code == 422 and "another game" in changed.get_json()["error"]
        assert len(client.get("/api/results").get_json()["results"]) == 1
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_repeat_by_another_client_gets_the_result_but_not_its_key(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    saver, stranger = app.test_client(), app.test_client()
    try:
        first = save(saver, **{"Idempotency-Key": QUEUED}).get_json()
        replayed = save(stranger, **{"Idempotency-Key": QUEUED})
        assert replayed.status_code == 200 and replayed.get_json()["id"] == first["id"]
        assert "key" not in replayed.get_json()
        assert stranger.delete(f"/api/results/{first['id']}").status_code == 403  # nor in its session
        by_key = save(stranger, **{"Idempotency-Key": QUEUED, "X-Result-Key": first["key"]})
        by_operator = save(stranger, **{"Idempotency-Key": QUEUED, "Authorization": f"Bearer {OPERATOR}"})
        assert by_key.get_json()["key"] == by_operator.get_json()["key"] == first["key"]
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_short_idempotency_key_is_refused(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    try:
        answer = save(app.test_client(), **{"Idempotency-Key": "7"})
        assert answer.status_code == 400 and "16 to 100" in answer.get_json()["error"]
        assert save(app.test_client(), **{"Idempotency-Key": "x" * 15}).status_code == 400
        assert app.test_client().get("/api/results").get_json()["results"] == []
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_deleted_results_save_key_does_not_save_the_game_again(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    client = app.test_client()
    try:
        first = save(client, **{"Idempotency-Key": QUEUED}).get_json()
        assert client.delete(f"/api/results/{first['id']}").status_code == 204
        late_retry = save(client, **{"Idempotency-Key": QUEUED})
        assert late_retry.status_code == 410 and "deleted" in late_retry.get_json()["error"]
        assert client.get("/api/results").get_json()["results"] == []
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_the_database_keeps_only_a_hash_of_each_key(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    try:
        key = save(app.test_client()).get_json()["key"]
        engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
        with engine.connect() as connection:
            row = connection.execute(sa.text("select * from gardenkit_results")).mappings().one()
        engine.dispose()
        assert key not in str(dict(row)) and len(row["owner_key_hash"]) == 64
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_browser_remembers_its_most_recent_saves(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'r.db'}", tmp_path)
    client = app.test_client()
    try:
        ids = [save(client).get_json()["id"] for _ in range(REMEMBERED_RESULTS + 2)]
        kept = [client.get_cookie(f"{KEY_COOKIE}{result}") for result in ids]
        assert all(cookie is None for cookie in kept[:2])
        assert all(cookie is not None and cookie.expires is not None and cookie.http_only for cookie in kept[2:])
        assert client.patch(f"/api/results/{ids[0]}", json={"version": 1, "note": "x"}).status_code == 403
        assert client.patch(f"/api/results/{ids[-1]}", json={"version": 1, "note": "x"}).status_code == 200
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_deleted_result_leaves_no_key_behind_in_the_browser(tmp_path):
    """The key of a result that is gone opens nothing; its cookie would only take one of the
    browser's REMEMBERED_RESULTS places (and be sent with every request) until it expired."""
    app = make_app(f"sqlite:///{tmp_path / 'd.db'}", tmp_path)
    client = app.test_client()
    try:
        by_api, by_form, kept = (save(client).get_json()["id"] for _ in range(3))
        assert client.delete(f"/api/results/{by_api}").status_code == 204
        token = found(r'name="csrf_token" value="([^"]+)"', client.get(f"/results/{by_form}/delete").get_data(as_text=True))
        assert client.post(f"/results/{by_form}/delete", data={"csrf_token": token}).status_code == 302
        assert client.get_cookie(f"{KEY_COOKIE}{by_api}") is None
        assert client.get_cookie(f"{KEY_COOKIE}{by_form}") is None
        assert client.get_cookie(f"{KEY_COOKIE}{kept}") is not None
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_a_database_of_the_previous_release_upgrades_keeping_every_result(database_url):
    """Revision 0002's table with two results, one with a save key: after the upgrade they are
    at version 1 with no saver's key, and the highest id stays used even once deleted."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        for number, key in ((1, None), (2, "pad-7")):
            connection.execute(sa.text(
                "insert into gardenkit_results (game, saved_at, state, result, save_key, note) values "
                "('garden-variety', :at, :state, :result, :key, 'old')"),
                {"at": f"2026-11-2{number} 10:00:00", "key": key, "state": json.dumps(KIM_WINS),
                 "result": json.dumps(scorer.score("garden-variety", KIM_WINS))})
        before = connection.execute(sa.text("select id, save_key from gardenkit_results order by id")).all()
    engine.dispose()
    store = Storage(database_url)
    try:
        for result_id, _ in before:
            kept = store.get(result_id)
            assert kept is not None and kept["version"] == 1 and kept["note"] == "old" and kept["state"] == KIM_WINS
            assert store.owner_key_hash(result_id) is None
        assert store.delete(before[-1][0])
        again = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
        assert again["id"] > before[-1][0]
    finally:
        store.engine.dispose()


def test_the_openapi_document_describes_ownership_and_every_results_answer(client):
    doc = client.get("/openapi.json").get_json()
    results, one = doc["paths"]["/api/results"], doc["paths"]["/api/results/{result_id}"]
    assert {"200", "201", "403", "415", "422"} <= set(results["post"]["responses"])
    assert [p["name"] for p in results["post"]["parameters"]] == ["Idempotency-Key"]
    assert {"200", "403", "409", "415", "422"} <= set(one["patch"]["responses"])
    assert {"204", "403", "404"} <= set(one["delete"]["responses"])
    assert one["patch"]["security"] == one["delete"]["security"]
    assert {"resultKey", "bearer", "session"} == set(doc["components"]["securitySchemes"])
    assert "key" in doc["components"]["schemas"]["Saved"]["required"]
    assert "/api/players" in doc["paths"]
