"""The pages' HTML forms and their live JSON answers on separate addresses, each with its own
guard: a page takes its form and no JSON; <page>/live takes JSON from this site with the
session's token, and answers in JSON even when refused."""
from __future__ import annotations

import pytest

from scorer.games import CATALOGUE, GAMES

SCORE = "/games/garden-dice/score"
CHECK = "/games/garden-dice/check"
TWO_PLAYERS = {"players": [{"name": "Ann"}, {"name": "Bo"}]}


def saved_result(client) -> str:
    """The edit page of a game this client saved (its session holds the result's key)."""
    state = GAMES["garden-dice"].example_state
    saved = client.post("/api/results", json={"game": "garden-dice", "state": state})
    assert saved.status_code == 201
    return f"/results/{saved.get_json()['id']}/edit"


def token_of(client) -> str:
    return client.get("/csrf-token").get_json()["csrf_token"]


@pytest.mark.parametrize("page", [SCORE, CHECK, "edit"])
def test_a_page_refuses_json_in_words_and_names_its_live_address(client, page):
    page = saved_result(client) if page == "edit" else page
    refused = client.post(page, json=TWO_PLAYERS, headers={"X-CSRFToken": token_of(client)})
    assert refused.status_code == 415
    assert f"its live answers are at {page}/live" in refused.get_data(as_text=True)


@pytest.mark.parametrize("page", [SCORE, CHECK, "edit"])
def test_a_live_address_refuses_a_form_in_words(client, csrf_token, page):
    page = saved_result(client) if page == "edit" else page
    refused = client.post(page + "/live", data={"csrf_token": csrf_token(client, page), "players.0.name": "Ann"})
    assert refused.status_code == 415 and refused.mimetype == "application/json"
    assert "takes the page's entries as JSON" in refused.get_json()["error"]


@pytest.mark.parametrize("page", [SCORE, CHECK, "edit"])
def test_a_live_answer_without_the_sessions_token_is_refused(client, page):
    page = saved_result(client) if page == "edit" else page
    for headers in ({}, {"X-CSRFToken": "not-a-token"}):
        refused = client.post(page + "/live", json=TWO_PLAYERS, headers=headers)
        assert refused.status_code == 403 and refused.mimetype == "application/json"
        assert "needs this site's token" in refused.get_json()["error"]


def test_a_live_answer_asked_from_another_site_is_refused(client):
    refused = client.post(SCORE + "/live", json=TWO_PLAYERS,
                          headers={"X-CSRFToken": token_of(client), "Origin": "https://evil.example"})
    assert refused.status_code == 403 and "not from https://evil.example" in refused.get_json()["error"]


def test_a_live_answer_with_the_token_from_this_site_is_answered(client):
    answer = client.post(SCORE + "/live", json=TWO_PLAYERS,
                         headers={"X-CSRFToken": token_of(client), "Origin": "http://localhost"})
    assert answer.status_code == 200 and "violations" in answer.get_json()


def test_no_game_and_a_game_still_coming_have_no_live_answer(client):
    token = {"X-CSRFToken": token_of(client)}
    nothing = client.post("/games/no-such-game/score/live", json=TWO_PLAYERS, headers=token)
    assert nothing.status_code == 404 and nothing.mimetype == "application/json"
    coming = [game_id for game_id in CATALOGUE if game_id not in GAMES]
    for game_id in coming:
        answer = client.post(f"/games/{game_id}/score/live", json=TWO_PLAYERS, headers=token)
        assert answer.status_code == 404 and "still coming" in answer.get_json()["error"]


def test_the_edit_forms_live_answer_is_only_for_the_results_saver(app, client):
    page = saved_result(client)
    stranger = app.test_client()
    refused = stranger.post(page + "/live", json=TWO_PLAYERS, headers={"X-CSRFToken": token_of(stranger)})
    assert refused.status_code == 403 and "only the browser that saved" in refused.get_json()["error"]


def test_a_live_answer_is_not_counted_as_a_write(app_factory):
    """The edit form asks for live totals as its players type: none of them is a save."""
    app = app_factory(RATELIMIT_ENABLED=True, WRITE_LIMIT="2 per minute")
    client = app.test_client()
    page = saved_result(client)
    token = {"X-CSRFToken": token_of(client)}
    answers = [client.post(page + "/live", json=TWO_PLAYERS, headers=token).status_code for _ in range(4)]
    assert answers == [200] * 4


def test_a_live_answer_leaves_the_session_cookie_as_the_save_set_it(client):
    """A live answer (or a page) still on its way when Save is pressed must not send back the
    session as it was before the save (it held the "Saved" message): no answer sends the
    session cookie unless its request changed the session (tests/web/test_session_keys.py
    sends such requests through the real server)."""
    token = token_of(client)
    saved_result(client)
    answer = client.post(SCORE + "/live", json=TWO_PLAYERS, headers={"X-CSRFToken": token})
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers
    assert "Set-Cookie" not in client.get(SCORE).headers


def test_the_first_page_a_browser_opens_starts_its_session(app):
    """Home has no form, but the service worker then fetches every page at once: each fetched
    without a cookie would start a session of its own and change the token under the player."""
    first = app.test_client().get("/")
    assert "session=" in first.headers.get("Set-Cookie", "")
