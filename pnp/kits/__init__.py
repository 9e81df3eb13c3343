"""One kit module per game. Each module defines

    GAME_ID: str                      # e.g. "garden-dice"
    TITLE: str                        # e.g. "Garden Dice"
    def components(options: KitOptions) -> list[pnp.model.Component]

and draws its data (values, shapes, decks) from the game's module in scorer.games, so the
kit and the scorer share one source of truth. Modules are imported only when built, so a
build of one game never pays for the others.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

# Game id -> kit module name, in the order kits are built and listed.
KIT_MODULES: dict[str, str] = {
    "garden-dice": "garden_dice",
    "harvest-dice": "harvest_dice",
    "cottage-garden": "cottage_garden",
    "propagation": "propagation",
    "garden-variety": "garden_variety",
}


@dataclass(frozen=True)
class KitOptions:
    """Options a kit's content may depend on (print options such as bleed live elsewhere)."""

    deck: Path | None = None  # Garden Variety: build from an owner's own deck list


def available_kits() -> list[str]:
    """Game ids whose kit module exists in this installation."""
    return [game for game, module in KIT_MODULES.items()
            if importlib.util.find_spec(f"pnp.kits.{module}") is not None]


def load_kit(game_id: str) -> ModuleType:
    """The kit module of a game; KeyError with a plain message for an unknown id."""
    if game_id not in KIT_MODULES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(KIT_MODULES)}")
    return importlib.import_module(f"pnp.kits.{KIT_MODULES[game_id]}")
