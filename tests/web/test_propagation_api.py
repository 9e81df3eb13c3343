"""Propagation through the HTTP API, and random input that must never crash the rules."""
from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorer
from scorer.games.propagation import data, examples, rules


def test_score_validate_check_over_http(client):
    scored = client.post("/api/games/propagation/score", json=rules.EXAMPLE_STATE)
    assert scored.status_code == 200
    body = scored.get_json()
    assert body["winners"] == ["Ada"] and set(body["players"][0]["breakdown"]) == {"tomato", "carrot", "apple", "bonus"}

    bad = dict(rules.EXAMPLE_STATE, players=[{"name": "Solo"}])
    refused = client.post("/api/games/propagation/score", json=bad)
    assert refused.status_code == 422
    assert {v["code"] for v in refused.get_json()["violations"]} >= {"player-count"}

    valid = client.post("/api/games/propagation/validate", json=rules.EXAMPLE_STATE).get_json()
    assert valid == {"valid": True, "violations": []}

    checked = client.post("/api/games/propagation/check", json=rules.EXAMPLE_CHECK)
    assert checked.status_code == 200 and checked.get_json()["effects"]["placed"] == [[2, -1]]



def test_a_finished_game_with_recorded_bonus_points_over_http(client):
    finished = {"players": [{"name": "Ada", "harvested": {"tomato": 9, "carrot": 2, "apple": 1}, "bonus_points": 5},
                            {"name": "Bo", "harvested": {"tomato": 3, "carrot": 6, "apple": 2}, "bonus_points": 11}]}
    scored = client.post("/api/games/propagation/score", json=finished)
    assert scored.status_code == 200
    body = scored.get_json()
    assert [(p["name"], p["total"], p["breakdown"]["bonus"]) for p in body["players"]] == [
        ("Bo", 34, 11), ("Ada", 22, 5)]
    both = dict(rules.EXAMPLE_STATE, players=finished["players"] + [{"name": "Cy"}])
    refused = client.post("/api/games/propagation/score", json=both)
    assert refused.status_code == 422
    assert [v["code"] for v in refused.get_json()["violations"]] == ["bonus-given-twice"]


def example_check() -> dict[str, Any]:
    """The check the rules page opens on, as the JSON it is."""
    return json.loads(json.dumps(rules.EXAMPLE_CHECK))


def test_check_with_an_impossible_board_is_422(client):
    action = {**example_check()["action"], "board": {"rocks": [[0, 0]], "plants": []}}
    answer = client.post("/api/games/propagation/check", json={"state": rules.EXAMPLE_CHECK["state"],
                                                                "action": action})
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["path"] == "action.board.rocks"


# --- random input ---------------------------------------------------------------------------------

coords = st.lists(st.integers(-6, 6), min_size=2, max_size=2)
plants = st.fixed_dictionaries({"at": coords, "owner": st.sampled_from(["A", "B", "C"]),
                                "kind": st.sampled_from(data.KINDS), "tier": st.integers(0, 12)})
boards = st.fixed_dictionaries({"rocks": st.lists(coords, max_size=12), "plants": st.lists(plants, max_size=20)})
entries = st.fixed_dictionaries({"card": st.sampled_from(list(data.BONUS_CARDS) + ["nope"]),
                                 "round": st.sampled_from([10, 20]), "board": boards})
states = st.fixed_dictionaries({
    "players": st.lists(st.fixed_dictionaries({"name": st.sampled_from(["A", "B", "C"]),
                                               "harvested": st.fixed_dictionaries({"tomato": st.integers(0, 300)})}),
                        min_size=1, max_size=5),
    "bonus": st.lists(entries, max_size=4),
    "round_20": st.sampled_from(data.ROUND_20_READINGS)})
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states)
def test_random_states_are_scored_or_refused_with_reasons(state):
    found = scorer.validate("propagation", state)
    if found:
        assert all(set(v) == {"code", "rule", "message", "path"} for v in found)
    else:
        result = scorer.score("propagation", state)
        for player in result["players"]:
            assert player["total"] == sum(player["breakdown"].values())


@settings(max_examples=80, deadline=None)
@given(json_values)
def test_any_json_is_a_violation_list_never_a_crash(value):
    assert isinstance(scorer.validate("propagation", value), list)
    json.dumps(scorer.validate("propagation", {"players": [{"name": "A"}, {"name": "B"}], "bonus": value}))


free_spaces = [list(s) for s in data.board_spaces() if list(s) not in examples.ROCKS]
placed = st.lists(st.fixed_dictionaries({"at": st.sampled_from(free_spaces), "owner": st.sampled_from(["A", "B", "C"]),
                                         "kind": st.sampled_from(data.KINDS), "tier": st.integers(0, 10)}),
                  max_size=15, unique_by=lambda p: str(p["at"]))


@settings(max_examples=80, deadline=None)
@given(placed)
def test_end_round_kills_exactly_the_plants_at_their_death_tier(plants):
    plants = [p for p in plants if p["tier"] <= data.PLANTS[p["kind"]]["dies"]]
    kept: list[dict] = []
    counts: dict[tuple[str, str], int] = {}
    for p in plants:  # no more of a kind than the player has tokens
        counts[p["owner"], p["kind"]] = counts.get((p["owner"], p["kind"]), 0) + 1
        if counts[p["owner"], p["kind"]] <= data.PLANTS[p["kind"]]["tokens"]:
            kept.append(p)
    plants = kept
    board = {"rocks": examples.ROCKS, "plants": plants}
    outcome = scorer.check("propagation", {"players": [{"name": n} for n in "ABC"]},
                           {"type": "end_round", "board": board})
    dying = sorted(p["at"] for p in plants if p["tier"] == data.PLANTS[p["kind"]]["dies"])
    assert outcome["effects"]["died"] == dying
