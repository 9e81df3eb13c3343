"""The random simulation tests over every game with an engine, and the engine's doors: the
Python API, the command line and the HTTP API. `make soak` runs the same games by the
thousand (bench/soak.py)."""
from __future__ import annotations

import json
from collections import Counter
from unittest import mock

import pytest

import scorer
from scorer.cli import main as gardenkit
from scorer.games.core import Game, InvalidState
from scorer.games.engine import MAX_LOG_ENTRIES, Judged
from tests.support.engine_harness import (
    engine,
    games_with_engines,
    oracle,
    plain_json,
    plain_view,
    play_and_judge,
    player_counts,
)

GAMES_PER_GAME = 100  # judged random games per game in the normal suite, shared among its player counts
ENGINES = games_with_engines()
# Each player count is a test of its own, its share of the game's games: a failure names it.
PLAYER_COUNTS = [(game_id, players) for game_id in ENGINES for players in player_counts(game_id)]


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_game_with_an_engine_has_an_oracle(game_id):
    module = oracle(game_id)
    assert module.__name__ == f"tests.oracles.{game_id.replace('-', '_')}"


def test_the_harness_takes_as_plain_json_only_what_json_reads_back_unchanged():
    """The judged games assert every state, action and outcome is plain JSON by walking it:
    whatever a round trip through JSON text would change (or turn into a plain str) is refused."""
    class Word(str):
        pass

    assert plain_json({"a": [1, 2.5, True, None, "x", {"b": []}], "c": {}})
    for changed in ((1, 2), {1: "a"}, {"a": (1,)}, [float("nan")], [float("inf")], {"a": {1, 2}},
                    [Word("w")], {Word("k"): 1}, [b"x"], {"a": [[object()]]}):
        assert not plain_json(changed), changed


def test_a_view_is_walked_but_for_the_state_s_own_parts():
    """A check or score view's part that is one of the state's own parts (the very list) is
    the JSON the state's walk judged; a copy, a new part or a key is walked as ever."""
    state = {"players": [{"name": "Ann", "seeds": [1, 2]}], "round": 3}
    assert plain_view({"players": state["players"], "round": 3}, state)
    assert plain_view({"players": [{"name": "Ann"}], "bonus": {"a": [1.5]}}, state)
    for changed in ({"players": [{"name": "Ann", "seeds": (1, 2)}]}, {"pool": (1, 2)}, {1: state["players"]},
                    {"bonus": float("nan")}, ({"players": state["players"]},)):
        assert not plain_view(changed, state), changed


@pytest.mark.parametrize("game_id", ENGINES)
@pytest.mark.parametrize("view", ["score_state", "check_state"])
def test_a_view_that_is_not_plain_json_fails_the_judged_game(game_id, view):
    """The score JSON and the check state are walked as the state is, whichever view the
    engine makes and whether or not the two are one: a tuple slipped into either is caught."""
    game_engine = engine(game_id)
    made = getattr(game_engine, view)

    def with_a_tuple(state):
        return {**made(state), "players": tuple(made(state)["players"])}

    with mock.patch.object(game_engine, view, with_a_tuple), pytest.raises(AssertionError, match="not plain JSON"):
        play_and_judge(game_id, player_counts(game_id)[0], 0)


@pytest.mark.parametrize("game_id", ENGINES)
def test_an_action_that_is_not_plain_json_fails_the_judged_game(game_id):
    """The action taken is walked as the state is, but for the state's own parts it carries (the
    very board of Propagation's state): a tuple slipped into it, or into a copy of such a part,
    is caught."""
    game_engine = engine(game_id)
    drawn = game_engine.draw_legal

    def with_a_tuple(table, rng):
        action, answer, parsed = drawn(table, rng)
        if "board" in action:  # a copy of the state's own board, with a tuple in it
            return {**action, "board": {**action["board"], "rocks": tuple(action["board"]["rocks"])}}, answer, parsed
        return {**action, "note": (1, 2)}, answer, parsed

    with mock.patch.object(game_engine, "draw_legal", with_a_tuple), \
            pytest.raises(AssertionError, match="the action is not plain JSON"):
        play_and_judge(game_id, player_counts(game_id)[0], 0)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), PLAYER_COUNTS)
def test_random_games_keep_every_rule(game_id, players):
    for seed in range(-(-GAMES_PER_GAME // len(player_counts(game_id)))):
        record = play_and_judge(game_id, players, seed)
        assert len(record.score["players"]) == players and record.score["winners"]


@pytest.mark.parametrize("game_id", ENGINES)
def test_the_judged_game_is_the_game_simulate_plays(game_id):
    for players in player_counts(game_id):
        record = play_and_judge(game_id, players, seed=players)
        log, end_state = scorer.simulate(game_id, players, players)
        assert log == record.log and end_state == engine(game_id).score_state(record.end_state)
        assert engine(game_id).play(players, players) == (log, record.end_state)  # the full end state
        assert log[0]["setup"]["version"] == engine(game_id).version


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_judged_game_parses_each_action_once(game_id):
    """Each action of a judged game's log is parsed once, by the draw's judgement: it is moved
    as the draw parsed it, and the end replay takes it as it was parsed."""
    game_engine = engine(game_id)
    raw_parsed: list[dict] = []  # each raw action the engine parsed, held so that no id is reused
    own = game_engine.parse_action

    def parse(table, raw):
        raw_parsed.append(raw)
        return own(table, raw)

    with mock.patch.object(game_engine, "parse_action", parse):
        record = play_and_judge(game_id, 2, 1)
    times = Counter(map(id, raw_parsed))
    actions = [entry for entry in record.log if "type" in entry]
    assert actions and all(times[id(action)] == 1 for action in actions), game_id


def test_the_census_an_oracle_is_handed_is_the_state_s_own():
    """An oracle's census is made once a state by the harness and handed to its state and step
    faults: each one handed (for the state judged, for both states of a step, the random
    probes' included) is the oracle's census of that very state, so no judgement of the oracle
    reads another state's count."""
    garden_dice = oracle("garden-dice")
    handed = {"states": 0, "steps": 0}
    own_state, own_step = garden_dice.state_faults, garden_dice.step_faults

    def state_faults(state, counted=None):
        assert counted == garden_dice.census(state), state
        handed["states"] += 1
        return own_state(state, counted)

    def step_faults(before, entry, after, had=None, has=None):
        assert had == garden_dice.census(before) and has == garden_dice.census(after), entry
        handed["steps"] += 1
        return own_step(before, entry, after, had, has)

    with mock.patch.object(garden_dice, "state_faults", state_faults), \
            mock.patch.object(garden_dice, "step_faults", step_faults):
        record = play_and_judge("garden-dice", 2, 1)
    assert handed["steps"] >= len(record.log) - 1 and handed["states"] >= handed["steps"]


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_table_of_a_game_is_read_by_its_engine(game_id):
    """The table after a move is the engine's own kind of Table, as `read` makes it, so what
    an engine reads once per table (Propagation's board and its checks) is read once for the
    next step's judgements too, not once an action."""
    game_engine = engine(game_id)
    log, _ = scorer.simulate(game_id, 2, 3)
    index = next(i for i, entry in enumerate(log) if "type" in entry)
    before = game_engine.read(scorer.replay(game_id, log[:index])["state"])
    after = game_engine.apply_on(before, log[index])
    assert type(after) is type(game_engine.read(after.state)), type(after)


def test_a_game_without_an_engine_says_so():
    without = [game_id for game_id in scorer.GAMES if game_id not in ENGINES]
    for game_id in without:
        with pytest.raises(InvalidState, match="cannot be simulated"):
            scorer.simulate(game_id, 2, 1)


# --- the doors -------------------------------------------------------------------------------------

def _broken_log(game_id: str) -> tuple[list, int]:
    """A simulated log with an action the engine refuses: the first action that, played
    once more right after it was taken, is refused (a game with or without chance)."""
    log, _ = scorer.simulate(game_id, 2, 7)
    for index, entry in enumerate(log):
        if "type" in entry:
            broken = [*log[:index + 1], entry, *log[index + 1:]]
            if not scorer.replay(game_id, broken[:index + 2])["legal"]:
                return broken, index + 1
    pytest.fail(f"{game_id}: every action of the log may be played twice in a row")


@pytest.mark.parametrize("game_id", ENGINES)
def test_replay_stops_at_the_first_illegal_move_with_the_state_before_it(game_id):
    broken, index = _broken_log(game_id)
    result = scorer.replay(game_id, broken)
    assert not result["legal"] and result["index"] == index and result["violations"]
    before = scorer.replay(game_id, broken[:index])
    assert result["state"] == before["state"]


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_replay_handed_the_judgements_judges_no_action_again(game_id):
    """The judged games replay their log with each action's judgement made as it was taken:
    the same end, with `check` asked once fewer for every action of the log."""
    game_engine = engine(game_id)
    log, _ = scorer.simulate(game_id, 2, 4)
    table = game_engine.read(scorer.replay(game_id, log[:1])["state"])
    judged: list[Judged | None] = [None]
    for entry in log[1:]:
        judged.append(game_engine.judgements(table, [entry])[0] if "type" in entry else None)
        table = game_engine.apply_on(table, entry) if "type" in entry else game_engine.resolve_chance_on(table, entry)
    with mock.patch.object(Game, "check_read", autospec=True, side_effect=Game.check_read) as check:
        plain = game_engine.replay(log)
        asked = check.call_count
        trusted = game_engine.replay(log, judged)
    assert trusted == plain and plain["legal"] and plain["over"]
    assert asked - (check.call_count - asked) == sum(1 for entry in log if "type" in entry)


def _tables_reached(game_id: str, log: list[dict]) -> list:
    """The table after each entry of a log, as a live game reaches them (None for the setup)."""
    game_engine = engine(game_id)
    table = game_engine.read(scorer.replay(game_id, log[:1])["state"])
    reached: list = [None]
    for entry in log[1:]:
        table = game_engine.apply_on(table, entry) if "type" in entry else game_engine.resolve_chance_on(table, entry)
        reached.append(table)
    return reached


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_settled_state_stays_settled(game_id):
    """A replay handed a live game's tables takes one in place of playing again what follows
    by itself wherever its own table equals it by value: sound only because settling a
    settled state changes nothing."""
    game_engine = engine(game_id)
    for players in player_counts(game_id):
        log, _ = scorer.simulate(game_id, players, 3)
        for table in _tables_reached(game_id, log)[1:]:
            assert game_engine.settle(game_engine.read(table.state)).state == table.state, table.state


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_replay_handed_the_tables_reached_plays_the_same_game(game_id):
    """Handed the tables the live game reached, the replay ends as a plain one, asks `check`
    less often where what follows by itself is asked (Garden Dice: whether the turn goes on),
    and takes no table that differs from its own: handed another game's, it plays this one."""
    game_engine = engine(game_id)
    log, _ = scorer.simulate(game_id, 3 if scorer.GAMES[game_id].max_players >= 3 else 2, 5)
    reached = _tables_reached(game_id, log)
    with mock.patch.object(Game, "check_read", autospec=True, side_effect=Game.check_read) as check:
        plain = game_engine.replay(log)
        asked = check.call_count
        taken = game_engine.replay(log, (), reached)
    assert taken == plain and plain["legal"] and plain["over"]
    if game_id == "garden-dice":
        assert check.call_count - asked < 0.6 * asked  # about half: each action is still judged
    others = _tables_reached(game_id, scorer.simulate(game_id, len(log[0]["setup"]["players"]), 6)[0])
    assert game_engine.replay(log, (), others) == plain


@pytest.mark.parametrize("game_id", ENGINES)
def test_unreadable_logs_are_refused_in_plain_words(game_id):
    log, _ = scorer.simulate(game_id, 2, 1)
    too_many = [f"P{i}" for i in range(scorer.GAMES[game_id].max_players + 1)]  # one player may be a game
    bad: object
    for bad in ({}, [], [{"action": 1}], [{"setup": {**log[0]["setup"], "version": 99}}],
                [{"setup": {**log[0]["setup"], "players": too_many}}],
                [{"setup": {**log[0]["setup"], "options": {**log[0]["setup"]["options"], "colour": "blue"}}}],
                [log[0]] + [{"chance": "roll", "face": 3}] * MAX_LOG_ENTRIES):
        with pytest.raises(InvalidState) as refused:
            scorer.replay(game_id, bad)
        assert refused.value.violations[0]["message"]
    result = scorer.replay(game_id, [log[0], "move"])
    assert not result["legal"] and result["violations"][0]["code"] == "not-an-entry"
    # The first chance outcome (a game may have none) and the first move, each with its
    # fields garbled, where it stands in the log.
    firsts = [next((i for i, entry in enumerate(log) if kind in entry), None) for kind in ("chance", "type")]
    for index in [i for i in firsts if i is not None]:
        kind = "chance" if "chance" in log[index] else "type"
        for odd in ([[1]], {"a": 1}, None, "x", [None] * 9):
            garbled = {key: (odd if key != kind else value) for key, value in log[index].items()}
            result = scorer.replay(game_id, [*log[:index], {**garbled, "garbled": odd}])
            assert not result["legal"] and result["index"] == index and result["violations"][0]["message"]


@pytest.mark.parametrize("game_id", ENGINES)
def test_cli_simulates_into_a_file_and_replays_it(game_id, tmp_path, capsys):
    out = tmp_path / "game.json"
    assert gardenkit(["simulate", game_id, "--players", "2", "--seed", "5", "--out", str(out)]) == 0
    assert "seed 5" in capsys.readouterr().out
    assert json.loads(out.read_text()) == scorer.simulate(game_id, 2, 5)[0]
    assert not list(tmp_path.glob(".*partial"))
    assert gardenkit(["replay", game_id, str(out)]) == 0
    assert "moves are legal" in capsys.readouterr().out
    broken, _ = _broken_log(game_id)
    out.write_text(json.dumps(broken))
    assert gardenkit(["replay", game_id, str(out)]) == 1
    assert "breaks a rule" in capsys.readouterr().out


def test_cli_bad_usage_is_exit_2(tmp_path, capsys):
    game_id = ENGINES[0]
    assert gardenkit(["simulate", game_id, "--players", "99"]) == 2
    with pytest.raises(SystemExit) as parser_exit:
        gardenkit(["simulate", game_id, "--seed", "-3"])
    assert parser_exit.value.code == 2
    assert gardenkit(["simulate", game_id, "--out", str(tmp_path / "no" / "log.json")]) == 2
    assert gardenkit(["replay", game_id, str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text("[{")
    assert gardenkit(["replay", game_id, str(tmp_path / "bad.json")]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("game_id", ENGINES)
def test_http_replay_and_example(game_id, client):
    log, end_state = scorer.simulate(game_id, 2, 11)
    answer = client.post(f"/api/games/{game_id}/replay", json=log)
    assert answer.status_code == 200 and answer.get_json()["end_state"] == end_state
    broken, index = _broken_log(game_id)
    answer = client.post(f"/api/games/{game_id}/replay", json=broken)
    assert answer.status_code == 200 and answer.get_json()["index"] == index
    assert client.post(f"/api/games/{game_id}/replay", json={"log": log}).status_code == 422
    assert client.post(f"/api/games/{game_id}/replay", data="[{").status_code == 400
    example = client.get(f"/api/games/{game_id}/example?seed=11&players=2").get_json()
    assert example["state"] == end_state and scorer.validate(game_id, example["state"]) == []
    fresh = client.get(f"/api/games/{game_id}/example").get_json()
    assert scorer.validate(game_id, fresh["state"]) == [] and isinstance(fresh["seed"], int)
    assert client.get(f"/api/games/{game_id}/example?seed=abc").status_code == 400
    assert client.get(f"/api/games/{game_id}/example?players=40").status_code == 422
    assert client.get(f"/api/games/{game_id}/example?players=99999").status_code == 422
    assert client.get(f"/api/games/{game_id}/example?players={'9' * 5000}").status_code == 400
    assert client.get("/api/games/no-such-game/example").status_code == 404


def test_cli_simulate_without_out_prints_only_the_log_on_standard_output(capsys):
    game_id = ENGINES[0]
    assert gardenkit(["simulate", game_id, "--seed", "9", "--json"]) == 0
    printed = capsys.readouterr()
    log = json.loads(printed.out)
    assert log == scorer.simulate(game_id, scorer.GAMES[game_id].min_players, 9)[0]
    report = json.loads(printed.err)
    assert report["seed"] == 9 and report["score"] == scorer.score(game_id, report["end_state"])


def test_cli_replays_the_longest_simulated_logs(tmp_path, capsys):
    """A 4-player Propagation log holds more objects and lists than any state (the board rides
    in every move): the command line reads a log with a log's bound, as the HTTP API does."""
    log, _ = scorer.simulate("propagation", 4, 0)
    assert json.dumps(log).count("{") + json.dumps(log).count("[") > 10_000
    out = tmp_path / "long.json"
    out.write_text(json.dumps(log))
    assert gardenkit(["replay", "propagation", str(out)]) == 0
    assert "moves are legal" in capsys.readouterr().out
    out.write_text("[" + "[]," * 60_000 + "[]]")
    assert gardenkit(["replay", "propagation", str(out)]) == 2


# --- the log's setup, read as the rest of the app reads it -------------------------------------

TOO_LONG_TO_WRITE = 10**5000  # more digits than Python turns into text


def _setups_with_a_number_too_long(setup: dict) -> list[tuple[str, dict]]:
    options = {name: TOO_LONG_TO_WRITE for name in setup["options"]}
    return [("version", {**setup, "version": TOO_LONG_TO_WRITE}),
            ("seed", {**setup, "seed": TOO_LONG_TO_WRITE}),
            ("game", {**setup, "game": TOO_LONG_TO_WRITE}),
            *([("options", {**setup, "options": options})] if options else [])]


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_setup_number_too_long_to_write_is_refused_in_plain_words(game_id, client):
    log, _ = scorer.simulate(game_id, 2, 3)
    for key, setup in _setups_with_a_number_too_long(log[0]["setup"]):
        with pytest.raises(InvalidState) as refused:
            scorer.replay(game_id, [{"setup": setup}, *log[1:]])
        found = refused.value.violations
        assert found[0]["path"].startswith(f"log[0].setup.{key}"), found
        assert "digits" in found[0]["message"] and len(found[0]["message"]) < 200, found
    text = json.dumps(log).replace('"seed": 3', '"seed": ' + "9" * 5000, 1)
    answer = client.post(f"/api/games/{game_id}/replay", data=text)
    assert answer.status_code == 400 and "digits" in answer.get_json()["error"]


@pytest.mark.parametrize("game_id", ENGINES)
def test_setup_names_are_read_as_a_state_reads_them(game_id, client):
    """Stripped and in one Unicode spelling: " Ann" in the setup is the Ann of every action; a
    control character is refused wherever it is, as the published name pattern says."""
    log, end_state = scorer.simulate(game_id, 2, 4)
    spaced = [{"setup": {**log[0]["setup"], "players": [" Ann", "Ben "]}}, *log[1:]]
    result = scorer.replay(game_id, spaced)
    assert result["legal"] and result["end_state"] == end_state
    answer = client.post(f"/api/games/{game_id}/replay", json=spaced)
    assert answer.status_code == 200 and answer.get_json()["end_state"] == end_state
    for names, index, code in (([" ", "Ben"], 0, "blank-name"), (["Ann", "B" * 41], 1, "wrong-length"),
                               (["Ann", "Be\ud800"], 1, "invalid-value"), (["Ann", "Ben\t"], 1, "invalid-value"),
                               ([7, "Ben"], 0, "wrong-type")):
        bad = [{"setup": {**log[0]["setup"], "players": names}}, *log[1:]]
        with pytest.raises(InvalidState) as refused:
            scorer.replay(game_id, bad)
        found = refused.value.violations[0]
        assert (found["code"], found["path"]) == (code, f"log[0].setup.players[{index}]"), found
        assert found["message"].startswith(f"player {index + 1} "), found
        answer = client.post(f"/api/games/{game_id}/replay", json=bad)  # a lone surrogate goes as \ud800
        assert answer.status_code == 422 and answer.get_json()["violations"][0]["path"] == found["path"]
    twice = [{"setup": {**log[0]["setup"], "players": ["Ann", " ann"]}}, *log[1:]]
    with pytest.raises(InvalidState, match="both called"):
        scorer.replay(game_id, twice)
