"""Propagation's print-and-play kit: the hex board (whole on one Letter or A4 page, its top
hex coloured), numbered square plant tokens on a sheet of chits per player colour, rocks, a sowing
calendar per player (a row per round, where the numbers of the tokens sown that round are
written in pencil, printed with the rounds they are grown and die), the round track and its marker, a score sheet, the start marker, the bonus cards (each
with a picture of what it counts) and a player aid drawing the propagation patterns.

Every number, pattern and card text comes from scorer/games/propagation/data.py (loaded
without the rules machinery); this module only draws them.
"""
from __future__ import annotations

import math
from dataclasses import replace

from pnp.art import propagation as art
from pnp.art.looks import Look, look, wordmark
from pnp.checks import bounds
from pnp.colors import INK, PLAYER_COLORS, PlayerColor, darken, lighten, text_color_on
from pnp.icons import outline_of, register_icon, solid
from pnp.model import (
    Circle,
    Component,
    Face,
    Group,
    Icon,
    KitGuide,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Space,
    Style,
    Text,
    group,
)
from pnp.options import KitOptions
from pnp.parts import chit_grid
from pnp.text import balanced_width, layout_lines, widowless_width, wrap
from scorer.games.propagation import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE
# The game's look: its wordmark's face, ink, swash and ornaments (pnp.art.looks).
LOOK = Look("eurofurence", "clear-sans", "#1E4D5C", "#009E73",
            (("look-seedling-hex", "#009E73"), ("look-seedling-hex", "#56B4E9")))

def dice_note() -> str:
    """The other way to count tiers, without the calendar: small dice on the plants, a die of
    as many sides as the tier its plant dies at."""
    dice: dict[str, list[str]] = {}
    for kind in data.KINDS:
        dice.setdefault(data.tier_die(kind), []).append(data.PLANTS[kind]["name"].lower())
    on = ", ".join(f"a {die} on each {' and '.join(kinds)}" for die, kinds in dice.items())
    return (f"No pencil? Small dice count the tiers instead, as the rulebook suggests [Materials]: {on}, "
            "turned up one at the start of your turn.")


# What the first page tells the person printing the kit.
GUIDE = KitGuide(
    # every player keeps their own sowing calendar in pencil, crossing out a plant harvested or dead, and
    # rubs it clean for the next game
    # (a pencil's own eraser, not a line of its own: page 1 of the folding build has no line to spare)
    box_items=(("pencils with erasers, one per player", data.PLAYERS_MAX),),
    assembly=(
        "Cut the board on its crop marks (it prints whole on one Letter or A4 page).",
        "Tokens: cut each sheet of tokens out on its crop marks, then along its printed lines with a ruler; "
        "each cut frees a row or a column. A token's number is what its owner writes on their tracker.",
        "Cut the trackers (a sowing calendar per player), the round track, the bonus cards and the player "
        "aids, and the score sheets on their marks: a sheet for each game.",
    ),
    paper="",
    house=dice_note(),
)

SQRT3 = math.sqrt(3)
# A bonus card: the rulebook asks only for the cards, "written onto note cards or halves of
# note cards" if need be (Materials), so any size serves, and a standard one lets players
# sleeve them: Mini Euro, 44 x 68 mm (its sleeves 45 x 68), a tenth of a millimetre shorter so
# that three turned span Letter's 203.9 mm printable width and all fifteen print on one
# two-sided sheet, five by three on Letter and four by four on A4. (At 46 x 65 mm no sleeve fit
# them.) Folded (--fold: 94 mm, front, gutter and back) two lie side by side.
BONUS_CARD = (44.0, 67.9)
BONUS_PICTURE = 0.62  # the card's picture drawn at this scale (its words kept at HINT)
BONUS_CORNER = 7.0    # the potted seedling and the watering can at a card's foot, when its words leave room
# A bonus card's plain rim of soil colour round its art (its green heading, the soil at its
# foot): the cards share their cuts, and a cut a little off shows the rim, never a sliver of
# the next card's heading nor art sliced on the cut (pnp.checks.card_art_at_cut).
CARD_RIM = 2.0

SOIL = "#F4E9D4"
SOIL_EDGE = "#8C6D46"
LAWN = "#DCEBD2"
TOP_HEX_FILL = "#E69F00"  # Okabe-Ito orange; the word TOP and a star say it too
ROCK_GREY = "#8A8A8A"
CARD_GREEN = "#2F6B3A"
PLANT_COLOURS = {"tomato": "#D55E00", "carrot": "#E69F00", "apple": "#009E73"}


# --- plant, rock icons -----------------------------------------------------------------------
# Each plant has its own silhouette (round fruit, tapering root, tree) so that the kinds
# differ by shape as well as by token size.

@register_icon("propagation-tomato")
def tomato_icon(size: float, color: str) -> Group:
    s = size
    fruit = Circle(s * 0.5, s * 0.56, s * 0.36, solid(color, s))
    calyx = Polygon(tuple((s * 0.5 + s * (0.2 if i % 2 == 0 else 0.07) * math.cos(math.radians(-90 + i * 36)),
                           s * 0.27 + s * (0.2 if i % 2 == 0 else 0.07) * math.sin(math.radians(-90 + i * 36)))
                          for i in range(10)), solid("#2E7D32", s))
    return Group.of(fruit, calyx)


@register_icon("propagation-carrot")
def carrot_icon(size: float, color: str) -> Group:
    s = size
    root = Path((("M", s * 0.3, s * 0.34), ("L", s * 0.7, s * 0.34),
                 ("C", s * 0.68, s * 0.55, s * 0.56, s * 0.8, s * 0.5, s * 0.95),
                 ("C", s * 0.44, s * 0.8, s * 0.32, s * 0.55, s * 0.3, s * 0.34), ("Z",)), solid(color, s))
    leaf = Style(fill="#2E7D32", stroke=outline_of("#2E7D32"), stroke_width=s * 0.03)
    leaves = tuple(Polygon(((s * 0.46, s * 0.34), (s * (0.5 + dx), s * 0.05), (s * 0.54, s * 0.34)), leaf)
                   for dx in (-0.16, 0.0, 0.16))
    ridges = tuple(Line(s * 0.4 + i * s * 0.02, s * (0.48 + i * 0.13), s * (0.52 + i * 0.02),
                        s * (0.48 + i * 0.13), Style(stroke=outline_of(color), stroke_width=s * 0.025))
                   for i in range(3))
    return Group(leaves + (root,) + ridges)


@register_icon("propagation-apple")
def apple_icon(size: float, color: str) -> Group:
    s = size
    trunk = Rect(s * 0.44, s * 0.55, s * 0.12, s * 0.38, Style(fill="#7A4E2D", stroke=outline_of("#7A4E2D"),
                                                               stroke_width=s * 0.03))
    crown = tuple(Circle(s * x, s * y, s * r, solid(color, s))
                  for x, y, r in ((0.5, 0.3, 0.24), (0.3, 0.45, 0.19), (0.7, 0.45, 0.19)))
    apples = tuple(Circle(s * x, s * y, s * 0.055, Style(fill="#D55E00", stroke=None))
                   for x, y in ((0.42, 0.28), (0.62, 0.36), (0.3, 0.48), (0.7, 0.5)))
    return Group((trunk,) + crown + apples)


@register_icon("propagation-rock")
def rock_icon(size: float, color: str) -> Group:
    s = size
    outline = ((0.12, 0.7), (0.2, 0.38), (0.42, 0.2), (0.68, 0.24), (0.88, 0.5), (0.82, 0.8), (0.45, 0.86))
    body = Polygon(tuple((s * x, s * y) for x, y in outline), solid(color, s))
    crack = Line(s * 0.42, s * 0.2, s * 0.5, s * 0.55, Style(stroke=outline_of(color), stroke_width=s * 0.03))
    return Group.of(body, crack)


def plant_icon(kind: str) -> str:
    return f"propagation-{kind}"


# --- hex geometry ----------------------------------------------------------------------------

def hex_centre(space: tuple[int, int], size: float) -> tuple[float, float]:
    """Centre of a flat-topped hex (centre-to-corner `size`) relative to the board centre."""
    q, r = space
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


def hex_points(cx: float, cy: float, size: float) -> tuple[tuple[float, float], ...]:
    return tuple((cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
                 for i in range(6))


def coordinate_label(space: tuple[int, int]) -> str:
    return f"{space[0]},{space[1]}"


# --- the board -------------------------------------------------------------------------------

# Centre to corner, mm: 22.9 mm across the flats holds the 21 mm apple, and the whole board
# (195 x 216 mm) fits the printable area of both Letter and A4, so it is never tiled.
HEX_SIZE = 13.2
BOARD_MARGIN = 5.0


def board_size() -> tuple[float, float]:
    extent = data.BOARD_RADIUS
    return ((2 * extent * 1.5 + 2) * HEX_SIZE + 2 * BOARD_MARGIN,
            (2 * extent + 1) * SQRT3 * HEX_SIZE + 2 * BOARD_MARGIN)


def board_component(coordinates: bool = False) -> Component:
    """The board. `coordinates` (the build's hidden --coordinates) stamps each space's [q, r]
    for checking the scorer against a printed board; players never need them."""
    width, height = board_size()
    ox, oy = width / 2, height / 2
    edge = Style(fill=SOIL, stroke=SOIL_EDGE, stroke_width=0.5)
    top = Style(fill=TOP_HEX_FILL, stroke=SOIL_EDGE, stroke_width=0.8)
    notes = _board_corner_notes(width, height)
    corners = art.board_corners(width, height, 24.0)
    words = [box for box in map(bounds, notes) if box is not None]
    beds = [(ox + x, oy + y) for x, y in (hex_centre(space, HEX_SIZE) for space in data.board_spaces())]
    clear = words + [box for box in map(bounds, corners) if box is not None]
    shapes: list[Shape] = art.lawn_tufts(width, height, words) + art.lawn_flowers(width, height, beds, HEX_SIZE, clear) \
        + art.board_frame(width, height) + art.frame_vine(width, height)
    centres = []
    for space in data.board_spaces():
        x, y = hex_centre(space, HEX_SIZE)
        cx, cy = ox + x, oy + y
        shapes.append(Polygon(hex_points(cx, cy, HEX_SIZE * 0.98), top if space == data.TOP_HEX else edge))
        if space != data.TOP_HEX:  # the top hex keeps its plain colour, under its star and word
            centres.append((cx, cy))
        if coordinates:
            shapes.append(Text(cx, cy + HEX_SIZE * 0.68, coordinate_label(space), size=2.3, align="center",
                               anchor="bottom", fill=INK))
    shapes += art.soil_texture(centres, HEX_SIZE)
    tx, ty = hex_centre(data.TOP_HEX, HEX_SIZE)
    shapes += [Icon("star", ox + tx, oy + ty - 5.0, 7, "#FFFFFF"),
               Text(ox + tx, oy + ty + 2.5, "TOP", size=3.6, bold=True, align="center", anchor="middle")]
    shapes += notes
    shapes += corners
    return Component("board", "board", width, height, Face(group(shapes), background=LAWN), spaces=hex_spaces())


def hex_spaces() -> tuple[Space, ...]:
    """Each hex by the largest square inside its drawn outline (its corners on the hex's
    slanting sides): a square token on it lies inside the hex, however it is turned."""
    width, height = board_size()
    side = 2 * HEX_SIZE * 0.98 / (1 + 1 / SQRT3)
    centres = [hex_centre(space, HEX_SIZE) for space in data.board_spaces()]
    return tuple(Space("hex", (width / 2 + x - side / 2, height / 2 + y - side / 2, side, side)) for x, y in centres)


def _board_corner_notes(width: float, height: float) -> list[Shape]:
    """Title and the reminder that north is toward the top hex, in the empty corners."""
    left, right = BOARD_MARGIN + 2, width - BOARD_MARGIN - 2
    return [
        wordmark(TITLE, left, BOARD_MARGIN + 0.5, 8.0)[0],
        Text(left, BOARD_MARGIN + 11, "Patterns point north:\ntoward the TOP hex.", size=2.9,
             anchor="top", fill=INK),
        Group.of(Icon("arrow", 0, 0, 10, INK), translate=(right - 8, BOARD_MARGIN + 8), rotate=-90),
        Text(right - 8, BOARD_MARGIN + 15, "north", size=2.8, align="center", anchor="top", fill=INK),
    ]


# --- plant tokens, rocks, start player -------------------------------------------------------
# Every token is a square chit, all of one size, on sheets of chits: one sheet per player (their
# thirty plant tokens) and one of rocks, each trimmed on its crop marks and then cut along its
# lines, so one straight cut frees a whole row or column. (They were 132 punched discs, 5/8 and
# 3/4 inch: 205 straight cuts for their page, or 132 presses of two craft punches.)

CHIT = data.TOKEN_MM   # a chit's side: it lies inside a hex's outline (pnp.checks' fit check)
TOKEN_COLUMNS = 5      # a sheet's row: tomatoes 1-5, 6-10, 11-15, carrots 1-5, 6-10, apple trees 1-5
ROCK_COLUMNS = 6       # ten rocks and the two markers: two rows
SYMBOL = 4.8           # the player's shape down a token's left side: 4 mm or more across (a square is 0.84 of its box)
NUMBER_MM = 3.4        # 9.6 pt, bold, black on the white plate
PLATE = (6.8, 1.0, 7.4, 13.0)  # the white plate's box in a chit: x, y, width, height
# The player's shape stands in black on a tag down the chit's left side, a pale tint of their
# colour edged in a dark shade of it: drawn in white straight on the colour, blue's circle
# read as a hole punched through the token.
TAG = (0.6, 1.0, 5.6, 13.0)
MARKER_FILL = "#FFF5D6"
ROCK_FILL = "#D9D9D9"


def plate_shape(kind: str) -> tuple[Shape, float, float]:
    """The white plate a plant token's number and plant sit on, its outline the plant's, edged
    dark in the plant's colour, so kinds tell apart at a glance without colour: round at both
    ends for a tomato, pointing down like a root for a carrot, pointing up like a tree's crown
    for an apple tree. Returns the plate, the plant's height on it and the number's."""
    x, y, w, h = PLATE
    edge = Style(fill="#FFFFFF", stroke=darken(PLANT_COLOURS[kind], 0.35), stroke_width=0.6)
    middle, point = x + w / 2, w / 2  # a point's slope: 45 degrees
    if kind == "tomato":
        return Rect(x, y, w, h, edge, radius=w / 2), y + 4.0, y + h - 3.6
    if kind == "carrot":
        shape = ((x, y), (x + w, y), (x + w, y + h - point), (middle, y + h), (x, y + h - point))
        return Polygon(shape, edge), y + h - 4.6, y + 3.6
    shape = ((x, y + h), (x, y + point), (middle, y), (x + w, y + point), (x + w, y + h))
    return Polygon(shape, edge), y + 5.2, y + h - 3.0


def plant_chit(colour: PlayerColor, kind: str, number: int) -> Group:
    """One plant token as a chit: the player's shape on its tag down its left side (colour is
    never the only clue), the plant and its number on the white plate to its right. The number
    is what the owner writes on their sowing calendar."""
    plate, plant_y, number_y = plate_shape(kind)
    middle = PLATE[0] + PLATE[2] / 2
    x, y, w, h = TAG
    shapes: list[Shape] = [
        Rect(x, y, w, h, Style(fill=lighten(colour.hex, 0.8), stroke=darken(colour.hex, 0.45), stroke_width=0.4),
             radius=1.2),
        Icon(colour.symbol, x + w / 2, CHIT / 2, SYMBOL, INK),
        plate,
        Icon(plant_icon(kind), middle, plant_y, 5.0, PLANT_COLOURS[kind]),
        Text(middle, number_y, str(number), size=NUMBER_MM, bold=True, align="center", anchor="middle", fill=INK),
    ]
    if number in (6, 9):  # a chit turns on the table: a bar under the number tells 6 from 9
        bar, foot = NUMBER_MM * 0.3, number_y + NUMBER_MM * 0.5
        shapes.append(Line(middle - bar, foot, middle + bar, foot, Style(stroke=INK, stroke_width=0.3)))
    return Group(tuple(shapes))


def token_sheet(colour: PlayerColor) -> Component:
    """A player's thirty plant tokens on one sheet of chits in their colour, a kind's tokens in
    number order, five to a row."""
    chits = [plant_chit(colour, kind, number) for kind in data.KINDS
             for number in range(1, data.PLANTS[kind]["tokens"] + 1)]
    rows = math.ceil(len(chits) / TOKEN_COLUMNS)
    face = chit_grid(chits, TOKEN_COLUMNS, CHIT, darken(colour.hex, 0.45))
    return Component(f"plant-tokens-{colour.name}", "token", TOKEN_COLUMNS * CHIT, rows * CHIT,
                     Face(face, background=colour.hex), chits=(TOKEN_COLUMNS, rows), sits_on="hex",
                     footprint=(CHIT, CHIT))


def rocks_and_markers() -> Component:
    """The ten rocks, the start marker and the round marker on one grey sheet of chits, the
    markers on a cream plate. Every chit fits a hex (the round track's 16 mm beds are
    roomier still)."""
    rock = Group.of(Icon("propagation-rock", CHIT / 2, CHIT / 2, CHIT * 0.8, ROCK_GREY))
    plate = Rect(1.0, 1.0, CHIT - 2.0, CHIT - 2.0, Style(fill=MARKER_FILL, stroke=darken(ROCK_GREY, 0.3),
                                                        stroke_width=0.3), radius=1.5)
    start = Group.of(plate, Icon("sun", CHIT / 2, CHIT / 2 - 2.0, 7.5, "#E69F00"),
                     Text(CHIT / 2, CHIT - 3.6, "START", size=2.9, bold=True, align="center", anchor="middle",
                          fill=INK))
    marker = Group.of(plate, Icon("arrow", CHIT / 2, CHIT / 2 - 2.0, 6.0, INK),
                      Text(CHIT / 2, CHIT - 3.6, "round", size=2.9, bold=True, align="center", anchor="middle",
                           fill=INK))
    chits = [rock] * data.ROCKS + [start, marker]
    rows = math.ceil(len(chits) / ROCK_COLUMNS)
    face = chit_grid(chits, ROCK_COLUMNS, CHIT, darken(ROCK_GREY, 0.3))
    return Component("rock-and-marker-tokens", "token", ROCK_COLUMNS * CHIT, rows * CHIT,
                     Face(face, background=ROCK_FILL), chits=(ROCK_COLUMNS, rows), sits_on="hex",
                     footprint=(CHIT, CHIT))


# --- growth trackers -------------------------------------------------------------------------
# A sowing calendar per player: a row per round, and in it the numbers of the tokens sown or
# propagated that round, under their plant, in pencil. Each row prints the round from which its
# plants are grown and the round at whose end they die (the rounds since sowing are their tier),
# so nothing slides from turn to turn and nothing is added up: one action sows one kind, so a
# turn writes one cell. (A row per token, with its sowing round and the two rounds worked out
# from it, took three numbers and two sums for every token sown.)

# Two trackers stand upright side by side on a Letter or A4 page (A4 leaves 198 mm across):
# 97 x 192 mm each (taller, page 1's picture of the pieces pushes the folding build's page 1
# off the paper).
TRACKER_W = 97.0
TRACKER_BAND = 9.0    # the coloured title band, inset: it stops 2 mm inside the cut, as two
                      # trackers of different colours stand a narrow gutter apart
BAND_INSET = 2.0
TRACKER_HEAD = 46.0   # the band, the note, the plants' heads: the rows start here
ROW_H = 7.1           # a round's row, as a college-ruled line: a pencilled number with room round it
TRACKER_MARGIN = 4.0
# The columns, left to right: the round, the token numbers sown that round for each plant
# (tomatoes up to three at a time, carrots two, apple trees five when all are harvested and
# written again), and for each growing time the round they are grown and the round they die.
ROUND_COL = 9.0
SOWN_COLS = {"tomato": (17.0, "tomatoes"), "carrot": (12.0, "carrots"), "apple": (13.0, "apples")}
TIME_COL = 9.5
HINT = 2.85         # a hint or heading read while playing: 8.1 pt
HEAD_MM = 2.5       # a column's one-word head, 7.1 pt: "grown" fits its 9.5 mm column
TIMES = (("grown", "star"), ("dies", "cross"))


def tracker_size() -> tuple[float, float]:
    return TRACKER_W, TRACKER_HEAD + data.ROUNDS * ROW_H + 2.0


def growth_groups() -> tuple[tuple[str, ...], ...]:
    """The kinds that grow alike, in order (tomatoes and carrots grow and die together)."""
    groups: list[tuple[str, ...]] = []
    for kind in data.KINDS:
        if groups and all(data.PLANTS[groups[-1][0]][what] == data.PLANTS[kind][what] for what, _ in TIMES):
            groups[-1] += (kind,)
        else:
            groups.append((kind,))
    return tuple(groups)


def calendar_round(sown: int, kind: str, what: str) -> str:
    """The round from which a plant sown in round `sown` is grown, or at whose end it dies, as
    printed in its row: a dash when the game ends first."""
    later = sown + data.PLANTS[kind][what]
    return str(later) if later <= data.ROUNDS else "–"


def tracker_columns() -> list[tuple[float, float, str, str]]:
    """Each column of the calendar: its left edge and width (from the tracker's left), and what
    it holds: ("round", ""), ("sown", kind) or (a time, the first kind of its group)."""
    x = TRACKER_MARGIN
    columns = [(x, ROUND_COL, "round", "")]
    x += ROUND_COL
    for kinds in growth_groups():
        for kind in kinds:
            columns.append((x, SOWN_COLS[kind][0], "sown", kind))
            x += SOWN_COLS[kind][0]
        for what, _ in TIMES:
            columns.append((x, TIME_COL, what, kinds[0]))
            x += TIME_COL
    return columns


def tier_tracker(colour: PlayerColor) -> Component:
    width, height = tracker_size()
    top, bottom = TRACKER_HEAD, TRACKER_HEAD + data.ROUNDS * ROW_H
    columns = tracker_columns()
    left, right = columns[0][0], columns[-1][0] + columns[-1][1]
    shapes: list[Shape] = [
        Rect(BAND_INSET, BAND_INSET, width - 2 * BAND_INSET, TRACKER_BAND, Style(fill=colour.hex), radius=1.5),
        # the player's shape in black on a pale tag, as on their tokens (white on blue read as a hole)
        Rect(4.5, BAND_INSET + 1.0, 7.0, TRACKER_BAND - 2.0, Style(fill=lighten(colour.hex, 0.8),
                                                                   stroke=darken(colour.hex, 0.45), stroke_width=0.3),
             radius=1.0),
        Icon(colour.symbol, 8, BAND_INSET + TRACKER_BAND / 2, 5.0, INK),
        Text(13, BAND_INSET + TRACKER_BAND / 2, f"{TITLE} · sowing calendar · {colour.name}", size=4.0, bold=True,
             anchor="middle", fill=text_color_on(colour.hex), face=look(TITLE).face),
        # (the dice the rulebook suggests instead, named here and on page 1, where they are listed)
        Text(TRACKER_MARGIN, 14.0, "Sow or propagate: pencil the tokens' numbers in this round's row under their "
                                   "plant. They are grown from your turn in the round under the star and die at "
                                   "the end of the round under the cross. Harvested or dead: cross the number out "
                                   "(a harvested apple tree: write it again in this round's row). No pencil? A "
                                   "small die on each plant counts its tier [Materials].",
             size=2.9, anchor="top", fill=INK, max_width=width - 2 * TRACKER_MARGIN),
    ]
    shapes += [Rect(left, top + (number - 1) * ROW_H, right - left, ROW_H,
                    Style(fill=lighten(TOP_HEX_FILL, 0.7), decorative=True))
               for number in data.BONUS_ROUNDS]  # the rounds that end with the bonus cards
    marks = dict(TIMES)
    for x, w, what, kind in columns:
        if what == "sown":
            shapes.append(Icon(plant_icon(kind), x + w / 2, top - 7.4, 5.0, PLANT_COLOURS[kind]))
            head = SOWN_COLS[kind][1]
        elif what in marks:
            star = marks[what] == "star"
            shapes.append(Icon(marks[what], x + w / 2, top - 7.4, 3.8 if star else 3.0, TOP_HEX_FILL if star else INK))
            head = what
        else:
            head = what
        shapes.append(Text(x + w / 2, top - 1.0, head, size=HEAD_MM, align="center", anchor="bottom", fill=INK))
        for number in range(1, data.ROUNDS + 1):
            middle = top + (number - 0.5) * ROW_H
            if what == "round":
                shapes.append(Text(x + w / 2, middle, str(number), size=3.2, bold=True, align="center",
                                   anchor="middle", fill=INK))
            elif what in marks:
                shapes.append(Text(x + w / 2, middle, calendar_round(number, kind, what), size=3.0,
                                   bold=what == "dies", align="center", anchor="middle", fill=INK))
    for number in range(data.ROUNDS + 1):
        y = top + number * ROW_H
        shapes.append(Line(left, y, right, y, Style(stroke=INK, stroke_width=0.5 if number in (0, data.ROUNDS) else 0.25)))
    # a heavy line after the round and after each growing time's two columns
    heavy = {left, right} | {x + w for x, w, what, _ in columns if what in ("round", TIMES[-1][0])}
    for x in [column[0] for column in columns] + [right]:
        shapes.append(Line(x, top - 10.0, x, bottom, Style(stroke=INK, stroke_width=0.5 if x in heavy else 0.25)))
    return Component(f"tracker-{colour.name}", "aid", width, height, Face(group(shapes)))


# --- rounds and scores -----------------------------------------------------------------------

# A round's bed: the 15 mm round marker (CHIT) with FIT_CLEARANCE_MM of soil round it.
ROUND_BOX = 16.5
ROUND_BED_GAP = 0.5   # of lawn between two rounds' beds


# The track is a little board in the big one's look: a timber frame, a lawn, a bed of tilled
# soil per round (the rounds that score the bonus cards in the top hex's orange, starred), its
# heading between the frame and the beds; 45 mm tall in all, so that on Letter the track fits
# under the board (216 mm) on the board's page.
ROUND_HEAD = 8.5
ROUND_FOOT = art.PLANK
ROUND_SIDE = 8.5      # from the cut to the first bed: the frame's plank and 5 mm of lawn, the track
                      # 182 mm wide as before (at 177 A4's rocks under it took one more cut)


def round_track() -> Component:
    per_row = data.ROUNDS // 2
    width = per_row * ROUND_BOX + 2 * ROUND_SIDE
    height = ROUND_HEAD + 2 * ROUND_BOX + ROUND_FOOT
    heading_y = art.PLANK + 0.9
    words: list[Shape] = [
        Text(ROUND_SIDE, heading_y, f"{TITLE} · rounds", size=4.2, bold=True, anchor="top", fill=CARD_GREEN,
             face=look(TITLE).face),
        Text(width - ROUND_SIDE, heading_y + 0.5, "Star: score the bonus cards (round 10: then reveal a new one)",
             size=2.9, align="right", anchor="top", fill=INK)]
    beds: list[Shape] = []
    bed = ROUND_BOX - ROUND_BED_GAP
    for index in range(data.ROUNDS):
        number = index + 1
        x = ROUND_SIDE + (index % per_row) * ROUND_BOX + ROUND_BED_GAP / 2
        y = ROUND_HEAD + (index // per_row) * ROUND_BOX + ROUND_BED_GAP / 2
        bonus = number in data.BONUS_ROUNDS
        beds.append(Rect(x, y, bed, bed, Style(fill=lighten(TOP_HEX_FILL, 0.55) if bonus else SOIL, stroke=SOIL_EDGE,
                                               stroke_width=0.5), radius=1.5))
        beds.append(Text(x + bed / 2, y + bed / 2 + (2.5 if bonus else 0), str(number), size=5,
                         bold=bonus, align="center", anchor="middle", fill=INK))
        if bonus:
            beds.append(Icon("star", x + bed / 2, y + 4.3, 6, TOP_HEX_FILL))
    clear = [box for box in map(bounds, words) if box is not None]
    shapes = [*art.lawn_tufts(width, height, clear), *art.board_frame(width, height), *art.frame_vine(width, height, 0.3),
              *beds, *words]  # (the beds come up to the frame: the vine's leaves keep to its planks)
    return Component("round-track", "board", width, height, Face(group(shapes), background=LAWN))


SCORE_W, SCORE_H = 190.0, 128.0
SCORE_SHEETS = 2  # two games' sheets fill a Letter or A4 page (one left it 60 % blank); A3 takes four


def score_sheet() -> Component:
    """Points written down as they are scored: each harvest in its round's row, the bonus
    cards in the rows of rounds 10 and 20, the sum at the bottom."""
    label_w, head, row_h = 40.0, 16.0, 4.9
    col_w = (SCORE_W - 8 - label_w) / data.PLAYERS_MAX
    rows = [f"Round {n}" for n in range(1, data.ROUNDS + 1)]
    rows[data.BONUS_ROUNDS[0] - 1] += " + bonus"
    rows[data.BONUS_ROUNDS[1] - 1] += " + bonus"
    rows.append("Total")
    line = Style(stroke=INK, stroke_width=0.25)
    shapes: list[Shape] = [
        Text(4, 4, f"{TITLE} · scores", size=4.6, bold=True, anchor="top", fill=CARD_GREEN),
        Text(SCORE_W - 4, 4.5, "write each harvest in its round; a player's name above their symbol", size=2.9,
             align="right", anchor="top", fill=INK)]
    for k, colour in enumerate(player_colours()):
        x = 4 + label_w + k * col_w
        shapes += [Icon(colour.symbol, x + 4, head - 3, 4.5, colour.hex),
                   Text(x + 7.5, head - 3, colour.name, size=2.5, anchor="middle", fill=INK)]
    for index, label in enumerate(rows):
        y = head + index * row_h
        total = label == "Total"
        if total or "bonus" in label:
            shapes.append(Rect(4, y, SCORE_W - 8, row_h, Style(fill=lighten(TOP_HEX_FILL, 0.7), decorative=True)))
        shapes.append(Text(5.5, y + row_h / 2, label, size=HINT, bold=total, anchor="middle", fill=INK))
    bottom = head + len(rows) * row_h
    for index in range(len(rows) + 1):
        y = head + index * row_h
        shapes.append(Line(4, y, SCORE_W - 4, y, Style(stroke=INK, stroke_width=0.5 if index in (0, len(rows) - 1) else 0.2)))
    for k in range(data.PLAYERS_MAX + 1):
        x = 4 + label_w + k * col_w
        shapes.append(Line(x, head - 6 if k else head, x, bottom, line))
    return Component("score-sheet", "pad", SCORE_W, SCORE_H, Face(group(shapes)), count=SCORE_SHEETS, fill_page=True)


# --- bonus cards -----------------------------------------------------------------------------

PICTURE_HEX = 3.4


def _mini_hex(cx: float, cy: float, fill: str = "#FFFFFF") -> Polygon:
    return Polygon(hex_points(cx, cy, PICTURE_HEX * 0.95), Style(fill=fill, stroke=SOIL_EDGE, stroke_width=0.25))


def _patch(cx: float, cy: float, marked: dict[tuple[int, int], str], radius: int = 1,
           extra: tuple[tuple[int, int], ...] = ()) -> list[Shape]:
    """A small patch of hexes round (cx, cy) with icons on the `marked` spaces."""
    shapes: list[Shape] = []
    spaces = [s for s in data.board_spaces() if data.distance(s) <= radius] + list(extra)
    for space in spaces:
        x, y = hex_centre(space, PICTURE_HEX)
        shapes.append(_mini_hex(cx + x, cy + y))
    for space, icon in marked.items():
        x, y = hex_centre(space, PICTURE_HEX)
        colour = ROCK_GREY if icon == "propagation-rock" else PLANT_COLOURS.get(icon.removeprefix("propagation-"), INK)
        shapes.append(Icon(icon, cx + x, cy + y, PICTURE_HEX * 1.4, colour))
    return shapes


def bonus_picture(card: dict, cx: float, cy: float) -> list[Shape]:
    """What the card counts, drawn: the plants it counts, or the shape on the board it asks for."""
    measure = card["measure"]
    if measure == "plants":
        kinds = card["kinds"]
        step = 13.0
        shapes: list[Shape] = []
        for i, kind in enumerate(kinds):
            x = cx + (i - (len(kinds) - 1) / 2) * step
            shapes.append(Icon(plant_icon(kind), x, cy, 11, PLANT_COLOURS[kind]))
        at_least = card.get("at_least")
        label = f"{at_least} or more" if at_least else "most"
        shapes.append(Text(cx, cy + 8.7, label, size=HINT, bold=True, align="center", anchor="middle", fill=INK))
        return shapes
    tomato, carrot, rock = plant_icon("tomato"), plant_icon("carrot"), "propagation-rock"
    if measure == "largest-group":
        return _patch(cx, cy, {(0, 0): tomato, (0, -1): carrot, (1, -1): tomato, (1, 0): tomato})
    if measure == "fully-grown":
        return [Icon(plant_icon("carrot"), cx - 5, cy, 11, PLANT_COLOURS["carrot"]),
                Icon("star", cx + 6, cy - 2, 7, TOP_HEX_FILL),
                Text(cx, cy + 8.7, "fully grown", size=HINT, bold=True, align="center", anchor="middle", fill=INK)]
    if measure == "longest-line":
        line = {(0, -1): carrot, (0, 0): carrot, (0, 1): carrot}
        return _patch(cx, cy, line)
    if measure == "next-to-rock":
        return _patch(cx, cy, {(0, 0): rock, (0, -1): tomato, (1, 0): carrot, (-1, 1): tomato})
    if measure == "north-half":
        return _board_picture(cx, cy, lambda s: data.north_of_centre(s))
    if measure == "kinds-grown":
        return [Icon(plant_icon(kind), cx + (i - 1) * 12, cy, 10, PLANT_COLOURS[kind])
                for i, kind in enumerate(data.KINDS)]
    if measure == "near-centre":
        return _patch(cx, cy, {(0, 0): tomato}) + [Text(cx + 9.8, cy, "centre", size=2.5, anchor="middle", fill=INK)]
    if measure == "corners":
        return _board_picture(cx, cy, lambda s: s in data.CORNERS)
    raise ValueError(f"no picture for the bonus measure {measure!r}")


def _board_picture(cx: float, cy: float, highlighted) -> list[Shape]:
    """The whole board in small, the spaces the card counts filled."""
    size = 1.45
    shapes: list[Shape] = []
    for space in data.board_spaces():
        x, y = hex_centre(space, size)
        fill = TOP_HEX_FILL if highlighted(space) else "#FFFFFF"
        shapes.append(Polygon(hex_points(cx + x, cy + y, size * 0.95), Style(fill=fill, stroke=SOIL_EDGE,
                                                                            stroke_width=0.15)))
    return shapes


def bonus_card_front(card: dict) -> Face:
    """Name on a green band; who scores, and the points in a badge, under it; the picture; the
    card's words at 8.5 pt; a one-winner card's tie rule; soil along the foot, and a seedling
    and a watering can in its corners where the words leave room."""
    w, h = BONUS_CARD
    one_winner = card["award"] == "one-winner"
    # 3.5 mm in from each side, half a millimetre clear of a card's 3 mm safe zone: at 44 mm
    # across, a width 1 mm narrower wrapped the tie rule onto four lines and into the soil
    words = Text(3.5, 34.6, card["text"], size=3.0, anchor="top", fill=INK,
                 max_width=widowless_width(card["text"], 3.0, False, w - 7), line_height=1.2)
    foot = words.y + len(layout_lines(words)) * words.size * words.line_height
    shapes: list[Shape] = [
        *art.bonus_card_art(w, h, CARD_RIM),
        Rect(CARD_RIM, CARD_RIM, w - 2 * CARD_RIM, 9.5 - CARD_RIM, Style(fill=CARD_GREEN), radius=1.2),
        Text(w / 2, (CARD_RIM + 9.5) / 2, card["name"], size=3.6, bold=True, align="center", anchor="middle",
             fill="#FFFFFF", max_width=w - 2 * CARD_RIM - 2, face=look(TITLE).face),
        Icon("star" if one_winner else "check", 5.6, 13.8, 4.0, TOP_HEX_FILL if one_winner else "#009E73"),
        Text(8.0, 13.8, "ONE WINNER" if one_winner else "EVERY PLAYER", size=HINT, bold=True, anchor="middle",
             fill=INK),
        Circle(w - 7.6, 13.8, 4.0, Style(fill="#FFFFFF", stroke=CARD_GREEN, stroke_width=0.6)),
        Text(w - 7.6, 13.8, str(card["points"]), size=5.0, bold=True, align="center", anchor="middle",
             fill=CARD_GREEN),
        Rect(4.0, 18.6, w - 8, 15, Style(fill="#FFFFFF", stroke=SOIL_EDGE, stroke_width=0.3), radius=1.5),
        *_shrunk(bonus_picture(card, 0.0, 0.0), w / 2, 26.1, BONUS_PICTURE),
        words,
    ]
    corners = foot <= h - BONUS_CORNER - art.CARD_SOIL - 0.5  # the words leave the foot's corners free
    if one_winner:
        # the tie rule starts where the card's words do (centred under them, it read as misaligned),
        # so the corners' pictures only go under it
        tie = Text(words.x, foot + 0.6, "Tie: tied players all score.\n2 players: nobody scores.", size=HINT, anchor="top", fill=INK,
                   max_width=w - 7)
        shapes.append(tie)
        corners = corners and tie.y + len(layout_lines(tie)) * tie.size * tie.line_height <= (
            h - BONUS_CORNER - art.CARD_SOIL)
    if corners:  # a seedling and a watering can in the foot's corners
        shapes += art.bonus_card_corners(w, h, BONUS_CORNER)
    return Face(group(shapes), background=SOIL)


def _shrunk(shapes: list[Shape], cx: float, cy: float, scale: float) -> list[Shape]:
    """A picture drawn round (0, 0) put at (cx, cy) at `scale`, its words moved with it but
    kept at their size, to be read."""
    drawn: list[Shape] = [Group.of(*(shape for shape in shapes if not isinstance(shape, Text)), translate=(cx, cy),
                                   scale=scale)]
    return drawn + [replace(shape, x=cx + shape.x * scale, y=cy + shape.y * scale)
                    for shape in shapes if isinstance(shape, Text)]


def bonus_card_back(dark: bool = False) -> Face:
    """By default a light back that saves ink (hex outlines on soil, the title in green);
    `dark` gives the full-bleed green back."""
    w, h = BONUS_CARD
    if dark:
        ground, ink, edge = CARD_GREEN, "#FFFFFF", Style(fill=lighten(CARD_GREEN, 0.15),
                                                         stroke=lighten(CARD_GREEN, 0.45), stroke_width=0.4)
    else:
        ground, ink, edge = SOIL, CARD_GREEN, Style(fill=None, stroke=lighten(SOIL_EDGE, 0.3), stroke_width=0.4)
    size = 3.6  # the radius-3 patch 40 mm across, its art 2 mm inside the 44 mm card
    shapes: list[Shape] = []
    for space in data.board_spaces():
        if data.distance(space) <= 3:
            x, y = hex_centre(space, size)
            shapes.append(Polygon(hex_points(w / 2 + x, h / 2 + y, size * 0.95), edge))
    shapes += [Rect(3.5, h / 2 - 7, w - 7, 14, Style(fill=CARD_GREEN if dark else "#FFFFFF", stroke=ink,
                                                    stroke_width=0.5)),
               wordmark(TITLE, w / 2, h / 2 - 2, 6.0, align="center", max_width=w - 10, on_dark=dark, middle=True)[0],
               Text(w / 2, h / 2 + 3.6, "bonus card", size=3, align="center", anchor="middle", fill=ink)]
    return Face(group(shapes), background=ground)


def bonus_cards(dark_backs: bool = False, spares: int = 0) -> list[Component]:
    back = bonus_card_back(dark_backs)
    cards = [Component(f"bonus-{card_id}", "card", *BONUS_CARD, bonus_card_front(card), back, shared_cuts=True)
             for card_id, card in data.BONUS_CARDS.items()]
    if spares:
        cards.append(Component("blank-bonus-card", "card", *BONUS_CARD, blank_bonus_card_front(), back, count=spares,
                               shared_cuts=True))
    return cards


# Folded (--fold: 94 x 67.9 mm, front, gutter and back) the cards lie six to a Letter page
# and two under the tokens: the fifteenth alone on a page of light card (34 % used); on
# tabloid twelve to a page, the last three on a page 28 % used. Blank cards to write a card of
# one's own on (the rulebook's Materials allows written cards) fill it.
FOLD_SPARES = {"letter": 5, "tabloid": 9}


def blank_bonus_card_front() -> Face:
    """A card to write a bonus card of one's own on: the printed card's green band, who
    scores and points badge left to fill in, and ruled lines for what it counts."""
    w, h = BONUS_CARD
    line = Style(stroke=lighten(SOIL_EDGE, 0.2), stroke_width=0.25)
    shapes: list[Shape] = [
        *art.bonus_card_art(w, h, CARD_RIM),
        Rect(CARD_RIM, CARD_RIM, w - 2 * CARD_RIM, 9.5 - CARD_RIM, Style(fill=CARD_GREEN), radius=1.2),
        Text(w / 2, (CARD_RIM + 9.5) / 2, "your own card", size=3.6, bold=True, align="center", anchor="middle",
             fill="#FFFFFF", max_width=w - 2 * CARD_RIM - 2, face=look(TITLE).face),
        Circle(w - 7.6, 13.8, 4.0, Style(fill="#FFFFFF", stroke=CARD_GREEN, stroke_width=0.6)),
    ]
    for x, icon, colour in ((4.0, "star", TOP_HEX_FILL), (17.0, "check", "#009E73")):  # tick one: who scores
        shapes += [Rect(x, 11.8, 4.0, 4.0, Style(fill="#FFFFFF", stroke=INK, stroke_width=0.3), radius=0.4),
                   Icon(icon, x + 7.0, 13.8, 4.0, colour)]
    shapes += [Line(3.5, y, w - 3.5, y, line) for y in (26.0, 32.5, 39.0, 45.5, 52.0, 58.5)]
    return Face(group(shapes), background=SOIL)


# --- player aid: the propagation patterns, a turn -------------------------------------------
# A quarter page, two-sided, one per player and all four on one sheet: the patterns on the
# front, a turn, the plants and the end of a round on the back. 97 x 127.5 mm, four to a sheet
# (two across A4's 198 mm, two down Letter's 263 mm above its footer), in 9 pt. At 130 mm the
# Letter rows stood 1.2 mm apart and the lower row's green header kept 0.6 mm of bleed above its
# cut: 2.5 mm shorter, the rows stand 3.2 mm apart and every header runs 1.6 mm past its cut, as
# Garden Dice's aids do. Our own words; each block ends with the rulebook section it sums up.

AID_SIZE = (97.0, 127.5)
AID_HEX = 3.2
AID_TEXT = 3.2             # 9.1 pt, read at arm's length at the table
AID_HEADING = 3.6          # 10.2 pt, bold
AID_MARGIN = 4.0
AID_TOP = 10.8             # under the title band
AID_SECTION_GAP = 2.6      # from a strip of steps to the heading under it (1.2 mm read as crammed)
AID_CELL = (29.6, 36.0)    # one pattern: its diagram above its caption, three to a row


def pattern_diagram(pattern: dict, cx: float, cy: float) -> list[Shape]:
    """A radius-2 patch of hexes around the origin (north up, as on the board): the origin
    shows the plant, each pattern space an X ('or' spaces for a choose-one pattern)."""
    spaces = set(pattern["spaces"])
    blank = Style(fill="#FFFFFF", stroke=SOIL_EDGE, stroke_width=0.25)
    target = Style(fill=lighten(PLANT_COLOURS[pattern["kind"]], 0.6), stroke=SOIL_EDGE, stroke_width=0.35)
    shapes: list[Shape] = []
    for space in data.board_spaces():
        if data.distance(space) > 2:
            continue
        x, y = hex_centre(space, AID_HEX)
        style = target if space in spaces else blank
        shapes.append(Polygon(hex_points(cx + x, cy + y, AID_HEX * 0.96), style))
        if space in spaces:
            shapes.append(Icon("cross", cx + x, cy + y, AID_HEX * 1.1, INK))
    shapes.append(Icon(plant_icon(pattern["kind"]), cx, cy, AID_HEX * 1.5, PLANT_COLOURS[pattern["kind"]]))
    return shapes


def pattern_half_height() -> float:
    """Half the height of a pattern diagram: five hexes from north to south."""
    return 2.5 * SQRT3 * AID_HEX


def _aid_band(title: str) -> list[Shape]:
    w, _ = AID_SIZE
    return [Rect(-3.0, -3.0, w + 6.0, 12.0, Style(fill=CARD_GREEN)),
            Text(AID_MARGIN, 4.6, title, size=4.4, bold=True, anchor="middle", fill=text_color_on(CARD_GREEN),
                 face=LOOK.face)]


def aid_patterns() -> Face:
    """The front: the nine patterns, north up, three to a row."""
    w, h = AID_SIZE
    cell_w, cell_h = AID_CELL
    shapes: list[Shape] = _aid_band(f"{TITLE} · patterns")
    shapes += [Group.of(Icon("arrow", 0, 0, 5.0, INK), translate=(AID_MARGIN + 2.5, AID_TOP + 1.8), rotate=-90),
               Text(AID_MARGIN + 6.5, AID_TOP + 1.8, "north: toward the TOP hex", size=AID_TEXT, bold=True,
                    anchor="middle", fill=INK)]
    half = pattern_half_height()
    for index, pattern in enumerate(data.PATTERNS.values()):
        row, col = divmod(index, 3)
        top = AID_TOP + 5.5 + row * cell_h
        cx = (w - 3 * cell_w) / 2 + cell_w / 2 + col * cell_w
        shapes += pattern_diagram(pattern, cx, top + half)
        caption = pattern["name"] + (": pick ONE X" if pattern["mode"] == "choose" else "")
        if len(wrap(caption, AID_TEXT, False, cell_w - 0.6)) > 1:  # "Tripod" over "(point north)", the
            caption = caption.replace(" (", "\n(")                  # aside whole, never "north)" alone
        shapes.append(Text(cx, top + 2 * half + 1.0, caption, size=AID_TEXT, align="center", anchor="top",
                           fill=INK, max_width=balanced_width(caption, AID_TEXT, False, cell_w - 0.6)))
    return Face(group(shapes))


def _aid_paragraphs(blocks: tuple[tuple[str, str, str], ...], y: float) -> tuple[list[Shape], float]:
    """Bold headings over paragraphs that end with their rulebook section; returns the y below."""
    from pnp.parts import text_column

    w, _ = AID_SIZE
    shapes: list[Shape] = []
    for heading, section, body in blocks:
        text = f"{body} [{section}]"
        column, y = text_column(((heading, text),), AID_MARGIN, y,
                                widowless_width(text, AID_TEXT, False, w - 2 * AID_MARGIN),
                                size=AID_TEXT, heading_size=AID_HEADING, gap=0)
        shapes.append(column)
        y += 1.2
    return shapes, y


def _strip(steps: tuple[str, ...], x: float, y: float, width: float) -> tuple[list[Shape], float]:
    """Steps in order, each in a box, an arrow between two, across `width`; returns the shapes
    and the y below the boxes."""
    gap = 4.0
    box_w = (width - gap * (len(steps) - 1)) / len(steps)
    # each step's lines balanced: "Your plants all grow one" over a lone "tier" read as a slip
    texts = [Text(0, 0, step, size=AID_TEXT, align="center", anchor="middle", fill=INK,
                  max_width=balanced_width(step, AID_TEXT, False, box_w - 2.0))
             for step in steps]
    height = max(len(layout_lines(text)) for text in texts) * AID_TEXT * 1.2 + 2.4
    shapes: list[Shape] = []
    for index, text in enumerate(texts):
        left = x + index * (box_w + gap)
        shapes += [Rect(left, y, box_w, height, Style(fill=lighten(CARD_GREEN, 0.85), stroke=CARD_GREEN,
                                                       stroke_width=0.3), radius=1.2),
                   replace(text, x=left + box_w / 2, y=y + height / 2)]
        if index:
            shapes.append(Icon("arrow", left - gap / 2, y + height / 2, gap - 0.6, CARD_GREEN))
    return shapes, y + height


def _aid_heading(text: str, section: str, y: float) -> tuple[list[Shape], float]:
    """A bold heading with its rulebook section after it, on one line; returns the y below."""
    heading = Text(AID_MARGIN, y, text, size=AID_HEADING, bold=True, anchor="top", fill=INK)
    after = AID_MARGIN + layout_lines(heading)[0].width + 1.2
    return [heading, Text(after, y + AID_HEADING - AID_TEXT, f"[{section}]", size=AID_TEXT, anchor="top",
                          fill=INK)], y + AID_HEADING * 1.2 + 0.6


def aid_turn() -> Face:
    """The back: a turn in two steps, the three plants, the actions, the end of a round in
    three steps, and the end."""
    first, second = data.BONUS_ROUNDS
    w, _ = AID_SIZE
    width = w - 2 * AID_MARGIN
    shapes: list[Shape] = _aid_band(f"{TITLE} · a turn")
    drawn, y = _aid_heading("Your turn", "Player Turns", AID_TOP)
    shapes += drawn
    drawn, y = _strip(("Your plants all grow one tier", "ONE action, for one kind: sow, propagate or harvest"),
                      AID_MARGIN, y, width)
    shapes += drawn
    table, y = _plant_table(AID_MARGIN, y + 0.8)
    shapes += table
    drawn, y = _aid_paragraphs((
        ("Sow", "Sow", "A kind you have none of, on any free hex, at tier 0."),
        ("Propagate", "Propagate", "From one plant: an X is a new plant at tier 0. Skip a rock, a plant or "
                                   "off the board. Out of tokens: you choose which X get your last ones."),
        ("Harvest", "Harvest", "ALL your grown plants of one kind score."),
    ), y + 0.4)
    shapes += drawn
    drawn, y = _aid_heading("End of a round", "Rounds", y)
    shapes += drawn
    drawn, y = _strip(("Plants at their death tier die: no points", f"Rounds {first} and {second}: score the "
                       "bonus cards", "The start marker passes left"), AID_MARGIN, y, width)
    shapes += drawn
    drawn, y = _aid_paragraphs((("The end", "Rounds", f"After round {data.ROUNDS} the most points wins."),),
                               y + AID_SECTION_GAP)
    shapes += drawn
    if y > AID_SIZE[1] - 1.0:
        raise ValueError(f"the player aid's back runs off its foot ({y:.1f} mm of {AID_SIZE[1]:g})")
    return Face(group(shapes))


def player_aid() -> Component:
    w, h = AID_SIZE
    return Component("player-aid", "aid", w, h, aid_patterns(), aid_turn(), count=data.PLAYERS_MAX, on_card=True)


def _plant_table(x: float, y: float) -> tuple[list[Shape], float]:
    """Each plant's tiers and points, a row each; returns the shapes and the y below."""
    columns = ((5.5, "Plant"), (33.5, "grown"), (47.0, "dies"), (58.5, "points"))
    shapes: list[Shape] = [Text(x + offset, y, title, size=AID_TEXT, bold=True, anchor="top", fill=INK)
                           for offset, title in columns]
    row_h = AID_TEXT * 1.35
    for index, kind in enumerate(data.KINDS):
        plant = data.PLANTS[kind]
        row_y = y + row_h * (index + 1)
        shapes += [Icon(plant_icon(kind), x + 2, row_y + 1.5, 4.0, PLANT_COLOURS[kind]),
                   Text(x + 5.5, row_y, plant["name"], size=AID_TEXT, anchor="top", fill=INK)]
        for offset, value in ((33.5, plant["grown"]), (47.0, plant["dies"]), (58.5, plant["points"])):
            shapes.append(Text(x + offset, row_y, str(value), size=AID_TEXT, anchor="top", fill=INK))
    bottom = y + row_h * (len(data.KINDS) + 1)
    stays = ", ".join(data.PLANTS[k]["name"].lower() + "s" for k in data.KINDS if data.PLANTS[k]["stays"])
    note = Text(x, bottom, f"Harvested, {stays} stay, back to tier 0; the rest leave the board. "
                           "[Plant Growth and Death]", size=AID_TEXT, anchor="top", fill=INK,
                max_width=AID_SIZE[0] - 2 * AID_MARGIN)
    from pnp.text import layout_lines

    return shapes + [note], bottom + len(layout_lines(note)) * AID_TEXT * note.line_height


# --- the kit ---------------------------------------------------------------------------------

def player_colours() -> list[PlayerColor]:
    return list(PLAYER_COLORS.values())[:data.PLAYERS_MAX]


def components(options: KitOptions | None = None) -> list[Component]:
    options = options or KitOptions()
    pieces: list[Component] = [board_component(options.coordinates), round_track(), score_sheet()]
    pieces += [token_sheet(colour) for colour in player_colours()]
    pieces.append(rocks_and_markers())
    for colour in player_colours():
        pieces.append(tier_tracker(colour))
    pieces += bonus_cards(options.dark_backs, FOLD_SPARES.get(options.paper or "", 0) if options.fold else 0)
    pieces.append(player_aid())
    return pieces
