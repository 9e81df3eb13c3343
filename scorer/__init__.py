"""gardenkit's rules: validate a game's state, score it, settle rule disputes.

    import scorer
    scorer.GAMES                                # {"garden-dice": <game>, ...}
    scorer.score(game_id, state) -> dict        # raises scorer.InvalidState (has .violations)
    scorer.validate(game_id, state) -> list     # violations, [] when the state is possible
    scorer.check(game_id, state, action) -> dict
    scorer.create_app(config=None) -> flask.Flask
"""
from __future__ import annotations

from typing import Any

from scorer.core import InvalidState, UnknownGame
from scorer.games import CATALOGUE, GameRegistry

GAMES = GameRegistry()

__all__ = ["GAMES", "CATALOGUE", "InvalidState", "UnknownGame", "score", "validate", "check",
           "create_app"]


def score(game_id: str, state: Any) -> dict:
    """Final scores: players ranked after the game's tie-breakers, winners, warnings."""
    return GAMES[game_id].score(state)


def validate(game_id: str, state: Any) -> list:
    """Every reason the state is impossible; [] when it is possible."""
    return GAMES[game_id].validate(state)


def check(game_id: str, state: Any, action: Any) -> dict:
    """Is the action legal on this state, why not, and what does it do."""
    return GAMES[game_id].check(state, action)


def create_app(config: dict | None = None):
    """The Flask app (imported here, lazily, so the rules alone never load Flask)."""
    from scorer.app import create_app as factory

    return factory(config)
