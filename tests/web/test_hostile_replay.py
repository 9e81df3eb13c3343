"""A replay is a whole game played back (a 5,000-entry log costs some 0.6 s of processor), so
replays share the worker's one turn to play games with the examples (scorer.web.examples): a flood
of replays keeps one thread of a worker busy at most, and a replay that cannot get the turn in
time is answered 503 with Retry-After, its log kept in the page's box."""
from __future__ import annotations

import json
import time

import scorer
from scorer.web.examples import EXAMPLES
from tests.web.test_replay_pages import box_text, problem_beside_the_box, replay


def test_a_replay_waits_for_the_workers_turn_and_no_longer(client, monkeypatch):
    log, _ = scorer.simulate("garden-dice", 2, 3)
    monkeypatch.setattr(EXAMPLES, "wait_seconds", 0.2)
    with EXAMPLES.turn():
        started = time.monotonic()
        answer = client.post("/api/games/garden-dice/replay", data=json.dumps(log),
                             content_type="application/json")
        waited = time.monotonic() - started
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "try again in 2 seconds" in answer.get_json()["error"] and 0.2 <= waited < 1.5
    assert client.post("/api/games/garden-dice/replay", json=log).get_json()["legal"] is True


def test_a_busy_replay_box_keeps_the_log_and_says_to_try_again(client, csrf_token, monkeypatch):
    log, _ = scorer.simulate("garden-variety", 2, 3)
    text = json.dumps(log)
    monkeypatch.setattr(EXAMPLES, "wait_seconds", 0.05)
    with EXAMPLES.turn():
        answer = replay(client, csrf_token, "garden-variety", text)
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "try again in 2 seconds" in problem_beside_the_box(answer)
    assert box_text(answer) == text


def test_only_a_few_requests_wait_for_the_turn_the_rest_are_told_at_once():
    """A request waiting for the turn holds one of the worker's threads: were a flood of 100
    all to wait, the worker would have no thread left for anyone else for seconds."""
    import threading

    from scorer.web.examples import MAX_WAITING, ExamplesBusy, SimulatedGames

    games = SimulatedGames(wait_seconds=5)
    released = threading.Event()
    waited: list[str] = []

    def wait_for_the_turn() -> None:
        with games.turn():
            waited.append("played")

    with games.turn():
        waiters = [threading.Thread(target=wait_for_the_turn) for _ in range(MAX_WAITING)]
        for waiter in waiters:
            waiter.start()
        time.sleep(0.2)  # they are all waiting now
        started = time.monotonic()
        try:
            with games.turn():
                pass
        except ExamplesBusy:
            released.set()
        assert released.is_set() and time.monotonic() - started < 0.5
    for waiter in waiters:
        waiter.join()
    assert waited == ["played"] * MAX_WAITING
