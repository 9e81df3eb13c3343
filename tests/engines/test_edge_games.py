"""The judged random games at the edges uniform random play seldom or never reaches
(tests/engines/edge_games.py): every step judged by the oracles as in the normal suite, and
each edge shown reached, so a game drifting away from it fails here rather than leaving the
oracles' checks of it unplayed."""
from __future__ import annotations

from unittest import mock

from tests.engines.edge_games import (
    COTTAGE_SAMPLES,
    cottage_cat_keeper,
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
