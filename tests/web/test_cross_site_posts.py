"""A page of another site cannot write through a player's browser, nor cost it its session:
every writing request naming another site (Origin, or Sec-Fetch-Site: cross-site) is refused
with 403 before anything runs, and the refusal sets no cookie, so the browser keeps the
session that holds the keys of the games it saved. Found by the cold attack review: a
cookie-less cross-site form post used to answer with a new session (the victim lost the right
to edit their games) and a redrawn form the score pad then saved by itself."""
from __future__ import annotations

import pytest

from tests.conftest import make_app

FOREIGN = {"Origin": "https://evil.example"}
FORM_DOORS = ["/games/garden-variety/score", "/games/garden-variety/check", "/games/garden-variety/print",
              "/results/1/edit", "/results/1/delete", "/players/merge", "/no/such/page"]


@pytest.fixture
def browser_client(tmp_path):
    return make_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()


@pytest.mark.parametrize("door", FORM_DOORS)
@pytest.mark.parametrize("headers", [FOREIGN, {"Sec-Fetch-Site": "cross-site"}], ids=["origin", "fetch-site"])
def test_a_post_from_another_site_is_refused_and_starts_no_session(browser_client, door, headers):
    answer = browser_client.post(door, data={"players.0.name": "Mallory", "op": "save"}, headers=headers)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert "other sites" in page
    assert "saved this game" not in page and "whoever saved it" not in page   # no saved game's owner involved
    assert "Set-Cookie" not in answer.headers


def test_a_players_session_survives_a_cross_site_post(browser_client):
    browser_client.get("/games/garden-variety/score")
    before = browser_client.get_cookie("session")
    assert before is not None
    refused = browser_client.post("/results/1/delete", data={"x": "1"}, headers=FOREIGN)
    assert refused.status_code == 403 and "Set-Cookie" not in refused.headers
    assert browser_client.get_cookie("session").value == before.value


def test_this_sites_pages_and_programs_still_write(browser_client):
    """Same-origin pages (Origin this site, Sec-Fetch-Site same-origin) and programs (neither
    header) reach the door's own checks."""
    token = browser_client.get("/csrf-token").get_json()["csrf_token"]
    same = {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin", "X-CSRFToken": token}
    live = browser_client.post("/games/garden-variety/score/live", json={"players": []}, headers=same)
    assert live.status_code != 403
    assert browser_client.post("/api/games/garden-variety/score", json={"players": []}).status_code != 403
