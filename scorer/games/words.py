"""Small helpers for the plain words of the five games' messages, so that a player reads
"an eggplant" and "1 unplaced seed", never "a eggplant" or "1 unplaced seeds"."""
from __future__ import annotations

# Nouns whose plural is not the noun plus "s".
_IRREGULAR = {"die": "dice"}


def a_or_an(word: str) -> str:
    """The article for a word of the games' vocabulary (crops, colours, plants): by its first
    letter, which is enough for these words."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def plural(count: int, noun: str) -> str:
    """"1 card", "2 cards", "1 die", "3 dice"."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {_IRREGULAR.get(noun, noun + 's')}"
