"""The JSON API through Flask's test client: every status docs/app.md names, and the results store."""
import csv
import io
import json
import logging

import pytest

import scorer

GV = "/api/games/garden-variety"


def gv_state(*players):
    return {"players": [{"name": n, "garden_bed": g, "hand": h, "gnomes": k} for n, g, h, k in players]}


FINISHED = gv_state(("Kim", 24, 1, 3), ("Lee", 15, 0, 2), ("Max", 12, 2, 1))


def post(client, path, body):
    return client.post(path, data=body if isinstance(body, (bytes, str)) else json.dumps(body),
                       content_type="application/json")


# --- games ---------------------------------------------------------------------------------

def test_games_lists_every_registered_game_with_status(client):
    from scorer.games import CATALOGUE

    games = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in games] == list(CATALOGUE)  # a new game joins by its registry line alone
    assert [g["id"] for g in games][:5] == ["garden-dice", "harvest-dice", "cottage-garden", "propagation",
                                            "garden-variety"]
    gv = games[4]
    assert gv["status"] == "live" and gv["title"] == "Garden Variety"
    assert gv["links"]["score"] == GV + "/score"
    assert all(g["status"] in ("live", "coming") for g in games)


def test_score_ok(client):
    answer = post(client, GV + "/score", FINISHED)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["winners"] == ["Kim"]
    assert [(p["name"], p["total"], p["rank"]) for p in body["players"]] == [
        ("Kim", 25, 1), ("Lee", 15, 2), ("Max", 14, 3)]
    assert body["players"][0]["breakdown"] == {"garden_bed": 24, "hand": 1}


def test_score_without_content_type_still_reads_json(client):
    answer = client.post(GV + "/score", data=json.dumps(FINISHED))
    assert answer.status_code == 200


def test_impossible_state_is_422_with_violations(client):
    answer = post(client, GV + "/score", gv_state(("Kim", 30, 7, 0), ("Lee", 30, 0, 0)))
    assert answer.status_code == 422
    codes = {v["code"] for v in answer.get_json()["violations"]}
    assert {"hand-too-big", "too-many-cards"} <= codes


FINISHED_TEXT = json.dumps(FINISHED)


@pytest.mark.parametrize("body", [
    json.dumps(gv_state(("Kim", 36893488147419103232, 1, 3), ("Lee", 15, 0, 2))).encode(),
    json.dumps(gv_state(("Kim", -9223372036854775809, 1, 3), ("Lee", 15, 0, 2))).encode(),
    FINISHED_TEXT.encode("utf-16"),
    ("\ufeff" + FINISHED_TEXT).encode(),
    FINISHED_TEXT.replace('"Kim"', '"K\\ud800m"').encode(),
    FINISHED_TEXT[:-1].encode() + b', "players": ' + json.dumps(FINISHED["players"][::-1]).encode() + b"}",
    FINISHED_TEXT.replace('"garden_bed": 24', '"garden_bed": 24.0').encode(),
    FINISHED_TEXT.replace('"garden_bed": 24', '"garden_bed": 2.4e1').encode(),
    FINISHED_TEXT.replace('"hand": 0', '"hand": -0').encode(),
], ids=["integer-beyond-64-bits", "negative-beyond-64-bits", "utf-16", "byte-order-mark",
        "lone-surrogate", "key-given-twice", "float-for-a-count", "exponent-for-a-count", "minus-zero"])
@pytest.mark.parametrize("operation", ["score", "validate"])
def test_unusual_json_is_read_exactly_as_json_says(client, body, operation):
    """Valid JSON that a fast reader might refuse or bend (an integer beyond 64 bits turned
    into a float, UTF-16, a byte order mark) is read exactly, so the answer is the Python
    API's for the same document as every door reads it (read_json_text)."""
    import scorer
    from scorer.games.core import read_json_text

    state = read_json_text(body)
    if operation == "validate":   # a state of the game's form is judged (200); any other document refused
        found = scorer.validate("garden-variety", state)
        try:
            scorer.GAMES["garden-variety"].parse_form(state)
            expected = 200, {"valid": not found, "violations": found}
        except scorer.InvalidState:
            expected = 422, {"violations": found}
    else:
        try:
            expected = 200, scorer.score("garden-variety", state)
        except scorer.InvalidState as invalid:
            expected = 422, {"violations": invalid.violations}
    answer = post(client, f"{GV}/{operation}", body)
    assert (answer.status_code, answer.get_json()) == expected


def test_answers_are_compact_json_in_the_scorers_key_order(client):
    """Flask writes the answers: compact, with the keys in the order the scorer gives them
    (a player's name first, each game's categories in rulebook order), not sorted."""
    import scorer

    answer = post(client, GV + "/score", FINISHED)
    expected = scorer.score("garden-variety", FINISHED)
    assert answer.data.decode() == json.dumps(expected, separators=(",", ":")) + "\n"
    player_keys = list(expected["players"][0])
    assert player_keys[0] == "name" and player_keys != sorted(player_keys)


@pytest.mark.parametrize("body", [b"{", b"", b"   ", b'{"players": NaN}', b'{"players": 1e999}', b"\xff\xfe",
                                  b"[" * 100000])
def test_bad_json_is_400(client, body):
    answer = post(client, GV + "/score", body)
    assert answer.status_code == 400
    assert "error" in answer.get_json()


def test_a_number_too_large_for_a_float_is_refused_not_echoed_as_infinity(client):
    """A replay answers with the entry that broke a rule: 1e999 read as infinity would make
    that answer invalid JSON."""
    log = [{"setup": {"game": "garden-dice", "players": ["Ann", "Ben"], "seed": 1,
                      "options": {"variant": "standard"}, "version": 2}}]
    answer = post(client, "/api/games/garden-dice/replay", json.dumps(log)[:-1].encode() + b", 1e999]")
    assert answer.status_code == 400 and "too large" in answer.get_json()["error"]


def test_unknown_game_is_404(client):
    for op in ("score", "validate", "check"):
        answer = post(client, f"/api/games/chess/{op}", FINISHED)
        assert answer.status_code == 404
        assert "chess" in answer.get_json()["error"]


def test_oversized_body_is_413(client):
    huge = b'{"players": "' + b"x" * (1024 * 1024 + 10) + b'"}'
    answer = post(client, GV + "/score", huge)
    assert answer.status_code == 413
    assert "error" in answer.get_json()


def test_wrong_method_is_405_json(client):
    answer = client.get(GV + "/score")
    assert answer.status_code == 405
    assert answer.get_json()["error"]
    # HTTP requires a 405 to say which methods the address takes.
    assert set(answer.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_unknown_api_path_is_404_json(client):
    answer = client.get("/api/nothing-here")
    assert answer.status_code == 404 and "error" in answer.get_json()


def test_validate(client):
    assert post(client, GV + "/validate", FINISHED).get_json() == {"valid": True, "violations": []}
    answer = post(client, GV + "/validate", gv_state(("Kim", 24, 1, 3), ("Kim", 15, 0, 2)))
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["valid"] is False and [v["code"] for v in body["violations"]] == ["duplicate-player-name"]


@pytest.mark.parametrize("body, words", [
    ("[null, null]", "must be an object, not list"),
    ('"players"', "must be an object"),
    (gv_state(("Kim", 24, 1, 3)), "played by 2 to 5 players, not 1"),
    (gv_state(("Kim", "many", 1, 3), ("Lee", 15, 0, 2)), "must be a whole number"),
])
def test_validate_refuses_a_body_that_is_no_state_of_the_game_in_words(client, body, words):
    """There is no state to judge, so validate refuses it (422) as score does, not 200 "not valid"."""
    answer = post(client, GV + "/validate", body if isinstance(body, str) else json.dumps(body))
    assert answer.status_code == 422
    assert words in answer.get_json()["violations"][0]["message"]
    assert answer.get_json() == post(client, GV + "/score", body if isinstance(body, str) else json.dumps(body)).get_json()


def test_check(client):
    action = {"type": "resolve_round", "rule": 7, "plays": [
        {"player": "Kim", "card": {"kind": "critter", "color": "red", "number": 6}},
        {"player": "Lee", "card": {"kind": "critter", "color": "blue", "number": 8}},
        {"player": "Max", "card": {"kind": "wildflower", "number": 9}}]}
    state = gv_state(("Kim", 0, 4, 0), ("Lee", 0, 4, 0), ("Max", 0, 4, 0))
    answer = post(client, GV + "/check", {"state": state, "action": action})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["legal"] is True
    assert body["effects"]["winner"] == "Lee" and body["effects"]["eliminated"] == ["Kim", "Max"]


@pytest.mark.parametrize("body, path", [({"state": FINISHED}, "action"), ({"action": {}}, "state"),
                                        ([], "state"), ({"state": FINISHED, "action": {}, "x": 1}, "x")])
def test_check_body_shape_is_422(client, body, path):
    answer = post(client, GV + "/check", body)
    assert answer.status_code == 422
    assert path in [v["path"] for v in answer.get_json()["violations"]]


def test_check_unknown_action_type_is_422(client):
    answer = post(client, GV + "/check", {"state": FINISHED, "action": {"type": "dig"}})
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["code"] == "unknown-action"


# --- saved results ---------------------------------------------------------------------------

def save(client, state=FINISHED, game="garden-variety"):
    return post(client, "/api/results", {"game": game, "state": state})


def test_save_and_read_back(client):
    answer = save(client)
    assert answer.status_code == 201
    saved = answer.get_json()
    assert saved["result"]["winners"] == ["Kim"]
    assert answer.headers["Location"] == f"/api/results/{saved['id']}"
    one = client.get(f"/api/results/{saved['id']}").get_json()
    assert one["state"] == FINISHED and one["result"] == saved["result"] and one["game"] == "garden-variety"


def test_impossible_state_is_not_saved(client):
    answer = save(client, gv_state(("Kim", 30, 9, 0), ("Lee", 30, 0, 0)))
    assert answer.status_code == 422 and answer.get_json()["violations"]
    assert client.get("/api/results").get_json() == {"results": []}


@pytest.mark.parametrize("body", [{"game": "chess", "state": FINISHED}, {"game": 5, "state": FINISHED},
                                  {"state": FINISHED}, {"game": "garden-variety"}, [1, 2]])
def test_save_bad_request_shapes_are_422(client, body):
    answer = post(client, "/api/results", body)
    assert answer.status_code == 422
    assert answer.get_json()["violations"]


def test_results_newest_first_and_filtered(client):
    first = save(client).get_json()["id"]
    second = save(client, gv_state(("Ann", 26, 0, 0), ("Bo", 28, 0, 0))).get_json()["id"]
    listed = client.get("/api/results").get_json()["results"]
    assert [r["id"] for r in listed] == [second, first]
    assert listed[0]["winners"] == ["Bo"]
    assert client.get("/api/results?game=garden-variety").get_json()["results"][0]["id"] == second
    assert client.get("/api/results?game=garden-dice").get_json() == {"results": []}
    assert [r["id"] for r in client.get("/api/results?limit=1").get_json()["results"]] == [second]


def test_results_bad_queries(client):
    assert client.get("/api/results?game=chess").status_code == 404
    assert client.get("/api/results?limit=0").status_code == 400
    assert client.get("/api/results?limit=abc").status_code == 400
    for odd_digits in ("\u00b2", "\u0663", "9" * 5000):  # superscript two, Arabic-Indic three, endless
        answer = client.get("/api/results", query_string={"limit": odd_digits})
        assert answer.status_code == 400 and answer.get_json()["error"].startswith("limit must be a whole number")
    assert client.get("/api/results/999").status_code == 404
    assert client.get(f"/api/results/{10**30}").status_code == 404
    assert client.get("/api/results/abc").status_code == 404


def test_results_csv_one_row_per_player_and_formula_safe(client):
    save(client, gv_state(("=HYPERLINK(1)", 24, 1, 3), ("Lee", 15, 0, 2), ("Max", 12, 2, 1)))
    answer = client.get("/api/results.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [r["player"] for r in rows] == ["'=HYPERLINK(1)", "Lee", "Max"]
    assert rows[0]["winner"] == "yes" and rows[0]["total"] == "25"
    assert rows[0]["breakdown"] == "garden_bed=24; hand=1"
    assert client.get("/api/results.csv?game=chess").status_code == 404


def test_openapi_has_every_live_game_schema(client):
    import scorer

    doc = client.get("/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    for game_id in scorer.GAMES:
        assert f"/api/games/{game_id}/score" in doc["paths"]
    schemas = doc["components"]["schemas"]
    assert schemas["GardenVarietyState"]["properties"]["players"]["items"]["$ref"] == \
        "#/components/schemas/GardenVarietyPlayer"
    assert "GardenVarietyAction" in schemas
    assert "/api/results" in doc["paths"] and "/api/results.csv" in doc["paths"]


# --- failures of our own ---------------------------------------------------------------------

def test_unexpected_error_is_logged_and_answered_plainly(app_factory, caplog):
    app = app_factory()

    @app.get("/api/explode")
    def explode():
        raise RuntimeError("boom")

    with caplog.at_level(logging.ERROR, logger="gardenkit"):
        answer = app.test_client().get("/api/explode")
    assert answer.status_code == 500
    assert answer.get_json() == {"error": "something went wrong on our side; the error has been logged"}
    assert "boom" not in answer.get_data(as_text=True)
    assert any("unexpected error" in r.message for r in caplog.records)


def test_database_down_is_503_but_scoring_works(app_factory):
    app = app_factory(DATABASE_URL="postgresql://gardenkit@127.0.0.1:1/none?connect_timeout=2")
    client = app.test_client()
    assert post(client, GV + "/score", FINISHED).status_code == 200
    for answer in (save(client), client.get("/api/results"), client.get("/api/results.csv"),
                   client.get("/healthz")):
        assert answer.status_code == 503
        body = answer.get_json()
        assert "not available" in (body.get("error") or body.get("database"))
    assert client.get("/results").status_code == 503


def test_read_only_database_is_503(tmp_path, app_factory):
    path = tmp_path / "ro.sqlite3"
    app_factory(DATABASE_URL=f"sqlite:///{path}")  # creates the schema
    app = app_factory(DATABASE_URL=f"sqlite:///file:{path}?mode=ro&uri=true")
    client = app.test_client()
    assert client.get("/api/results").status_code == 200
    answer = save(client)
    assert answer.status_code == 503
    assert "read-only" in answer.get_json()["error"]


def test_healthz_ok(client):
    assert client.get("/healthz").get_json()["status"] == "ok"


def test_security_headers_on_pages_and_api(client):
    for path in ("/", "/api/games"):
        headers = client.get(path).headers
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_a_30_digit_number_is_read_exactly_by_the_api_and_the_python_api(client):
    """One JSON reading keeps integers of any size exact, and the bounds every door shares
    refuse such a number in the same words through HTTP and through scorer.validate."""
    import scorer

    huge = 123456789012345678901234567890
    state = gv_state(("Kim", huge, 1, 0), ("Lee", 0, 1, 0))
    over_http = post(client, GV + "/validate", json.dumps(state)).get_json()["violations"]
    in_python = scorer.validate("garden-variety", state)
    assert over_http == in_python
    assert [(v["code"], v["path"]) for v in in_python] == [("out-of-range", "players[0].garden_bed")], in_python


# --- whole games: replay and examples --------------------------------------------------------

def test_the_longest_simulated_logs_replay_over_http(client):
    """A 4-player Propagation log carries the board in every move: some 11,000 objects and
    lists, more than any state or check holds, yet every game log the engine writes replays."""
    log, end_state = scorer.simulate("propagation", 4, 0)
    assert json.dumps(log).count("{") + json.dumps(log).count("[") > 10_000
    answer = post(client, "/api/games/propagation/replay", log)
    assert answer.status_code == 200 and answer.get_json()["end_state"] == end_state
    # the log's own bound still holds: a body of nothing but empty lists is refused unread
    assert post(client, "/api/games/propagation/replay", b"[" + b"[]," * 60_000 + b"[]]").status_code == 400


@pytest.fixture
def simulations(monkeypatch):
    """Every game an engine plays from now on, as (game, players, seed): the engines still play
    them (the count is taken on the way through)."""
    from scorer.games.engine import Engine

    played = []
    simulate = Engine.simulate

    def counted(engine, players, seed):
        played.append((engine.game.id, players, seed))
        return simulate(engine, players, seed)
    monkeypatch.setattr(Engine, "simulate", counted)
    return played


def test_an_example_game_is_played_once_and_only_from_the_seed_pool(client, simulations):
    from scorer.web.examples import EXAMPLES, SEED_POOL

    EXAMPLES._games.clear()
    first = client.get("/api/games/harvest-dice/example?seed=255&players=3").get_json()
    again = client.get("/api/games/harvest-dice/example?seed=255&players=3").get_json()
    assert first == again and simulations == [("harvest-dice", 3, 255)]   # the second one was kept
    assert first["log"] == scorer.simulate("harvest-dice", 3, 255)[0]
    # the 257th seed is no example: refused before anything is played
    beyond = client.get(f"/api/games/harvest-dice/example?seed={SEED_POOL}")
    assert beyond.status_code == 400 and "from 0 to 255" in beyond.get_json()["error"]
    assert client.get("/api/games/harvest-dice/example?seed=%C2%B2").status_code == 400   # a superscript two
    assert len(simulations) == 2   # scorer.simulate above; nothing for the refused seeds
    fresh = {client.get("/api/games/garden-variety/example").get_json()["seed"] for _ in range(12)}
    assert fresh <= set(range(SEED_POOL)) and len(fresh) > 1


def test_examples_keep_the_last_games_played_and_one_plays_at_a_time(simulations):
    from scorer.web.examples import ExamplesBusy, SimulatedGames

    games = SimulatedGames(cached=2, wait_seconds=0.05)
    harvest = scorer.GAMES["harvest-dice"]
    for seed in (1, 2, 1, 3, 2):   # 1 is used again, so 2 is the oldest when 3 comes
        games.game(harvest, 2, seed)
    assert [seed for _, _, seed in simulations] == [1, 2, 3, 2]
    with games.turn():             # another request is playing a game
        with pytest.raises(ExamplesBusy):
            games.game(harvest, 2, 4)
        assert games.game(harvest, 2, 2).seed == 2   # a kept game needs no turn


def test_a_busy_example_is_503_with_retry_after_and_no_wait_beyond_its_bound(client, monkeypatch):
    import time

    from scorer.web.examples import EXAMPLES

    monkeypatch.setattr(EXAMPLES, "wait_seconds", 0.2)
    with EXAMPLES.turn():
        started = time.monotonic()
        answer = client.get("/api/games/garden-dice/example?seed=9&players=4")
        waited = time.monotonic() - started
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "try again" in answer.get_json()["error"] and 0.2 <= waited < 1.5
