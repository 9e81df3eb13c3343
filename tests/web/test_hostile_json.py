"""One JSON reader at every door: the API, the pages' live totals and checks, and the saved
game's edit page all read JSON through scorer.games.core.read_json_text, with its bounds and its
plain words."""
from __future__ import annotations

import json

import pytest

import scorer
from scorer.games.core import MAX_JSON_KEYS, MAX_LOG_VALUES, MAX_VIOLATIONS, BadJSON, read_json_text, read_log_json

LIVE_DOORS = ["/games/garden-dice/score", "/games/garden-dice/check"]
HOSTILE_BODIES = [
    ("[" * 1000 + "]" * 1000, "nested too deeply"),
    ('{"players": NaN}', "NaN is not a JSON number"),
    ("[1e999]", "too large to read"),
    ("[" + "{}," * 10_001 + "{}]", "objects and lists"),
    ('{"a":', "line 1, column 6"),
    ("[" + "1," * 20_001 + "1]", "values"),
]



@pytest.mark.parametrize("door", LIVE_DOORS)
@pytest.mark.parametrize("body, says", HOSTILE_BODIES)
def test_live_totals_and_checks_refuse_bad_json_as_the_api_does(client, door, body, says):
    token = client.get("/csrf-token").get_json()["csrf_token"]
    answer = client.post(door + "/live", data=body, content_type="application/json", headers={"X-CSRFToken": token})
    api = client.post("/api/games/garden-dice/score", data=body, content_type="application/json")
    assert answer.status_code == api.status_code == 400
    assert answer.get_json() == api.get_json() and says in answer.get_json()["error"]


def test_the_decoders_own_words_do_not_reach_a_player():
    with pytest.raises(BadJSON) as refused:
        read_json_text('{"players": [1, }')
    assert "Expecting" not in str(refused.value) and "line 1, column 17" in str(refused.value)


def unknown_keys(count: int) -> bytes:
    state = json.loads(json.dumps(scorer.GAMES["garden-dice"].example_state))
    state.update({f"k{i:05d}": 0 for i in range(count)})
    return json.dumps(state, separators=(",", ":")).encode()


def test_a_megabyte_of_unknown_names_is_refused_before_it_is_read(client, monkeypatch):
    body = unknown_keys(90_000)
    assert len(body) <= 1024 * 1024
    decoded: list[int] = []
    loads = json.loads

    def counted_loads(text, **options):
        decoded.append(len(text))
        return loads(text, **options)

    monkeypatch.setattr(json, "loads", counted_loads)
    answer = client.post("/api/games/garden-dice/validate", data=body, content_type="application/json")
    assert max(decoded, default=0) < len(body) // 2, "the names were decoded before they were counted"
    assert answer.status_code == 400 and "names in its objects" in answer.get_json()["error"]


def test_as_many_unknown_names_as_the_bound_allows_get_one_short_answer(client):
    # What the bound leaves costs about 0.1 s of CPU; bench/hostile.py measures it ("many
    # unknown fields"), as a timed test here failed on a loaded machine.
    body = unknown_keys(MAX_JSON_KEYS - 100)
    answer = client.post("/api/games/garden-dice/validate", data=body, content_type="application/json")
    violations = answer.get_json()["violations"]
    assert answer.status_code == 422 and violations[-1]["code"] == "too-many-violations"
    assert len(violations) == MAX_VIOLATIONS + 1


def test_a_long_simulated_log_is_within_the_logs_bounds():
    from scorer.web.examples import SimulatedGames

    game = scorer.GAMES["propagation"]
    log = json.dumps(SimulatedGames().game(game, game.max_players, 0).log())
    assert read_log_json(log)


@pytest.mark.parametrize("item", [b"1", b"1.5", b'""', b"true"])
def test_a_megabyte_flat_list_is_refused_before_its_values_are_read(client, item):
    """A flat list of half a million numbers read each through the number checks cost some
    0.1 s of CPU on every JSON door (found by the attack review): the values are counted
    first, as the objects, lists and names are."""
    body = b"[" + b",".join([item] * (1024 * 1024 // (len(item) + 1) - 1)) + b"]"
    for door in ("/api/games/garden-dice/score", "/api/results", "/api/games/propagation/replay"):
        answer = client.post(door, data=body, content_type="application/json")
        assert answer.status_code == 400 and "values" in answer.get_json()["error"], door


def test_the_longest_simulated_logs_are_far_within_the_bound_on_values():
    log, _ = scorer.simulate("propagation", 4, 0)
    text = json.dumps(log)
    assert text.count(",") * 2 < MAX_LOG_VALUES
    assert read_log_json(text) == log
