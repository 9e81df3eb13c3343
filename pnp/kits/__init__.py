"""One kit module per game, pnp/kits/<the game's package>.py. Each module defines

    GAME_ID: str                      # e.g. "garden-dice"
    TITLE: str                        # e.g. "Garden Dice"
    GUIDE: pnp.model.KitGuide         # optional: what the first page tells the printer
    def components(options: pnp.options.KitOptions) -> list[pnp.model.Component]
    def readable_sheets() -> tuple[pnp.sheets.ReadableSheet, ...]   # optional (docs/photos.md)
    LOOK: pnp.art.looks.Look          # optional: display face, palette, wordmark; without it
                                      # page 1 is headed by the name in bold
    ACCEPTS_DECK = True; DECK: DeckRules  # optional: the kit is built from an owner's deck list

and draws its data (values, shapes, decks) from the game's data module, scorer.games.<package>.data,
so the kit and the scorer share one source of truth. Which games exist comes from the registry's
CATALOGUE, read without importing any rules; a kit module is imported only when built, so a
build of one game never pays for the others' kits or for any game's rules.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from scorer.games import CATALOGUE

if TYPE_CHECKING:  # the looks module draws with the kits' looks, so it imports this one
    from pnp.art.looks import Look

# Every registered game, in the order kits are built and listed.
GAME_IDS: tuple[str, ...] = tuple(CATALOGUE)


def kit_module_name(game_id: str) -> str:
    """The kit module of a registered game (KeyError for an unknown id)."""
    return f"pnp.kits.{CATALOGUE[game_id][1]}"


def available_kits() -> list[str]:
    """Game ids whose kit module exists in this installation."""
    return [game_id for game_id in GAME_IDS if importlib.util.find_spec(kit_module_name(game_id)) is not None]


def load_kit(game_id: str) -> ModuleType:
    """The kit module of a game; KeyError with a plain message for an unknown id."""
    return importlib.import_module(kit_module_name(game_id))


class DeckMistakes(ValueError):
    """A deck list that cannot be built; `errors` holds (line number, message) pairs, a line
    of 0 for a mistake of the whole list."""

    def __init__(self, errors: list[tuple[int, str]]):
        self.errors = errors
        super().__init__("; ".join(message for _, message in errors))


@dataclass(frozen=True)
class DeckRules:
    """What a kit built from an owner's deck list declares: the bounds a list sent over the
    network is held to (bytes, lines, cards: counts make the work), and how to count a list's
    cards (DeckMistakes naming each mistake by its line)."""

    max_bytes: int
    max_lines: int
    max_cards: int
    count_cards: Callable[[str], int]


def deck_rules(game_id: str) -> DeckRules | None:
    """The deck rules of a game's kit, None when the kit is not built from a deck list."""
    kit = load_kit(game_id)
    return kit.DECK if getattr(kit, "ACCEPTS_DECK", False) else None


def deck_kits() -> list[str]:
    """The kits of this installation that are built from an owner's deck list."""
    return [game_id for game_id in available_kits() if deck_rules(game_id) is not None]


def kit_look(title: str) -> Look | None:
    """The look (pnp.art.looks.Look) the kit of the game with this title declares as LOOK;
    None for a kit without one, or a title no game has."""
    for game_id, (game_title, _package) in CATALOGUE.items():
        if game_title == title:
            return getattr(load_kit(game_id), "LOOK", None)
    return None
