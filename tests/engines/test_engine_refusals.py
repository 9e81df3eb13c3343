"""What only a game's table can refuse, game by game: the engine's judgement beyond `check`
(a card not in the hand, a die not in the pool, a player out of turn), each on a real
simulated game, replayed up to the move that breaks the rule."""
from __future__ import annotations

import copy
import random

import pytest

import scorer
from scorer.games.cottage_garden import data as cottage_data
from scorer.games.engine import Chance, IllegalMove, engine_of
from scorer.games.garden_dice import data as garden_dice
from scorer.games.propagation import data


def _first(log: list, kind: str) -> int:
    return next(i for i, entry in enumerate(log) if entry.get("type") == kind)


def _refusal(game_id: str, log: list, index: int) -> dict:
    result = scorer.replay(game_id, log)
    assert not result["legal"] and result["index"] == index
    return result


def test_garden_variety_refuses_a_card_not_in_the_hand_and_plays_out_of_turn():
    log, _ = scorer.simulate("garden-variety", 3, 2)
    # A round the die opened with a rule (after a chaos face the round's entry gives the reroll).
    index = next(i for i, entry in enumerate(log) if entry.get("type") == "resolve_round"
                 and log[i - 1].get("face") != "chaos")
    hands_before = scorer.replay("garden-variety", log[:index])["state"]["players"]
    stranger = next(card for card in ("critter-blue-1", "critter-red-9", "wildflower-4", "gnome-thief")
                    if card not in hands_before[0]["hand"])
    kind, *rest = stranger.split("-")
    card = ({"kind": "critter", "color": rest[0], "number": int(rest[1])} if kind == "critter" else
            {"kind": "wildflower", "number": int(rest[0])} if kind == "wildflower" else
            {"kind": "gnome", "name": rest[0]})
    broken = copy.deepcopy(log)
    broken[index]["plays"][0]["card"] = card
    assert _refusal("garden-variety", broken, index)["violations"][0]["code"] == "card-not-in-hand"
    broken = copy.deepcopy(log)
    broken[index]["plays"].reverse()
    assert _refusal("garden-variety", broken, index)["violations"][0]["code"] == "out-of-turn"
    broken = copy.deepcopy(log)
    rolled = broken[index]["rule"]
    broken[index]["rule"] = next(rule for rule in (0, 3, 5, 7, 10) if rule != rolled)
    assert _refusal("garden-variety", broken, index)["violations"][0]["code"] == "rule-not-rolled"


def test_harvest_dice_refuses_a_die_not_in_the_pool_and_a_drafter_out_of_turn():
    log, _ = scorer.simulate("harvest-dice", 3, 4)
    index = next(i for i, entry in enumerate(log) if entry.get("type") in ("plant", "feed"))
    pool = log[index - 1]["dice"]
    broken = copy.deepcopy(log)
    broken[index]["die"] = next({"color": c, "value": v} for c in ("green", "red", "orange") for v in range(1, 7)
                                if {"color": c, "value": v} not in pool)
    broken[index]["type"], broken[index]["pig_powers"] = "feed", []
    broken[index].pop("at", None)
    codes = [v["code"] for v in _refusal("harvest-dice", broken, index)["violations"]]
    assert "die-not-in-pool" in codes or "could-plant" in codes
    broken = copy.deepcopy(log)
    broken[index]["player"] = "Ben"
    assert _refusal("harvest-dice", broken, index)["violations"][0]["code"] == "out-of-turn"
    last = _first(log, "last_die")
    broken = copy.deepcopy(log)
    broken.insert(index, {"type": "last_die", "die": pool[0]})
    assert _refusal("harvest-dice", broken, index)["violations"][0]["code"] == "not-last-die"
    assert last > index


def test_garden_dice_refuses_a_die_not_in_the_pool_and_a_roll_out_of_place():
    log, _ = scorer.simulate("garden-dice", 2, 6)
    index = _first(log, "buy")
    pool = next(entry for entry in reversed(log[:index]) if "chance" in entry)["dice"]
    broken = copy.deepcopy(log)
    broken[index]["die"] = next(d for d in range(6, 0, -1) if d not in pool and d >= 1)
    assert _refusal("garden-dice", broken, index)["violations"][0]["code"] == "die-not-in-pool"
    broken = copy.deepcopy(log)
    broken.insert(index, {"chance": "roll", "dice": [1, 2, 3, 4]})
    assert _refusal("garden-dice", broken, index)["violations"][0]["code"] == "no-chance-now"


def test_garden_dice_names_the_turn_before_the_acting_players_own_problem():
    """Ben rerolls four unequal dice on Ann's turn: the answer is whose turn it is, not what
    is wrong with the reroll."""
    log, _ = scorer.simulate("garden-dice", 2, 6)
    index = next(i for i, entry in enumerate(log) if entry.get("player") == "Ann" and entry.get("type") == "buy")
    broken = copy.deepcopy(log)
    broken[index] = {"type": "reroll_equal_dice", "player": "Ben", "dice": [1, 2, 3, 4],
                     "turn": log[index]["turn"]}
    refusal = _refusal("garden-dice", broken, index)["violations"]
    assert [(v["code"], v["message"]) for v in refusal] == [("out-of-turn", "it is Ann's turn")]


def test_harvest_dice_names_the_turn_before_the_acting_players_own_problem():
    """Ben declares pig powers he has not earned on Ann's draft: refused as out of turn."""
    log, _ = scorer.simulate("harvest-dice", 3, 4)
    index = next(i for i, entry in enumerate(log) if entry.get("player") == "Ann")
    broken = copy.deepcopy(log)
    broken[index]["player"] = "Ben"
    broken[index]["pig_powers"] = [{"power": "up"}] * 3
    refusal = _refusal("harvest-dice", broken, index)["violations"]
    assert [(v["code"], v["message"]) for v in refusal] == [("out-of-turn", "it is Ann's turn to take a die")]


@pytest.mark.parametrize("game_id", ["garden-dice", "harvest-dice"])
def test_a_roll_after_the_end_is_refused_because_the_game_is_over(game_id):
    log, _ = scorer.simulate(game_id, 2, 1)
    roll = next(entry for entry in log if entry.get("chance") == "roll")
    refusal = _refusal(game_id, [*log, roll], len(log))["violations"]
    assert [(v["code"], v["message"]) for v in refusal] == [("game-over", "the game is over: no more rolls or draws")]


@pytest.mark.parametrize("game_id", ["garden-dice", "harvest-dice"])
def test_a_chance_entry_holding_a_number_too_long_to_write_is_refused_in_words(game_id):
    log, _ = scorer.simulate(game_id, 2, 1)
    index = next(i for i, entry in enumerate(log) if "chance" in entry)
    refusal = _refusal(game_id, [*log[:index], {"chance": 10**5000}], index)["violations"]
    assert [v["code"] for v in refusal] == ["wrong-chance"]
    assert "5,001 digits" in refusal[0]["message"]


def _garden_dice_states(log: list) -> list[dict]:
    """The engine's state before each entry of a Garden Dice log (index i: before log[i])."""
    game_engine = engine_of(scorer.GAMES["garden-dice"])
    assert game_engine is not None
    state = game_engine.initial_state(log[0]["setup"]["players"], log[0]["setup"]["options"])
    states = [state, state]
    for entry in log[1:]:
        state = (game_engine.resolve_chance(state, entry) if "chance" in entry else game_engine.apply(state, entry))
        states.append(state)
    return states


def _garden_dice_refusal_is_checks(log: list, index: int, code: str) -> None:
    """The replay stops at log[index] with `code`, and the public check on the state the
    engine judged gives the same violations: the rule is judged by check alone."""
    result = _refusal("garden-dice", log, index)
    assert result["violations"][0]["code"] == code
    assert scorer.check("garden-dice", result["check_state"], log[index])["violations"] == result["violations"]


def test_garden_dice_refuses_a_buy_from_an_empty_stack_by_check():
    log, _ = scorer.simulate("garden-dice", 2, 6)
    states = _garden_dice_states(log)
    index, crop = next((i, crop) for i, entry in enumerate(log) if entry.get("type") == "buy"
                       for crop, left in states[i]["supply"].items() if not left)
    broken = copy.deepcopy(log)
    broken[index].update(crop=crop, die=6)
    _garden_dice_refusal_is_checks(broken, index, "stack-empty")


def test_garden_dice_refuses_placing_a_seed_not_held_by_check():
    log, _ = scorer.simulate("garden-dice", 3, 2)
    states = _garden_dice_states(log)
    index, crop = next((i, crop) for i, entry in enumerate(log) if entry.get("tile") == "seed"
                       for crop in garden_dice.CROPS if crop not in states[i]["players"][states[i]["current"]]["seeds"])
    broken = copy.deepcopy(log)
    broken[index]["crop"] = crop
    _garden_dice_refusal_is_checks(broken, index, "seed-not-held")


def test_garden_dice_refuses_ending_a_turn_while_a_die_allows_an_action():
    log, _ = scorer.simulate("garden-dice", 2, 3)
    index = _first(log, "buy")
    broken = copy.deepcopy(log)
    broken.insert(index, {"type": "end_turn", "player": log[index]["player"], "turn": log[index]["turn"]})
    result = _refusal("garden-dice", broken, index)
    assert result["violations"][0]["code"] == "die-action-left"
    assert scorer.check("garden-dice", result["check_state"], broken[index])["legal"]  # only the table knows


def test_propagation_refuses_a_player_out_of_turn_another_board_and_a_step_out_of_order():
    log, _ = scorer.simulate("propagation", 3, 4)
    index = next(i for i, entry in enumerate(log) if entry.get("type") in ("sow", "propagate", "harvest"))
    broken = copy.deepcopy(log)
    broken[index]["player"] = next(name for name in ("Ann", "Ben", "Cal") if name != log[index]["player"])
    assert _refusal("propagation", broken, index)["violations"][0]["code"] == "out-of-turn"
    growth = next(i for i, entry in enumerate(log) if entry.get("type") == "grow" and entry["board"]["plants"])
    broken = copy.deepcopy(log)
    broken[growth]["board"]["plants"].pop()
    assert _refusal("propagation", broken, growth)["violations"][0]["code"] == "not-the-table"
    broken = copy.deepcopy(log)
    broken.insert(growth, {"type": "end_round", "board": log[growth]["board"], "round": 1})
    assert _refusal("propagation", broken, growth)["violations"][0]["code"] == "out-of-phase"
    end = _first(log, "end_round")
    broken = copy.deepcopy(log)
    broken[end]["round"] = 2
    assert _refusal("propagation", broken, end)["violations"][0]["code"] == "wrong-round"


def test_propagation_player_with_no_action_left_after_growing_passes():
    """All three kinds on the board, none grown, and every other space taken: nothing to sow,
    propagate or harvest, so the turn passes to the next player."""
    game_engine = engine_of(scorer.GAMES["propagation"])
    assert isinstance(game_engine, Chance)
    state = game_engine.initial_state(["Ann", "Ben", "Cal"], {"round_20": "both"})
    state = game_engine.resolve_chance(state, game_engine.sample_chance(state, random.Random(3)))
    state = game_engine.resolve_chance(state, {"chance": "reveal", "card": "most-tomatoes"})
    rocks = {tuple(rock) for rock in state["board"]["rocks"]}
    free = [space for space in data.board_spaces() if space not in rocks]
    ann = [{"at": list(space), "owner": "Ann", "kind": kind, "tier": 0} for space, kind in zip(free, data.KINDS)]
    others = [{"at": list(space), "owner": owner, "kind": kind, "tier": 1}
              for space, (owner, kind) in zip(free[3:], [(o, k) for o in ("Ben", "Cal") for k in data.KINDS
                                                          for _ in range(data.PLANTS[k]["tokens"])])]
    state = {**state, "board": {**state["board"], "plants": sorted(ann + others, key=lambda p: p["at"])}}
    after = game_engine.apply(state, {"type": "grow", "player": "Ann", "board": state["board"]})
    assert (after["phase"], after["turn"]) == ("grow", 1)
    assert all(p["tier"] == 1 for p in after["board"]["plants"] if p["owner"] == "Ann")
    with_room = {**state, "board": {**state["board"], "plants": [p for p in state["board"]["plants"]
                                                                 if p["owner"] != "Ben"]}}
    after = game_engine.apply(with_room, {"type": "grow", "player": "Ann", "board": with_room["board"]})
    assert (after["phase"], after["turn"]) == ("act", 0)


def test_propagation_refuses_rocks_side_by_side_and_a_bonus_card_revealed_twice():
    log, _ = scorer.simulate("propagation", 2, 5)
    rocks, reveal = log[1], log[2]
    assert (rocks["chance"], reveal["chance"]) == ("rocks", "reveal")
    broken = copy.deepcopy(log)
    broken[1]["rocks"][1] = [rocks["rocks"][0][0], rocks["rocks"][0][1] + 1]
    assert "rocks-adjacent" in [v["code"] for v in _refusal("propagation", broken, 1)["violations"]]
    round_10_card = next(i for i, entry in enumerate(log) if entry.get("chance") == "reveal" and i > 2)
    broken = copy.deepcopy(log)
    broken[round_10_card]["card"] = reveal["card"]
    assert _refusal("propagation", broken, round_10_card)["violations"][0]["code"] == "card-already-revealed"


# --- Cottage Garden ----------------------------------------------------------------------------------

def _cottage_log() -> tuple[list, dict[str, int]]:
    """Three players, and where in the log: "tile" Ben's first tile from the nursery, "cat" a
    cat its player places before their tile, "scored" a bed scored right after the tile that
    completed it, both its cubes moved after it."""
    log, _ = scorer.simulate("cottage-garden", 3, 0)
    kinds = [entry.get("type") for entry in log]
    at = {"tile": next(i for i, e in enumerate(log) if kinds[i] == "place_tile" and e["player"] == "Ben"),
          "cat": next(i for i, e in enumerate(log) if kinds[i] == "place_token" and e["token"] == "cat"
                      and kinds[i + 1] == "place_tile" and log[i + 1]["player"] == e["player"]),
          "scored": next(i for i in range(1, len(log) - 2) if kinds[i - 1:i + 3] == [
              "place_tile", "score_bed", "move_cube", "move_cube"] and log[i - 1]["player"] == log[i]["player"])}
    return log, at


def _cottage_refusal(log: list, index: int) -> str:
    return _refusal("cottage-garden", log, index)["violations"][0]["code"]


def test_cottage_garden_refuses_a_tile_that_is_not_on_the_nursery_space_it_names():
    log, at = _cottage_log()
    index = at["tile"]
    before = scorer.replay("cottage-garden", log[:index])["state"]
    taken = log[index]["nursery"]
    row = cottage_data.GARDENER_ROWS[taken["gardener"]]
    other = next(space for space in row if space != taken["space"] and before["nursery"][space])
    for change, code in ((lambda a: a["nursery"].update(space=other), "tile-not-there"),
                         (lambda a: a.update(tile=before["nursery"][other]), "tile-not-there"),
                         (lambda a: a.pop("nursery"), "nursery-missing")):
        broken = copy.deepcopy(log)
        change(broken[index])
        assert _cottage_refusal(broken, index) == code
    # A space off the gardener row is the rule's to refuse, and check names the row.
    broken = copy.deepcopy(log)
    broken[index]["nursery"]["space"] = next(s for s in cottage_data.NURSERY_SPACES if s not in row)
    assert _cottage_refusal(broken, index) == "not-in-gardener-row"


def test_cottage_garden_refuses_a_tile_taken_where_the_gardener_does_not_stand():
    log, at = _cottage_log()
    taken = log[at["tile"]]["nursery"]
    elsewhere = next(space for space, row in cottage_data.GARDENER_ROWS.items()
                     if taken["space"] in row and space != taken["gardener"] and len(space) == 2)
    broken = copy.deepcopy(log)
    broken[at["tile"]]["nursery"]["gardener"] = elsewhere
    assert _cottage_refusal(broken, at["tile"]) == "gardener-not-there"


def test_cottage_garden_refuses_a_move_out_of_turn_unnamed_or_on_another_players_bed():
    log, at = _cottage_log()
    index = at["tile"]
    broken = copy.deepcopy(log)
    broken[index]["player"] = "Cal"
    assert _cottage_refusal(broken, index) == "out-of-turn"
    broken = copy.deepcopy(log)
    del broken[index]["player"]
    assert _cottage_refusal(broken, index) == "player-missing"
    before = scorer.replay("cottage-garden", log[:index])["state"]
    broken = copy.deepcopy(log)
    broken[index]["bed"] = before["players"][2]["beds"][0]  # Cal's bed
    assert _cottage_refusal(broken, index) == "not-your-bed"


def test_cottage_garden_refuses_a_cat_not_in_reserve_and_moves_the_engine_makes_itself():
    log, at = _cottage_log()
    index = at["cat"]
    before = scorer.replay("cottage-garden", log[:index])["state"]
    seat = next(i for i, p in enumerate(before["players"]) if p["name"] == log[index]["player"])
    catless = {**before["players"][seat], "cats": 0}
    state = {**before, "players": [catless if i == seat else p for i, p in enumerate(before["players"])],
             "supply": {**before["supply"], "cats": before["supply"]["cats"] + before["players"][seat]["cats"]}}
    game_engine = engine_of(scorer.GAMES["cottage-garden"])
    with pytest.raises(IllegalMove) as refused:
        game_engine.apply(state, log[index])
    assert refused.value.violations[0]["code"] == "no-cat-left"
    name = catless["name"]
    for made_by_itself in ({"type": "move_gardener", "player": name, **before["gardener"]},
                           {"type": "refill", "player": name, "gardener": before["gardener"]["space"],
                            "empty": [s for s, tile in before["nursery"].items() if not tile],
                            "path": len(before["path"])},
                           {"type": "turns"}):
        broken = [*log[:index], made_by_itself]
        assert _cottage_refusal(broken, index) == "not-a-move"


def test_cottage_garden_refuses_scoring_out_of_step_and_cubes_moved_wrongly():
    log, at = _cottage_log()
    index = at["scored"]
    broken = copy.deepcopy(log)
    broken.insert(index, log[index - 1])  # a second tile while the completed bed waits to be scored
    assert _cottage_refusal(broken, index) == "out-of-step"
    broken = copy.deepcopy(log)
    broken[index]["bed"] = ["FFFFF"] * 5  # complete, but not the bed completed
    assert _cottage_refusal(broken, index) == "not-a-completed-bed"
    broken = copy.deepcopy(log)
    broken[index + 1]["steps"] += 1
    assert _cottage_refusal(broken, index + 1) == "wrong-steps"
    name = log[index]["player"]
    moved = next(p for p in scorer.replay("cottage-garden", log[:index + 2])["state"]["players"] if p["name"] == name)
    again = {**log[index + 1], "from": min(moved[log[index + 1]["color"]])}  # one colour twice: one cube a colour
    assert _cottage_refusal([*log[:index + 2], again], index + 2) == "colour-not-to-move"
    cubes = moved["orange"]
    penalty = {"type": "final_round_penalty", "player": name, "color": "orange", "from": max(cubes),
               "flowerbeds_left": 2}
    assert _cottage_refusal([*log[:index + 2], penalty], index + 2) == "out-of-step"  # before the Final Round
    assert 0 in cubes
    assert _cottage_refusal([*log[:index + 2], {**penalty, "from": 0}], index + 2) == "cube-at-start"  # check first


def test_cottage_garden_refuses_a_deal_that_is_not_the_box():
    log, _ = _cottage_log()
    deal = log[1]
    for change, code in ((lambda d: d["tiles"].__setitem__(0, d["tiles"][1]), "wrong-deal"),
                         (lambda d: d["tiles"].pop(), "wrong-deal"),
                         (lambda d: d["flowerbeds"][1].__setitem__(0, d["flowerbeds"][0][0]), "flowerbed-twice"),
                         (lambda d: d["flowerbeds"][0].reverse(), "wrong-flowerbeds"),
                         (lambda d: d["flowerbeds"].pop(), "wrong-flowerbeds")):
        broken = copy.deepcopy(log)
        change(broken[1])
        assert _cottage_refusal(broken, 1) == code
    assert deal == log[1]


@pytest.mark.parametrize("game_id", ["garden-dice", "harvest-dice"])
@pytest.mark.parametrize("invisible", ["\u200b", "\u2063\ufeff", " \u00ad "])
def test_a_name_that_shows_nothing_is_refused_in_words(game_id, invisible):
    """A zero-width space (or another character that shows nothing) is no player's name."""
    log, _ = scorer.simulate(game_id, 2, 1)
    log[0]["setup"]["players"][1] = invisible
    with pytest.raises(scorer.InvalidState) as refused:
        scorer.replay(game_id, log)
    (problem,) = refused.value.violations
    assert (problem["code"], problem["path"]) == ("blank-name", "log[0].setup.players[1]")
    assert "shows no visible letter" in problem["message"]


@pytest.mark.parametrize(("game_id", "option", "rulebooks"), [("garden-dice", "variant", "standard"),
                                                              ("harvest-dice", "mode", "basic")])
def test_a_log_that_leaves_out_the_options_plays_the_rulebooks_own_game(game_id, option, rulebooks):
    """A log written by hand may leave out setup.options: the rulebook's own game is played."""
    log = next(log for seed in range(20) for log, _ in [scorer.simulate(game_id, 2, seed)]
               if log[0]["setup"]["options"] == {option: rulebooks})
    del log[0]["setup"]["options"]
    result = scorer.replay(game_id, log)
    assert result["legal"] and result["state"][option] == rulebooks
