"""The OpenAPI document promises what the server does: schemathesis, with every standard check
and the repository's schemathesis.toml, over every operation; every rate-limited address
documents its 429; and the bounds a schema can carry (player counts, list sizes, a blank game)
answer as documented."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorer
from scorer.web.app import COUNTED_SOMETIMES, RATE_LIMITED
from scorer.web.openapi import openapi_document

ROOT = Path(__file__).resolve().parents[2]
LIMITED = {endpoint for endpoints in RATE_LIMITED.values() for endpoint in endpoints} | set(COUNTED_SOMETIMES)


def test_schemathesis_finds_no_mismatch_in_any_operation(app):
    """schemathesis's engine, as `st run` drives it, with positive and negative data: a body
    the schema allows must be taken (or refused as schemathesis.toml allows), one it forbids
    refused, and every answer's status, type and body documented. A few cases an operation,
    derandomized: about 15 s for all of them."""
    schemathesis = pytest.importorskip("schemathesis")
    from schemathesis.config import SchemathesisConfig
    from schemathesis.engine import Status, events, from_schema

    config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=config)
    schema.config.phases.update(phases=["fuzzing"])
    schema.config.generation.update(max_examples=2, deterministic=True)
    tested, mismatches = set(), []
    for event in from_schema(schema).execute():
        assert not isinstance(event, (events.FatalError, events.NonFatalError)), event
        if isinstance(event, events.ScenarioFinished):
            tested.add(event.label)
            mismatches += [(event.label, check.name, _answer(event.recorder, case_id))
                           for case_id, checks in event.recorder.checks.items()
                           for check in checks if check.status == Status.FAILURE]
    assert mismatches == []
    assert len(tested) == sum(len(methods) for methods in openapi_document()["paths"].values())


def _answer(recorder, case_id: str) -> str:
    interaction = recorder.interactions.get(case_id)
    return f"{interaction.response.status_code} {interaction.response.content[:200]!r}" if interaction else ""


def _documented_paths(rule: str) -> list[str]:
    """The document's paths of a Flask rule: one per live game for a game's address."""
    path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)
    return [path.replace("{game_id}", game) for game in scorer.GAMES] if "{game_id}" in path else [path]


def test_every_rate_limited_operation_documents_its_429(app):
    paths = openapi_document()["paths"]
    checked = 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint not in LIMITED:
            continue
        for path in _documented_paths(rule.rule):
            for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
                operation = paths.get(path, {}).get(method.lower())
                if operation is not None:
                    assert "429" in operation["responses"], (method, path)
                    checked += 1
    assert checked >= 8   # the results' save, list, edit, delete, CSV, players, and each replay


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_the_documented_player_counts_are_the_games(client, game_id):
    game = scorer.GAMES[game_id]
    players = openapi_document()["components"]["schemas"][f"{''.join(p.capitalize() for p in game_id.split('-'))}State"][
        "properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (game.min_players, game.max_players)
    if game.engine is None:
        return
    for count in (game.min_players, game.max_players):
        assert client.get(f"/api/games/{game_id}/example?players={count}&seed=1").status_code == 200
    for count in (game.min_players - 1, game.max_players + 1):
        assert client.get(f"/api/games/{game_id}/example?players={count}&seed=1").status_code == 422


@pytest.mark.parametrize("query, status", [("game=", 200), ("limit=100", 200), ("limit=101", 400),
                                           ("offset=1000000000", 200), ("offset=1000000001", 400)])
def test_the_listings_bounds_are_the_documented_ones(client, query, status):
    listing = openapi_document()["paths"]["/api/results"]["get"]
    bounds = {p["name"]: p["schema"] for p in listing["parameters"]}
    assert bounds["limit"]["maximum"] == 100 and bounds["offset"]["maximum"] == 10**9 and "" in bounds["game"]["enum"]
    assert client.get(f"/api/results?{query}").status_code == status


def test_a_blank_game_lists_every_game_as_documented(client):
    for path in ("/api/results", "/api/players", "/api/results.csv"):
        operation = openapi_document()["paths"][path]["get"]
        assert "" in next(p for p in operation["parameters"] if p["name"] == "game")["schema"]["enum"]
        assert client.get(f"{path}?game=").status_code == 200


def test_a_whole_number_written_with_a_fraction_is_that_number(client):
    """JSON has one kind of number, and the document's integers (JSON Schema's) take 24.0."""
    state = {"players": [{"name": "Kim", "garden_bed": 24.0, "hand": 1, "gnomes": 3.0},
                         {"name": "Lee", "garden_bed": 15, "hand": 0, "gnomes": 2}]}
    answer = client.post("/api/games/garden-variety/score", json=state)
    assert answer.status_code == 200 and answer.get_json()["winners"] == ["Kim"]
    refused = client.post("/api/games/garden-variety/score", json={**state, "players": [
        {**state["players"][0], "garden_bed": 24.5}, state["players"][1]]})
    assert refused.status_code == 422 and "must be a whole number, not 24.5" in refused.get_data(as_text=True)


# Names that are hard to judge, and whether a player may have them: the schema and the server
# must say the same of each (one definition, scorer.games.core._player_name, makes the pattern).
HARD_NAMES = {
    "plain": [("Ann", True), ("  Bo ", True), ("李", True), ("🌻", True), ("\U00020000", True)],
    "invisible": [("", False), ("   ", False), ("\u00ad", False), ("\u200b ", False), ("\u2800", False),
                  ("\u115f", False), ("\u3164\u3164", False), ("\ufeff", False), ("\u2060\u180e", False),
                  ("\U000e0041", False), ("\u3000", False), ("Ann\u200b", True)],
    "private-use": [("\ue000", False), ("\U000f0000", False), ("\U0010fffd", False), ("A\ue000", True)],
    "unassigned": [("\U000cf507", False), ("\u0378", False), ("\U000cf507\U000cf507 ", False),
                   ("\U000cf507x", True)],
    "combining-only": [("\u0301", False), ("\u0903", False), ("\u20dd", False), ("\u0591\u0301", False),
                       ("e\u0301", True), ("\u0301e", True)],
    "look-alike twins": [("\u0410nn", True), ("\u0421\u043e\u0440\u0435", True), ("\u0391\u039d\u039d", True)],
    "unprintable": [("a\tb", False), ("Ann\t", False), ("Ann\n", False), ("\nAnn", False), ("Ann\x85", False),
                    ("Ann\x1f", False), ("\u202eevil", False), ("Ann\u2066", False), ("\ud800", False),
                    ("Ann\x00", False)],
    "40/41 characters": [("x" * 40, True), ("x" * 41, False), (" " + "x" * 40, False), ("x" * 39 + " ", True),
                         ("é" * 40, True), ("e\u0301" * 20, True), ("e\u0301" * 20 + "e", False),
                         ("🌻" * 40, True), ("🌻" * 41, False), ("\ufb2c" * 40, True)],
}


def fits_the_schema(document: dict, name: str) -> bool:
    """What JSON Schema says of a string: its length in code points, and its pattern searched."""
    schema = document["components"]["schemas"]["PlayerName"]
    return schema["minLength"] <= len(name) <= schema["maxLength"] and bool(re.search(schema["pattern"], name))


def test_the_published_name_schema_and_the_validate_endpoint_agree_on_hard_names(client):
    """Each hard name through both doors: the name schema in /openapi.json, and POST
    /api/games/<id>/validate (a name it refuses is a violation at players[0].name). They
    agree, and each says what the table above says."""
    document = client.get("/openapi.json").get_json()
    state = {"players": [{"name": "", "garden_bed": 1, "hand": 0, "gnomes": 0},
                         {"name": "Zed", "garden_bed": 0, "hand": 0, "gnomes": 0}]}
    verdicts = {}
    for kind, names in HARD_NAMES.items():
        for name, taken in names:
            state["players"][0]["name"] = name
            answer = client.post("/api/games/garden-variety/validate", json=state)
            refused = [v for v in answer.get_json()["violations"] if v["path"] == "players[0].name"]
            verdicts[kind, name] = (fits_the_schema(document, name), not refused, taken)
    wrong = {key: verdict for key, verdict in verdicts.items() if len(set(verdict)) > 1}
    assert not wrong, wrong


def test_every_code_point_alone_is_judged_alike_by_the_pattern_and_the_check():
    """A one-character name of every 37th code point (some 30,000 of them, every plane and
    category), and the same before a letter: the pattern and the model's check agree."""
    from pydantic import TypeAdapter, ValidationError

    from scorer.games.core import PlayerName

    check = TypeAdapter(PlayerName)
    document = openapi_document()

    def taken(name: str) -> bool:
        try:
            check.validate_python(name)
        except ValidationError:
            return False
        return True

    names = [chr(point) + tail for point in range(0, 0x110000, 37) for tail in ("", "x")]
    wrong = [name for name in names if taken(name) != fits_the_schema(document, name)]
    assert not wrong, [f"U+{ord(name[0]):04X}{name[1:]}" for name in wrong[:20]]


def test_pages_and_forms_never_make_the_name_pattern(client):
    """The name pattern walks every code point (about a second of CPU), and only the OpenAPI
    document needs it; the score pages read the models' schemas on a worker's loop, where it
    held a fresh worker's first score page a second."""
    from scorer.games.core import name_pattern

    name_pattern.cache_clear()
    openapi_document.cache_clear()
    for game_id in scorer.GAMES:
        assert client.get(f"/games/{game_id}/score").status_code == 200
    assert client.post("/games/garden-variety/score", data={"op": "score", "players.0.name": "Ann",
                                                            "players.1.name": "Bo"}).status_code in (200, 400, 422)
    assert name_pattern.cache_info().currsize == 0
    assert "pattern" in client.get("/openapi.json").get_json()["components"]["schemas"]["PlayerName"]
    assert name_pattern.cache_info().currsize == 1
