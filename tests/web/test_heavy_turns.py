"""Under `gardenkit serve` (CLIENT_BOUNDS) a worker does its CPU-heavy requests one at a time
per kind (scorer.web.turns): playing a game in the turn to play games, the rest in HEAVY_WORK.
While a turn is held and its line is full, every request of its kind is answered 503 with
Retry-After and the reason in words, and every plain page and every request of the other kind
is served as ever. A request takes one turn, never a second. The flood these turns answer is
tests/web/test_load_floods.py's; the one kind's flood beside the other kind's lone request,
tests/web/test_turn_lines.py."""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import scorer
from scorer.web import turns
from scorer.web.examples import EXAMPLES, ExamplesBusy, OneAtATime

COTTAGE = scorer.GAMES["cottage-garden"].example_state
GARDEN_DICE = "garden-dice"


@pytest.fixture
def served(app_factory, monkeypatch):
    """The app as `gardenkit serve` makes it (rate limits off), its turns without any room to
    wait: a request that needs a turn while a test holds it is refused at once."""
    monkeypatch.setattr(turns, "HEAVY_WORK", OneAtATime(turns.HeavyBusy, wait_seconds=0.05, most_waiting=0))
    monkeypatch.setattr(EXAMPLES, "playing", OneAtATime(ExamplesBusy, wait_seconds=0.05, most_waiting=0))
    return app_factory(CLIENT_BOUNDS=True, WTF_CSRF_ENABLED=False).test_client()


def computing_requests(client) -> dict[str, Callable[[], Any]]:
    """One request of each kind that computes without playing a game, by what it is."""
    live = {"players": COTTAGE["players"]}
    return {
        "API score": lambda: client.post("/api/games/cottage-garden/score", json=COTTAGE),
        "API validate": lambda: client.post("/api/games/cottage-garden/validate", json=COTTAGE),
        "API check": lambda: client.post(f"/api/games/{GARDEN_DICE}/check", json={"state": {}, "action": {}}),
        "live totals": lambda: client.post("/games/cottage-garden/score/live", json=live),
        "live check": lambda: client.post(f"/games/{GARDEN_DICE}/check/live", json={"state": "{}", "action": "{}"}),
        "score form": lambda: client.post("/games/cottage-garden/score", data={"players.0.name": "Ann"}),
        "check form": lambda: client.post(f"/games/{GARDEN_DICE}/check", data={"state": "{}", "action": "{}"}),
        "history page": lambda: client.get("/results"),
        "API listing": lambda: client.get("/api/results"),
    }


def playing_requests(client) -> dict[str, Callable[[], Any]]:
    """One request of each kind that plays a game (simulated or replayed), by what it is."""
    log, _ = scorer.simulate(GARDEN_DICE, 2, 3)
    return {
        "API replay": lambda: client.post(f"/api/games/{GARDEN_DICE}/replay", json=log),
        "API example": lambda: client.get(f"/api/games/{GARDEN_DICE}/example?seed=1"),
        "example page": lambda: client.get(f"/games/{GARDEN_DICE}/score?example=1&seed=2"),
        "rules page's example": lambda: client.get(f"/games/{GARDEN_DICE}/check?example=1&seed=3"),
        "simulated log": lambda: client.get(f"/games/{GARDEN_DICE}/check?log=simulated&seed=4"),
        "replay box": lambda: client.post(f"/games/{GARDEN_DICE}/check?replay=1", data={"log": "[]"}),
    }


@pytest.mark.parametrize(("held", "requests", "words"), [
    ("HEAVY_WORK", computing_requests, "working out answers for other people"),
    ("playing", playing_requests, "games are being played out for other people"),
])
def test_a_request_waits_for_its_kinds_turn_and_is_refused_in_words_past_the_line(served, held, requests, words):
    turn = turns.HEAVY_WORK if held == "HEAVY_WORK" else EXAMPLES.playing
    with turn.turn():
        for what, asked in requests(served).items():
            answer = asked()
            assert answer.status_code == 503, (what, answer.status_code)
            assert answer.headers["Retry-After"] == "2", what
            assert words in answer.get_data(as_text=True).lower(), what


def test_a_request_of_one_kind_never_waits_for_the_other_kinds_turn(served):
    """A replay held the computing turn while it waited for the games' one: replays then
    waited in the scores' line, and a lone score behind all of them."""
    with EXAMPLES.playing.turn():
        for what, asked in computing_requests(served).items():
            assert asked().status_code < 500, what
    with turns.HEAVY_WORK.turn():
        for what, asked in playing_requests(served).items():
            assert asked().status_code < 500, what


def test_a_request_takes_one_turn(served, monkeypatch):
    """Whatever a request does, it holds at most one turn at a time."""
    taken: list[str] = []
    held: list[str] = []

    def counted(name: str, turn: OneAtATime) -> None:
        plain = turn.turn

        @contextmanager
        def turn_counted(**asked: float) -> Iterator[bool]:
            with plain(**asked) as waited:
                if held and held[-1] != name:
                    taken.append(f"{name} inside {held[-1]}")
                held.append(name)
                try:
                    yield waited
                finally:
                    held.pop()
        monkeypatch.setattr(turn, "turn", turn_counted)
    counted("computing", turns.HEAVY_WORK)
    counted("playing", EXAMPLES.playing)
    for what, asked in {**computing_requests(served), **playing_requests(served)}.items():
        assert asked().status_code < 500, what
    assert taken == []


def test_plain_pages_need_no_turn(served):
    with turns.HEAVY_WORK.turn():
        for page in (f"/games/{GARDEN_DICE}/score", f"/games/{GARDEN_DICE}/check", "/", "/api/games", "/healthz"):
            assert served.get(page).status_code == 200, page


def test_a_request_that_finds_the_turn_free_is_answered_at_once(served):
    assert served.post("/api/games/cottage-garden/score", json=COTTAGE).status_code == 200
    with turns.HEAVY_WORK.turn() as waited:
        assert not waited   # the turn was given back after the score
    assert served.post(f"/api/games/{GARDEN_DICE}/replay", json=[]).status_code < 500
    with EXAMPLES.playing.turn() as waited:
        assert not waited   # and the games' one after the replay


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
