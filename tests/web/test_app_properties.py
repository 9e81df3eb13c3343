"""Properties over every live game: junk never crashes the rules, and the games' example states
answer as the OpenAPI document says (schemathesis over every operation is in
test_openapi_promises.py)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorer
from scorer.web.forms import state_schema

LIVE = list(scorer.GAMES)


def field_names(game_id: str) -> list[str]:
    """Every property name in the game's state and action schemas, so junk often hits real
    fields (and goes deeper than random keys would)."""
    game = scorer.GAMES[game_id]
    names: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            names.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    state_model: type = game.state_model
    walk(state_schema(state_model))
    if game.action_model is not None:
        walk(state_schema(game.action_model))
    return sorted(names)


def junk(keys: list[str]):
    leaves = (st.none() | st.booleans() | st.integers(-3, 60) | st.integers() | st.floats(allow_nan=False)
              | st.text(max_size=8) | st.sampled_from(["critter", "wildflower", "gnome", "0/10", "blue",
                                                       "resolve_round", "chaos", "tomato", "L", "..."]))
    key = st.sampled_from(keys) | st.text(max_size=6)
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=5)
                        | st.dictionaries(key, inner, max_size=6), max_leaves=30)


def near_valid_players(keys: list[str]):
    """{"players": [...]} with real field names: reaches the game rules, not just the parser."""
    value = st.integers(-2, 60) | st.booleans() | st.text(max_size=6) | st.lists(st.integers(0, 20), max_size=4)
    player = st.dictionaries(st.sampled_from(keys), value, max_size=len(keys))
    return st.fixed_dictionaries({"players": st.lists(player, max_size=6)})


def only_invalid_state(call):
    try:
        return call()
    except scorer.InvalidState as invalid:
        assert invalid.violations, "InvalidState without a reason"
        for v in invalid.violations:
            assert set(v) == {"code", "rule", "message", "path"}
        return None


@pytest.mark.parametrize("game_id", LIVE)
def test_junk_never_raises_anything_but_invalid_state(game_id):
    keys = field_names(game_id)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(state=junk(keys) | near_valid_players(keys), action=junk(keys))
    def run(state, action):
        result = only_invalid_state(lambda: scorer.score(game_id, state))
        if result is not None:
            assert result["winners"] and all(p["total"] == sum(p["breakdown"].values()) for p in result["players"])
        found = scorer.validate(game_id, state)
        assert isinstance(found, list) and (found == []) == (result is not None)
        answer = only_invalid_state(lambda: scorer.check(game_id, state, action))
        if answer is not None:
            assert set(answer) == {"legal", "violations", "effects", "summary"}
            assert all(isinstance(line, str) for line in answer["summary"])

    run()


@pytest.mark.parametrize("game_id", LIVE)
def test_near_valid_actions_never_crash(game_id):
    """Actions with the right type tag and junk inside, on the game's example state."""
    checks = scorer.GAMES[game_id].example_checks
    if not checks:
        pytest.skip(f"{game_id} has no rule checks")
    example = checks[0]
    keys = field_names(game_id)
    action_type = example["action"].get("type")

    @settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(body=st.dictionaries(st.sampled_from(keys), junk(keys), max_size=5))
    def run(body):
        only_invalid_state(lambda: scorer.check(game_id, example["state"], {**body, "type": action_type}))

    run()


def test_example_states_score_as_the_openapi_document_says(app):
    """Random states are nearly always impossible (422); the games' example states reach the
    200 and 201 answers, which must match their documented schemas too."""
    schemathesis = pytest.importorskip("schemathesis")
    from schemathesis.checks import not_a_server_error, response_schema_conformance, status_code_conformance

    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
    checked = 0
    for game_id in LIVE:
        example = scorer.GAMES[game_id].example_state
        for path, body, status in ((f"/api/games/{game_id}/score", example, 200),
                                   ("/api/results", {"game": game_id, "state": example}, 201)):
            case = schema[path]["POST"].Case(body=body, media_type="application/json")
            response = case.call()
            assert response.status_code == status, (game_id, path, response.text[:300])
            case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                                     response_schema_conformance])
            checked += 1
    assert checked >= 2
