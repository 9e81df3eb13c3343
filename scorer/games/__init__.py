"""The games, and the registry every part of gardenkit discovers them from. Each game is a
package scorer/games/<package>/ with

    data.py      the game's components, values and house content as plain Python data
                 (no heavy imports: the print kits in pnp/kits read it too)
    rules.py     the state and action models and the rules; defines GAME, a scorer.games.core.Game
    examples.py  worked rule checks, at least one per action type

so that the kit and the scorer read one source of truth, and one line in CATALOGUE below
(docs/adding-a-game.md). A registered game whose rules module does not exist yet is listed
as "coming" by the app and is absent from GAMES.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules machinery loads with the first game, not with this registry
    from scorer.games.core import Game

# The registry: id -> (title, package name), in the order the games are listed.
CATALOGUE: dict[str, tuple[str, str]] = {
    "garden-dice": ("Garden Dice", "garden_dice"),
    "harvest-dice": ("Harvest Dice", "harvest_dice"),
    "cottage-garden": ("Cottage Garden", "cottage_garden"),
    "propagation": ("Propagation", "propagation"),
    "garden-variety": ("Garden Variety", "garden_variety"),
}


def _rules_module_name(game_id: str) -> str:
    return f"scorer.games.{CATALOGUE[game_id][1]}.rules"


def _has_rules(game_id: str) -> bool:
    try:
        return importlib.util.find_spec(_rules_module_name(game_id)) is not None
    except ModuleNotFoundError:
        return False


class GameRegistry(Mapping):
    """{game id: Game}, importing a game's rules only when first asked for, so that a
    command touching one game does not pay for all of them."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}
        self._ids = [game_id for game_id in CATALOGUE if _has_rules(game_id)]

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._ids:
            from scorer.games.core import UnknownGame

            raise UnknownGame(game_id, self._ids)
        if game_id not in self._loaded:
            self._loaded[game_id] = importlib.import_module(_rules_module_name(game_id)).GAME
        return self._loaded[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __repr__(self) -> str:
        return f"GameRegistry({self._ids})"


# Every game with rules, loaded on first use: importing this registry costs no rules module.
GAMES = GameRegistry()
