"""The history API through Flask's test client, on the app's real SQLite file: saving once per
Idempotency-Key, notes, editing (re-checked and re-scored; an impossible state changes
nothing), deleting, players' records, the per-category CSV and the end-screen picture."""
from __future__ import annotations

import csv
import io
import sqlite3
import threading
import xml.etree.ElementTree as ElementTree

import pytest

import scorer
from tests.support.found import found
from tests.support.history_states import IMPOSSIBLE, KIM_WINS, LEE_WINS


def rows_in_file(app) -> list[tuple]:
    """The saved rows as the SQLite file holds them, read without the app."""
    path = app.config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        return connection.execute("select id, game, state, result, note, save_key from gardenkit_results "
                                  "order by id").fetchall()


def save(client, state=KIM_WINS, **headers_and_note):
    note = headers_and_note.pop("note", None)
    body = {"game": "garden-variety", "state": state, **({"note": note} if note is not None else {})}
    return client.post("/api/results", json=body, headers=headers_and_note)


# --- saving once per key ----------------------------------------------------------------------------

def test_the_same_idempotency_key_saves_once(app, client):
    first = save(client, **{"Idempotency-Key": "5f0c1a2e-pad-queue-1"})
    assert first.status_code == 201
    again = save(client, **{"Idempotency-Key": "5f0c1a2e-pad-queue-1"})
    assert again.status_code == 200
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"] == f"/api/results/{first.get_json()['id']}"
    assert save(client, **{"Idempotency-Key": "another-save-key-2"}).status_code == 201
    assert save(client).status_code == 201 and save(client).status_code == 201   # no key: each save counts
    assert [row[5] for row in rows_in_file(app)] == ["5f0c1a2e-pad-queue-1", "another-save-key-2", None, None]


def test_requests_racing_with_one_key_save_once(app, client):
    """A queue flushed twice at once (two tabs coming back online): one row, one 201."""
    starting, answers = threading.Barrier(4), []

    def send():
        starting.wait()
        answers.append(save(app.test_client(), **{"Idempotency-Key": "flushed-twice-by-pad"}))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 200, 200, 201]
    assert len({a.get_json()["id"] for a in answers}) == 1
    assert len(rows_in_file(app)) == 1


@pytest.mark.parametrize("key", ["", "has space", "x" * 101, "semi;colon", "quote\"d"])
def test_a_bad_idempotency_key_is_a_plain_400_and_saves_nothing(app, client, key):
    answer = save(client, **{"Idempotency-Key": key})
    assert answer.status_code == 400
    assert "Idempotency-Key" in answer.get_json()["error"] and "plain characters" in answer.get_json()["error"]
    assert rows_in_file(app) == []


def test_an_impossible_state_with_a_key_saves_nothing_and_keeps_the_key_free(app, client):
    assert save(client, IMPOSSIBLE, **{"Idempotency-Key": "kept-free-key-0001"}).status_code == 422
    assert rows_in_file(app) == []
    assert save(client, **{"Idempotency-Key": "kept-free-key-0001"}).status_code == 201


# --- notes and edits ---------------------------------------------------------------------------------

def test_a_note_is_saved_and_bounded(app, client):
    saved = save(client, note="Played at Ann's")
    assert saved.status_code == 201
    assert client.get(f"/api/results/{saved.get_json()['id']}").get_json()["note"] == "Played at Ann's"
    too_long = save(client, note="x" * 501)
    assert too_long.status_code == 422
    assert too_long.get_json()["violations"][0]["path"] == "note"
    assert save(client, note=5).status_code == 422
    assert len(rows_in_file(app)) == 1


def test_an_edit_rescores_the_new_state(app, client):
    saved_id = save(client, note="first").get_json()["id"]
    answer = client.patch(f"/api/results/{saved_id}", json={"version": 1, "state": LEE_WINS})
    assert answer.status_code == 200
    edited = answer.get_json()
    assert edited["state"] == LEE_WINS and edited["result"] == scorer.score("garden-variety", LEE_WINS)
    assert edited["winners"] == ["Lee"] and edited["note"] == "first" and edited["updated_at"]
    assert client.get(f"/api/results/{saved_id}").get_json() == edited
    assert client.patch(f"/api/results/{saved_id}", json={"version": 2, "note": None}).get_json()["note"] is None


def test_an_impossible_edit_is_refused_with_the_violations_and_nothing_is_lost(app, client):
    saved_id = save(client, note="keep me").get_json()["id"]
    before = rows_in_file(app)
    answer = client.patch(f"/api/results/{saved_id}", json={"version": 1, "state": IMPOSSIBLE, "note": "changed"})
    assert answer.status_code == 422
    assert answer.get_json()["violations"] and all(v["message"] for v in answer.get_json()["violations"])
    assert rows_in_file(app) == before
    assert client.get(f"/api/results/{saved_id}").get_json()["updated_at"] is None


@pytest.mark.parametrize("body, status", [({}, 422), ({"game": "garden-dice"}, 422), ([1], 422),
                                          ({"version": 1, "note": "x" * 501}, 422), ({"note": "x"}, 422),
                                          ({"version": "1", "note": "x"}, 422), (b"{nope", 400)])
def test_bad_edit_bodies_are_refused(app, client, body, status):
    saved_id = save(client).get_json()["id"]
    before = rows_in_file(app)
    if isinstance(body, bytes):
        answer = client.patch(f"/api/results/{saved_id}", data=body, content_type="application/json")
    else:
        answer = client.patch(f"/api/results/{saved_id}", json=body)
    assert answer.status_code == status
    assert rows_in_file(app) == before


def test_edit_and_delete_of_an_unknown_result_are_404(client):
    for method in (client.patch, client.delete):
        for address in ("/api/results/999", f"/api/results/{10**30}"):
            answer = method(address, json={"note": "x"})
            assert answer.status_code == 404 and answer.get_json() == {"error": "there is nothing at this address"}


def test_delete_removes_the_result(app, client):
    kept, gone = save(client).get_json()["id"], save(client).get_json()["id"]
    answer = client.delete(f"/api/results/{gone}")
    assert answer.status_code == 204 and answer.data == b""
    assert client.get(f"/api/results/{gone}").status_code == 404
    assert client.delete(f"/api/results/{gone}").status_code == 404
    assert [row[0] for row in rows_in_file(app)] == [kept]


# --- players, CSV, picture ----------------------------------------------------------------------------

def test_players_records(client):
    save(client)
    save(client, LEE_WINS)
    save(client, {"players": [{**p, "name": p["name"].upper() + " "} for p in KIM_WINS["players"]]})
    players = client.get("/api/players").get_json()["players"]
    kim = next(p for p in players if p["name"].casefold() == "kim")
    scores = [scorer.score("garden-variety", s)["players"] for s in (KIM_WINS, LEE_WINS, KIM_WINS)]
    kim_totals = [next(p["total"] for p in game if p["name"] == "Kim") for game in scores]
    assert (kim["games"], kim["wins"]) == (3, 2)
    assert kim["per_game"]["garden-variety"] == {"games": 3, "wins": 2, "best": max(kim_totals),
                                                 "average": round(sum(kim_totals) / 3, 1)}
    assert len(players) == 3
    assert client.get("/api/players?game=garden-dice").get_json() == {"players": []}
    assert client.get("/api/players?game=chess").status_code == 404


def test_the_csv_has_a_column_per_category_and_neutralised_cells(client):
    save(client, {"players": [{**KIM_WINS["players"][0], "name": "=HYPERLINK(\"x\")"}, *KIM_WINS["players"][1:]]},
         note="@SUM(A1) was fun")
    answer = client.get("/api/results.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[0]["player"] == "'=HYPERLINK(\"x\")" and rows[0]["note"] == "'@SUM(A1) was fun"
    expected = scorer.score("garden-variety", KIM_WINS)["players"][0]["breakdown"]
    assert {key: int(rows[0][key]) for key in expected} == expected


def test_the_end_screen_picture(client):
    state = {"players": [{**KIM_WINS["players"][0], "name": "<Kim & \"co\">"}, *KIM_WINS["players"][1:]]}
    saved_id = save(client, state).get_json()["id"]
    answer = client.get(f"/results/{saved_id}.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["Content-Security-Policy"] == "default-src 'none'"
    body = answer.get_data(as_text=True)
    assert "<Kim" not in body and "&lt;Kim &amp; \"co\"&gt;" in body
    svg = ElementTree.fromstring(body)   # well-formed, whatever the names held
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    result = scorer.score("garden-variety", state)
    assert texts[0] == "Garden Variety"
    for player in result["players"]:
        assert f"{player['rank']}." in texts and str(player["total"]) in texts
    assert "<Kim & \"co\">  \u2605 winner" in texts
    assert client.get("/results/999.svg").status_code == 404


def test_the_picture_to_share_is_dated_when_the_game_was_played(client):
    """A game typed in a week later is shared with the day it was played, not the day it was
    typed in; a game with no start keeps its save time."""
    played = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS,
                                               "started_at": "2026-11-20T19:00:00Z"}).get_json()["id"]
    unknown = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS}).get_json()
    svg = client.get(f"/results/{played}.svg").get_data(as_text=True)
    assert found(r'<text[^>]*id="played-at"[^>]*>([^<]+)</text>', svg) == "20 Nov 2026, 19:00 UTC"
    assert 'data-played-at="2026-11-20T19:00:00+00:00"' in client.get(f"/results/{played}").get_data(as_text=True)
    later = client.get(f"/results/{unknown['id']}.svg").get_data(as_text=True)
    assert found(r'<text[^>]*id="played-at"[^>]*>([^<]+)</text>', later) != "20 Nov 2026, 19:00 UTC"


def test_a_save_and_an_edit_carry_when_who_started_and_where_and_refuse_in_words(client):
    body = {"game": "garden-variety", "state": KIM_WINS, "started_at": "2026-11-20T20:00:00+01:00",
            "ended_at": "2026-11-20T19:45:00Z", "start_player": "lee", "location": "Club"}
    saved = client.post("/api/results", json=body)
    assert saved.status_code == 201
    record = client.get(f"/api/results/{saved.get_json()['id']}").get_json()
    assert (record["started_at"], record["ended_at"], record["start_player"], record["location"]) == (
        "2026-11-20T19:00:00+00:00", "2026-11-20T19:45:00+00:00", "Lee", "Club")
    assert client.get("/api/results").get_json()["results"][0]["location"] == "Club"
    refused = client.post("/api/results", json={**body, "start_player": "Zed"})
    assert refused.status_code == 422
    assert [(v["path"], v["message"]) for v in refused.get_json()["violations"]] == [
        ("start_player", "'Zed' is not a player of this game")]
    assert len(rows_in_file(client.application)) == 1
    address = f"/api/results/{record['id']}"
    changed = client.patch(address, json={"version": record["version"], "location": "", "start_player": "Max"})
    assert changed.status_code == 200 and (changed.get_json()["location"], changed.get_json()["start_player"]) == (
        None, "Max")
    late = client.patch(address, json={"version": changed.get_json()["version"], "ended_at": "2026-11-20T18:00:00Z"})
    assert late.status_code == 422 and late.get_json()["violations"][0]["path"] == "started_at"
    documented = client.get("/openapi.json").get_json()["components"]["schemas"]["SavedResult"]["properties"]
    assert {"started_at", "ended_at", "start_player", "location"} <= set(documented)
