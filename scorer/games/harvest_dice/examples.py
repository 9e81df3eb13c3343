"""Worked rule checks beyond the check page's opening one (rules.EXAMPLE_CHECK, feeding the
pig): with it, at least one for each action type. The conformance test runs them all (see
docs/adding-a-game.md)."""
from __future__ import annotations

from scorer.games.core import Example

_MIDGAME = {"mode": "basic", "markets": {"lettuce": 1, "tomato": 0, "carrot": 1},
            "players": [{"name": "Susan", "garden": [".L....", "......", "CC...."], "pig": 0,
                         "pig_powers_used": 0},
                        {"name": "Bob", "garden": ["......", "......", "......"], "pig": 0,
                         "pig_powers_used": 0}]}

CHECKS: list[Example] = [
    # Bob plants a green 1 (a lettuce) in column 1, the column of the die's value.
    {"state": _MIDGAME, "action": {"type": "plant", "player": "Bob", "die": {"color": "green", "value": 1},
                                   "at": [1, 1]}},
    # The round's last die, a red one, crosses a circle of the tomato market for everyone.
    {"state": _MIDGAME, "action": {"type": "last_die", "die": {"color": "red", "value": 4}}},
]
