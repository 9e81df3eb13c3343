"""One kit module per game. Each module defines

    GAME_ID: str                      # e.g. "garden-dice"
    TITLE: str                        # e.g. "Garden Dice"
    GUIDE: pnp.model.KitGuide         # what the first page tells the printer
    def components(options: pnp.options.KitOptions) -> list[pnp.model.Component]
    def readable_sheets() -> tuple[scorer.photo.sheets.ReadableSheet, ...]   # optional (docs/photos.md)

and draws its data (values, shapes, decks) from the game's module in scorer.games, so the
kit and the scorer share one source of truth. Which games exist, and which module is each
game's kit (its Game.kit_module), comes from the game registry in scorer.games. Modules are
imported only when built, so a build of one game never pays for the others' kits.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import scorer
from scorer.games import CATALOGUE

# Every registered game, in the order kits are built and listed.
GAME_IDS: tuple[str, ...] = tuple(CATALOGUE)


def available_kits() -> list[str]:
    """Game ids whose kit module exists in this installation."""
    return [game_id for game_id in scorer.GAMES
            if importlib.util.find_spec(scorer.GAMES[game_id].kit_module) is not None]


def load_kit(game_id: str) -> ModuleType:
    """The kit module of a game; KeyError with a plain message for an unknown id."""
    return importlib.import_module(scorer.GAMES[game_id].kit_module)
