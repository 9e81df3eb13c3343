"""gardenkit's rules: validate a game's state, score it, settle rule disputes.

    import scorer
    scorer.GAMES                                # {"garden-dice": <game>, ...}
    scorer.score(game_id, state) -> dict        # raises scorer.InvalidState (has .violations)
    scorer.validate(game_id, state) -> list     # violations, [] when the state is possible
    scorer.check(game_id, state, action) -> dict
    scorer.simulate(game_id, players, seed) -> (log, end_state)
    scorer.replay(game_id, log) -> dict         # the end and its score, or the first illegal move
    scorer.create_app(config=None) -> flask.Flask
"""
from __future__ import annotations

from typing import Any

from scorer.games import CATALOGUE, GAMES

# Importing scorer stays cheap (the print kits import scorer.games.<game>.data); the rules
# machinery and pydantic load on first use of a game or of the exception classes.


def __getattr__(name: str):
    if name in ("InvalidState", "UnknownGame"):
        from scorer.games import core

        return getattr(core, name)
    raise AttributeError(f"module 'scorer' has no attribute {name!r}")

__all__ = ["GAMES", "CATALOGUE", "InvalidState", "UnknownGame", "score", "validate", "check",
           "simulate", "replay", "create_app"]


def score(game_id: str, state: Any) -> dict:
    """Final scores: players ranked after the game's tie-breakers, winners, warnings."""
    return GAMES[game_id].score(state)


def validate(game_id: str, state: Any) -> list:
    """Every reason the state is impossible; [] when it is possible."""
    return GAMES[game_id].validate(state)


def check(game_id: str, state: Any, action: Any) -> dict:
    """Is the action legal on this state, why not, and what does it do."""
    return GAMES[game_id].check(state, action)


def simulate(game_id: str, players: int, seed: int) -> tuple[list, dict]:
    """A whole game played at random among the legal actions, with dice and draws from the
    seed (the same seed plays the same game): (log, end state's score JSON). The log's first
    entry is the setup; then actions in the check format and chance outcomes marked "chance"."""
    from scorer.games.engine import engine_of

    return engine_of(GAMES[game_id]).simulate(players, seed)


def replay(game_id: str, log: Any) -> dict:
    """Play a log from its setup: {"legal": true, "state", "end_state", "score", ...}, or
    {"legal": false, "index", "entry", "violations", "state", ...} at the first entry that
    breaks a rule (the state is the one before it). InvalidState for an unreadable log."""
    from scorer.games.engine import engine_of

    return engine_of(GAMES[game_id]).replay(log)


def create_app(config: dict | None = None):
    """The Flask app (imported here, lazily, so the rules alone never load Flask)."""
    from scorer.web.app import create_app as factory

    return factory(config)
