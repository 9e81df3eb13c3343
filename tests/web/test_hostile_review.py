"""Hostile form posts found by attacking the pages cold: each one gave a 500 or an answer that
grew with the request before it was fixed."""
from __future__ import annotations

import json

import pytest

import scorer
from scorer.games.garden_variety.rules import check_from_form
from scorer.web.forms import MAX_FORM_FIELDS

ONE_MB = 1024 * 1024


def many_player_rows(token: str) -> str:
    """A form of just under 1 MB holding one named player row after another (~60,000)."""
    parts, index = [f"csrf_token={token}"], 0
    size = len(parts[0])
    while size < ONE_MB - 100:
        parts.append(f"players.{index}.name=p{index}")
        size += len(parts[-1]) + 1
        index += 1
    return "&".join(parts)


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_a_score_form_of_tens_of_thousands_of_rows_is_refused_in_plain_words(client, csrf_token, game_id):
    page = f"/games/{game_id}/score"
    answer = client.post(page, data=many_player_rows(csrf_token(client, page)),
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 413
    assert f"more than {MAX_FORM_FIELDS:,} fields" in answer.get_data(as_text=True)


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_pasted_json_of_tens_of_thousands_of_players_is_refused_without_drawing_them(client, csrf_token, game_id):
    page = f"/games/{game_id}/score"
    # as many players as the form's limit on escapes lets through (more is a plain 413)
    pasted = json.dumps({"players": [{}] * 5_000})
    answer = client.post(page, data={"csrf_token": csrf_token(client, page), "_state_json": pasted})
    assert answer.status_code == 200
    assert f"{scorer.GAMES[game_id].title} is played by" in answer.get_data(as_text=True)
    # Before the fix the page drew every player again: 46 to 232 MB of HTML.
    assert len(answer.data) < 300_000


@pytest.mark.parametrize("op", ["remove:\u00b2", "remove:\u0663", "remove:" + "9" * 5000])
def test_a_remove_button_with_no_plain_row_number_is_no_500(client, csrf_token, op):
    page = "/games/garden-variety/score"
    answer = client.post(page, data={"csrf_token": csrf_token(client, page), "op": op,
                                     "players.0.name": "Kim", "players.1.name": "Lee"})
    assert answer.status_code == 200
    assert "Kim" in answer.get_data(as_text=True)


@pytest.mark.parametrize("text", ["--5", "\u00b2", "\u00b3", "\u0663", "9" * 4301, "\uff11"])
def test_the_round_check_form_reads_only_plain_numbers(text):
    fields = {"rule": text, "row.0.name": "Ann", "row.0.hand": text, f"row.{text}.name": "Bo"}
    state, action = check_from_form(fields)
    assert action["rule"] == text and state["players"][0]["hand"] == text
    assert [player["name"] for player in state["players"]] == ["Ann"]
    with pytest.raises(scorer.InvalidState):
        scorer.check("garden-variety", state, action)


@pytest.mark.parametrize("text", ["--5", "\u00b2", "9" * 4301])
def test_the_round_check_page_answers_odd_numbers_in_plain_words(client, csrf_token, text):
    page = "/games/garden-variety/check"
    answer = client.post(page, data={"csrf_token": csrf_token(client, page), "rule": text,
                                     "row.0.name": "Ann", f"row.{text}.name": "Bo"})
    assert answer.status_code == 200
    assert "something went wrong" not in answer.get_data(as_text=True)


GV_STATE = {"players": [{"name": "Kim", "garden_bed": 20, "hand": 1, "gnomes": 3},
                        {"name": "Lee", "garden_bed": 8, "hand": 0, "gnomes": 2}]}


def test_a_note_with_a_lone_surrogate_is_refused_and_the_saved_note_kept(client):
    saved = client.post("/api/results", json={"game": "garden-variety", "state": GV_STATE, "note": "kept"})
    address = f"/api/results/{saved.get_json()['id']}"
    broken = b'{"version": 1, "note": "a\\ud800b"}'
    edited = client.patch(address, data=broken, content_type="application/json")
    assert edited.status_code == 422
    assert "broken character" in edited.get_json()["violations"][0]["message"]
    new = client.post("/api/results", content_type="application/json",
                      data=b'{"game": "garden-variety", "note": "\\udfff", "state": ' + json.dumps(GV_STATE).encode() + b"}")
    assert new.status_code == 422
    assert client.get(address).get_json()["note"] == "kept"
    assert len(client.get("/api/results").get_json()["results"]) == 1



def test_the_round_check_form_with_hundreds_of_rows_is_refused_without_drawing_them(client, csrf_token):
    page = "/games/garden-variety/check"
    rows = "&".join(f"row.{index}.name=p{index}&row.{index}.kind=wildflower" for index in range(MAX_FORM_FIELDS // 2 - 2))
    answer = client.post(page, data=f"csrf_token={csrf_token(client, page)}&rule=7&{rows}",
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200
    assert "Garden Variety is played by" in answer.get_data(as_text=True)
    # Before the fix every row was drawn again (4 MB), after a pass over every field per row.
    assert len(answer.data) < 300_000
