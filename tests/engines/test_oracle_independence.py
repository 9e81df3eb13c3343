"""The oracles judge the scores on their own: scoring bugs planted in the scorer (a wrong
number, a category dropped, a tie-breaker reversed) are each caught by the judged random
games of tests/support/engine_harness.py alone, over a few seeds, because the oracles recompute
every final score with the rulebook's numbers written in them. And no oracle imports the code
it judges."""
from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorer.games.core import PlayerScore
from scorer.games.cottage_garden import data as cottage_data
from scorer.games.cottage_garden import rules as cottage_rules
from scorer.games.cottage_garden.rules import CottageGarden
from scorer.games.garden_dice import data as garden_dice_data
from scorer.games.garden_variety.rules import GardenVarietyGame
from scorer.games.harvest_dice import data as harvest_data
from scorer.games.harvest_dice.rules import HarvestDice
from scorer.games.propagation import data as propagation_data
from scorer.games.propagation import rules as propagation_rules
from tests.support.engine_harness import play_and_judge, player_counts

GAMES = 20  # judged random games a planted bug has to show in
ORACLES = Path(__file__).resolve().parents[1] / "oracles"


def _caught(game_id: str, by: str = "by the rulebook|the rulebook ") -> None:
    """Some of GAMES judged random games (player counts in turn) fails with a message matching
    `by` (by default: the oracle's final score)."""
    counts = player_counts(game_id)
    with pytest.raises(AssertionError, match=by):
        for seed in range(GAMES):
            play_and_judge(game_id, counts[seed % len(counts)], seed)


def _rescored(monkeypatch, rules: Any, change: Callable[[PlayerScore], PlayerScore]) -> None:
    """The game's scorer with each player's score changed by `change`: the bug."""
    original = rules.player_scores
    monkeypatch.setattr(rules, "player_scores", lambda self, state: [change(p) for p in original(self, state)])


def _breakdown(score: PlayerScore, **changed: Callable[[int], int]) -> PlayerScore:
    return dataclasses.replace(score, breakdown={
        key: changed[key](value) if key in changed else value for key, value in score.breakdown.items()})


def _tiebreakers_reversed(score: PlayerScore) -> PlayerScore:
    return dataclasses.replace(score, tiebreakers={key: -value for key, value in score.tiebreakers.items()})


# --- Garden Variety ------------------------------------------------------------------------------

def test_garden_variety_cards_in_hand_not_counted_is_caught(monkeypatch):
    _rescored(monkeypatch, GardenVarietyGame, lambda p: _breakdown(p, hand=lambda n: 0))
    _caught("garden-variety")


def test_garden_variety_gnome_tie_break_reversed_is_caught(monkeypatch):
    _rescored(monkeypatch, GardenVarietyGame, _tiebreakers_reversed)
    _caught("garden-variety")


def test_garden_variety_a_card_short_in_the_garden_bed_is_caught(monkeypatch):
    _rescored(monkeypatch, GardenVarietyGame, lambda p: _breakdown(p, garden_bed=lambda n: max(0, n - 1)))
    _caught("garden-variety")


# --- Harvest Dice --------------------------------------------------------------------------------

def test_harvest_dice_ribbons_worth_3_is_caught(monkeypatch):
    monkeypatch.setattr(harvest_data, "RIBBON_POINTS", 3)
    _caught("harvest-dice")


def test_harvest_dice_pig_rows_worth_reversed_is_caught(monkeypatch):
    monkeypatch.setattr(harvest_data, "PIG_ROW_VALUES", (18, 12, 7, 3))
    _caught("harvest-dice")


def test_harvest_dice_carrots_worth_1_is_caught(monkeypatch):
    original = harvest_data.market_value
    monkeypatch.setattr(harvest_data, "market_value", lambda mode, crossed: original(mode, crossed) or 1)
    _rescored(monkeypatch, HarvestDice, lambda p: _breakdown(p, carrot=lambda n: n and 1))
    _caught("harvest-dice")


# --- Cottage Garden ------------------------------------------------------------------------------

def test_cottage_garden_beehives_not_counted_is_caught(monkeypatch):
    _rescored(monkeypatch, CottageGarden, lambda p: _breakdown(p, beehives=lambda n: 0))
    _caught("cottage-garden")


def test_cottage_garden_blue_cubes_worth_one_a_space_is_caught(monkeypatch):
    _rescored(monkeypatch, CottageGarden, lambda p: _breakdown(p, blue=lambda n: n // 2))
    _caught("cottage-garden")


def test_cottage_garden_target_worth_15_is_caught(monkeypatch):
    original = CottageGarden.player_scores

    def scores(self, state):  # a cube on the target counted as 15
        return [dataclasses.replace(score, breakdown={
            **score.breakdown,
            "orange": sum(15 if v == 20 else v for v in player.orange),
            "blue": sum(15 if v == 20 else v for v in player.blue)})
            for score, player in zip(original(self, state), state.players)]
    monkeypatch.setattr(CottageGarden, "player_scores", scores)
    _caught("cottage-garden")


def test_cottage_garden_red_line_cat_ignored_is_caught(monkeypatch):
    monkeypatch.setattr(cottage_rules, "crosses_mouse_line", lambda colour, before, after: False)
    _caught("cottage-garden", by="the red line earns one cat")


def test_cottage_garden_pots_printed_on_tiles_not_counted_is_caught(monkeypatch):
    monkeypatch.setattr(cottage_data, "POT_CELLS", tuple(c for c in cottage_data.POT_CELLS if c != "P"))
    # the oracle's own cube moves, one step a pot it sees, which the engine then refuses
    _caught("cottage-garden", by="the rulebook allows {'type': 'move_cube'.* but the engine refuses it")


# --- Garden Dice ---------------------------------------------------------------------------------

def test_garden_dice_sets_worth_10_is_caught(monkeypatch):
    monkeypatch.setattr(garden_dice_data, "SET_BONUS", 10)
    _caught("garden-dice")


def test_garden_dice_collections_of_five_worth_15_is_caught(monkeypatch):
    monkeypatch.setattr(garden_dice_data, "COLLECTION_POINTS", {3: 10, 4: 15})
    _caught("garden-dice")


def test_garden_dice_every_unplaced_seed_charged_is_caught(monkeypatch):
    monkeypatch.setattr(garden_dice_data, "UNPLACED_SEEDS_FORGIVEN", 0)
    _caught("garden-dice")


# --- Propagation ---------------------------------------------------------------------------------

def test_propagation_carrots_worth_1_is_caught(monkeypatch):
    monkeypatch.setitem(propagation_data.PLANTS, "carrot", {**propagation_data.PLANTS["carrot"], "points": 1})
    _caught("propagation")


def test_propagation_a_two_player_tie_paying_both_is_caught(monkeypatch):
    original = propagation_rules.resolve_card

    def tie_pays(card_id, board, names):
        resolved = original(card_id, board, names)
        counts = resolved["counts"]
        best = max(counts.values())
        if propagation_data.BONUS_CARDS[card_id]["award"] == "one-winner" and best > 0:
            return {**resolved, "paid": [name for name in names if counts[name] == best]}
        return resolved
    monkeypatch.setattr(propagation_rules, "resolve_card", tie_pays)
    _caught("propagation")


def test_propagation_corner_plots_paying_one_corner_is_caught(monkeypatch):
    monkeypatch.setitem(propagation_data.BONUS_CARDS, "corner-plots",
                        {**propagation_data.BONUS_CARDS["corner-plots"], "at_least": 1})
    _caught("propagation")


# --- independence --------------------------------------------------------------------------------

def _imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


ORACLE_FILES = [pytest.param(path, id=path.stem) for path in sorted(ORACLES.glob("*.py"))]


@pytest.mark.parametrize("path", ORACLE_FILES)
def test_no_oracle_imports_the_code_it_judges(path):
    imported = sorted(name for name in _imported_modules(path) if name == "scorer" or name.startswith("scorer."))
    assert not imported, f"{path.name} imports {imported}: an oracle that reads the scorer agrees with its bugs"
