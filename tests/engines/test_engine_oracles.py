"""The random simulation tests can fail: bugs planted in the engines (turn order, start
players, the end of the game, lost pieces, candidates left out, scores, replays) are each
caught by tests/support/engine_harness.py on a fixed seed known to reach the bug. Also the gaps the
new checks found in the engines' candidates, each pinned by a test."""
from __future__ import annotations

import pytest

import scorer
from scorer.games.garden_dice.engine import GardenDiceEngine
from scorer.games.garden_dice.rules import PlaceMove
from scorer.games.garden_variety.engine import GardenVarietyEngine
from scorer.games.garden_variety.rules import ResolveRoundMove
from scorer.games.harvest_dice import engine as harvest_engine
from scorer.games.harvest_dice import rules as harvest_rules
from scorer.games.harvest_dice.engine import HarvestDiceEngine
from scorer.games.harvest_dice.rules import LastDieMove, end_triggers
from scorer.games.propagation import data as propagation_data
from scorer.games.propagation.engine import PropagationEngine
from scorer.games.propagation.rules import EndRoundMove
from tests.support import engine_harness
from tests.support.engine_harness import play_and_judge


def _planted(monkeypatch, cls: type, name: str, wrap) -> None:
    """Replace cls.name by wrap(original): the bug."""
    monkeypatch.setattr(cls, name, wrap(getattr(cls, name)))


def _after(transition, change):
    """A transition that then changes the state it returns: change(before, action, after)."""
    def buggy(self, state, action, effects):
        return change(state, action, transition(self, state, action, effects))
    return buggy


# --- turn order and start players ------------------------------------------------------------

def test_garden_variety_leader_not_passing_to_the_round_winner_is_caught(monkeypatch):
    _planted(monkeypatch, ResolveRoundMove, "transition",
             lambda original: _after(original, lambda before, action, after: {**after, "leader": before["leader"]}))
    with pytest.raises(AssertionError, match="won the round but .* leads next"):
        play_and_judge("garden-variety", 3, 1)


def test_harvest_dice_start_marker_not_moving_is_caught(monkeypatch):
    def stays(before, action, after):
        return {**after, "start": before["start"]} if action.type == "last_die" else after
    _planted(monkeypatch, LastDieMove, "transition", lambda original: _after(original, stays))
    with pytest.raises(AssertionError, match="start marker"):
        play_and_judge("harvest-dice", 3, 0)


def test_harvest_dice_drafts_out_of_turn_are_caught(monkeypatch):
    monkeypatch.setattr(harvest_engine, "drafter", lambda state: state["start"])  # the start player drafts all
    # The oracle's own legal drafts (the next player's, clockwise) are refused first.
    with pytest.raises(AssertionError, match="the rulebook allows .*'Ben'.* but the engine refuses it: it is Ann's turn"):
        play_and_judge("harvest-dice", 2, 0)


def test_propagation_start_token_not_passing_is_caught(monkeypatch):
    def kept(before, action, after):
        return {**after, "start": before["start"]} if action.type == "end_round" else after
    _planted(monkeypatch, EndRoundMove, "transition", lambda original: _after(original, kept))
    with pytest.raises(AssertionError, match="starting player token"):
        play_and_judge("propagation", 3, 0)


def test_garden_dice_dice_passing_while_an_action_is_left_is_caught(monkeypatch):
    """The engine passes the dice as soon as one die is left, usable or not."""
    def hasty(settle):
        def passing(self, table):
            state = table.state
            if state["pool"] and len(state["pool"]) == 1 and not state["last_turn"] and not state["over"]:
                fresh = {"dice_spent": 0, "bought": {}, "sundial": [], "ate_from": []}
                return self.read({**state, "pool": None, "turn": fresh,
                                  "current": (state["current"] + 1) % len(state["players"])})
            return settle(self, table)
        return passing
    _planted(monkeypatch, GardenDiceEngine, "settle", hasty)
    with pytest.raises(AssertionError, match="the turn ended while a die action was left"):
        play_and_judge("garden-dice", 2, 0)


# --- the end of the game ---------------------------------------------------------------------

def test_garden_dice_game_going_on_after_the_last_seed_is_caught(monkeypatch):
    def on_and_on(settle):
        def passing(self, table):
            settled = settle(self, table)
            if not settled.state["over"] or table.state["over"]:
                return settled
            state = table.state
            fresh = {"dice_spent": 0, "bought": {}, "sundial": [], "ate_from": []}
            return self.read({**state, "pool": None, "turn": fresh,
                              "current": (state["current"] + 1) % len(state["players"])})
        return passing
    _planted(monkeypatch, GardenDiceEngine, "settle", on_and_on)
    with pytest.raises(AssertionError, match="the game ends with (it|that turn)"):
        play_and_judge("garden-dice", 2, 0)


def test_propagation_running_a_21st_round_is_caught(monkeypatch):
    monkeypatch.setattr(propagation_data, "ROUNDS", 21)  # what the rules and the engine read
    with pytest.raises(AssertionError, match="at round 21 \\(grow\\), not 20 \\(over\\)"):
        play_and_judge("propagation", 2, 0)


def test_garden_variety_playing_on_after_a_hand_is_empty_is_caught(monkeypatch):
    _planted(monkeypatch, GardenVarietyEngine, "is_over",
             lambda original: lambda self, state: original(self, state) and all(not p["hand"] for p in state["players"]))
    with pytest.raises(AssertionError, match="a hand is empty: the game is over"):
        play_and_judge("garden-variety", 4, 0)  # 34 cards left after the deal: hands end uneven


def test_harvest_dice_playing_on_after_a_full_pig_is_caught(monkeypatch):
    """The rules forget the full pig as an end trigger (check, and so the engine, agree)."""
    monkeypatch.setattr(harvest_rules, "end_triggers", lambda *args: [
        trigger for trigger in end_triggers(*args) if trigger["trigger"] != "pig-full"])
    with pytest.raises(AssertionError, match="the round ended with triggers .*full pig.*, and over is False"):
        play_and_judge("harvest-dice", 2, 0)


def test_garden_variety_ending_before_a_hand_is_empty_is_caught(monkeypatch):
    """The game stops when the deck runs out, with cards still in every hand: the score of
    the end says the game is not over."""
    _planted(monkeypatch, GardenVarietyEngine, "is_over",
             lambda original: lambda self, state: original(self, state) or (not state["deck"] and not state["drawing"]))
    with pytest.raises(AssertionError, match="game-not-over"):
        play_and_judge("garden-variety", 2, 0)


# --- pieces lost -----------------------------------------------------------------------------

def test_garden_variety_losing_a_card_is_caught(monkeypatch):
    def drop_one(before, action, after):
        winner = after["leader"]
        players = [{**p, "garden_bed": p["garden_bed"][1:]} if i == winner else p
                   for i, p in enumerate(after["players"])]
        return {**after, "players": players}
    _planted(monkeypatch, ResolveRoundMove, "transition", lambda original: _after(original, drop_one))
    with pytest.raises(AssertionError, match="the winner took .*, not the cards played"):
        play_and_judge("garden-variety", 2, 0)


def test_garden_dice_losing_a_seed_held_is_caught(monkeypatch):
    """Placing a tile drops every other seed the player held."""
    def forgets(before, action, after):
        if action.type != "place":
            return after
        players = [{**p, "seeds": {}} if p["name"] == action.player else p for p in after["players"]]
        return {**after, "players": players}
    _planted(monkeypatch, PlaceMove, "transition", lambda original: _after(original, forgets))
    with pytest.raises(AssertionError, match="tiles appeared .* or vanished"):
        play_and_judge("garden-dice", 2, 0)


# --- candidates, scores and replays ------------------------------------------------------------

def test_a_legal_action_missing_from_complete_candidates_is_caught(monkeypatch):
    def no_harvests(candidates):
        return lambda self, state, rng: [a for a in candidates(self, state, rng) if a["type"] != "harvest"]
    _planted(monkeypatch, PropagationEngine, "candidate_actions", no_harvests)
    with pytest.raises(AssertionError, match="'harvest'.* is legal but no candidate of the simulator has its outcome"):
        play_and_judge("propagation", 2, 0)


def test_wrong_winners_are_caught(monkeypatch):
    monkeypatch.setattr("scorer.games.core.competition_ranks", lambda keys: [1 + sum(o < k for o in keys) for k in keys])
    with pytest.raises(AssertionError, match="winners"):
        play_and_judge("garden-variety", 2, 0)


def test_a_log_that_replays_elsewhere_is_caught(monkeypatch):
    """Replay forgets the game's variant: an advanced game replays as a basic one."""
    _planted(monkeypatch, HarvestDiceEngine, "_read_setup",
             lambda original: lambda self, log: (original(self, log)[0], {"mode": "basic"}))
    advanced = next(seed for seed in range(20) if scorer.simulate("harvest-dice", 2, seed)[0][0]["setup"]["options"]
                    ["mode"] == "advanced")
    with pytest.raises(AssertionError, match="replay"):
        play_and_judge("harvest-dice", 2, advanced)


def test_a_game_without_an_oracle_fails(monkeypatch):
    monkeypatch.setattr(engine_harness, "ORACLE_PACKAGE", "tests.no_such_oracles")
    with pytest.raises(AssertionError, match="has an engine but no oracle"):
        play_and_judge("garden-variety", 2, 0)


def test_cottage_garden_oracle_asks_for_a_bonus_pot_only_when_the_supply_had_one():
    """The last orange cube off the start with the pot supply empty wins nothing, even when the
    bed scored in the same step puts its pots back in the supply (a false alarm seen once the
    random play ran the pots dry)."""
    from tests.oracles import cottage_garden as oracle

    player = {"name": "Ann", "orange": [0, 4, 7], "blue": [2, 3, 5], "cats": 0}
    before = {"players": [player], "turn": {"bonus_pots": 0}, "supply": {"pots": 0}, "final_round": False}
    after = {"players": [player], "turn": {"bonus_pots": 0}, "supply": {"pots": 3}, "final_round": False}
    move = {"type": "move_cube", "player": "Ann", "color": "orange", "from": 0, "to": 1}
    assert oracle._bonus_faults(before, move, after) == []
    before_with_a_pot = {**before, "supply": {"pots": 1}}
    assert oracle._bonus_faults(before_with_a_pot, move, after) == [
        "Ann took the last orange cube off the start and won no flower pot"]
