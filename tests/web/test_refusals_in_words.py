"""Refusals a cold attack review found in the wrong form: each says what is wrong, in the
answer's own kind (a JSON address answers JSON), with the right status."""
from __future__ import annotations

import pytest

from tests.support.history_states import KIM_WINS


@pytest.fixture
def saved(client):
    return client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS}).get_json()["id"]


@pytest.mark.parametrize("page", ["/results/{id}/delete", "/games/garden-variety/print",
                                  "/games/garden-variety/score", "/results/{id}/edit"])
def test_a_form_page_refuses_json_in_plain_words(client, saved, page):
    """Even with this session's token in the header: a page takes its form, not JSON."""
    token = client.get("/csrf-token").get_json()["csrf_token"]
    answer = client.post(page.format(id=saved), json={"csrf_token": token}, headers={"X-CSRFToken": token})
    assert answer.status_code == 415
    assert "takes its form, not JSON" in answer.get_data(as_text=True)
    assert client.get(f"/api/results/{saved}").status_code == 200   # not deleted


@pytest.mark.parametrize("live", ["/games/garden-variety/score/live", "/games/garden-variety/check/live",
                                  "/results/{id}/edit/live"])
def test_a_wrong_method_on_a_live_answer_is_answered_in_json(client, saved, live):
    answer = client.get(live.format(id=saved))
    assert answer.status_code == 405 and "POST" in answer.headers["Allow"]
    assert answer.get_json() == {"error": "this address does not accept that method"}


def test_a_form_delete_over_the_body_limit_says_413(client, csrf_token, saved):
    token = csrf_token(client, f"/results/{saved}/delete")
    answer = client.post(f"/results/{saved}/delete", data="csrf_token=" + token + "&x=" + "y" * (1024 * 1024),
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 413
    # in words, as written: the error page once lowered every letter after the first ("1024 kb")
    assert "Too large" in answer.get_data(as_text=True) and "larger than 1024 KB" in answer.get_data(as_text=True)
    assert client.get(f"/api/results/{saved}").status_code == 200
