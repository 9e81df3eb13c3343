"""Hostile input at the doors that are not the HTTP server: the Python API, the form parser,
the pages through the test client and the command line. Bounds are declared once in each
game's models (scorer.games.core's PlayerName, up_to, within, at_most) and hold at every door."""
from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

import scorer
from scorer.games.core import MAX_BODY_BYTES, MAX_VIOLATIONS, InvalidState, read_json_text
from scorer.web.forms import state_from_form, whole_number

GAMES = list(scorer.GAMES)
HOSTILE_TEXT = ["9" * 4300, "9" * 5000, "--5", "²", "³", "٣", "\ud800", "-0", "+7", " 12 ", "1e9", "", " "]


def two_players(game_id: str) -> dict:
    """The game's example state, to vary one thing at a time."""
    return json.loads(json.dumps(scorer.GAMES[game_id].example_state))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_huge_player_list_is_one_violation_before_any_player_is_read(game_id):
    with pytest.raises(InvalidState) as refused:
        scorer.score(game_id, {**two_players(game_id), "players": [{}] * 260_000})
    assert [v["code"] for v in refused.value.violations] == ["player-count"]


@pytest.mark.parametrize("game_id", GAMES)
def test_violation_lists_are_capped_with_a_count_of_the_rest(game_id):
    state = two_players(game_id)
    state["players"][0].update({f"unknown_{i}": 0 for i in range(200)})
    found = scorer.validate(game_id, state)
    assert len(found) == MAX_VIOLATIONS + 1
    assert found[-1]["code"] == "too-many-violations" and "more problems" in found[-1]["message"]


@pytest.mark.parametrize("game_id", GAMES)
def test_names_are_stripped_nfc_at_most_40_and_never_blank(game_id):
    state = two_players(game_id)
    decomposed = unicodedata.normalize("NFD", "  Zoë  ")
    state["players"][0]["name"] = decomposed
    read = scorer.GAMES[game_id].state_model.model_validate(state)
    assert read.model_dump()["players"][0]["name"] == unicodedata.normalize("NFC", "Zoë")
    for bad, code in (("   ", "blank-name"), ("x" * 41, "wrong-length"), ("\ud800", "invalid-value")):
        state["players"][0]["name"] = bad
        assert code in [v["code"] for v in scorer.validate(game_id, state)], bad


@pytest.mark.parametrize("game_id", GAMES)
def test_duplicate_names_are_compared_without_case(game_id):
    state = two_players(game_id)
    state["players"][1]["name"] = " " + state["players"][0]["name"].upper() + " "
    assert "duplicate-player-name" in [v["code"] for v in scorer.validate(game_id, state)]


def test_a_track_of_4300_nines_is_out_of_range_and_the_answer_can_be_written():
    state = two_players("garden-dice")
    state["players"][0]["track"] = int("9" * 4300)
    state["players"][0]["sun_token"] = True
    found = scorer.validate("garden-dice", state)
    assert [v["code"] for v in found] == ["out-of-range"]
    json.dumps(found)  # the answer holds no number too long to write


def every_number_replaced(node, number):
    """The document with every whole number in it replaced by `number`."""
    if isinstance(node, dict):
        return {key: every_number_replaced(value, number) for key, value in node.items()}
    if isinstance(node, list):
        return [every_number_replaced(value, number) for value in node]
    return number if isinstance(node, int) and not isinstance(node, bool) else node


@pytest.mark.parametrize("game_id", GAMES)
def test_every_number_of_every_state_and_action_is_bounded(game_id):
    game = scorer.GAMES[game_id]
    for huge in (10**12, -(10**12)):
        state = every_number_replaced(two_players(game_id), huge)
        assert scorer.validate(game_id, state), "a state with absurd numbers passed"
        for example in game.example_checks:
            action = every_number_replaced(example["action"], huge)
            if action == example["action"]:
                continue
            with pytest.raises(InvalidState):
                game.parse_action(action)


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**60), max_value=10**60),
                      st.text(max_size=50), st.sampled_from(HOSTILE_TEXT))
json_values = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=30)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_id=st.sampled_from(GAMES), data=st.data())
def test_any_state_document_is_answered_never_crashes(game_id, data):
    state = two_players(game_id)
    player = state["players"][0]
    key = data.draw(st.sampled_from([*player, "name", "extra"]))
    player[key] = data.draw(json_values)
    try:
        answer = scorer.score(game_id, state)
    except InvalidState as invalid:
        answer = {"violations": invalid.violations}
    json.dumps(answer)  # writable, so never a 500 at the HTTP door


field_names = st.one_of(
    st.sampled_from(["players", "players.0", "players.0.name", "players.0.garden_bed", "players.0.track",
                     "players.²", "players.99999999999", "players.0.harvested.tomato", "markets",
                     "markets.lettuce", "players.0.name.first", "_state_json", "variant"]),
    st.text(alphabet="players.0123456789²٣_", max_size=24))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_id=st.sampled_from(GAMES),
       fields=st.lists(st.tuples(field_names, st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=30))),
                       max_size=12))
def test_the_form_parser_takes_any_form(game_id, fields):
    state = state_from_form(MultiDict(fields), scorer.GAMES[game_id].state_model)
    with contextlib.suppress(InvalidState):
        scorer.score(game_id, state)


@pytest.mark.parametrize("text, number", [("12", 12), (" 7 ", 7), ("-3", -3), ("²", None), ("٣", None),
                                          ("--5", None), ("9" * 16, None), ("1.5", None), ("", None)])
def test_numbers_in_forms_and_addresses_are_ascii_digits_only(text, number):
    assert whole_number(text) == number


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_id=st.sampled_from(GAMES),
       fields=st.lists(st.tuples(field_names, st.sampled_from(HOSTILE_TEXT + ['{"players": [{"name": "\\ud800"}]}'])),
                       min_size=1, max_size=8))
def test_score_pages_never_answer_500(app_factory_module, game_id, fields):
    client = app_factory_module.test_client()
    # A browser cannot send a lone surrogate in a form; it arrives as the JSON escape \ud800.
    form = MultiDict([(name, value.replace("\ud800", "\\ud800")) for name, value in fields])
    for page in ("score", "check"):
        answer = client.post(f"/games/{game_id}/{page}", data=form)
        assert answer.status_code < 500, (page, fields)


@pytest.fixture(scope="module")
def app_factory_module(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pages")
    return scorer.create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": str(folder),
                              "DATABASE_URL": f"sqlite:///{folder / 'results.db'}"})


def gardenkit(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorer.cli", *args], input=stdin, capture_output=True, timeout=60)


def test_the_cli_holds_files_to_the_api_limit(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_BODY_BYTES + b"{}")
    run = gardenkit("score", "garden-variety", str(big))
    assert run.returncode == 2 and b"larger than 1024 KB" in run.stderr and b"Traceback" not in run.stderr
    run = gardenkit("score", "garden-variety", "-", stdin=b" " * MAX_BODY_BYTES + b"{}")
    assert run.returncode == 2 and b"larger than" in run.stderr


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-32"])
def test_the_cli_reads_the_encodings_the_api_reads(tmp_path, encoding, client):
    state = json.dumps(two_players("garden-variety"))
    path = tmp_path / "state.json"
    path.write_bytes(state.encode(encoding))
    run = gardenkit("score", "garden-variety", str(path), "--json")
    assert run.returncode == 0, run.stderr
    api = client.post("/api/games/garden-variety/score", data=state.encode(encoding),
                      content_type="application/json")
    assert api.status_code == 200 and json.loads(run.stdout)["winners"] == api.get_json()["winners"]


def test_a_number_past_pythons_digit_limit_is_refused_in_plain_words(client):
    body = '{"players": [{"name": "A", "track": -' + "9" * 4400 + "}]}"
    answer = client.post("/api/games/garden-dice/score", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert "a number has 4,400 digits" in answer.get_json()["error"]
    assert "sys." not in answer.get_json()["error"]
    assert read_json_text("[-" + "9" * 4300 + "]") == [-int("9" * 4300)]  # the limit itself reads


def test_the_cli_prints_no_traceback_for_hostile_files(tmp_path):
    for body in (b"[" * 100_000, b'{"players": [' + b"{}," * 300_000 + b"{}]}",
                 json.dumps({"players": [{"name": "A", "track": int("9" * 4300)}] * 2}).encode()):
        path = tmp_path / "hostile.json"
        path.write_bytes(body)
        run = gardenkit("score", "garden-dice", str(path))
        assert run.returncode in (1, 2) and b"Traceback" not in run.stdout + run.stderr


def test_a_long_number_is_described_by_its_digit_count():
    from scorer.games.core import describe_value

    assert describe_value(10**5000) == "a whole number of about 5,001 digits"
    assert describe_value(-(10**200)) == "a whole number of about 201 digits"
    assert describe_value(12) == "12"
