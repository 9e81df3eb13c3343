"""Rate limits on writes and exports: one address saving, editing or deleting faster than the
limit, or exporting the whole history again and again, is answered 429 with Retry-After,
while reading and scoring go on; other addresses have limits of their own."""
from __future__ import annotations

import json

import scorer
from tests.conftest import make_app
from tests.support.history_states import KIM_WINS

SAVE = {"game": "garden-variety", "state": KIM_WINS}
SCORE_PAGE = "/games/garden-variety/score"


def limited_app(tmp_path):
    return make_app(tmp_path, RATELIMIT_ENABLED=True, WRITE_LIMIT="3 per minute", EXPORT_LIMIT="2 per minute")


def test_writes_past_the_limit_are_429_with_retry_after(tmp_path):
    app = limited_app(tmp_path)
    client = app.test_client()
    saved = [client.post("/api/results", json=SAVE) for _ in range(2)]
    assert [a.status_code for a in saved] == [201, 201]
    edit = client.patch(f"/api/results/{saved[0].get_json()['id']}", json={"version": 1, "note": "x"})
    assert edit.status_code == 200  # the third write of the minute: edits share the limit
    refused = client.post("/api/results", json=SAVE)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "too many requests" in refused.get_json()["error"]
    assert client.delete(f"/api/results/{saved[1].get_json()['id']}").status_code == 429
    assert client.get("/api/results").status_code == 200
    assert client.post("/api/games/garden-variety/score", json=KIM_WINS).status_code == 200
    other = app.test_client()
    assert other.post("/api/results", json=SAVE, environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 201


def test_exports_past_the_limit_are_429(tmp_path):
    client = limited_app(tmp_path).test_client()
    assert client.get("/api/results.csv").status_code == 200
    assert client.get("/api/players").status_code == 200
    assert client.get("/api/results.csv").status_code == 429
    play_log = client.get("/players/plays.bgstats.json")   # the whole play log is an export too
    assert play_log.status_code == 429 and "too many requests" in play_log.get_data(as_text=True).lower()


def test_saves_through_the_score_form_share_the_write_limit(tmp_path, csrf_token):
    client = limited_app(tmp_path).test_client()
    token = csrf_token(client, SCORE_PAGE)
    form = {"csrf_token": token, "players.0.name": "Ann", "players.0.garden_bed": "21", "players.0.hand": "0",
            "players.0.gnomes": "2", "players.1.name": "Bo", "players.1.garden_bed": "18",
            "players.1.hand": "1", "players.1.gnomes": "4"}
    assert client.post("/api/results", json=SAVE).status_code == 201
    assert [client.post(SCORE_PAGE, data={**form, "op": "save"}).status_code for _ in range(2)] == [302, 302]
    refused = client.post(SCORE_PAGE, data={**form, "op": "save"})
    assert refused.status_code == 429 and "too many requests" in refused.get_data(as_text=True).lower()
    assert 'value="Ann"' in refused.get_data(as_text=True)  # the entries come back
    assert client.post(SCORE_PAGE, data={**form, "op": "score"}).status_code == 200  # scoring goes on
    assert client.post("/api/results", json=SAVE).status_code == 429


def test_a_worker_reads_one_export_batch_at_a_time_and_answers_another_503(tmp_path, monkeypatch):
    from scorer.web.stored import EXPORTS

    monkeypatch.setattr(EXPORTS, "wait_seconds", 0.1)
    client = make_app(tmp_path).test_client()
    assert client.post("/api/results", json=SAVE).status_code == 201
    with EXPORTS.turn():   # a batch of someone's export being read
        for export in ("/api/results.csv", "/players/plays.bgstats.json"):
            busy = client.get(export)
            assert busy.status_code == 503 and int(busy.headers["Retry-After"]) > 0
            assert "exported for someone else" in busy.get_data(as_text=True)
    # An export begun and not read holds no turn: its batch was read, and is waiting to be sent.
    streaming = client.get("/api/results.csv", buffered=False)
    assert streaming.status_code == 200
    assert client.get("/players/plays.bgstats.json").status_code == 200
    assert client.get("/api/results.csv").status_code == 200
    assert "Kim" in streaming.get_data(as_text=True)
    streaming.close()


def test_only_writes_count_against_the_write_limit(tmp_path, csrf_token):
    """Opening an edit or delete page (even one refused to a stranger) and asking an edit
    form for its totals write nothing: only a save, an edit or a delete counts."""
    app = limited_app(tmp_path)
    saver, stranger = app.test_client(), app.test_client()
    saved = saver.post("/api/results", json=SAVE).get_json()["id"]    # the first write of the minute
    for _ in range(4):
        assert stranger.get(f"/results/{saved}/edit").status_code == 403
        assert stranger.get(f"/results/{saved}/delete").status_code == 403
        assert saver.get(f"/results/{saved}/edit").status_code == 200
        assert saver.get(f"/results/{saved}/delete").status_code == 200
    edit = f"/results/{saved}/edit"
    token = csrf_token(saver, edit)
    for _ in range(3):
        assert saver.post(edit, data={"csrf_token": token, "op": "score", "players.0.name": "Kim"}).status_code != 429
    assert saver.post("/api/results", json=SAVE).status_code == 201
    assert saver.post(f"/results/{saved}/delete", data={"csrf_token": token}).status_code == 302
    assert saver.post("/api/results", json=SAVE).status_code == 429   # the fourth write


def test_replays_past_their_limit_are_429_with_the_log_kept(tmp_path, csrf_token):
    """A replay plays a whole game back (up to some 0.6 s of processor): one address may ask
    for so many a minute, by the API or the rules page's box, while checks go on."""
    from tests.web.test_replay_pages import box_text, problem_beside_the_box, replay

    client = make_app(tmp_path, RATELIMIT_ENABLED=True, REPLAY_LIMIT="2 per minute").test_client()
    log = json.dumps(scorer.simulate("garden-variety", 2, 3)[0])
    assert client.post("/api/games/garden-variety/replay", data=log, content_type="application/json").status_code == 200
    assert replay(client, csrf_token, "garden-variety", log).status_code == 200
    refused = client.post("/api/games/garden-variety/replay", data=log, content_type="application/json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "too many requests" in refused.get_json()["error"]
    in_the_box = replay(client, csrf_token, "garden-variety", log)
    assert in_the_box.status_code == 429 and box_text(in_the_box) == log
    assert "Not replayed: too many replays" in problem_beside_the_box(in_the_box)
    assert client.get("/games/garden-variety/check").status_code == 200
    assert client.post("/api/games/garden-variety/check", json={"state": {}, "action": {}}).status_code != 429
    described = client.get("/openapi.json").get_json()["paths"]["/api/games/garden-variety/replay"]["post"]
    assert "429" in described["responses"]


def test_a_success_carries_no_retry_after_and_a_refusal_does(tmp_path):
    """Flask-Limiter put `Retry-After: 60` on a 201: it says when to try again, so only a
    refusal carries it; the rate-limit headers stay on every answer."""
    client = limited_app(tmp_path).test_client()
    saved = client.post("/api/results", json=SAVE)
    assert saved.status_code == 201 and "Retry-After" not in saved.headers
    assert "X-RateLimit-Limit" in saved.headers
    for _ in range(2):
        client.post("/api/results", json=SAVE)
    assert int(client.post("/api/results", json=SAVE).headers["Retry-After"]) > 0


def test_examples_past_the_limit_are_429_in_words_by_the_api_and_the_pages(tmp_path):
    """A simulated game costs up to 0.7 s: examples share one limit per address, whether asked
    of the API or by a page's "Try an example"; scoring and opening a page are not counted."""
    client = make_app(tmp_path, RATELIMIT_ENABLED=True, EXAMPLE_LIMIT="3 per minute").test_client()
    assert client.get("/api/games/garden-dice/example?seed=1").status_code == 200
    assert client.get("/games/garden-dice/score?example=1&seed=2").status_code == 200
    assert client.get("/games/garden-dice/score").status_code == 200           # not counted
    assert client.get("/games/garden-dice/check?log=simulated&seed=3").status_code == 200
    refused = client.get("/api/games/garden-dice/example?seed=4")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "too many requests of this kind from your address" in refused.get_json()["error"]
    page = client.get("/games/garden-dice/score?example=1&seed=5")
    assert page.status_code == 429 and "too many examples from your address" in page.get_data(as_text=True).lower()
    assert client.post("/api/games/garden-dice/score",
                       json=scorer.GAMES["garden-dice"].example_state).status_code == 200
    other = client.get("/api/games/garden-dice/example?seed=1", environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 200
