"""The rules pages' replay box and the pages' examples from real play, as plain forms (no
JavaScript), for every game with an engine: a pasted log replays to its scores or stops at the
entry that breaks a rule; an unreadable log is answered beside the box with the text kept; the
score and rules pages' examples are games the engine played, so they are always possible."""
from __future__ import annotations

import html
import json
import random
import re

import pytest

import scorer
from scorer.games.core import MAX_BODY_BYTES
from scorer.games.engine import MAX_LOG_ENTRIES, engine_of
from scorer.web.forms import MAX_LOG_CHARS, for_players, state_from_form
from tests.support.engine_harness import games_with_engines
from tests.support.found import found
from tests.web.test_app_pages import browser_fields, text_of

ENGINES = games_with_engines()


def check_path(game_id: str) -> str:
    return f"/games/{game_id}/check"


def replay(client, csrf_token, game_id: str, text: str, **form):
    """The replay box's post, as a browser sends it (multipart)."""
    path = check_path(game_id)
    fields = {"csrf_token": csrf_token(client, path), "log": text, **form}
    return client.post(path + "?replay=1", data=fields, content_type="multipart/form-data")


def box_text(answer) -> str:
    found = re.search(r'<textarea id="replay-log" name="log"[^>]*>(.*?)</textarea>', answer.get_data(as_text=True), re.S)
    assert found, "the page has no replay box"
    return html.unescape(found.group(1))


def problem_beside_the_box(answer) -> str:
    found = re.search(r'<p class="field-error" id="replay-problem"[^>]*>(.*?)</p>', answer.get_data(as_text=True), re.S)
    assert found, "no place for a problem beside the box"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def broken_log(game_id: str) -> tuple[list, int, list]:
    """A simulated log cut at its first action, which is replaced by an action the rules
    refuse with a rulebook section: (log, index of the bad entry, its violations)."""
    engine = engine_of(scorer.GAMES[game_id])
    log, _ = scorer.simulate(game_id, 2, 7)
    index = next(i for i, entry in enumerate(log) if "type" in entry)
    before = engine.replay(log[:index])["state"]
    rng = random.Random(1)
    for _ in range(200):
        for action in engine.action_space(before, rng):
            judged = engine.judge(before, action)
            if not judged["legal"] and any("›" in v["rule"] for v in judged["violations"]):
                return [*log[:index], action], index, judged["violations"]
    pytest.fail(f"{game_id}: no refused action with a rulebook section")


# --- a log replayed ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ENGINES)
def test_a_legal_log_replays_to_its_final_scores(client, csrf_token, game_id):
    game = scorer.GAMES[game_id]
    log, end_state = scorer.simulate(game_id, game.max_players, 3)
    pasted = json.dumps(log, indent=2)   # as a player might paste it
    answer = replay(client, csrf_token, game_id, pasted)
    assert answer.status_code == 200
    text = text_of(answer)
    assert "✓ Every move is legal" in text
    assert f"{len(log) - 1} entries after the setup; the game is over." in text and "Final scores" in text
    expected = scorer.score(game_id, end_state)
    winners = expected["winners"]
    assert (f"Winner: {winners[0]}" if len(winners) == 1 else f"Shared win: {' & '.join(winners)}") in text
    page = answer.get_data(as_text=True)
    totals = re.findall(r'<td class="total">(\d+)</td>', page)
    assert totals == [str(p["total"]) for p in expected["players"]]   # the score page's ranking table
    assert box_text(answer) == pasted   # the box keeps the log


def test_a_log_that_stops_early_gives_the_scores_so_far(client, csrf_token):
    log, _ = scorer.simulate("garden-variety", 3, 4)
    text = text_of(replay(client, csrf_token, "garden-variety", json.dumps(log[:30])))
    assert "29 entries after the setup; the game is not over" in text
    assert "Scores so far" in text and ("Leading: " in text or "Level: " in text) and "Winner" not in text


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_log_that_breaks_a_rule_shows_the_entry_its_reasons_and_the_state_before(client, csrf_token, game_id):
    log, index, violations = broken_log(game_id)
    answer = replay(client, csrf_token, game_id, json.dumps(log))
    assert answer.status_code == 200
    text = text_of(answer)
    entry = log[index]
    assert f"✗ Entry {index + 1} of the log breaks a rule" in text
    kind = entry["type"].replace("_", " ")   # a Garden Variety round is played by everyone: no "player"
    what = f"{entry['player']}'s {kind}" if "player" in entry else f"a {kind} move"
    assert f"Entry {index + 1}, counting the setup as entry 1, is {what}" in text
    title = scorer.GAMES[game_id].title
    for v in violations:
        shown = for_players(v, title)
        assert shown["message"] in text and shown["rule"] in text and shown["rule"].startswith(f"{title}: ")
    page = answer.get_data(as_text=True)
    blocks = [json.loads(html.unescape(found)) for found in re.findall(r"<pre[^>]*><code>(.*?)</code></pre>", page, re.S)]
    before = scorer.replay(game_id, log[:index])["state"]
    assert blocks == [entry, before]   # the entry, then the state before it
    assert re.search(r'<details class="state-before"><summary>The state before entry', page)


# --- what is no log -----------------------------------------------------------------------------------

def many_entries() -> str:
    log, _ = scorer.simulate("garden-variety", 2, 1)
    return json.dumps(log[:1] + [{"chance": "roll", "face": 3}] * MAX_LOG_ENTRIES)


@pytest.mark.parametrize("pasted, status, words", [
    ("[{", 400, "The log is not valid JSON"),
    ("", 400, "Paste a game log into the box first."),
    ('{"setup": {}}', 422, "A game log is a list whose first entry is the setup"),
    (json.dumps(scorer.simulate("harvest-dice", 2, 1)[0]), 422, "This log is of 'harvest-dice', not garden-variety"),
    (many_entries(), 422, f"A game log holds at most {MAX_LOG_ENTRIES} entries, not {MAX_LOG_ENTRIES + 1}"),
])
def test_an_unreadable_log_is_answered_beside_the_box_and_kept(client, csrf_token, pasted, status, words):
    answer = replay(client, csrf_token, "garden-variety", pasted)
    assert answer.status_code == status
    assert problem_beside_the_box(answer).startswith(words)
    assert box_text(answer) == pasted
    assert 'aria-invalid="true" aria-describedby="replay-problem"' in answer.get_data(as_text=True)
    assert "Every move is legal" not in text_of(answer)


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_rules_page_answers_bad_json_400_and_a_huge_log_413(client, csrf_token, game_id):
    log, _ = scorer.simulate(game_id, 2, 9)
    cut = json.dumps(log)[:5000]   # a log pasted only in part
    answer = replay(client, csrf_token, game_id, cut)
    assert answer.status_code == 400 and problem_beside_the_box(answer).startswith("The log is not valid JSON")
    assert box_text(answer) == cut
    huge = replay(client, csrf_token, game_id, json.dumps(log * (MAX_LOG_CHARS // len(json.dumps(log)) + 1)))
    assert huge.status_code == 413 and "too large to read" in problem_beside_the_box(huge)


def test_a_log_over_its_cap_or_the_bodys_is_413_beside_the_box(client, csrf_token):
    for size in (MAX_LOG_CHARS + 1, MAX_BODY_BYTES + 10):
        answer = replay(client, csrf_token, "garden-variety", "[" + " " * (size - 2) + "]")
        assert answer.status_code == 413
        assert f"too large to read: a game log holds at most {MAX_LOG_CHARS:,} characters" in problem_beside_the_box(answer)
        assert "Replay a game log" in text_of(answer)
    # a log sent %-escaped (not as the box's form sends it) past the forms' bound on escapes: 413 too
    path = check_path("garden-variety")
    answer = client.post(path + "?replay=1", data={"csrf_token": csrf_token(client, path), "log": "[" + "\"\"," * 30_000 + "\"\"]"})
    assert answer.status_code == 413 and "not read" in problem_beside_the_box(answer)


def test_the_replay_form_needs_its_token_and_gives_the_log_back_without_it(client):
    log, _ = scorer.simulate("garden-variety", 2, 5)
    pasted = json.dumps(log)
    answer = client.post(check_path("garden-variety") + "?replay=1", data={"log": pasted},
                         content_type="multipart/form-data")
    assert answer.status_code == 400
    assert "nothing was checked yet" in text_of(answer) and "press Replay again" in text_of(answer)
    assert box_text(answer) == pasted and "Every move is legal" not in text_of(answer)


def test_the_box_fills_with_a_simulated_game_that_replays(client, csrf_token):
    page = client.get(check_path("propagation") + "?log=simulated&seed=12&players=3")
    assert page.status_code == 200
    filled = box_text(page)
    log, _ = scorer.simulate("propagation", 3, 12)
    assert json.loads(filled) == log and filled.count("\n") == len(log) - 1   # one entry a line
    assert "3-player game the app played at random by the rules (seed 12)" in text_of(page)
    assert "Every move is legal" in text_of(replay(client, csrf_token, "propagation", filled))
    fresh = client.get(check_path("propagation") + "?log=simulated")
    assert json.loads(box_text(fresh))[0]["setup"]["game"] == "propagation"


# --- examples from real play --------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ENGINES)
def test_the_rules_page_example_is_a_legal_move_of_a_simulated_game(client, game_id):
    path = check_path(game_id)
    page = client.get(path + "?example=1&seed=21&players=3")
    assert page.status_code == 200
    text = text_of(page)
    assert "A move from a 3-player game the app played at random by the rules (seed 21" in text
    html_text = page.get_data(as_text=True)
    assert f'href="{path}?example=1&amp;seed=21&amp;players=3">this example again' in html_text
    assert f'href="{path}?example=1&amp;instead_of=21">Another example' in html_text
    entry = int(found(r"entry (\d+) of its log", text))
    log, _ = scorer.simulate(game_id, 3, 21)
    assert "type" in log[entry - 1]   # a move, not a roll or draw
    checked = text_of(client.post(path, data=browser_fields(html_text)))   # Check, as the page stands
    if game_id == "garden-variety":
        assert "wins the round" in checked and "cannot happen" not in checked
    else:
        assert "✓ Legal" in checked and "Not legal" not in checked


@pytest.mark.parametrize("game_id", ENGINES)
def test_the_score_page_example_is_the_end_of_a_simulated_game(client, game_id):
    game = scorer.GAMES[game_id]
    path = f"/games/{game_id}/score"
    page = client.get(path + "?example=1&seed=30&players=3").get_data(as_text=True)
    assert "The end of a 3-player game the app played at random by the rules (seed 30" in text_of_html(page)
    assert f'href="{path}?example=1&amp;seed=30&amp;players=3">this example again' in page
    shown = state_from_form(browser_fields(page), game.state_model)
    assert scorer.validate(game_id, shown) == []
    _, end_state = scorer.simulate(game_id, 3, 30)
    expected = scorer.score(game_id, end_state)
    assert [(p["name"], p["total"]) for p in scorer.score(game_id, shown)["players"]] == \
        [(p["name"], p["total"]) for p in expected["players"]]


def text_of_html(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_fresh_examples_differ_and_an_example_query_is_read_strictly(client):
    path = "/games/harvest-dice/score"
    seen = found(r"seed (\d+)", text_of(client.get(path + "?example=1")))
    for _ in range(3):
        another = text_of(client.get(f"{path}?example=1&instead_of={seen}"))
        fresh = found(r"seed (\d+)", another)
        assert fresh != seen
        seen = fresh
    for query, words in (("seed=256", "from 0 to 255"), ("seed=-1", "from 0 to 255"), ("players=9", "2 to 4"),
                         ("players=x", "whole number"), ("instead_of=1e3", "from 0 to 255")):
        answer = client.get(f"{path}?example=1&{query}")
        assert answer.status_code == 400 and words in text_of(answer), query
        assert client.get(f"/games/harvest-dice/check?example=1&{query}").status_code == 400


def test_an_example_is_never_saved_nor_counted_in_players_records(client, app):
    path = "/games/garden-variety/score"
    fields = browser_fields(client.get(path + "?example=1&seed=2&players=2").get_data(as_text=True))
    fields["op"] = "save"
    answer = client.post(path, data=fields)
    assert answer.status_code == 422
    text = text_of(answer)
    assert "Not saved: this is an example" in text and "Final scores" in text
    assert "The end of a 2-player game" in text   # still an example, still linked to its seed
    assert app.extensions["gardenkit.storage"].list() == []
    assert client.get("/api/players").get_json()["players"] == []
    # a typed game of the same players is saved as ever
    del fields["_example"]
    assert client.post(path, data=fields).status_code == 302


def test_a_game_without_an_engine_keeps_its_worked_examples_and_has_no_replay_box(client, monkeypatch):
    game = scorer.GAMES["harvest-dice"]
    monkeypatch.setattr(game, "engine", None)
    score = client.get("/games/harvest-dice/score?example=1").get_data(as_text=True)
    assert "made up to show how scoring works" in score and "seed" not in text_of_html(score)
    assert f'value="{game.example_state["players"][0]["name"]}"' in score
    check = client.get("/games/harvest-dice/check?example=1").get_data(as_text=True)
    assert "Replay a game log" not in check and "Try an example" not in check
    assert json.loads(browser_fields(check)["action"]) == game.example_checks[0]["action"]


def test_a_busy_example_is_a_503_page_with_retry_after(client, monkeypatch):
    from scorer.web.examples import EXAMPLES

    monkeypatch.setattr(EXAMPLES, "wait_seconds", 0.05)
    with EXAMPLES.turn():
        for path in ("/games/garden-dice/score?example=1&seed=200&players=4",
                     "/games/garden-dice/check?example=1&seed=201&players=4",
                     "/games/garden-dice/check?log=simulated&seed=202&players=4"):
            answer = client.get(path)
            assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
            assert "Try again soon" in text_of(answer)
