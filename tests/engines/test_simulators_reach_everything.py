"""The random simulators reach every part of every game: each action type, each end trigger
of the rulebook and the parts beside them (tests/support/simulator_reach.py) occurs in at
least 1 % of simulated games. A part no random game reaches is a rule the random simulation
tests never play, so a bug planted there would go unseen. `make soak` prints the same table
over thousands of games."""
from __future__ import annotations

from functools import cache

import pytest

from tests.support.engine_harness import games_with_engines
from tests.support.simulator_reach import expected, reach_of_games

GAMES = 100          # simulated games per game: 1 % of them is one game
LEAST_SHARE = 0.01
# Where 100 games cost more than a few seconds (CPU time measured: 5.6 s to 14 s).
SLOW = {"garden-dice", "cottage-garden", "propagation"}
@cache
def reach(game_id: str) -> dict[str, float]:
    return reach_of_games(game_id, GAMES)


def _marked(game_id: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.slow] if game_id in SLOW else []


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=_marked(g)) for g in games_with_engines()])
def test_every_action_type_and_end_trigger_occurs_in_simulated_games(game_id):
    missed = {part: share for part, share in reach(game_id).items() if share < LEAST_SHARE}
    assert not missed, (f"{game_id}: in {GAMES} simulated games these occurred in fewer than "
                        f"{LEAST_SHARE:.0%}: {', '.join(missed)}")


@pytest.mark.parametrize("game_id", games_with_engines())
def test_every_game_names_its_action_types_and_end_triggers(game_id):
    """The table lists each move of a game log and at least one end: a game whose parts were
    left out of it could not fail the test above."""
    parts = expected(game_id)
    assert any(part.startswith("action ") for part in parts)
    assert any(part.startswith("end: ") for part in parts)
