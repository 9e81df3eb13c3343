"""The four player colours every game shares, with the symbol and letter that go with each.

They live beside the games' data, which both sides read: the print kits (through pnp.colors)
and the web pages draw a player the same way, while the scorer never imports the print code.

The colours are from the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2002),
which stays distinguishable for the common forms of colour blindness. Colour is never the only
carrier of meaning: each player colour comes with its own symbol (an icon name in pnp.icons)
and letter, printed next to (or instead of) the colour.
"""
from __future__ import annotations

from dataclasses import dataclass

OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}


@dataclass(frozen=True)
class PlayerColor:
    name: str
    hex: str
    symbol: str  # icon name in pnp.icons
    letter: str


PLAYER_COLORS: dict[str, PlayerColor] = {
    "blue": PlayerColor("blue", OKABE_ITO["blue"], "circle", "B"),
    "red": PlayerColor("red", OKABE_ITO["vermillion"], "triangle", "R"),
    "green": PlayerColor("green", OKABE_ITO["bluish_green"], "square", "G"),
    "yellow": PlayerColor("yellow", OKABE_ITO["yellow"], "diamond", "Y"),
}
