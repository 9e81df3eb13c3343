"""Under `gardenkit serve` (CLIENT_BOUNDS) a worker does its CPU-heavy requests one at a time
(scorer.web.turns): while the turn is held and the line is full, every request that computes
is answered 503 with Retry-After and the reason in words, and every plain page is served as
ever. The flood these turns answer is tests/web/test_load_floods.py's."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

import scorer
from scorer.web import turns
from scorer.web.examples import OneAtATime

COTTAGE = scorer.GAMES["cottage-garden"].example_state
GARDEN_DICE = "garden-dice"


@pytest.fixture
def served(app_factory, monkeypatch):
    """The app as `gardenkit serve` makes it (rate limits off), its turn without any room to
    wait: a request that needs the turn while a test holds it is refused at once."""
    monkeypatch.setattr(turns, "HEAVY_WORK", OneAtATime(turns.HeavyBusy, wait_seconds=0.05, most_waiting=0))
    return app_factory(CLIENT_BOUNDS=True, WTF_CSRF_ENABLED=False).test_client()


def heavy_requests(client) -> dict[str, Callable[[], Any]]:
    """One request of each kind that computes, by what it is."""
    live = {"players": COTTAGE["players"]}
    return {
        "API score": lambda: client.post("/api/games/cottage-garden/score", json=COTTAGE),
        "API validate": lambda: client.post("/api/games/cottage-garden/validate", json=COTTAGE),
        "API check": lambda: client.post(f"/api/games/{GARDEN_DICE}/check", json={"state": {}, "action": {}}),
        "API replay": lambda: client.post(f"/api/games/{GARDEN_DICE}/replay", json=[]),
        "API example": lambda: client.get(f"/api/games/{GARDEN_DICE}/example?seed=1"),
        "live totals": lambda: client.post("/games/cottage-garden/score/live", json=live),
        "live check": lambda: client.post(f"/games/{GARDEN_DICE}/check/live", json={"state": "{}", "action": "{}"}),
        "score form": lambda: client.post("/games/cottage-garden/score", data={"players.0.name": "Ann"}),
        "example page": lambda: client.get(f"/games/{GARDEN_DICE}/score?example=1"),
        "rules page's example": lambda: client.get(f"/games/{GARDEN_DICE}/check?example=1"),
        "simulated log": lambda: client.get(f"/games/{GARDEN_DICE}/check?log=simulated"),
        "check form": lambda: client.post(f"/games/{GARDEN_DICE}/check", data={"state": "{}", "action": "{}"}),
        "history page": lambda: client.get("/results"),
        "API listing": lambda: client.get("/api/results"),
    }


def test_a_request_that_computes_waits_for_the_turn_and_is_refused_in_words_past_the_line(served):
    with turns.HEAVY_WORK.turn():
        for what, asked in heavy_requests(served).items():
            answer = asked()
            assert answer.status_code == 503, (what, answer.status_code)
            assert answer.headers["Retry-After"] == "2", what
            assert "working out answers for other people" in answer.get_data(as_text=True), what


def test_plain_pages_need_no_turn(served):
    with turns.HEAVY_WORK.turn():
        for page in (f"/games/{GARDEN_DICE}/score", f"/games/{GARDEN_DICE}/check", "/", "/api/games", "/healthz"):
            assert served.get(page).status_code == 200, page


def test_a_request_that_finds_the_turn_free_is_answered_at_once(served):
    assert served.post("/api/games/cottage-garden/score", json=COTTAGE).status_code == 200
    with turns.HEAVY_WORK.turn() as waited:
        assert not waited   # the turn was given back after the score


def test_a_waiting_request_gets_the_turn_when_it_is_given_back(served, monkeypatch):
    monkeypatch.setattr(turns, "HEAVY_WORK", OneAtATime(turns.HeavyBusy, wait_seconds=5.0, most_waiting=1))
    answers = []
    with turns.HEAVY_WORK.turn():
        waiting = threading.Thread(target=lambda: answers.append(
            served.post("/api/games/cottage-garden/score", json=COTTAGE).status_code))
        waiting.start()
        waiting.join(0.2)
        assert waiting.is_alive() and not answers   # it waits for the turn the test holds
    waiting.join(5)
    assert answers == [200]
