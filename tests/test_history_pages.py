"""The history pages through Flask's test client with CSRF on, on the app's real SQLite file:
the results list and a saved result (dates as <time> in UTC, readable without script), the
edit form (re-scored, or refused with the reasons and nothing lost), delete with its confirm
step, players' records."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest
from history_states import IMPOSSIBLE, KIM_WINS, LEE_WINS

import scorer

ISO_UTC = re.compile(r'<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00)" data-local>(\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC)</time>')


def saved(client, state=KIM_WINS, note=None) -> int:
    body = {"game": "garden-variety", "state": state, **({"note": note} if note else {})}
    answer = client.post("/api/results", json=body)
    assert answer.status_code == 201
    return answer.get_json()["id"]


def rows_in_file(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE_URL"].removeprefix("sqlite:///")) as connection:
        return connection.execute("select id, state, result, note, updated_at from gardenkit_results order by id").fetchall()


def text_of(answer) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))


def test_the_results_list_links_each_game_and_says_when_in_utc_without_script(client):
    first = saved(client, note="Rainy Sunday at Ann's")
    second = saved(client, LEE_WINS)
    page = client.get("/results")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.index(f'href="/results/{second}"') < html.index(f'href="/results/{first}"')
    stamps = ISO_UTC.findall(html)
    assert len(stamps) == 2
    stored = client.get(f"/api/results/{first}").get_json()["saved_at"]
    assert stamps[1][0] == stored
    assert "Rainy Sunday at Ann&#39;s" in html
    assert 'href="/api/results.csv"' in html and 'href="/players"' in html
    assert 'src="/static/history.js"' in html


def test_a_saved_result_shows_note_picture_edit_and_delete(client):
    result_id = saved(client, note="<b>bold</b> claim")
    html = client.get(f"/results/{result_id}").get_data(as_text=True)
    assert "Winner: <strong>Kim</strong>" in html
    assert "&lt;b&gt;bold&lt;/b&gt; claim" in html and "<b>bold</b>" not in html
    assert f'src="/results/{result_id}.svg"' in html and 'alt="Garden Variety end screen: 1. Kim 25' in html
    assert f'href="/results/{result_id}/edit"' in html and f'href="/results/{result_id}/delete"' in html
    assert len(ISO_UTC.findall(html)) == 1
    assert client.get("/results/999").status_code == 404


def edit_token(client, result_id: int) -> str:
    html = client.get(f"/results/{result_id}/edit").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_the_edit_form_shows_the_state_and_note_and_rescores(app, client):
    result_id = saved(client, note="old note")
    form = client.get(f"/results/{result_id}/edit").get_data(as_text=True)
    assert 'maxlength="500"' in form and ">old note</textarea>" in form
    shown = re.search(r'<textarea id="state"[^>]*>(.*?)</textarea>', form, re.S).group(1)
    assert json.loads(shown.replace("&#34;", '"').replace("&quot;", '"')) == KIM_WINS
    answer = client.post(f"/results/{result_id}/edit", data={
        "csrf_token": edit_token(client, result_id), "state": json.dumps(LEE_WINS), "note": "Lee's comeback"})
    assert answer.status_code == 302 and answer.headers["Location"] == f"/results/{result_id}"
    page = client.get(answer.headers["Location"])
    assert "Winner: Lee" in text_of(page) and "Lee&#39;s comeback" in page.get_data(as_text=True)
    assert "scored again" in text_of(page) and "Edited" in text_of(page)
    record = client.get(f"/api/results/{result_id}").get_json()
    assert record["result"] == scorer.score("garden-variety", LEE_WINS) and record["note"] == "Lee's comeback"


@pytest.mark.parametrize("state_text, note, says", [
    (json.dumps(IMPOSSIBLE), "changed", "Nothing was changed"),
    ("{not json", "changed", "not valid JSON"),
    (json.dumps(LEE_WINS), "x" * 501, "at most 500 characters"),
])
def test_a_refused_edit_keeps_what_was_typed_and_changes_nothing(app, client, state_text, note, says):
    result_id = saved(client, note="keep me")
    before = rows_in_file(app)
    answer = client.post(f"/results/{result_id}/edit", data={
        "csrf_token": edit_token(client, result_id), "state": state_text, "note": note})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert says in text_of(answer) and "Nothing was changed" in html
    assert 'aria-invalid="true"' in html and 'aria-describedby="state-hint edit-problems"' in html
    assert "players[" not in html   # the reasons in players' words, not JSON paths
    assert rows_in_file(app) == before


def test_delete_asks_first_then_deletes(app, client):
    kept, gone = saved(client), saved(client, LEE_WINS)
    confirm = client.get(f"/results/{gone}/delete")
    assert confirm.status_code == 200
    assert "Delete this result?" in text_of(confirm) and "won by Lee" in text_of(confirm)
    assert len(rows_in_file(app)) == 2   # asking deletes nothing
    token = re.search(r'name="csrf_token" value="([^"]+)"', confirm.get_data(as_text=True)).group(1)
    answer = client.post(f"/results/{gone}/delete", data={"csrf_token": token})
    assert answer.status_code == 302 and answer.headers["Location"] == "/results"
    assert "Deleted the Garden Variety game" in text_of(client.get("/results"))
    assert [row[0] for row in rows_in_file(app)] == [kept]
    assert client.get(f"/results/{gone}/delete").status_code == 404
    assert client.post(f"/results/{gone}/delete", data={"csrf_token": token}).status_code == 404


def test_edit_and_delete_forms_need_their_csrf_token(app, client):
    result_id = saved(client)
    before = rows_in_file(app)
    assert client.post(f"/results/{result_id}/delete", data={"csrf_token": "forged"}).status_code == 400
    assert client.post(f"/results/{result_id}/edit", data={"state": json.dumps(LEE_WINS)}).status_code == 400
    assert rows_in_file(app) == before


def test_unknown_results_are_404_pages(client):
    for address in ("/results/999/edit", "/results/999/delete", f"/results/{10**30}/edit", "/results/999.svg"):
        answer = client.get(address)
        assert answer.status_code == 404 and "Not found" in text_of(answer)


def test_players_records_page(client):
    saved(client)
    saved(client, {"players": [{**p, "name": " " + p["name"].lower()} for p in LEE_WINS["players"]]})
    page = client.get("/players")
    assert page.status_code == 200
    words = text_of(page)
    # the newest spelling names the player
    assert "kim 2 games, 1 win" in words and "lee 2 games, 1 win" in words and "max 2 games, 0 wins" in words
    assert words.count("Garden Variety") >= 3
    assert "No saved games yet" in text_of(client.get("/players?game=garden-dice"))
    assert client.get("/players?game=chess").status_code == 404
