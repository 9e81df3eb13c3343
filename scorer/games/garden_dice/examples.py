"""Worked rule checks beyond the check page's opening one (rules.EXAMPLE_CHECK): with it, at
least one for each action type, each on the house board and legal. The conformance test runs
them all (see docs/adding-a-game.md)."""
from __future__ import annotations

from scorer.games.core import Example


def _tile(at: tuple[int, int], kind: str, owner: str, crop: str | None = None) -> dict:
    return {"at": list(at), "kind": kind, "owner": owner, **({"crop": crop} if crop else {})}


def _state(*board: dict, blue_seeds: int = 0) -> dict:
    players: list[dict] = [{"name": name, "track": 0, "sun_token": True, "harvested": {},
                "unplaced_seeds": blue_seeds if name == "Blue" else 0} for name in ("Green", "Blue", "Red")]
    return {"players": players, "board": list(board)}


CHECKS: list[Example] = [
    # Water a Seed: Green's 5 on her artichoke seed waters Blue's tomato seed next to it.
    {"state": _state(_tile((5, 2), "seed", "Green", "artichoke"), _tile((5, 3), "seed", "Blue", "tomato")),
     "action": {"type": "water", "player": "Green", "at": [5, 2], "die": 5}},
    # Move a Critter: Green's rabbit goes 3 right to eat Blue's eggplant.
    {"state": _state(_tile((2, 2), "rabbit", "Green"), _tile((2, 5), "veggie", "Blue", "eggplant")),
     "action": {"type": "move_critter", "player": "Green", "from": [2, 2], "to": [2, 5], "die": 3}},
    # Eating a Tile: ... and spits out the seeds with a 5, keeping the eggplant as a seed.
    {"state": _state(_tile((2, 2), "rabbit", "Green"), _tile((2, 5), "veggie", "Blue", "eggplant")),
     "action": {"type": "move_critter", "player": "Green", "from": [2, 2], "to": [2, 5], "die": 3,
                "spit_out_die": 5}},
    # Buy a Seed Tile: a 5 buys an artichoke (value 4).
    {"state": _state(), "action": {"type": "buy", "player": "Blue", "crop": "artichoke", "die": 5}},
    # Place a Tile: a 6 and a 1 put Blue's artichoke seed at (1,6).
    {"state": _state(blue_seeds=1),
     "action": {"type": "place", "player": "Blue", "tile": "seed", "crop": "artichoke", "dice": [6, 1],
                "at": [1, 6]}},
    # Flip a special tile with a 6: Blue's bird becomes a rabbit.
    {"state": _state(_tile((2, 2), "bird", "Blue")),
     "action": {"type": "flip", "player": "Blue", "at": [2, 2], "die": 6}},
    # Remove a Critter: a 2, a 6 and a 1 take Red's rabbit off (1,2).
    {"state": _state(_tile((1, 2), "rabbit", "Red")),
     "action": {"type": "remove_critter", "player": "Blue", "at": [1, 2], "dice": [2, 6, 1]}},
    # The sun token, both uses: reroll at the start of a turn, or set a die to any value.
    {"state": _state(), "action": {"type": "sun_reroll", "player": "Red"}},
    {"state": _state(), "action": {"type": "sun_set_die", "player": "Red", "die": 2, "to": 6}},
    # On Your Turn: four equal dice may be rerolled before any is spent.
    {"state": _state(), "action": {"type": "reroll_equal_dice", "player": "Red", "dice": [4, 4, 4, 4]}},
    # On Your Turn: a player whose dice left allow no action ends the turn.
    {"state": _state(), "action": {"type": "end_turn", "player": "Blue", "turn": {"dice_spent": 3}}},
]
