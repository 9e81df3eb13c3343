"""Worked rule checks beyond the check page's opening one (rules.EXAMPLE_CHECK, a
propagation): with it, at least one for each action type, on the opening check's round-10
board with three players. The conformance test runs them all (see docs/adding-a-game.md)."""
from __future__ import annotations

from scorer.games.core import Example

ROCKS = [[4, -4], [-4, 4], [0, 0], [2, -2], [-2, 2], [4, 0], [-4, 0], [0, 3], [0, -3], [2, 1]]
ROUND_10_BOARD = {"rocks": ROCKS, "plants": [
    {"at": [1, 0], "owner": "Ada", "kind": "tomato", "tier": 2},
    {"at": [1, -1], "owner": "Ada", "kind": "tomato", "tier": 0},
    {"at": [-1, 0], "owner": "Bo", "kind": "carrot", "tier": 4},
    {"at": [-2, 0], "owner": "Bo", "kind": "apple", "tier": 6},
    {"at": [3, -1], "owner": "Cy", "kind": "apple", "tier": 3}]}
_STATE = {"players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}]}

CHECKS: list[Example] = [
    {"state": _STATE, "action": {"type": "end_round", "board": ROUND_10_BOARD, "round": 10}},
    # Cy sows a carrot on a free space.
    {"state": _STATE, "action": {"type": "sow", "player": "Cy", "kind": "carrot", "at": [-1, 2], "board": ROUND_10_BOARD}},
    {"state": _STATE, "action": {"type": "grow", "player": "Ada", "board": ROUND_10_BOARD}},
    # Bo's fully grown apple is harvested.
    {"state": _STATE, "action": {"type": "harvest", "player": "Bo", "kind": "apple", "board": ROUND_10_BOARD}},
]
