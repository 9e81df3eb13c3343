"""One realistic end-of-game state (and one rule check) per game, for the benchmarks.

Shapes follow docs/app.md ("State format"). Each is checked against the game's rules
before it is timed (bench/scoring.py), so a sample that the rules reject shows up in the
bench table as rejected instead of timing the error path.
"""
from __future__ import annotations

from typing import Any

# Garden Dice with the four players the box allows: the HTTP benchmark's scoring request.
GARDEN_DICE_4P = {
    "variant": "standard",
    "players": [
        {"name": "Blue", "track": 58, "sun_token": True, "unplaced_seeds": 2,
         "harvested": {"squash": 2, "carrot": 2, "tomato": 1, "artichoke": 1, "eggplant": 1}},
        {"name": "Green", "track": 51, "sun_token": False, "unplaced_seeds": 3,
         "harvested": {"squash": 1, "carrot": 2, "tomato": 2, "artichoke": 1, "eggplant": 1}},
        {"name": "Red", "track": 47, "sun_token": False, "unplaced_seeds": 1,
         "harvested": {"squash": 2, "carrot": 1, "tomato": 1, "artichoke": 2, "eggplant": 1}},
        {"name": "Yellow", "track": 62, "sun_token": False, "unplaced_seeds": 0,
         "harvested": {"squash": 1, "carrot": 1, "tomato": 2, "artichoke": 1, "eggplant": 2}},
    ],
}

GARDEN_DICE_CHECK = {
    "state": {**GARDEN_DICE_4P, "board": [
        {"at": [2, 3], "kind": "seed", "crop": "tomato", "owner": "Blue"},
        {"at": [2, 4], "kind": "seed", "crop": "carrot", "owner": "Green"},
        {"at": [3, 3], "kind": "veggie", "crop": "squash", "owner": "Red"},
    ]},
    "action": {"type": "water", "player": "Blue", "at": [2, 3], "die": 3},
}

HARVEST_DICE = {
    "mode": "basic",
    "markets": {"lettuce": 2, "tomato": 1, "carrot": 0},
    "players": [
        {"name": "Bob", "garden": ["LLT...", "L.TT..", "CCC..."], "pig": 8, "pig_powers_used": 1},
        {"name": "Ann", "garden": ["L.....", "TT....", "CC...."], "pig": 4, "pig_powers_used": 0},
    ],
}

HARVEST_DICE_CHECK = {
    "state": HARVEST_DICE,
    "action": {"type": "plant", "player": "Ann", "die": {"color": "green", "value": 2}, "at": [1, 2]},
}

COTTAGE_GARDEN = {
    "players": [
        {"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
        {"name": "Ben", "orange": [12, 5, 0], "blue": [10, 4, 4], "beehives": 1},
    ],
}

COTTAGE_GARDEN_CHECK = {
    "state": COTTAGE_GARDEN,
    "action": {"type": "score_bed", "bed": ["ppFFF", "FFFFF", "FCFFF", "FFFFF", "FFFFK"]},
}

PROPAGATION: dict[str, Any] = {
    "players": [
        {"name": "Ada", "harvested": {"tomato": 6, "carrot": 3, "apple": 2}},
        {"name": "Bo", "harvested": {"tomato": 4, "carrot": 4, "apple": 1}},
    ],
    "bonus": [
        {"card": "most-tomatoes", "round": 10, "board": {
            "rocks": [[0, -4], [4, -4], [4, 0], [0, 4], [-4, 4], [-4, 0],
                      [2, -2], [-2, 2], [2, 1], [-2, -1]],
            "plants": [{"at": [1, 0], "owner": "Ada", "kind": "tomato", "tier": 2},
                       {"at": [0, 1], "owner": "Ada", "kind": "tomato", "tier": 1},
                       {"at": [-1, 0], "owner": "Bo", "kind": "carrot", "tier": 2}]}},
    ],
}

PROPAGATION_CHECK = {
    "state": PROPAGATION,
    "action": {"type": "end_round", "board": PROPAGATION["bonus"][0]["board"]},
}

GARDEN_VARIETY = {
    "players": [
        {"name": "Kim", "garden_bed": 15, "hand": 3, "gnomes": 2},
        {"name": "Lee", "garden_bed": 12, "hand": 1, "gnomes": 1},
        {"name": "Max", "garden_bed": 9, "hand": 0, "gnomes": 0},
    ],
}

GARDEN_VARIETY_CHECK = {
    "state": GARDEN_VARIETY,
    "action": {"type": "resolve_round", "rule": 0, "plays": [
        {"player": "Kim", "card": {"kind": "critter", "color": "blue", "number": 6}},
        {"player": "Lee", "card": {"kind": "critter", "color": "red", "number": 4}},
        {"player": "Max", "card": {"kind": "wildflower", "number": 4}},
    ]},
}

# game id -> (state to score, {"state", "action"} to check)
SAMPLES: dict[str, tuple[dict, dict]] = {
    "garden-dice": (GARDEN_DICE_4P, GARDEN_DICE_CHECK),
    "harvest-dice": (HARVEST_DICE, HARVEST_DICE_CHECK),
    "cottage-garden": (COTTAGE_GARDEN, COTTAGE_GARDEN_CHECK),
    "propagation": (PROPAGATION, PROPAGATION_CHECK),
    "garden-variety": (GARDEN_VARIETY, GARDEN_VARIETY_CHECK),
}
