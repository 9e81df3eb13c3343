"""A tie for the win is described in players' words by the scorer's own result ("tie_break"),
each game by its own tie-breakers, so the API, the pages and the share picture say the same."""
from __future__ import annotations

import pytest

import scorer


def scored(game_id: str, state: dict) -> dict:
    return scorer.GAMES[game_id].score(state)


def garden_dice_player(name: str, harvested: dict, track: int) -> dict:
    return {"name": name, "track": track, "sun_token": False, "unplaced_seeds": 0, "harvested": harvested}


def harvest_dice_state(gardens: dict, pigs: dict, markets: dict) -> dict:
    return {"mode": "basic", "markets": markets,
            "players": [{"name": name, "garden": [row, "......", "......"], "pig": pigs[name], "pig_powers_used": 0}
                        for name, row in gardens.items()]}


def gnomes(name: str, garden_bed: int, hand: int, count: int) -> dict:
    return {"name": name, "garden_bed": garden_bed, "hand": hand, "gnomes": count}


def test_garden_variety_tie_goes_to_the_most_gnomes():
    result = scored("garden-variety", {"players": [gnomes("Ann", 10, 0, 4), gnomes("Ben", 9, 1, 5)]})
    assert result["winners"] == ["Ben"]
    assert result["tie_break"] == "Ben wins the tie: 5 gnomes (hand included) to 4."


def test_garden_variety_three_way_tie_names_every_count_behind():
    result = scored("garden-variety", {"players": [gnomes("Ann", 10, 0, 1), gnomes("Ben", 10, 0, 3),
                                                   gnomes("Cy", 10, 0, 0)]})
    assert result["tie_break"] == "Ben wins the tie: 3 gnomes (hand included) to 1 and 0."


def test_garden_variety_level_gnomes_leave_a_shared_win():
    result = scored("garden-variety", {"players": [gnomes("Ann", 10, 0, 1), gnomes("Ben", 10, 0, 1)]})
    assert result["winners"] == ["Ann", "Ben"]
    assert result["tie_break"] == "Ann & Ben share the win: 1 gnome (hand included) each, so the tie stands."


def test_garden_dice_tie_goes_to_the_larger_face_value_harvested():
    result = scored("garden-dice", {"variant": "standard", "players": [
        garden_dice_player("Ann", {"tomato": 1}, 3), garden_dice_player("Ben", {"squash": 1}, 3)]})
    assert [p["total"] for p in result["players"]] == [3, 3]
    assert result["tie_break"] == "Ann wins the tie: 3 points of harvested veggies' face value to 1."


def test_harvest_dice_tie_goes_to_the_most_veggies_planted():
    result = scored("harvest-dice", harvest_dice_state({"Ann": "T.....", "Ben": "LL...."}, {"Ann": 2, "Ben": 2},
                                                       {"lettuce": 1, "tomato": 3, "carrot": 5}))
    assert result["winners"] == ["Ben"]
    assert result["tie_break"] == "Ben wins the tie: 2 veggies planted to 1."


def test_harvest_dice_level_veggies_go_to_the_most_pig_circles():
    result = scored("harvest-dice", harvest_dice_state({"Ann": "LLT...", "Ben": "LLT..."}, {"Ann": 2, "Ben": 3},
                                                       {"lettuce": 3, "tomato": 3, "carrot": 3}))
    assert result["winners"] == ["Ben"]
    assert result["tie_break"] == "Ben wins the tie: 3 veggies planted each, then 3 pig circles to 2."


def test_cottage_garden_tie_goes_to_the_beehives():
    result = scored("cottage-garden", {"players": [
        {"name": "Ann", "orange": [20, 8, 8], "blue": [6, 0, 0], "beehives": 2},
        {"name": "Ben", "orange": [20, 9, 8], "blue": [6, 0, 0], "beehives": 1}]})
    assert [p["total"] for p in result["players"]] == [44, 44]
    assert result["tie_break"] == "Ann wins the tie: 2 beehives to 1."


def test_propagation_has_no_tie_breaker_so_the_win_is_shared():
    game = scorer.GAMES["propagation"]
    state = {"players": [dict(p, name=name) for p, name in zip(game.example_state["players"][:1] * 2, ["Ann", "Ben"])]}
    result = scored("propagation", state)
    assert result["winners"] == ["Ann", "Ben"]
    assert result["tie_break"] == "Ann & Ben share the win: Propagation has no tie-breaker."


@pytest.mark.parametrize("game_id", sorted(scorer.GAMES))
def test_no_tie_says_nothing(game_id):
    game = scorer.GAMES[game_id]
    result = game.score(game.example_state)
    if len({p["total"] for p in result["players"][:2]}) == 2:
        assert result["tie_break"] is None


@pytest.mark.parametrize("game_id", sorted(scorer.GAMES))
def test_every_tie_breaker_has_words(game_id):
    """A tie-breaker the words leave out would be passed over in silence."""
    game = scorer.GAMES[game_id]
    result = game.score(game.example_state)
    assert list(result["players"][0]["tiebreakers"]) == list(game.tiebreaker_words)
