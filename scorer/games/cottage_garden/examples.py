"""Worked rule checks beyond the check page's opening one (rules.EXAMPLE_CHECK, placing a
flower tile): with it, at least one for each action type, each legal, on the state of the
rulebook's 64-point player against a second player. The conformance test runs them all (see
docs/adding-a-game.md)."""
from __future__ import annotations

from scorer.games.core import Example

_STATE = {"players": [
    {"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
    {"name": "Ben", "orange": [12, 9, 20], "blue": [10, 4, 2], "beehives": 1},
]}
_BED = {"design": "1L", "tiles": [{"tile": "2A", "at": [2, 2]}]}

CHECKS: list[Example] = [
    # A full flowerbed: its visible flower pots and cloches.
    {"state": _STATE, "action": {"type": "score_bed", "bed": ["pcFFF", "PCFKO", "FFFFF", "OOFFF", "cFFFF"]}},
    # A cat on a free space of the bed.
    {"state": _STATE, "action": {"type": "place_token", "bed": _BED, "token": "cat", "at": [1, 1]}},
    # Ben scores 3 on his blue cube that stands on 2.
    {"state": _STATE, "action": {"type": "move_cube", "player": "Ben", "color": "blue", "from": 2, "steps": 3}},
    # The final round: Ann still has one flowerbed, her orange cube on 8 goes back.
    {"state": _STATE, "action": {"type": "final_round_penalty", "player": "Ann", "color": "orange", "from": 8,
                                 "flowerbeds_left": 1}},
    # The final round starts: a bed with fewer than three flower tiles is given up.
    {"state": _STATE, "action": {"type": "start_final_round", "beds": [_BED]}},
    # Three empty nursery spaces are refilled nearest the gardener first.
    {"state": _STATE, "action": {"type": "refill", "gardener": "S3", "empty": ["A3", "B3", "D3"], "path": 20}},
    {"state": _STATE, "action": {"type": "move_gardener", "space": "N1", "die": 2}},
    # Ann keeps the cat she just won on the red line and ends her turn (the table says when she may).
    {"state": _STATE, "action": {"type": "end_turn", "player": "Ann"}},
    {"state": _STATE, "action": {"type": "turns"}},
    {"state": _STATE, "action": {"type": "orient_tile", "tile": "4E", "rotation": 90}},
    # Where the straight five and the small square may go on a bed with one tile on it.
    {"state": _STATE, "action": {"type": "fit_tiles", "bed": _BED, "tiles": ["5F", "4B"]}},
    # Ann takes the tile on C3 from the row the gardener on N3 marks, and plants it.
    {"state": _STATE, "action": {"type": "place_tile", "player": "Ann", "bed": _BED, "tile": "3A", "at": [5, 1],
                                 "nursery": {"space": "C3", "gardener": "N3"}}},
]
