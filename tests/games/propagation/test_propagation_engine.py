"""Propagation's engine: its candidate moves hold every legal action, and the board checks
that every action judged goes through answer for the roster and the place they are asked
about."""
from __future__ import annotations

import copy
import random
from itertools import permutations

import pytest

import scorer
from scorer.games.core import InvalidState
from scorer.games.engine import Engine
from scorer.games.propagation import data
from tests.support.engine_harness import legal_random_question_types

GAME_ID = "propagation"


def _engine() -> Engine:
    found = scorer.GAMES[GAME_ID].engine
    assert found is not None
    return found


def _act_state(plants: list[dict]) -> dict:
    """Ann to sow, propagate or harvest in round 1 on a board with these plants."""
    engine = _engine()
    state = engine.initial_state(["Ann", "Ben"], {"round_20": "both"})
    state = engine.resolve_chance(state, {"chance": "rocks", "rocks": [[4, -4], [-4, 4], [0, 0], [2, -2], [-2, 2],
                                                                       [4, 0], [-4, 0], [0, 3], [0, -3], [2, 1]]})
    state = engine.resolve_chance(state, {"chance": "reveal", "card": "most-tomatoes"})
    return {**state, "board": {**state["board"], "plants": sorted(plants, key=lambda p: p["at"])}, "phase": "act"}


def _propagations_in_any_form(state: dict) -> list[dict]:
    """Every propagation the current player could write down: each own plant, each pattern
    of its kind, `targets` left out or naming up to three of the pattern's spaces (free or
    not) in every order."""
    player = state["players"][(state["start"] + state["turn"]) % len(state["players"])]["name"]
    found = []
    for plant in (p for p in state["board"]["plants"] if p["owner"] == player):
        for pattern_id, pattern in data.PATTERNS.items():
            if pattern["kind"] != plant["kind"]:
                continue
            move = {"type": "propagate", "player": player, "pattern": pattern_id, "origin": plant["at"],
                    "board": state["board"]}
            spaces = [[plant["at"][0] + dq, plant["at"][1] + dr] for dq, dr in pattern["spaces"]]
            found.append(move)
            found += [{**move, "targets": list(chosen)} for size in range(1, 4) for chosen in permutations(spaces, size)]
    return found


def test_a_propagation_without_targets_or_with_them_in_another_order_is_a_candidate():
    """A spread pattern with a token for each free space sows them all: `targets` may be left
    out or list the spaces in any order, and the simulator's candidates hold each form."""
    engine = _engine()
    state = _act_state([{"at": [-2, 0], "owner": "Ann", "kind": "tomato", "tier": 1},
                        {"at": [-1, 0], "owner": "Ann", "kind": "carrot", "tier": 1},
                        {"at": [-3, 3], "owner": "Ann", "kind": "apple", "tier": 1}])
    move = {"type": "propagate", "player": "Ann", "pattern": "tomato-north-fan", "origin": [-2, 0],
            "board": state["board"]}
    fan = [[-3, 0], [-2, -1], [-1, -1]]
    forms = [move, {**move, "targets": fan}, {**move, "targets": fan[::-1]}]
    candidates = engine.candidate_actions(state, random.Random(1))
    for form in forms:
        assert engine.judge(state, form)["legal"], form
        assert form in candidates, form


def test_a_player_with_one_carrot_token_left_is_offered_propagations_that_sow_one():
    """Set up gives each player ten carrot tokens; a propagation sows only the tokens the
    player has left. With nine carrots growing, Ann's candidate propagations name one target
    each, and every one of them is legal."""
    engine = _engine()
    spots = [[-3, 3], [3, -3], [-1, -2], [1, 2], [-4, 2], [4, -2], [2, -4], [-2, 4], [1, -4]]
    assert len(spots) == data.PLANTS["carrot"]["tokens"] - 1
    state = _act_state([{"at": at, "owner": "Ann", "kind": "carrot", "tier": 3} for at in spots])
    sowing = [move for move in engine.candidate_actions(state, random.Random(0))
              if move["type"] == "propagate" and "targets" in move]
    assert sowing and {len(move["targets"]) for move in sowing} == {1}
    assert all(judged["legal"] for judged in engine.judge_all(state, sowing))


def test_a_log_saved_at_engine_version_1_is_still_read():
    """Logs players saved carry `"version": 1` in their setup; the engine reads them as long
    as it is version 1, and refuses (never misreads) a log of any other version."""
    log, _ = scorer.simulate(GAME_ID, 2, 0)
    assert log[0]["setup"]["version"] == 1
    assert scorer.replay(GAME_ID, log)["legal"]
    other = copy.deepcopy(log)
    other[0]["setup"]["version"] = 2
    with pytest.raises(InvalidState) as refused:
        scorer.replay(GAME_ID, other)
    assert [v["code"] for v in refused.value.violations] == ["unknown-version"]


def test_the_random_questions_reach_a_legal_move_of_every_type():
    """The judged games ask random questions (`action_space`) and hold every one judged legal
    against the candidates; that check reaches a move type only if its questions are well
    formed often enough to be legal: over three simulated games each type is."""
    reached = set().union(*(legal_random_question_types(GAME_ID, players, seed)
                            for players, seed in ((2, 0), (3, 1), (4, 2))))
    assert reached == {"grow", "sow", "propagate", "harvest", "end_round"}


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_every_legal_propagation_is_among_the_candidates(players, seed):
    engine = _engine()
    log, _ = scorer.simulate(GAME_ID, players, seed)
    state = engine.initial_state(log[0]["setup"]["players"], log[0]["setup"]["options"])
    act_turns = 0
    for entry in log[1:]:
        if state["phase"] == "act":
            act_turns += 1
            if act_turns % 12 == 0:
                _assert_legal_propagations_are_candidates(engine, state)
        state = engine.resolve_chance(state, entry) if "chance" in entry else engine.apply(state, entry)
    assert act_turns >= 36


def _assert_legal_propagations_are_candidates(engine: Engine, state: dict) -> None:
    written = _propagations_in_any_form(state)
    candidates = engine.candidate_actions(state, random.Random(0))
    legal = [move for move, judged in zip(written, engine.judge_all(state, written)) if judged["legal"]]
    missing = [move for move in legal if move not in candidates]
    assert not missing, f"round {state['round']}: {len(missing)} legal moves are no candidates, e.g. {missing[0]}"


def test_an_action_s_board_is_judged_as_the_board_it_holds_not_as_the_table_s():
    """On a table, whose own board the engine made and takes as possible, an action carrying
    an equal board read apart is the table's, one carrying a changed board is judged on its own
    pieces (two plants on one space, a plant past its death tier), and one carrying the
    table's board with a plant moved is no longer the table's."""
    engine = _engine()
    state = _act_state([{"at": [1, -1], "owner": "Ann", "kind": "tomato", "tier": 1}])
    table = engine.read(state)
    sow = {"type": "sow", "player": "Ann", "kind": "carrot", "at": [-1, 0], "board": state["board"]}
    assert engine.judge(table, sow)["legal"]
    assert engine.judge(table, copy.deepcopy(sow))["legal"]  # an equal board, parsed apart from the table's
    crowded = copy.deepcopy(sow)
    crowded["board"]["plants"].append({"at": [1, -1], "owner": "Ben", "kind": "apple", "tier": 11})
    refused = engine.judge(table, crowded)
    assert [(v["code"], v["path"]) for v in refused["violations"]] == [
        ("space-shared", "action.board.plants[1].at"), ("tier-past-death", "action.board.plants[1].tier")]
    moved = copy.deepcopy(sow)
    moved["board"]["plants"][0]["at"] = [2, -1]
    assert [v["code"] for v in engine.judge(table, moved)["violations"]] == ["not-the-table"]


def test_a_board_check_names_the_roster_and_the_place_it_was_asked_about():
    """The same board, in an action and as a bonus board, with and without its owner among
    the players: each answer has its own path and its own roster."""
    board = {"rocks": [[4, -4], [-4, 4], [0, 0], [2, -2], [-2, 2], [4, 0], [-4, 0], [0, 3], [0, -3], [2, 1]],
             "plants": [{"at": [1, 0], "owner": "Cy", "kind": "tomato", "tier": 1}]}
    end_round = {"type": "end_round", "board": board}
    for _ in range(2):  # asked twice: the second answer is the first one's, path and all
        with pytest.raises(scorer.InvalidState) as refused:
            scorer.check(GAME_ID, {"players": [{"name": "Ada"}, {"name": "Bo"}]}, end_round)
        assert [(v["code"], v["path"]) for v in refused.value.violations] == [
            ("unknown-owner", "action.board.plants[0].owner")]
    assert scorer.check(GAME_ID, {"players": [{"name": "Ada"}, {"name": "Cy"}]}, end_round)["legal"]
    bonus = [{"card": "most-tomatoes", "round": 10, "board": board}]
    found = scorer.validate(GAME_ID, {"players": [{"name": "Ada"}, {"name": "Bo"}], "bonus": bonus})
    assert [(v["code"], v["path"]) for v in found] == [("unknown-owner", "bonus[0].board.plants[0].owner")]
    assert scorer.validate(GAME_ID, {"players": [{"name": "Ada"}, {"name": "Cy"}], "bonus": bonus}) == []


# --- recorded chance outcomes ----------------------------------------------------------------

@pytest.mark.parametrize(("rock", "code", "path"), [
    pytest.param([0, 3.0], "wrong-type", "chance.rocks[0][1]", id="float"),
    pytest.param([True, 1], "wrong-type", "chance.rocks[0][0]", id="bool"),
    pytest.param(["0", 1], "wrong-type", "chance.rocks[0][0]", id="text"),
    pytest.param([10**400, 0], "out-of-range", "chance.rocks[0][0]", id="huge"),
    pytest.param([0, 0, 0], "wrong-length", "chance.rocks[0]", id="three-numbers"),
    pytest.param({"q": 0, "r": 1}, "wrong-type", "chance.rocks[0]", id="object")])
def test_recorded_rocks_are_pairs_of_whole_numbers_in_the_log_s_words(rock, code, path):
    log, _ = scorer.simulate(GAME_ID, 2, 5)
    broken = copy.deepcopy(log)
    broken[1]["rocks"][0] = rock
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["index"] == 1
    assert [(v["code"], v["path"]) for v in result["violations"]] == [(code, path)]
    assert result["violations"][0]["message"].startswith("chance › ")


@pytest.mark.parametrize(("entry", "extra"), [(1, {"placed_by": "Ann"}), (2, {"face_up": True})])
def test_a_recorded_outcome_holds_nothing_else(entry, extra):
    log, _ = scorer.simulate(GAME_ID, 2, 5)
    broken = copy.deepcopy(log)
    broken[entry].update(extra)
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["index"] == entry
    assert [(v["code"], v["path"]) for v in result["violations"]] == [("unknown-field", f"chance.{next(iter(extra))}")]


@pytest.mark.parametrize(("card", "code"), [(7, "wrong-type"), pytest.param(10**5000, "wrong-type", id="huge"),
                                            (None, "wrong-type"), ("most-beans", "unknown-bonus-card")])
def test_a_revealed_card_is_a_card_of_the_kit_by_name(card, code):
    log, _ = scorer.simulate(GAME_ID, 2, 5)
    broken = copy.deepcopy(log)
    broken[2]["card"] = card
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["index"] == 2
    assert [(v["code"], v["path"]) for v in result["violations"]] == [(code, "chance.card")]
