"""The judged random games at the edges uniform random play seldom or never reaches
(tests/engines/edge_games.py): every step judged by the oracles as in the normal suite, and
each edge shown reached, so a game drifting away from it fails here rather than leaving the
oracles' checks of it unplayed."""
from __future__ import annotations

from unittest import mock

from tests.engines.edge_games import (
    COTTAGE_SAMPLES,
    cottage_cat_keeper,
    cottage_climber,
    cottage_cloche_deal,
    cottage_lone_climber,
    dice_set_collector,
    harvest_dice_in_blocks,
    harvest_pig_hoarder,
    harvest_quick_and_unfed,
    play_biased,
    propagation_orchard,
    propagation_out_of_tokens,
)
from tests.oracles import cottage_garden, garden_dice, propagation

SEEDS = range(6)


def test_harvest_dice_games_where_every_pig_stays_empty():
    """The advanced awards with nobody ahead: every pig at 0 at the end of an advanced game."""
    ends = [play_biased("harvest-dice", 4, seed, harvest_quick_and_unfed, harvest_dice_in_blocks).end_state
            for seed in SEEDS]
    assert any(end["mode"] == "advanced" and all(p["pig"] == 0 for p in end["players"]) for end in ends)


def test_harvest_dice_games_where_pig_powers_pile_up():
    """Drafts with two or more unused pig powers, so that one die may be turned by several."""
    ends = [play_biased("harvest-dice", 2, seed, harvest_pig_hoarder).end_state for seed in SEEDS[:2]]
    assert any(p["pig"] // 6 - p["pig_powers_used"] >= 2 for end in ends for p in end["players"])


def test_garden_dice_games_where_a_player_harvests_two_sets():
    """Two or more sets of all five veggies harvested (Game End's Sets), so the oracle's 15 a
    set is judged past the first."""
    end = play_biased("garden-dice", 2, 0, dice_set_collector).end_state
    assert any(min(p["harvested"].get(crop, 0) for crop in garden_dice.CROPS) >= 2 for p in end["players"])


def test_propagation_games_that_run_out_of_tokens():
    """A propagation with fewer tokens left than free spaces in its pattern (it names its
    targets then)."""
    logs = [play_biased("propagation", 2, seed, propagation_out_of_tokens).log for seed in SEEDS[:2]]
    assert any(entry.get("type") == "propagate" and entry["pattern"].startswith("carrot") and "targets" in entry
               for log in logs for entry in log)


def test_propagation_games_with_every_apple_token_on_the_board():
    """A player whose five apple tokens all stand on the board when their action comes, so
    the oracle's refusal of a propagation with no token left is asked of the engine."""
    acting: list[bool] = []  # at each action: whether the player's apple tokens are all on the board
    refused = propagation.refused_moves

    def watched(state: dict, rng) -> list[dict]:
        if state["phase"] == "act":
            player = propagation._current(state)
            apples = sum(p["owner"] == player and p["kind"] == "apple" for p in state["board"]["plants"])
            acting.append(apples == propagation.PLANTS["apple"]["tokens"])
        return refused(state, rng)

    with mock.patch.object(propagation, "refused_moves", watched):
        play_biased("propagation", 2, 0, propagation_orchard)
    assert any(acting)


def test_cottage_garden_games_where_a_player_holds_three_cats():
    """A player who keeps both starting cats and wins a third on the red line, with a bed to
    put it on: at the turn's end (Special rules for the Planting Table) two cats at most may
    stay in reserve, which the oracle judges at every state."""
    judged = cottage_garden.state_faults
    three: list[dict] = []

    def watched(state: dict) -> list[str]:
        three.extend(p for p in state["players"] if p["cats"] > cottage_garden.CATS_AT_START and p["beds"])
        return judged(state)

    with mock.patch.object(cottage_garden, "state_faults", watched):
        for seed in SEEDS[:2]:
            play_biased("cottage-garden", 3, seed, cottage_cat_keeper, samples=COTTAGE_SAMPLES)
    assert three


def test_cottage_garden_games_where_cubes_climb_to_the_target():
    """Scored beds move cubes to the ends uniform play seldom reaches (3 Scoring Phase, End
    of the Game): a blue cube from 14, the last space before the target, onto it; a player's
    last blue cube off the start (it wins a flower pot); and a player holding a beehive tile
    reaching the target again while the other tile is free (they take no second tile). One
    game of two climbers (seed 0) and one of a climber against a uniform player (seed 5)."""
    judged = cottage_garden.step_faults
    reached: set[str] = set()

    def watched(before: dict, entry: dict, after: dict) -> list[str]:
        if entry.get("type") == "move_cube":
            reached.update(_climbed(before, entry, after))
        return judged(before, entry, after)

    with mock.patch.object(cottage_garden, "step_faults", watched):
        for seed, prefer in ((0, cottage_climber), (5, cottage_lone_climber)):
            play_biased("cottage-garden", 2, seed, prefer, cottage_cloche_deal, COTTAGE_SAMPLES)
    assert reached == {"blue from 14 to the target", "the last blue cube off the start",
                       "a beehive holder on the target again, a tile free"}


def _climbed(before: dict, entry: dict, after: dict) -> list[str]:
    seat = [player["name"] for player in before["players"]].index(entry["player"])
    old, new, colour = before["players"][seat], after["players"][seat], entry["color"]
    target = cottage_garden.TARGET
    found = []
    if colour == "blue" and entry["from"] == 14 and new["blue"].count(target) > old["blue"].count(target):
        found.append("blue from 14 to the target")
    if colour == "blue" and entry["from"] == 0 and 0 not in new["blue"]:
        found.append("the last blue cube off the start")
    if old["beehives"] and before["supply"]["beehives"] and new[colour].count(target) > old[colour].count(target):
        found.append("a beehive holder on the target again, a tile free")
    return found
