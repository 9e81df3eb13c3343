"""A save through the score page's form that the rules refuse answers 422, as the API answers
the same state, with the page drawn again: the reasons shown, every entry kept, nothing saved."""
from __future__ import annotations

SCORE_PAGE = "/games/garden-variety/score"
# Two players named alike: the rules refuse the state, through the form as through the API.
ENTRIES = {"players.0.name": "Ann", "players.0.garden_bed": "21", "players.0.hand": "0", "players.0.gnomes": "2",
           "players.1.name": "Ann", "players.1.garden_bed": "18", "players.1.hand": "1", "players.1.gnomes": "4",
           "_location": "The club"}


def test_a_refused_save_is_422_with_the_reasons_and_every_entry(client, csrf_token):
    token = csrf_token(client, SCORE_PAGE)
    answer = client.post(SCORE_PAGE, data={**ENTRIES, "csrf_token": token, "op": "save"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    api = client.post("/api/results", json={"game": "garden-variety", "state": {"players": [
        {"name": "Ann", "garden_bed": 21, "hand": 0, "gnomes": 2},
        {"name": "Ann", "garden_bed": 18, "hand": 1, "gnomes": 4}]}})
    assert api.status_code == 422
    for reason in api.get_json()["violations"]:
        assert reason["message"].replace("'", "&#39;").lower() in page.lower()
    for value in ("Ann", "21", "18", "4", "The club"):
        assert f'value="{value}"' in page, value
    assert client.get("/api/results").get_json()["results"] == []


def test_scoring_an_impossible_state_on_the_page_is_still_an_answer(client, csrf_token):
    token = csrf_token(client, SCORE_PAGE)
    assert client.post(SCORE_PAGE, data={**ENTRIES, "csrf_token": token, "op": "score"}).status_code == 200


def test_a_possible_save_still_goes_to_the_saved_game(client, csrf_token):
    token = csrf_token(client, SCORE_PAGE)
    answer = client.post(SCORE_PAGE, data={**ENTRIES, "players.1.name": "Bo", "csrf_token": token, "op": "save"})
    assert answer.status_code == 302 and "/results/" in answer.headers["Location"]


def test_a_live_answer_with_an_expired_page_says_to_reload_it_not_which_check_failed(client):
    refused = client.post("/games/garden-variety/score/live", json={"players": []}, headers={"X-CSRFToken": "old"})
    words = refused.get_json()["error"]
    assert refused.status_code == 403 and words.startswith("this page has expired or did not come from this site: "
                                                           "reload it and try again")
    assert "CSRF token" not in words   # the library's own words ("The CSRF token is invalid.")


def test_an_overlong_entry_is_said_as_an_entry_of_the_form(client, csrf_token):
    token = csrf_token(client, SCORE_PAGE)
    answer = client.post(SCORE_PAGE, data={"csrf_token": token, "players.0.name": "A" * 10_001, "op": "score"})
    assert answer.status_code == 413 and "One of the form&#39;s entries (&#39;players.0.name&#39;) is longer than" in \
        answer.get_data(as_text=True)
