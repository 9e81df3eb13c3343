"""Garden Variety print kit: the 54-card deck, a shared card back, the custom die's faces as
stickers for a stock 16 mm die, and the rules in short on half a page.

The deck comes from scorer/games/garden_variety/data.py (its deck.csv, or an owner's own
list through `--deck`), so the printed cards and the scorer agree. Every card says what it is
three ways -- colour, an animal or flower drawing, and a letter/word -- so colour-blind
players can read it: critters carry their number big in all four corners, a badge in the critter's
colour that has the shape and letter every gardenkit kit gives that colour (pnp.colors: blue
circle B, red triangle R, green square G, yellow diamond Y), the drawing, the name and whom it
beats. Wildflowers carry a flower badge (orange is no player colour, so it has no letter), and
each gnome variety has its own picture.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable

from pnp.art.critters import pose_icon, wildflower_icon
from pnp.art.looks import Look, wordmark
from pnp.checks import bounds
from pnp.colors import INK, OKABE_ITO, PLAYER_COLORS, darken, lighten, text_color_on
from pnp.errors import KitError
from pnp.fold import FOLD_GUTTER_MM
from pnp.fonts import measure
from pnp.icons import icon_group, outline_of, register_icon, solid, star_points
from pnp.kits import DeckMistakes, DeckRules
from pnp.model import Circle, Component, Face, Group, Icon, KitGuide, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.options import KitOptions
from pnp.parts import STICKER_NOTE_H, STICKER_NOTE_W, chit_grid, ellipse, sticker_note, text_column
from pnp.text import BODY_MM
from scorer.games.garden_variety import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE
# The game's look: its wordmark's face, ink, swash and ornaments (pnp.art.looks).
LOOK = Look("leckerli-one", "andika", "#6B2D5C", "#E69F00",
            (("look-gnome-hat", "#D55E00"), ("look-gnome-hat", "#0072B2")))

def house_deck_note(deck: data.Deck = data.DECK) -> str:
    """Which cards of the deck are the kit's own choice: the rulebook ("What's in the box",
    "Types of cards") counts 42 basic cards, "a few rare" 0/10 critters and wildflowers of
    1-9, and no more."""
    rare = sorted((card for card in deck if card.number == data.RARE_NUMBER), key=lambda card: str(card.color))
    rare_count = sum(deck[card] for card in rare)
    who = " and ".join(f"{card.color} {data.CRITTERS[str(card.color)].lower()}" for card in rare)
    flowers = sorted(card.number for card in deck for _ in range(deck[card]) if card.kind == "wildflower")
    numbers = ", ".join(str(number) for number in flowers)
    return (f"The {rare_count} rare 0/10 critters ({who}) and the {len(flowers)} wildflowers ({numbers}) are a "
            "house choice: the rulebook (What's in the box, Types of cards) gives no count of either. "
            "The kit adds them to fill out the box's basic cards; if you own the real cards, play with those.")


# What the first page tells the person printing the kit.
GUIDE = KitGuide(
    box_items=(("blank or plain six-sided die, about 16 mm", 1), ("glue stick for the die stickers", 1)),
    assembly=(
        # not "on their crop marks": a folded build's pairs are cut, folded and glued first
        "Cut out the 54 cards: poker size, they fit standard 66x91 mm sleeves (a playing card inside "
        "makes them sturdier).",
        "Die stickers (page {pages of die-stickers}, plain paper, with the rules summary): trim the "
        "sheet on its corner ticks, cut between the faces and glue one "
        "on each side of a 16 mm die, each column's two faces on opposite sides. The kit prints no paper cube: "
        "a stock die rolls true.",
        "Cut out the two rules summaries: half a page each, one for each end of the table.",
    ),
    paper="Cards may be plain paper slipped into card sleeves instead; the die stickers are glued onto a die.",
    house=house_deck_note(),
)

CARD_W, CARD_H = 63.5, 88.9
DIE_STICKER = 12.0  # a die sticker's side: the flat of a stock 16 mm die with rounded edges

CRITTER_COLORS = {"blue": OKABE_ITO["blue"], "red": OKABE_ITO["vermillion"],
                  "green": OKABE_ITO["bluish_green"], "yellow": OKABE_ITO["yellow"]}
ANIMAL_ICONS = {"blue": "gv-opossum", "red": "gv-snail", "green": "gv-frog", "yellow": "gv-bee"}
WILDFLOWER_COLOR = OKABE_ITO["orange"]
GNOME_COLOR = OKABE_ITO["reddish_purple"]
GNOME_INK = darken(GNOME_COLOR, 0.25)  # the gnomes' pink deep enough (5:1) for the die's "!" on white
BACK_COLOR = "#2F5D3A"
CREAM = "#F7F1DC"
RIM_COLOUR = "#2F4A33"  # every card's edge, through the bleed: a hedge's dark green
DARK = "#2A2A2A"


# --- drawings --------------------------------------------------------------------------------
# Each icon draws in a 100-unit square scaled to `size`; `u` converts units to millimetres.

@register_icon("gv-opossum")
def opossum(size: float, color: str) -> Group:
    """An opossum walking left: pale pointed face with a pink nose, round dark ears, a bead
    of an eye, a furred body in its colour and a long bare tail curled at the tip."""
    u = size / 100
    edge = outline_of(color)
    skin, skin_edge = "#E9A6B3", "#A8606E"
    face, face_edge = "#F6F1E7", "#8C8373"
    fur = Style(stroke=darken(color, 0.35), stroke_width=1.6 * u)
    tufts = sum(((("M", x * u, y * u), ("L", (x + 4) * u, (y - 5) * u)) for x, y in
                 ((50, 46), (58, 44), (66, 46), (74, 50), (54, 54), (64, 56))), ())
    return Group.of(
        # the tail curls up at its tip, above the foot of the square: drawn 48 mm across on a 9,
        # a tail hanging lower met the turned colour badge
        Path((("M", 80 * u, 60 * u), ("C", 97 * u, 60 * u, 99 * u, 78 * u, 88 * u, 82 * u),
              ("C", 79 * u, 85 * u, 75 * u, 76 * u, 82 * u, 74 * u)), Style(stroke=skin_edge, stroke_width=6 * u)),
        Path((("M", 80 * u, 60 * u), ("C", 97 * u, 60 * u, 99 * u, 78 * u, 88 * u, 82 * u),
              ("C", 79 * u, 85 * u, 75 * u, 76 * u, 82 * u, 74 * u)), Style(stroke=skin, stroke_width=3.6 * u)),
        *(Rect(x * u, 66 * u, 7 * u, 17 * u, Style(fill=DARK), radius=3 * u) for x in (36, 47, 62, 72)),
        *(ellipse((x + 3.5) * u, 84 * u, 5 * u, 2.4 * u, Style(fill=skin, stroke=skin_edge, stroke_width=0.5 * u))
          for x in (36, 47, 62, 72)),
        ellipse(58 * u, 57 * u, 27 * u, 18 * u, solid(color, size)),
        Path(tufts, fur),
        Path((("M", 44 * u, 42 * u), ("C", 30 * u, 42 * u, 16 * u, 52 * u, 6 * u, 60 * u),
              ("C", 16 * u, 66 * u, 30 * u, 72 * u, 46 * u, 68 * u), ("C", 50 * u, 58 * u, 50 * u, 48 * u, 44 * u, 42 * u),
              ("Z",)), Style(fill=face, stroke=face_edge, stroke_width=size * 0.015)),
        Circle(40 * u, 38 * u, 8 * u, Style(fill=DARK, stroke=edge, stroke_width=0.4 * u)),
        Circle(40 * u, 39 * u, 4 * u, Style(fill=skin)),
        ellipse(30 * u, 52 * u, 5 * u, 3.4 * u, Style(fill=lighten(DARK, 0.35))),
        Circle(29 * u, 52 * u, 2.6 * u, Style(fill=DARK)),
        Circle(28 * u, 51 * u, 0.9 * u, Style(fill="#FFFFFF")),
        Circle(7 * u, 60 * u, 3.2 * u, Style(fill=skin, stroke=skin_edge, stroke_width=0.5 * u)),
        Path((("M", 14 * u, 62 * u), ("L", 2 * u, 58 * u), ("M", 14 * u, 63 * u), ("L", 2 * u, 66 * u)),
             Style(stroke=face_edge, stroke_width=0.8 * u)),
    )


def _spiral(cx: float, cy: float, turns: float, radius: float, points: int = 48) -> tuple:
    path = []
    for i in range(points + 1):
        t = i / points
        angle = t * turns * 2 * math.pi
        r = radius * t
        path.append(("M" if i == 0 else "L", cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return tuple(path)


@register_icon("gv-snail")
def snail(size: float, color: str) -> Group:
    """A snail gliding left: a freckled foot, two eye stalks, a spiral shell with a shine."""
    u = size / 100
    body, body_edge = "#D9C7A3", "#8C7A55"
    stalk = Style(stroke=body_edge, stroke_width=2.5 * u)
    freckles = Style(fill=lighten(body_edge, 0.2))
    return Group.of(
        Rect(8 * u, 70 * u, 86 * u, 13 * u, Style(fill=body, stroke=body_edge, stroke_width=size * 0.02), radius=6.5 * u),
        *(Circle(x * u, 77 * u, 1.4 * u, freckles) for x in (30, 44, 58, 72, 84)),
        Circle(17 * u, 68 * u, 10 * u, Style(fill=body, stroke=body_edge, stroke_width=size * 0.02)),
        Line(13 * u, 60 * u, 7 * u, 42 * u, stalk), Line(20 * u, 60 * u, 23 * u, 42 * u, stalk),
        Circle(7 * u, 41 * u, 3.2 * u, Style(fill=DARK)), Circle(23 * u, 41 * u, 3.2 * u, Style(fill=DARK)),
        Circle(6 * u, 40 * u, 1.1 * u, Style(fill="#FFFFFF")), Circle(22 * u, 40 * u, 1.1 * u, Style(fill="#FFFFFF")),
        Path((("M", 10 * u, 71 * u), ("C", 13 * u, 74 * u, 17 * u, 74 * u, 20 * u, 71 * u)),
             Style(stroke=body_edge, stroke_width=1.2 * u)),
        Circle(58 * u, 48 * u, 27 * u, solid(color, size)),
        Path(_spiral(58 * u, 48 * u, 2.4, 22 * u), Style(stroke=outline_of(color), stroke_width=2.6 * u)),
        ellipse(46 * u, 32 * u, 7 * u, 3.5 * u, Style(fill=lighten(color, 0.6))),
    )


@register_icon("gv-frog")
def frog(size: float, color: str) -> Group:
    """A frog sitting up: bulging eyes, a wide smile, spots on its back, webbed feet."""
    u = size / 100
    edge = outline_of(color)
    eye_white = Style(fill="#FFFFFF", stroke=edge, stroke_width=size * 0.015)
    spots = Style(fill=darken(color, 0.35))
    toes = Style(fill=lighten(color, 0.3), stroke=edge, stroke_width=0.6 * u)
    # the feet keep above the square's last tenth: drawn 48 mm across on a 9, toes at its foot
    # met the turned colour badge
    return Group.of(
        ellipse(22 * u, 84 * u, 14 * u, 5.5 * u, solid(color, size)),
        ellipse(78 * u, 84 * u, 14 * u, 5.5 * u, solid(color, size)),
        *(Circle(x * u, 87 * u, 2.6 * u, toes) for x in (10, 17, 24, 76, 83, 90)),
        ellipse(50 * u, 64 * u, 38 * u, 26 * u, solid(color, size)),
        *(Circle(x * u, y * u, r * u, spots) for x, y, r in ((20, 58, 4), (80, 58, 4), (26, 72, 3), (74, 72, 3))),
        ellipse(50 * u, 74 * u, 21 * u, 12 * u, Style(fill=lighten(color, 0.55))),
        Circle(29 * u, 38 * u, 13 * u, solid(color, size)), Circle(71 * u, 38 * u, 13 * u, solid(color, size)),
        Circle(29 * u, 37 * u, 8 * u, eye_white), Circle(71 * u, 37 * u, 8 * u, eye_white),
        Circle(30 * u, 38 * u, 4 * u, Style(fill=DARK)), Circle(70 * u, 38 * u, 4 * u, Style(fill=DARK)),
        Circle(28.5 * u, 36.5 * u, 1.2 * u, Style(fill="#FFFFFF")), Circle(68.5 * u, 36.5 * u, 1.2 * u, Style(fill="#FFFFFF")),
        Circle(44 * u, 52 * u, 1.3 * u, Style(fill=DARK)), Circle(56 * u, 52 * u, 1.3 * u, Style(fill=DARK)),
        Path((("M", 30 * u, 62 * u), ("C", 40 * u, 71 * u, 60 * u, 71 * u, 70 * u, 62 * u)),
             Style(stroke=edge, stroke_width=2.8 * u)),
    )


@register_icon("gv-bee")
def bee(size: float, color: str) -> Group:
    """A bumblebee flying left: veined wings, dark bands, legs with orange pollen baskets."""
    u = size / 100
    wing = Style(fill="#EAF4FB", stroke="#7F9CB0", stroke_width=size * 0.015)
    vein = Style(stroke="#9FB6C6", stroke_width=0.8 * u)
    rx, ry, cx, cy = 30 * u, 20 * u, 56 * u, 62 * u
    stripes = []
    for x in (50 * u, 64 * u, 77 * u):  # dark bands, as tall as the body is at that x
        half = ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2)) * 0.93
        stripes.append(Rect(x - 3.5 * u, cy - half, 7 * u, 2 * half, Style(fill=DARK), radius=3.5 * u))
    antenna = Style(stroke=DARK, stroke_width=2.2 * u)
    legs = Style(stroke=DARK, stroke_width=1.8 * u)
    return Group.of(
        Group((ellipse(0, 0, 12 * u, 20 * u, wing), Line(0, 16 * u, 0, -14 * u, vein)), translate=(46 * u, 34 * u),
              rotate=-25),
        Group((ellipse(0, 0, 12 * u, 20 * u, wing), Line(0, 16 * u, 0, -14 * u, vein)), translate=(64 * u, 32 * u),
              rotate=20),
        Path((("M", 42 * u, 78 * u), ("L", 38 * u, 90 * u), ("M", 56 * u, 81 * u), ("L", 56 * u, 93 * u),
              ("M", 68 * u, 79 * u), ("L", 72 * u, 91 * u)), legs),
        ellipse(56 * u, 90 * u, 4.5 * u, 3.5 * u, Style(fill="#E69F00", stroke="#8A5A00", stroke_width=0.5 * u)),
        Polygon(((84 * u, 57 * u), (97 * u, 62 * u), (84 * u, 67 * u)), Style(fill=DARK)),
        ellipse(cx, cy, rx, ry, solid(color, size)),
        *stripes,
        Line(20 * u, 50 * u, 11 * u, 33 * u, antenna), Line(26 * u, 49 * u, 27 * u, 31 * u, antenna),
        Circle(11 * u, 33 * u, 2.6 * u, Style(fill=DARK)), Circle(27 * u, 31 * u, 2.6 * u, Style(fill=DARK)),
        Circle(23 * u, 60 * u, 12 * u, Style(fill=DARK)),
        Circle(19 * u, 56 * u, 3 * u, Style(fill="#FFFFFF")),
    )


@register_icon("gv-wildflower")
def wildflower(size: float, color: str) -> Group:
    u = size / 100
    stem = Style(stroke="#3E7D3A", stroke_width=3.5 * u)
    leaf = Style(fill="#5DA34F", stroke="#3E7D3A", stroke_width=size * 0.015)
    petals = tuple(Group((ellipse(0, -17 * u, 9 * u, 15 * u, solid(color, size)),), translate=(50 * u, 36 * u),
                        rotate=i * 360 / 7) for i in range(7))
    return Group((
        Line(50 * u, 50 * u, 50 * u, 98 * u, stem),
        Group((ellipse(0, 0, 14 * u, 6 * u, leaf),), translate=(36 * u, 76 * u), rotate=-30),
        Group((ellipse(0, 0, 14 * u, 6 * u, leaf),), translate=(64 * u, 68 * u), rotate=30),
    ) + petals + (Circle(50 * u, 36 * u, 10 * u, Style(fill="#8A5A2B", stroke="#5E3B18", stroke_width=size * 0.015)),))


def gnome_figure(size: float, color: str) -> list[Shape]:
    """A garden gnome standing in the 100-unit square: `color` is his hat."""
    u = size / 100
    return [
        Polygon(((30 * u, 66 * u), (70 * u, 66 * u), (82 * u, 98 * u), (18 * u, 98 * u)),
                Style(fill="#3C6E8F", stroke="#24455A", stroke_width=size * 0.015)),
        Circle(50 * u, 48 * u, 15 * u, Style(fill="#F2C6A0", stroke="#B98A68", stroke_width=size * 0.015)),
        Path((("M", 33 * u, 50 * u), ("C", 36 * u, 70 * u, 44 * u, 84 * u, 50 * u, 90 * u),
              ("C", 56 * u, 84 * u, 64 * u, 70 * u, 67 * u, 50 * u),
              ("C", 60 * u, 58 * u, 40 * u, 58 * u, 33 * u, 50 * u), ("Z",)),
             Style(fill="#F7F7F7", stroke="#A0A0A0", stroke_width=size * 0.015)),
        Circle(50 * u, 53 * u, 5 * u, Style(fill="#E3927A")),
        Circle(44 * u, 45 * u, 1.8 * u, Style(fill=DARK)), Circle(56 * u, 45 * u, 1.8 * u, Style(fill=DARK)),
        Polygon(((30 * u, 40 * u), (52 * u, 2 * u), (70 * u, 40 * u)), solid(color, size)),
        Rect(27 * u, 37 * u, 46 * u, 7 * u, Style(fill=outline_of(color)), radius=3 * u),
    ]


@register_icon("gv-gnome")
def gnome(size: float, color: str) -> Group:
    return Group(tuple(gnome_figure(size, color)))


# Each gnome variety's own picture: the gnome doing what his card does.

@register_icon("gv-gnome-copycat")
def copycat_gnome(size: float, color: str) -> Group:
    """Two gnomes side by side, the second a pale copy of the first."""
    small = size * 0.72
    pale = lighten(color, 0.55)
    return Group.of(Group(tuple(gnome_figure(small, color)), translate=(0, size * 0.26)),
                    Group(tuple(gnome_figure(small, pale)), translate=(size * 0.3, size * 0.26)))


@register_icon("gv-gnome-wishing")
def wishing_gnome(size: float, color: str) -> Group:
    """A gnome raising a wand with a star on it. The star keeps out of the square's top-right
    corner: at (92, 20) it touched the emblem ring in the card's top-right corner."""
    u = size / 100
    return Group((*gnome_figure(size * 0.85, color),
                  Line(72 * u, 84 * u, 88 * u, 40 * u, Style(stroke="#8A5A2B", stroke_width=3 * u)),
                  Polygon(star_points(88 * u, 36 * u, 11 * u, 4.5 * u), solid(OKABE_ITO["yellow"], size))))


@register_icon("gv-gnome-topsy-turvy")
def topsy_turvy_gnome(size: float, color: str) -> Group:
    """A gnome standing on his head."""
    return Group((Group(tuple(gnome_figure(size, color)), translate=(size, size), rotate=180),))


@register_icon("gv-gnome-thief")
def thief_gnome(size: float, color: str) -> Group:
    """A gnome in a bandit's mask with a sack over his shoulder."""
    u = size / 100
    mask = Rect(33 * u, 41 * u, 34 * u, 8 * u, Style(fill=DARK), radius=3 * u)
    eyes = (Circle(43 * u, 45 * u, 2 * u, Style(fill="#FFFFFF")), Circle(57 * u, 45 * u, 2 * u, Style(fill="#FFFFFF")))
    sack = Circle(80 * u, 70 * u, 14 * u, Style(fill="#C9A46A", stroke="#8A6A3A", stroke_width=size * 0.015))
    return Group((sack, *gnome_figure(size, color), mask, *eyes))


@register_icon("gv-copycat")
def copycat(size: float, color: str) -> Group:
    u = size / 100
    sheet = Style(fill="#FFFFFF", stroke=color, stroke_width=7 * u)
    return Group.of(Rect(10 * u, 28 * u, 52 * u, 62 * u, sheet, radius=6 * u),
                    Rect(38 * u, 10 * u, 52 * u, 62 * u, sheet, radius=6 * u))


@register_icon("gv-wishing")
def wishing(size: float, color: str) -> Group:
    u = size / 100
    return Group.of(Polygon(star_points(50 * u, 53 * u, 46 * u, 19 * u), solid(color, size)),
                    Polygon(star_points(86 * u, 14 * u, 12 * u, 4 * u, 4), solid(color, size)))


@register_icon("gv-topsy-turvy")
def topsy_turvy(size: float, color: str) -> Group:
    u = size / 100
    style = solid(color, size)
    up = Polygon(((28 * u, 4 * u), (50 * u, 34 * u), (36 * u, 34 * u), (36 * u, 92 * u), (20 * u, 92 * u),
                  (20 * u, 34 * u), (6 * u, 34 * u)), style)
    down = Polygon(((72 * u, 96 * u), (50 * u, 66 * u), (64 * u, 66 * u), (64 * u, 8 * u), (80 * u, 8 * u),
                    (80 * u, 66 * u), (94 * u, 66 * u)), style)
    return Group.of(up, down)


@register_icon("gv-thief")
def thief(size: float, color: str) -> Group:
    """A bandit's mask: a band with two eye holes (even-odd fill makes the holes)."""
    u = size / 100
    band = (("M", 4 * u, 38 * u), ("C", 30 * u, 26 * u, 70 * u, 26 * u, 96 * u, 38 * u),
            ("L", 92 * u, 66 * u), ("C", 70 * u, 74 * u, 30 * u, 74 * u, 8 * u, 66 * u), ("Z",))
    holes: list[tuple] = []
    for cx in (32, 68):
        eye = ellipse(cx * u, 50 * u, 11 * u, 7 * u, Style())
        holes.extend(eye.commands)
    return Group.of(Path(band + tuple(holes), solid(color, size)))


GNOME_EMBLEMS = {"copycat": "gv-copycat", "wishing": "gv-wishing", "topsy-turvy": "gv-topsy-turvy",
                 "thief": "gv-thief"}
GNOME_PICTURES = {name: f"gv-gnome-{name}" for name in GNOME_EMBLEMS}


# --- card faces ------------------------------------------------------------------------------

def _four_corners(index: Callable[[bool], Group]) -> Group:
    """The corner index in all four corners: top-left and top-right, and both turned half
    round (bottom-right and bottom-left). A hand fanned to the right shows each card's left
    edge, one fanned to the left its right edge, and a card held upside down its foot: in
    four corners the number shows in a fan whichever hand holds it, either way up (two
    corners showed it to right-handed fans only)."""
    left, right = index(False), index(True)
    return Group((left, right, Group((left, right), translate=(CARD_W, CARD_H), rotate=180)))


# Every card's edge is one rim run on into the bleed, the same colour on every card, so cards of
# any colours share their cuts (an off cut shows the rim's colour beside the same colour, never
# paper or another suit), and the last nine print on one Letter page like the rest. Inside the
# rim the whole panel is a pale tint of the suit's colour: one frame, the suit told by the panel.
# By default the rim is the cards' cream, a shade off the pale panels, and 2 mm wide: a cut 1 mm
# off leaves 1 mm and 3 mm of a rim that barely stands off the panel, where the 3.5 mm rim of
# dark green showed it as a lopsided frame (and inked every card's edge). The dark rim stays
# for `--dark-backs`, which asks for the dark cards. (The suit's own colour into the bleed
# cannot share a cut with another suit's, and on Letter, whose three rows of cards have 0.7 mm
# to spare, every column of a page would have to be one suit: the 10 blue and 10 green cards
# and the 4 wildflowers fill no whole columns, so a seventh sheet.)
RIM = 2.0              # the rim, from the trim inwards: the panel's edge
SAFE = 3.5             # the corner indices and emblems keep where they stood inside the 3.5 mm rim
CORNER = SAFE - 4.0    # the corner indices, from where they stood inside the earlier 6 mm frame
PANEL_TINT = 0.78      # the panel: the suit's colour this far towards white


def rim_colour(dark: bool) -> str:
    """Every card front's edge: the cards' cream, or the hedge green of the dark cards."""
    return RIM_COLOUR if dark else CREAM


def panel_colour(colour: str) -> str:
    return lighten(colour, PANEL_TINT)


def _framed(colour: str, dark: bool, *shapes: Shape) -> Face:
    """A card face: the rim (its edge colour, through the bleed), the panel in a tint of the
    suit's colour, then the face's own drawing."""
    panel = Rect(RIM, RIM, CARD_W - 2 * RIM, CARD_H - 2 * RIM,
                 Style(fill=panel_colour(colour)), radius=3.0)
    return Face(Group((panel, *shapes)), background=rim_colour(dark))


# The corner group's width: an index on the right stands where its mirror image on the left would.
CORNER_SPAN = CARD_W - 2 * CORNER
BADGE_X = 9.5          # a badge's centre, across from the corner


def _number_index(label: str, badge: Group, right: bool = False) -> Group:
    """The card's number, with the colour badge under it, inside the panel's corner: the
    top-left one, or (`right`) the top-right one, its number likewise toward the card's middle."""
    def across(x: float) -> float:
        return CORNER_SPAN - x if right else x

    size = 12.0 if len(label) == 1 else 6.2
    shapes: list[Shape] = [
        Text(across(BADGE_X if len(label) == 1 else 12.5), 5.5, label, size=size, align="center", anchor="top",
             bold=True, fill=INK),
        Group((badge,), translate=(across(BADGE_X) - BADGE_X, 0)) if right else badge,
    ]
    if label in ("6", "9"):  # the turned corner must not read as the other number
        shapes.append(Line(across(6.3), 15.3, across(12.7), 15.3, Style(stroke=INK, stroke_width=0.9)))
    return Group(tuple(shapes), translate=(CORNER, CORNER))


def colour_badge(colour: str) -> Group:
    """The critter colour's own symbol, filled with the colour, its letter on it."""
    player = PLAYER_COLORS[colour]
    return Group.of(Icon(player.symbol, BADGE_X, 21.5, 9.6, player.hex),
                    Text(BADGE_X, 21.9 if player.symbol != "triangle" else 23.0, player.letter, size=3.6, align="center",
                         anchor="middle", bold=True, fill=text_color_on(player.hex)))


def flower_badge() -> Group:
    return Group.of(Icon("flower", BADGE_X, 21, 8.6, WILDFLOWER_COLOR))


# The picture's centre: the card's, between the four corners' badges (with a badge in two
# corners only, it stood 1 mm right of the middle and 1 mm high, clear of the top-left one).
ART_X, ART_Y = CARD_W / 2, CARD_H / 2


NAME_MAX_MM = 4.2    # a critter's name under its picture at most, 11.9 pt
BADGE_R = 4.8        # the colour badge's half-width (its icon is 9.6 mm)
# The name stays this far from the turned badge in the bottom-right corner, whose left edge is
# at CARD_W - CORNER - BADGE_X - BADGE_R (the bottom-left one mirrors it): "Blue Opossum" at 4.2 mm came within 0.3 mm of it.
BADGE_CLEAR = 1.5
NAME_ROOM = 2 * (CARD_W - CORNER - BADGE_X - BADGE_R - BADGE_CLEAR - CARD_W / 2)


CRITTER_NAMES = {colour: f"{colour.capitalize()} {animal}" for colour, animal in data.CRITTERS.items()}
# One size for every critter's name, the largest at which the widest fits the room between the
# badges ("Blue Opossum", 9.8 pt): a name set larger because it is shorter ("Green Frog" was
# 11.9 pt) looks like a different kind of card.
NAME_MM = min(NAME_MAX_MM, NAME_MAX_MM * NAME_ROOM / max(measure(name, NAME_MAX_MM, True)
                                                         for name in CRITTER_NAMES.values()))


# A critter's picture grows with its card's number: the poses take turns along the numbers
# (pnp.art.critters.pose_icon), and each picture is scaled so that what it draws is
# CRITTER_TALL[third] tall (30 mm on 1-3, 32 on 4-6, 34 on 7-9: the 34.3 mm between the top
# badges and the turned ones, BADGE_CLEAR from each), or ART_WIDE[third] across
# where that is reached first (the opossum hanging from its branch is wide and low), its drawing
# centred on ART_X, ART_Y. (Sized by its square, 42-48 mm, the blue opossum stood 24 mm tall
# beside a 37 mm bee: the review asked for about 30 mm.)
CRITTER_TALL = (30.0, 32.0, 34.0)
ART_WIDE = (48.0, 50.5, 53.0)   # the panel is 56.5 mm across
RARE_TALL = 26.0       # the rare 0/10 card's picture, above its extra line


def _fitted(name: str, colour: str, tall: float, wide: float, cx: float, cy: float) -> Icon:
    """The icon `name` scaled so its drawing is `tall` high and at most `wide` across, the
    drawing's own box centred on (cx, cy)."""
    left, top, right, bottom = drawn_box(name, colour)
    scale = min(tall / (bottom - top), wide / (right - left))
    size = 100.0 * scale
    return Icon(name, cx + size / 2 - scale * (left + right) / 2, cy + size / 2 - scale * (top + bottom) / 2,
                round(size, 3), colour)


@functools.cache
def drawn_box(name: str, colour: str) -> tuple[float, float, float, float]:
    """What the icon draws, in its 100-unit square."""
    box = bounds(icon_group(name, 100.0, colour))
    assert box is not None, name
    return box


def critter_picture(colour: str, number: int | str) -> Icon:
    """A critter card's picture: by thirds of 1-9; the rare 0/10 card's smaller, higher."""
    name, ink = pose_icon(ANIMAL_ICONS[colour], number), CRITTER_COLORS[colour]
    if not isinstance(number, int):
        return _fitted(name, ink, RARE_TALL, ART_WIDE[0], ART_X, ART_Y - 4)
    third = min(max((number - 1) // 3, 0), 2)
    return _fitted(name, ink, CRITTER_TALL[third], ART_WIDE[third], ART_X, ART_Y)


def critter_face(card, dark: bool = False) -> Face:
    color = CRITTER_COLORS[card.color]
    beaten = data.BEATS[card.color]
    rare = card.number == data.RARE_NUMBER
    name = CRITTER_NAMES[card.color]
    shapes: list[Shape] = [
        _four_corners(lambda right: _number_index(str(card.number), colour_badge(card.color), right)),
        critter_picture(card.color, card.number),
        Text(CARD_W / 2, 58.5 if rare else 67.5, name, size=NAME_MM, align="center", anchor="top",
             bold=True, fill=INK),
        Text(CARD_W / 2, 64 if rare else 73, f"beats {beaten.capitalize()} {data.CRITTERS[beaten]}", size=2.9,
             align="center", anchor="top", fill=INK),
    ]
    if rare:
        shapes.append(Text(CARD_W / 2, 68, "say 0 or 10\nwhen you play it", size=2.85, align="center",
                           anchor="top", bold=True, fill=INK))
    return _framed(color, dark, *shapes)


def wildflower_face(card, dark: bool = False) -> Face:
    return _framed(
        WILDFLOWER_COLOR, dark,
        _four_corners(lambda right: _number_index(str(card.number), flower_badge(), right)),
        _fitted(wildflower_icon("gv-wildflower", card.number), WILDFLOWER_COLOR, CRITTER_TALL[1], ART_WIDE[1], ART_X,
                ART_Y),
        Text(CARD_W / 2, 67.5, "Wildflower", size=4.2, align="center", anchor="top", bold=True, fill=INK),
        Text(CARD_W / 2, 73, "wins ties with critters", size=2.85, align="center", anchor="top", fill=INK))


# A gnome's corner emblem: a ring EMBLEM_R round, its ink this far inside the panel's edge (it
# touched the frame, 0.35 mm over it, and read as a notch in it).
EMBLEM_R = 5.6
EMBLEM_RING = 0.5
EMBLEM_CLEAR = 1.2
EMBLEM_AT = SAFE + EMBLEM_CLEAR + EMBLEM_R + EMBLEM_RING / 2 - CORNER  # its centre, in the corner's group


def gnome_emblem(name: str, right: bool) -> Group:
    """A gnome card's corner index: its variety's emblem in a white ring, top-left or top-right."""
    x = CORNER_SPAN - EMBLEM_AT if right else EMBLEM_AT
    return Group.of(Circle(x, EMBLEM_AT, EMBLEM_R, Style(fill="#FFFFFF", stroke=GNOME_COLOR, stroke_width=EMBLEM_RING)),
                    Icon(GNOME_EMBLEMS[name], x, EMBLEM_AT, 7.2, GNOME_COLOR), translate=(CORNER, CORNER))


def gnome_face(card, dark: bool = False) -> Face:
    variety = data.GNOMES[card.name]
    return _framed(
        GNOME_COLOR, dark,
        _four_corners(lambda right: gnome_emblem(card.name, right)),
        Icon(GNOME_PICTURES[card.name], CARD_W / 2, 30, 38, GNOME_COLOR),
        Text(CARD_W / 2, 51, variety.title, size=4.3, align="center", anchor="top", bold=True, fill=INK),
        Text(CARD_W / 2, 57.5, variety.effect, size=3.1, align="center", anchor="top", fill=INK, max_width=40))


TRELLIS = CARD_W / 5  # 12.7 mm: one step of the trellis
TRELLIS_RUN = 10.0    # how far the trellis runs past the trim: through any bleed a build asks for


def card_back(dark: bool = False) -> Face:
    """The shared back: by default a light one that saves ink (a thin green trellis on cream);
    `dark` gives the full-bleed dark green back. Every back is the same picture: the trellis
    is laid from the card's own corner (one laid from the sheet's showed where on the sheet a
    card was printed, so a card in a hand could be told by its back). Its step divides the
    card's width and height, so backs on one cut continue each other, and it runs on through
    the bleed."""
    ground, line = (BACK_COLOR, "#4C8A5A") if dark else (CREAM, "#B7CDB0")
    trellis = Style(stroke=line, stroke_width=0.6 if dark else 0.4)
    lines: list[Shape] = []
    start, end = -TRELLIS_RUN, CARD_W + TRELLIS_RUN  # the card and any bleed
    steps = round((CARD_W + CARD_H + 2 * TRELLIS_RUN) / TRELLIS) + 3
    for k in range(-steps, steps + 1):  # the lines y = x + c and y = -x + c, c a whole number of steps
        c = k * TRELLIS
        lines.append(Line(start, start + c, end, end + c, trellis))
        lines.append(Line(start, c - start, end, c - end, trellis))
    # flowers in the middle of four diamonds, placed alike under a half turn
    flowers = [Icon("flower", x, y, 9, OKABE_ITO["reddish_purple"]) for x, y in
               ((TRELLIS, 1.5 * TRELLIS), (CARD_W - TRELLIS, 1.5 * TRELLIS),
                (TRELLIS, CARD_H - 1.5 * TRELLIS), (CARD_W - TRELLIS, CARD_H - 1.5 * TRELLIS))]
    return Face(Group((
        *lines,
        *flowers,
        Rect(4, CARD_H / 2 - 9, CARD_W - 8, 18, Style(fill="#FFFFFF" if not dark else CREAM, stroke="#C9B77A",
                                                        stroke_width=0.5), radius=4),
        wordmark(TITLE, CARD_W / 2, CARD_H / 2, 12.0, align="center", max_width=CARD_W - 10, middle=True)[0],
    )), background=ground)


def card_face(card, dark: bool = False) -> Face:
    """A card's front: light (a cream rim) unless `dark` (the dark cards' hedge-green rim)."""
    if card.kind == "critter":
        return critter_face(card, dark)
    if card.kind == "wildflower":
        return wildflower_face(card, dark)
    return gnome_face(card, dark)


# --- the die and the rules card --------------------------------------------------------------

CHAOS_MM = 2.5   # the chaos face's word, 7.1 pt: read at the table like every word of the kit
CHAOS_INK = darken(GNOME_INK, 0.15)  # the "!" on the cream sticker: 5:1 (the gnomes' ink is 4.5:1 on cream)
DIE_NUMBER_MM = 6.4   # a face's number in the game's display face (its cap height is about 4.4 mm)
SPRIG_MM = 2.4        # the little flowers in two corners of a number face


def die_face(label: str) -> Group:
    """A die sticker in the cards' look: cream ground, the number in the wordmark's face and ink
    (a line under 0 and 10 gives them an "up"), a flower of the game's orange in two opposite
    corners; the chaos face a gnome's hat over its "!" in the gnomes' pink and its word."""
    s = DIE_STICKER
    shapes: list[Shape] = [Rect(0, 0, s, s, Style(fill=CREAM, decorative=True))]
    if label == data.DIE_LABELS[data.CHAOS]:
        shapes += [Icon("look-gnome-hat", s * 0.27, s * 0.3, 3.4, GNOME_COLOR),
                   Text(s * 0.62, s * 0.44, "!", size=6.5, align="center", anchor="middle", bold=True, fill=CHAOS_INK),
                   Text(s / 2, s * 0.8, "chaos", size=CHAOS_MM, align="center", anchor="middle", bold=True, fill=INK)]
    else:
        shapes += [Icon("flower", x, y, SPRIG_MM, LOOK.accent) for x, y in ((1.9, 1.9), (s - 1.9, s - 1.9))]
        shapes.append(Text(s / 2, s / 2, label, size=DIE_NUMBER_MM if len(label) == 1 else DIE_NUMBER_MM * 0.85,
                           align="center", anchor="middle", fill=LOOK.ink, face=LOOK.face))
        if label in ("0", "10"):  # a line under the number, so the face has an unambiguous "up"
            shapes.append(Line(s * 0.3, s * 0.84, s * 0.7, s * 0.84, Style(stroke=LOOK.ink, stroke_width=0.45)))
    return Group(tuple(shapes))


# The faces in pairs that go on opposite sides, one pair to a column of the strip: they sum to
# 10 where they can (0|10, 3|7), and 5 faces the chaos face.
DIE_PAIRS = ((0, 10), (3, 7), (5, data.CHAOS))


def die_stickers() -> Component:
    """The six faces as one sheet of stickers for a stock 16 mm die, each column a pair of
    opposite faces: trimmed on its corner ticks, then cut between the faces (a sheet of chits)."""
    columns, rows = len(DIE_PAIRS), 2
    faces = [die_face(data.DIE_LABELS[pair[row]]) for row in range(rows) for pair in DIE_PAIRS]   # a pair to a column
    sheet = chit_grid(faces, columns, DIE_STICKER, darken(CREAM, 0.45))
    return Component("die-stickers", "sticker", columns * DIE_STICKER, rows * DIE_STICKER,
                     Face(Group((sheet,)), background=CREAM), chits=(columns, rows))


def sticker_page_note() -> Component:
    text = ("Six faces for a stock 16 mm die: trim the sheet on its corner ticks, cut between the faces and glue "
            "them on, each column's two faces on opposite sides (0 and 10, 3 and 7, 5 and the chaos face !).")
    return Component("sticker-note", "sticker", STICKER_NOTE_W, STICKER_NOTE_H,
                     Face(sticker_note(f"{TITLE}: die stickers", text)), cut_out=False)


RULES_PLAY = (
    ("How to start", "Shuffle all the cards. Deal 5 to each player and stack the rest face down as the deck. "
                     "The youngest player rolls the die and leads."),
    ("How to play", "The die sets the round's target: the card closest to 0, 3, 5, 7 or 10 wins. "
                    "On ! (chaos) everyone plays first, then the die is rolled again for the target. "
                    "The leader lays a card face up, then each other player in turn, clockwise. "
                    "Playing the 0/10 critter? Say at once whether it is 0 or 10."),
    ("After the round", "The winner puts every card played into their garden bed. Everyone refills to 5 "
                        "cards, winner first; the winner rolls and leads next."),
)


def rules_win_blocks() -> tuple[tuple[str, str], ...]:
    gnomes = "\n".join(f"{g.title.replace(' Gnome', '')}: {g.effect}" for g in data.GNOMES.values())
    cycle = " > ".join(f"{color} {data.CRITTERS[color].lower()}" for color in (*data.COLORS, data.COLORS[0]))
    return (
        ("Winning a round", "Hold the first card against the next player's: the one nearer the target stays in, "
                            "the other is out, and the survivor meets the next card. Same distance? A "
                            f"wildflower beats a critter; then {cycle}; still level, the card played first."),
        ("Gnomes (no number)", gnomes),
        ("Winning the game", "A round that starts with an empty hand ends the game. Add your hand to your garden "
                             "bed: most cards wins, then most gnomes."),
    )


# The rules in short are half a Letter page, two columns (how to play, who wins) at the kits'
# body size: on a poker card they had to shrink to 6 pt.
RULES_W, RULES_H = 196.0, 100.0
RULES_GAP = 10.0


RULES_COPIES = 2  # one for each end of the table: the page of die stickers has room for both


RULES_MARK_H = 10.0   # the wordmark under the first column's rules
RULES_HEADING_MM = 5.6   # the two columns' heads, in the wordmark's face
HEADING_ART_MM = 7.0     # the pictures right of a column's head


def heading_art(column: int, right: float, middle: float) -> Group:
    """Right of a column's head, ending at `right`: over how to play, three of the die's
    stickers as printed; over who wins, the critters' chain drawn as the cards draw them."""
    size = HEADING_ART_MM
    if column == 0:
        labels = (data.DIE_LABELS[3], data.DIE_LABELS[data.CHAOS], data.DIE_LABELS[7])
        scale = size / DIE_STICKER
        # a picture of the stickers: their words are part of it, read on the die itself
        return Group(tuple(Group((die_face(label), Rect(0, 0, DIE_STICKER, DIE_STICKER,
                                                         Style(stroke=darken(CREAM, 0.45), stroke_width=0.4))),
                                 translate=(right - (3 - n) * (size + 1.5), middle - size / 2), scale=scale,
                                 picture=True, clip=(0, 0, DIE_STICKER, DIE_STICKER))
                           for n, label in enumerate(labels)))
    chain = (*data.COLORS, data.COLORS[0])
    pitch = size + 3.2
    shapes: list[Shape] = []
    for n, colour in enumerate(chain):
        cx = right - size / 2 - (len(chain) - 1 - n) * pitch
        shapes.append(Icon(ANIMAL_ICONS[colour], cx, middle, size, CRITTER_COLORS[colour]))
        if n:
            shapes.append(Text(cx - pitch / 2, middle, ">", size=3.2, align="center", anchor="middle", bold=True,
                               fill=INK))
    return Group(tuple(shapes))


def rules_summary() -> Component:
    """A single-sided half page (it shares a page with the die stickers rather than take a
    duplex sheet of its own), twice: how to play, and under it, where that column ends, the
    game's wordmark with "the rules in short"; who wins beside them."""
    column = (RULES_W - 2 * 6.0 - RULES_GAP) / 2
    shapes: list[Shape] = []
    ends = []
    for index, (heading, blocks) in enumerate((("How to play", RULES_PLAY), ("Who wins", rules_win_blocks()))):
        x = 6.0 + index * (column + RULES_GAP)
        shapes += [Text(x, 4.6, heading, size=RULES_HEADING_MM, anchor="top", fill=LOOK.ink, face=LOOK.face),
                   heading_art(index, x + column, 8.0)]
        paragraphs, end = text_column(blocks, x, 14.0, column, size=BODY_MM, color=INK)
        if end > RULES_H - 6.0:
            raise ValueError(f"the rules summary's {heading!r} runs to {end:.1f} mm, past its {RULES_H} mm sheet")
        shapes.append(paragraphs)
        ends.append(end)
    # the wordmark and its line in the room the first column leaves, centred in it
    below = RULES_H - 6.0 - ends[0]
    if below < RULES_MARK_H + 5.0:
        raise ValueError(f"the rules summary's first column leaves {below:.1f} mm, under its wordmark's room")
    top = ends[0] + (below - RULES_MARK_H - 5.0) / 2
    shapes += [wordmark(TITLE, 6.0 + column / 2, top, RULES_MARK_H, align="center", max_width=column)[0],
               Text(6.0 + column / 2, top + RULES_MARK_H + 4.0, "the rules in short", size=BODY_MM,
                    align="center", fill=INK)]
    return Component("rules-summary", "aid", RULES_W, RULES_H, Face(Group(tuple(shapes)), background=CREAM),
                     count=RULES_COPIES)


# --- the table aid of a folded build ----------------------------------------------------------
# A folded card (front and back side by side) is CARD_W * 2 + the fold's gutter across; four lie on
# a Letter or A4 page, so 54 cards left the last page half empty. A folded build fills those
# places with aids of that size on the same light card: ties at a glance, for either end of the
# table. On A3 and tabloid nine lie on a page and 54 fill six: no aid (one would cost a page).
FOLD_PER_PAGE = {"letter": 4, "a4": 4}
TIES_W, TIES_H = 2 * CARD_W + FOLD_GUTTER_MM, CARD_H
TIES_MARGIN = 6.0
TIES_ANIMAL = 14.0     # a critter of the chain, across
TIES_WORD = 2.6        # the chain's names and its "beats", 7.4 pt
TIES_NAME_SAFE = 3.5   # from the cut to the chain's end names: past the 3 mm safe zone


def ties_aid(dark: bool = False) -> Face:
    """Who wins when two cards are as near the target: a wildflower over any critter, the four
    critters drawn in the chain where each beats the next, then the card played first; and
    what the die's faces mean. Under the game's wordmark, on a cream panel inside the cards'
    rim (the cards' rim, light or `dark`), so it shares its cuts with the folded cards beside it."""
    left, right = TIES_MARGIN, TIES_W - TIES_MARGIN
    shapes: list[Shape] = [
        Rect(RIM, RIM, TIES_W - 2 * RIM, TIES_H - 2 * RIM, Style(fill=CREAM), radius=3.5),
        wordmark(TITLE, left, 5.0, 9.0)[0],
        Text(right, 11.5, "ties at a glance", size=4.0, align="right", bold=True, fill=LOOK.ink),
        Text(left, 21.0, "Two cards as near the target?", size=3.2, bold=True, fill=INK),
        Icon("gv-wildflower", left + 4.5, 28.5, 9.0, WILDFLOWER_COLOR),
        Text(left + 11.0, 28.5, "A wildflower beats any critter.", size=BODY_MM, anchor="middle", fill=INK),
    ]
    chain = (*data.COLORS, data.COLORS[0])
    # the chain's ends: its name ("Blue Opossum", 20.9 mm) keeps TIES_NAME_SAFE inside the cut
    # (centred under its picture at the margin it came 2.5 mm from it)
    end = max(left + TIES_ANIMAL / 2, TIES_NAME_SAFE + measure(CRITTER_NAMES[chain[0]], TIES_WORD, True) / 2)
    pitch = (TIES_W - 2 * end) / (len(chain) - 1)
    middle = 43.0
    arrow = Style(stroke=INK, stroke_width=0.4)
    for index, colour in enumerate(chain):
        cx = end + index * pitch
        shapes += [Icon(ANIMAL_ICONS[colour], cx, middle, TIES_ANIMAL, CRITTER_COLORS[colour]),
                   Text(cx, middle + TIES_ANIMAL / 2 + 3.2, CRITTER_NAMES[colour], size=TIES_WORD, align="center",
                        bold=True, fill=INK)]
        if index:  # an arrow from the one before: it beats this one
            x0, x1 = cx - pitch + TIES_ANIMAL / 2 + 0.8, cx - TIES_ANIMAL / 2 - 0.8
            shapes += [Line(x0, middle + 1.5, x1 - 1.2, middle + 1.5, arrow),
                       Polygon(((x1, middle + 1.5), (x1 - 1.6, middle + 0.6), (x1 - 1.6, middle + 2.4)),
                               Style(fill=INK)),
                       Text((x0 + x1) / 2, middle - 0.2, "beats", size=TIES_WORD, align="center", fill=INK)]
    shapes += [
        Text(left, 63.0, "Still level? The card played first wins.", size=BODY_MM, fill=INK),
        Text(left, 70.0, "The die: the card nearest 0, 3, 5, 7 or 10 wins the round. On ! (chaos) everyone "
                         "plays first, then the die is rolled again for the target.", size=BODY_MM, fill=INK,
             anchor="top", max_width=right - left),
    ]
    return Face(Group(tuple(shapes)), background=rim_colour(dark))


def fold_fillers(cards: int, paper: str | None, dark: bool = False) -> list[Component]:
    """The ties aids a folded build of `cards` cards lays in the places its last page leaves."""
    blanks = -cards % FOLD_PER_PAGE[paper] if paper in FOLD_PER_PAGE else 0
    if not blanks:
        return []
    return [Component("ties-aid", "card", TIES_W, TIES_H, ties_aid(dark), count=blanks, shared_cuts=True)]


# --- the kit ---------------------------------------------------------------------------------

def load_deck(options: KitOptions) -> dict:
    if options.deck is None:
        return data.DECK
    try:
        return data.load_deck(options.deck)
    except data.DeckError as error:
        raise KitError(f"your deck list has mistakes:\n{error}") from None


def count_deck(text: str) -> int:
    """The cards an owner's deck list (its CSV text) makes; DeckMistakes naming each mistake."""
    try:
        return data.deck_size(data.parse_deck(text))
    except data.DeckError as error:
        raise DeckMistakes(error.errors) from None


# The kit is built from an owner's own deck list (`gardenkit build --deck`, the app's print
# page). A list sent to the app is held to these bounds: the shipped deck.csv is under 2 KB and
# 55 lines, and counts make the work (a row may ask for thousands of cards).
ACCEPTS_DECK = True
DECK = DeckRules(max_bytes=64 * 1024, max_lines=400, max_cards=4 * data.BOX_CARDS, count_cards=count_deck)


def sheet_order(deck: dict) -> list:
    """The deck's cards in the order they are laid on the sheets: the cards of one colour
    together, each colour's critters first (nine, a page), then the gnomes, the wildflowers
    and the rare critters. On Letter three rows of cards fit a page only on shared cuts, 6 mm
    from the paper edge with the footer down the side, and only rows of one colour may share
    a cut: a page of one colour holds nine cards."""
    def place(card) -> int:
        if card.kind == "critter" and card.number != data.RARE_NUMBER:
            return data.COLORS.index(card.color)
        return len(data.COLORS) + ("gnome", "wildflower", "critter").index(card.kind)

    return sorted(deck.items(), key=lambda item: place(item[0]))


def components(options: KitOptions) -> list[Component]:
    dark = options.dark_backs  # the dark cards: dark backs and the fronts' dark rim, or light both sides
    back = card_back(dark=dark)
    # Every card's edge is the one rim, so neighbours meet on one cut in every build:
    # one cut between two cards, never two cuts a hair apart.
    cards = [Component(card.id, "card", CARD_W, CARD_H, card_face(card, dark), back, count=count, shared_cuts=True)
             for card, count in sheet_order(load_deck(options))]
    fillers = fold_fillers(sum(card.count for card in cards), options.paper, dark) if options.fold else []
    return cards + fillers + [rules_summary(), die_stickers(), sticker_page_note()]
