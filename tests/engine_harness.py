"""Random simulation tests for any game engine (OpenSpiel's RandomSimTest idea).

`play_and_judge(game_id, players, seed)` plays one random game step by step and asserts at
every step: each chance outcome is possible; the action the simulator takes is legal by the
public `scorer.check` on the state before it, and the transition shows check's effects;
random actions from the whole action space are refused by the engine exactly when `check`
refuses them or the table does (and then with check's own violations); every state reached
passes `validate`; the end state scores. `replays_to_its_end(game_id, players, seed)` checks
that a simulated log is reproducible and replays to the same end.
"""
from __future__ import annotations

import json
import random

import pytest

import scorer
from scorer.core import InvalidState
from scorer.engine import Engine, IllegalMove


def engine(game_id: str) -> Engine:
    found = scorer.GAMES[game_id].engine
    assert found is not None, f"{game_id} has no engine"
    return found


def games_with_engines() -> list[str]:
    return [game_id for game_id in scorer.GAMES if scorer.GAMES[game_id].engine is not None]


def player_counts(game_id: str) -> list[int]:
    game = scorer.GAMES[game_id]
    return list(range(game.min_players, game.max_players + 1))


def public_check(game_id: str, state: dict, action: dict) -> dict:
    """scorer.check through JSON, as a client sends it (the simulator's every action goes
    through it); an impossible request is illegal."""
    try:
        return scorer.check(game_id, json.loads(json.dumps(state)), json.loads(json.dumps(action)))
    except InvalidState as invalid:
        return {"legal": False, "violations": invalid.violations, "effects": {}}


def assert_possible(game_id: str, state: dict, where: str) -> None:
    game_engine = engine(game_id)
    views = [game_engine.score_state(state), game_engine.check_state(state)]
    for view in views[:1] if views[0] == views[1] else views:
        assert scorer.validate(game_id, view) == [], f"{where}: impossible state {view}"


def judge_random_actions(game_id: str, state: dict, rng: random.Random, where: str) -> None:
    """Random actions of the whole action space: the engine refuses exactly those `check`
    refuses (with check's violations) and those the table refuses; the rest it takes, and
    the state after each is possible. `check` reads the state once for all of them."""
    game, game_engine = scorer.GAMES[game_id], engine(game_id)
    checked_state = game.parse_state(game_engine.check_state(state))
    actions = game_engine.action_space(state, rng)
    for action, judged in zip(actions, game_engine.judge_all(state, actions)):
        try:
            answer = game.check_parsed(checked_state, action)
        except InvalidState as invalid:
            answer = {"legal": False, "violations": invalid.violations}
        if not answer["legal"]:
            assert not judged["legal"] and judged["violations"] == answer["violations"], f"{where}: {action}"
            continue
        table = game_engine.table_violations(state, game.parse_action(action))
        assert judged["legal"] == (not table), f"{where}: {action} judged {judged}, table says {table}"
        if table:
            with pytest.raises(IllegalMove):
                game_engine.apply(state, action)
        else:
            assert_possible(game_id, game_engine.apply(state, action), f"{where} after {action}")


def play_and_judge(game_id: str, players: int, seed: int) -> dict:
    """One random game judged at every step; returns its end state's score output."""
    game_engine = engine(game_id)
    rng = random.Random(seed)
    options = {name: rng.choice(choices) for name, choices in game_engine.option_choices.items()}
    state = game_engine.initial_state([f"P{i + 1}" for i in range(players)], options)
    for step in range(5000):
        where = f"{game_id} players={players} seed={seed} step={step}"
        assert_possible(game_id, state, where)
        if game_engine.is_over(state):
            return scorer.score(game_id, game_engine.score_state(state))
        if game_engine.chance_kind(state) is not None:
            outcome = game_engine.sample_chance(state, rng)
            assert game_engine.chance_violations(state, outcome) == [], where
            state = game_engine.resolve_chance(state, outcome)
            continue
        judge_random_actions(game_id, state, rng, where)
        action, judged = game_engine.random_legal_action(state, rng)
        answer = public_check(game_id, game_engine.check_state(state), action)
        assert answer["legal"], f"{where}: {action} judged illegal: {answer['violations']}"
        assert judged["effects"] == answer["effects"], where
        after = game_engine.apply(state, action)
        observed = game_engine.observed_effects(state, action, after)
        assert observed and all(answer["effects"][key] == value for key, value in observed.items()), (
            f"{where}: check said {answer['effects']}, the transition did {observed}")
        state = after
    raise AssertionError(f"{game_id}: no end after 5000 steps")


def replays_to_its_end(game_id: str, players: int, seed: int) -> None:
    log, end_state = scorer.simulate(game_id, players, seed)
    assert scorer.simulate(game_id, players, seed) == (log, end_state), "the same seed plays another game"
    assert log[0]["setup"]["version"] == engine(game_id).version
    replayed = scorer.replay(game_id, json.loads(json.dumps(log)))
    assert replayed["legal"] and replayed["over"], replayed.get("violations")
    assert replayed["end_state"] == end_state
    assert replayed["score"] == scorer.score(game_id, end_state)
