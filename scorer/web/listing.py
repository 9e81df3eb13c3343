"""The games as the app lists them: their titles, and each game's entry in the listing that
the home page and the API's /api/games share."""
from __future__ import annotations

from typing import Any

from scorer.games import CATALOGUE, GAMES


def game_titles() -> dict[str, str]:
    """Every registered game's title by its id."""
    return {game_id: title for game_id, (title, _) in CATALOGUE.items()}


def game_info(game_id: str) -> dict[str, Any]:
    """A game's entry in the listing: its title, whether its rules are live, its endpoints."""
    title = CATALOGUE[game_id][0]
    info: dict[str, Any] = {"id": game_id, "title": title,
                            "status": "live" if game_id in GAMES else "coming"}
    if info["status"] == "live":
        game = GAMES[game_id]
        info["rulebook"] = game.rulebook
        info["has_checks"] = game.action_model is not None
        info["links"] = {op: f"/api/games/{game_id}/{op}" for op in ("score", "validate", "check")}
        if game.engine is not None:
            info["links"]["replay"] = f"/api/games/{game_id}/replay"
            info["links"]["example"] = f"/api/games/{game_id}/example"
        info["pages"] = {"score": f"/games/{game_id}/score", "check": f"/games/{game_id}/check"}
    return info
