"""Harvest Dice rule checks: plant, feed, pig powers, the last die and the end triggers."""
import pytest

import scorer

GAME = "harvest-dice"
EMPTY = ["......", "......", "......"]
# A pig is only fed once something is planted (Feed it), so a fed pig comes with one carrot.
ONE_CARROT = ["......", "......", ".....C"]


def sheet(garden=None, pig=0, powers=0, mode="basic", others=None, **markets):
    garden = garden or (ONE_CARROT if pig else EMPTY)
    players = [{"name": "Bob", "garden": list(garden), "pig": pig, "pig_powers_used": powers},
               {"name": "Ann", "garden": list(EMPTY), "pig": 0, "pig_powers_used": 0}]
    players += others or []
    return {"mode": mode, "markets": {"lettuce": 0, "tomato": 0, "carrot": 0, **markets}, "players": players}


def plant(color, value, at, powers=(), who="Bob"):
    action = {"type": "plant", "player": who, "die": {"color": color, "value": value}, "at": list(at)}
    if powers:
        action["pig_powers"] = list(powers)
    return action


def feed(color, value, powers=(), who="Bob"):
    action = {"type": "feed", "player": who, "die": {"color": color, "value": value}}
    if powers:
        action["pig_powers"] = list(powers)
    return action


UP, DOWN = {"power": "up"}, {"power": "down"}


def to(color):
    return {"power": "color", "to": color}


def check(state, action):
    return scorer.check(GAME, state, action)


def codes(result):
    return [v["code"] for v in result["violations"]]


# --- rulebook examples -------------------------------------------------------------------

def test_bob_plants_by_column_of_the_die():
    # Game Play: a carrot on a 2 goes in column 2, a lettuce on a 3 in column 3, but a
    # tomato on a 4 cannot go in column 5.
    assert check(sheet(), plant("orange", 2, (1, 2)))["legal"]
    assert check(sheet(), plant("green", 3, (3, 3)))["legal"]
    result = check(sheet(), plant("red", 4, (2, 5)))
    assert not result["legal"] and codes(result) == ["wrong-column"]
    assert result["violations"][0]["path"] == "action.at"
    assert result["effects"]["options"] == [[1, 4], [2, 4], [3, 4]]


SUSAN = [".L....", "......", "CC...."]


def test_susan_lettuce_next_to_her_lettuce_is_legal():
    result = check(sheet(SUSAN), plant("green", 3, (1, 3)))
    assert result["legal"], result
    assert result["effects"]["planted"] == {"at": [1, 3], "crop": "lettuce"}


def test_susan_carrot_away_from_her_carrots_is_illegal_but_may_be_fed():
    result = check(sheet(SUSAN), plant("orange", 5, (3, 5)))
    assert not result["legal"] and codes(result) == ["not-adjacent"]
    assert result["violations"][0]["rule"] == "Harvest Dice › Game Play › Planting Restrictions"
    fed = check(sheet(SUSAN), feed("orange", 5))
    assert fed["legal"] and fed["effects"]["circles"] == 5 and fed["effects"]["pig"] == 5
    # why: no space of column 5 touches her carrots
    assert fed["effects"]["column"] == [{"at": [row, 5], "problems": ["not-adjacent"]} for row in (1, 2, 3)]


def test_sandra_unlocks_her_first_pig_power_by_completing_a_row():
    result = check(sheet(["L.....", "......", "......"], pig=3), feed("green", 4))
    effects = result["effects"]
    assert result["legal"]
    assert (effects["pig"], effects["rows_completed"], effects["powers_unlocked"], effects["pig_points"]) == (7, [1], 1, 3)


def test_last_green_die_crosses_the_lettuce_market():
    result = check(sheet(lettuce=1), {"type": "last_die", "die": {"color": "green", "value": 5}})
    assert result["legal"]
    assert (result["effects"]["market"], result["effects"]["crossed"], result["effects"]["value"]) == ("lettuce", 2, 3)


def test_two_pig_powers_turn_a_four_into_a_six():
    result = check(sheet(pig=12), plant("red", 4, (1, 6), powers=[UP, UP]))
    assert result["legal"] and result["effects"]["die"] == {"color": "red", "value": 6}
    assert result["effects"]["pig_powers_spent"] == 2


# --- plant -------------------------------------------------------------------------------

def test_plant_on_a_taken_space():
    result = check(sheet(["..T...", "......", "......"]), plant("red", 3, (1, 3)))
    assert codes(result) == ["space-taken"]


@pytest.mark.parametrize("at", [(0, 1), (4, 1), (1, 7), (2, 0)])
def test_plant_outside_the_garden(at):
    result = check(sheet(), plant("red", at[1] if 1 <= at[1] <= 6 else 3, at))
    assert codes(result) == ["outside-garden"]


def test_plant_reports_every_problem_at_once():
    result = check(sheet(["T.....", "....L.", "......"]), plant("red", 3, (2, 5)))
    assert sorted(codes(result)) == ["space-taken", "wrong-column"]


def test_first_of_a_crop_goes_anywhere_in_its_column():
    garden = ["LL....", "TT....", "......"]
    assert check(sheet(garden), plant("orange", 6, (3, 6)))["legal"]


def test_plant_that_completes_a_row_earns_a_ribbon():
    garden = ["LLLLL.", "......", "......"]
    assert check(sheet(garden), plant("green", 6, (1, 6)))["effects"]["ribbon"] is True
    assert check(sheet(garden), plant("green", 5, (2, 5)))["effects"]["ribbon"] is False


def test_planting_the_last_space_triggers_the_end():
    garden = ["LLLTTT", "LLLTTT", "CCCCC."]
    result = check(sheet(garden, lettuce=2, tomato=2, carrot=2), plant("orange", 6, (3, 6)))
    assert result["legal"]
    assert result["effects"]["end_triggered"] is True
    assert result["effects"]["triggered_now"] == [{"trigger": "garden-full", "player": "Bob"}]


def test_unknown_player():
    with pytest.raises(scorer.InvalidState) as unknown:
        check(sheet(), plant("red", 3, (1, 3), who="Zed"))
    assert [(v["code"], v["path"]) for v in unknown.value.violations] == [("unknown-player", "action.player")]


# --- feed --------------------------------------------------------------------------------

def test_feed_is_illegal_while_the_die_can_be_planted():
    result = check(sheet(), feed("red", 3))
    assert not result["legal"] and codes(result) == ["could-plant"]
    assert result["effects"]["options"] == [[1, 3], [2, 3], [3, 3]]


def test_feed_is_legal_when_the_column_is_full():
    garden = ["..L...", "..L...", "..L..."]
    assert check(sheet(garden), feed("green", 3))["legal"]
    assert check(sheet(garden), feed("red", 3))["legal"]


def test_feed_with_unused_powers_that_could_plant_is_legal_and_says_so():
    # House rule: pig powers are never compulsory. Bob's tomatoes sit in columns 3 and 4; a
    # red 6 fits nowhere, though one power would make it a 5 to plant beside them.
    garden = ["..TT..", "......", "......"]
    result = check(sheet(garden, pig=6), feed("red", 6))
    assert result["legal"] and result["effects"]["circles"] == 6
    assert result["effects"]["plantable_with_more_powers"] == [
        {"at": [1, 5], "crop": "tomato", "die": {"color": "red", "value": 5}, "powers": 1}]
    # without a power left there is nothing to mention
    assert check(sheet(garden, pig=6, powers=1), feed("red", 6))["effects"]["plantable_with_more_powers"] == []


def test_declared_powers_decide_whether_a_feed_is_legal():
    garden = ["T.....", "......", "......"]
    # a red 2 can go beside the tomato at row 1 column 2, so it cannot be fed ...
    assert codes(check(sheet(garden, pig=6), feed("red", 2))) == ["could-plant"]
    # ... unless Bob spends his power to make it a 3 first: a 3 fits nowhere, so he feeds it
    result = check(sheet(garden, pig=6), feed("red", 2, powers=[UP]))
    assert result["legal"] and result["effects"]["circles"] == 3 and result["effects"]["pig_powers_spent"] == 1


def test_more_powers_lists_cheapest_first():
    garden = ["T.....", "......", "......"]
    result = check(sheet(garden, pig=12), feed("red", 3))
    assert result["legal"]
    options = result["effects"]["plantable_with_more_powers"]
    assert [(o["at"], o["powers"]) for o in options] == [([1, 2], 1), ([2, 1], 2)]


def test_colour_power_options_only_in_advanced():
    garden = ["T.....", "......", "......"]
    basic = check(sheet(garden, pig=6), feed("red", 4))["effects"]["plantable_with_more_powers"]
    advanced = check(sheet(garden, pig=6, mode="advanced"), feed("red", 4))["effects"]["plantable_with_more_powers"]
    assert basic == []
    assert {"at": [1, 4], "crop": "lettuce", "die": {"color": "green", "value": 4}, "powers": 1} in advanced


def test_feeding_past_the_last_circle_wastes_the_rest_and_ends_the_game():
    garden = ["LLLLLL", "LLLLLL", "LLLLLL"]
    result = check(sheet(garden, pig=21, lettuce=3, tomato=2), feed("green", 5))
    effects = result["effects"]
    assert result["legal"]
    assert (effects["circles"], effects["wasted"], effects["pig"], effects["pig_points"]) == (3, 2, 24, 18)
    assert {"trigger": "pig-full", "player": "Bob"} in effects["triggered_now"]


def test_feeding_a_full_pig_crosses_nothing():
    garden = ["LLLLLL", "LLLLLL", "LLLLLL"]
    result = check(sheet(garden, pig=24, lettuce=3, tomato=2), feed("green", 2))
    assert result["legal"]
    assert (result["effects"]["circles"], result["effects"]["wasted"]) == (0, 2)
    assert result["effects"]["triggered_now"] == []
    assert result["effects"]["end_triggered"] is True


# --- pig powers --------------------------------------------------------------------------

def test_powers_need_a_completed_unused_row():
    assert codes(check(sheet(pig=5), plant("red", 3, (1, 4), powers=[UP]))) == ["no-pig-power"]
    assert codes(check(sheet(pig=6, powers=1), plant("red", 3, (1, 4), powers=[UP]))) == ["no-pig-power"]
    assert check(sheet(pig=12, powers=1), plant("red", 3, (1, 4), powers=[UP]))["legal"]
    assert codes(check(sheet(pig=12, powers=1), plant("red", 3, (1, 5), powers=[UP, UP]))) == ["no-pig-power"]


def test_powers_cannot_go_past_one_or_six():
    result = check(sheet(pig=6), plant("red", 6, (1, 1), powers=[UP]))
    assert codes(result) == ["die-out-of-range"] and result["violations"][0]["path"] == "action.pig_powers[0]"
    assert codes(check(sheet(pig=6), plant("red", 1, (1, 6), powers=[DOWN]))) == ["die-out-of-range"]
    assert check(sheet(pig=6), plant("red", 1, (1, 2), powers=[UP]))["legal"]


def test_a_powered_die_must_fit_its_new_column():
    result = check(sheet(pig=6), plant("red", 4, (1, 4), powers=[DOWN]))
    assert codes(result) == ["wrong-column"]
    assert result["effects"]["die"] == {"color": "red", "value": 3}


def test_colour_power_is_advanced_only():
    result = check(sheet(pig=6), plant("red", 4, (1, 4), powers=[to("green")]))
    assert codes(result) == ["color-power-advanced-only"]


def test_colour_power_in_advanced_changes_the_crop():
    garden = ["L.....", "......", "......"]
    state = sheet(garden, pig=6, mode="advanced")
    # a red 1 would be a first tomato; made green it is a lettuce and must touch the lettuce
    result = check(state, plant("red", 1, (2, 1), powers=[to("green")]))
    assert result["legal"] and result["effects"]["planted"] == {"at": [2, 1], "crop": "lettuce"}
    assert codes(check(state, plant("red", 1, (3, 1), powers=[to("green")]))) == ["not-adjacent"]


def test_colour_and_value_powers_together():
    garden = ["L.....", "......", "......"]
    result = check(sheet(garden, pig=12, mode="advanced"), plant("red", 3, (1, 2), powers=[to("green"), DOWN]))
    assert result["legal"] and result["effects"]["die"] == {"color": "green", "value": 2}


def test_colour_power_names_a_colour_and_value_powers_do_not():
    state = sheet(pig=6, mode="advanced")
    result = check(state, feed("red", 3, powers=[{"power": "color"}]))
    assert codes(result) == ["power-needs-colour"] and result["violations"][0]["path"] == "action.pig_powers[0].to"
    result = check(state, feed("red", 3, powers=[{"power": "up", "to": "green"}]))
    assert codes(result) == ["power-takes-no-colour"]


def test_colour_power_must_change_the_colour():
    result = check(sheet(pig=6, mode="advanced"), plant("red", 4, (1, 4), powers=[to("red")]))
    assert codes(result) == ["power-changes-nothing"]


# --- last die, end triggers --------------------------------------------------------------

@pytest.mark.parametrize("color, market", [("green", "lettuce"), ("red", "tomato"), ("orange", "carrot")])
def test_last_die_colour_names_the_market(color, market):
    result = check(sheet(), {"type": "last_die", "die": {"color": color, "value": 1}})
    assert result["effects"]["market"] == market and result["effects"]["crossed"] == 1


def test_last_die_filling_a_basic_market_ends_the_game():
    # basic: printed circle + 4 crossed = 5 of 6; the fifth crossed in play fills it
    result = check(sheet(pig=9, carrot=4, lettuce=2), {"type": "last_die", "die": {"color": "orange", "value": 2}})
    effects = result["effects"]
    assert result["legal"] and effects["value"] == 6 and effects["game_over"] is True
    assert effects["triggered_now"] == [{"trigger": "market-full", "market": "carrot"}]


def test_last_die_in_advanced_needs_six_crossed():
    effects = check(sheet(pig=9, mode="advanced", carrot=4, lettuce=2),
                    {"type": "last_die", "die": {"color": "orange", "value": 2}})["effects"]
    assert effects["crossed"] == 5 and effects["game_over"] is False and effects["end_triggered"] is False
    effects = check(sheet(pig=9, mode="advanced", carrot=5, lettuce=2),
                    {"type": "last_die", "die": {"color": "orange", "value": 2}})["effects"]
    assert effects["value"] == 6 and effects["game_over"] is True


def test_last_die_closes_a_round_in_which_a_garden_filled():
    garden = ["LLLTTT", "LLLTTT", "CCCCCC"]
    effects = check(sheet(garden, lettuce=2, tomato=2, carrot=2),
                    {"type": "last_die", "die": {"color": "red", "value": 2}})["effects"]
    assert effects["game_over"] is True and effects["triggered_now"] == []
    assert effects["end_triggers"] == [{"trigger": "garden-full", "player": "Bob"}]


def test_no_dice_are_taken_after_a_market_filled():
    state = sheet(pig=9, lettuce=5, carrot=2)
    for action in (plant("red", 3, (1, 3)), feed("red", 3), {"type": "last_die", "die": {"color": "red", "value": 3}}):
        result = check(state, action)
        assert not result["legal"] and codes(result) == ["game-over"]


# --- malformed actions -------------------------------------------------------------------

@pytest.mark.parametrize("action, code, path", [
    ({"player": "Bob"}, "missing-field", "action.type"),
    ({"type": "harvest", "player": "Bob"}, "unknown-action", "action.type"),
    (plant("purple", 3, (1, 3)), "not-allowed-value", "action.die.color"),
    (plant("red", 7, (1, 7)), "out-of-range", "action.die.value"),
    ({"type": "plant", "player": "Bob", "die": {"color": "red", "value": 3}, "at": [1]}, "wrong-length", "action.at"),
    ({"type": "feed", "player": "Bob", "die": {"color": "red", "value": 3}, "at": [1, 3]}, "unknown-field", "action.at"),
    (feed("red", 3, powers=[{"power": "sideways"}]), "not-allowed-value", "action.pig_powers[0].power"),
])
def test_malformed_actions(action, code, path):
    with pytest.raises(scorer.InvalidState) as raised:
        check(sheet(), action)
    found = [(v["code"], v["path"]) for v in raised.value.violations]
    assert any(c == code and p.startswith(path) for c, p in found), found


def test_check_on_an_impossible_state_raises():
    with pytest.raises(scorer.InvalidState):
        check(sheet(["L.L...", "......", "......"]), plant("green", 2, (1, 2)))


def test_messages_say_an_orange_die():
    result = check(sheet(), feed("orange", 3))
    assert codes(result) == ["could-plant"]
    assert result["violations"][0]["message"].startswith("an orange 3 can still be planted")


def test_feeding_a_pig_past_the_house_sheet_crosses_nothing():
    result = check(sheet(garden=["CCCCCC", "CCCCCC", "CCCCCC"], pig=25), feed("red", 6))
    assert result["legal"]
    assert (result["effects"]["circles"], result["effects"]["wasted"], result["effects"]["pig"]) == (0, 6, 25)


def test_many_pig_powers_with_one_problem_are_one_line_with_their_count():
    """Three powers turn a 4 into the 6 the die stops at; the other 18 ups are one problem."""
    result = check(sheet(pig=24), feed("red", 3, powers=[UP] * 21))
    out_of_range = [v for v in result["violations"] if v["code"] == "die-out-of-range"]
    assert [(v["path"], v["message"]) for v in out_of_range] == [
        ("action.pig_powers[3]", "a die showing 6 cannot be turned up: values stay between 1 and 6 "
                                 "(18 of the declared pig powers)")]
